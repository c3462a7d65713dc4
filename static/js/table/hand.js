/**
 * My hand: sorted by suit and rank (cards.js), each card a button. With hints on the
 * playable cards are raised and the others dimmed; the selected card (Durak, first tap)
 * is lifted. Cards overlap to fit the width: the grid's columns shrink, the cards don't;
 * when a row would leave a card less than a finger's width (MIN_VISIBLE) the hand wraps
 * into rows that overlap upwards (16 cards after taking, on a 360 px phone).
 */

import { cardBack, cardFace, cardLabel, sortHand } from "./cards.js";
import { h } from "./dom.js";
import { gettext } from "./i18n.js";
import { isSitting } from "./seats.js";
import { trumpOf } from "./trick.js";

export function sortedHand(view) {
  return sortHand(view.hand || [], { trump: trumpOf(view), game: view.game });
}

/** Uncovered width of each overlapped card, px: a finger's target (WCAG 2.5.5: 44). */
export const MIN_VISIBLE = 44;

/** How many rows `count` cards of `cardWidth` need in `width` px with MIN_VISIBLE each. */
export function handRows(count, width, cardWidth) {
  if (count <= 1 || !(width > 0) || !(cardWidth > 0)) return 1;
  const perRow = Math.max(1, Math.floor((width - cardWidth) / MIN_VISIBLE) + 1);
  return Math.ceil(count / perRow);
}

function columns(n) {
  return `repeat(${n - 1}, minmax(0, var(--hand-step))) var(--card-w)`;
}

export function renderHand(el, view, ctx) {
  const cards = sortedHand(view);
  el.style.setProperty("--n", String(cards.length));
  const sitting = isSitting(view, view.seat);
  el.classList.toggle("is-out-of-play", sitting);
  if (sitting) {
    // «Капо на 1 руке»: my partner plays alone; my cards lie face down, out of play.
    el.classList.remove("hand-rows");
    el.style.gridTemplateColumns = cards.length ? columns(cards.length) : "";
    el.replaceChildren(
      ...cards.map((code, i) =>
        h(
          "div",
          { class: ["card", "hand-card", "is-face-down"], "data-card": code, "data-index": i + 1, role: "img", "aria-label": gettext("карта рубашкой вверх") },
          cardBack(),
        ),
      ),
    );
    return;
  }
  const buttons = cards.map((code, i) =>
    h(
      "button",
      {
        type: "button",
        class: ["card", "hand-card", ...ctx.handCardClasses(code)],
        "data-card": code,
        "data-index": i + 1,
        // the name is the card picture's own (its role="img" label): an aria-label here would
        // hide the visible rank from speech input (axe: label-content-name-mismatch)
        title: i < 10 ? `${cardLabel(code)} (${(i + 1) % 10})` : cardLabel(code),
        onclick: () => ctx.tapCard(code),
      },
      cardFace(code),
    ),
  );
  // one row first: the card's width and the room are measured from it
  el.classList.remove("hand-rows");
  el.style.gridTemplateColumns = cards.length ? columns(cards.length) : "";
  el.replaceChildren(...buttons);
  const cardWidth = buttons.length ? buttons[0].getBoundingClientRect().width : 0;
  const rows = handRows(buttons.length, el.clientWidth, cardWidth);
  if (rows > 1) {
    const size = Math.ceil(buttons.length / rows);
    el.classList.add("hand-rows");
    el.style.gridTemplateColumns = "";
    const made = [];
    for (let i = 0; i < buttons.length; i += size) {
      const row = buttons.slice(i, i + size);
      made.push(h("div", { class: "hand-row", style: `grid-template-columns: ${columns(row.length)}` }, row));
    }
    el.replaceChildren(...made);
  }
  watchWidth(el);
}

/** Lay the hand out again when its width changes (a phone turned, the window resized). */
function watchWidth(el) {
  if (el._handWidth !== undefined || typeof ResizeObserver === "undefined") return;
  el._handWidth = el.clientWidth;
  new ResizeObserver(() => {
    if (Math.abs(el.clientWidth - el._handWidth) < 2) return;
    el._handWidth = el.clientWidth;
    el.dispatchEvent(new CustomEvent("hand-resize", { bubbles: true }));
  }).observe(el);
}
