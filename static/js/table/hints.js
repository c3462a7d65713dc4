/**
 * The «Подсказки ходов» switch: each player's own setting, remembered in this browser
 * (localStorage key `kartochki.hints`), on by default (seed 001).
 */

const KEY = "kartochki.hints";

export function loadHints() {
  try {
    return window.localStorage.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}

export function saveHints(on) {
  try {
    window.localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    /* private mode: the switch still works for this page */
  }
}
