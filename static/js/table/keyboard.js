/**
 * Keyboard play (the list is shown by the «Клавиши» button, layout.js KEYS_HELP):
 * 1…9, 0 tap the hand's card by position; ←/→ move focus along the hand, ↑/↓ among
 * table cards; Enter/Space press the focused card or button (native buttons);
 * P pass, T «Беру», D «Бито», C «Поймать!», L last trick, S score, H hints;
 * F2 declare, F4 show, F8 concede (with a confirmation); Esc cancels a selection.
 * Letter keys use the physical key (`event.code`), so they work on a Russian layout too.
 */

const BY_CODE = {
  KeyP: '[data-action="pass"]',
  KeyT: '[data-action="take"]',
  KeyD: '[data-action="done"]',
  KeyC: '[data-action="catch"]',
  KeyL: '[data-control="last-trick"]',
  KeyS: '[data-control="sheet"]',
  F2: '[data-action="declare"]',
  F4: '[data-action="show"]',
  F8: '[data-action="concede"]',
};

function moveFocus(root, selector, step) {
  const items = [...root.querySelectorAll(selector)];
  if (!items.length) return;
  const i = items.indexOf(document.activeElement);
  const next = i < 0 ? (step > 0 ? 0 : items.length - 1) : (i + step + items.length) % items.length;
  items[next].focus();
}

export function bindKeyboard(client) {
  const root = client.root;
  document.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (document.querySelector(".modal-overlay")) return;
    const tag = (ev.target && ev.target.tagName) || "";
    if (tag === "INPUT" && ev.target.type !== "checkbox") return;
    if (tag === "TEXTAREA" || tag === "SELECT") return;
    if (/^[0-9]$/.test(ev.key)) {
      const index = ev.key === "0" ? 10 : Number(ev.key);
      const card = root.querySelector(`.hand-card[data-index="${index}"]`);
      if (card) {
        ev.preventDefault();
        card.focus();
        card.click();
      }
      return;
    }
    if (ev.key === "ArrowLeft" || ev.key === "ArrowRight") {
      ev.preventDefault();
      moveFocus(root, ".hand-card", ev.key === "ArrowRight" ? 1 : -1);
      return;
    }
    if (ev.key === "ArrowUp" || ev.key === "ArrowDown") {
      ev.preventDefault();
      moveFocus(root, "button.table-card", ev.key === "ArrowDown" ? 1 : -1);
      return;
    }
    if (ev.key === "Escape") {
      client.clearSelection();
      return;
    }
    if (ev.code === "KeyH") {
      client.setHints(!client.ui.hints);
      return;
    }
    const selector = BY_CODE[ev.code];
    if (selector) {
      const el = root.querySelector(selector);
      if (ev.code.startsWith("F")) ev.preventDefault();
      if (el && !el.disabled) el.click();
    }
  });
}
