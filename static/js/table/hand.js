/**
 * My hand: sorted by suit and rank (cards.js), each card a button. With hints on the
 * playable cards are raised and the others dimmed; the selected card (Durak, first tap)
 * is lifted. Cards overlap to fit the width: the grid's columns shrink, the cards don't.
 */

import { cardBack, cardFace, cardLabel, sortHand } from "./cards.js";
import { h } from "./dom.js";
import { gettext } from "./i18n.js";
import { isSitting } from "./seats.js";
import { trumpOf } from "./trick.js";

export function sortedHand(view) {
  return sortHand(view.hand || [], { trump: trumpOf(view), game: view.game });
}

export function renderHand(el, view, ctx) {
  const cards = sortedHand(view);
  el.style.setProperty("--n", String(cards.length));
  el.style.gridTemplateColumns = cards.length
    ? `repeat(${cards.length - 1}, minmax(0, var(--hand-step))) var(--card-w)`
    : "";
  const sitting = isSitting(view, view.seat);
  el.classList.toggle("is-out-of-play", sitting);
  if (sitting) {
    // «Капо на 1 руке»: my partner plays alone; my cards lie face down, out of play.
    el.replaceChildren(
      ...cards.map((code, i) =>
        h(
          "div",
          { class: ["card", "hand-card", "is-face-down"], "data-card": code, "data-index": i + 1, "aria-label": gettext("карта рубашкой вверх") },
          cardBack(),
        ),
      ),
    );
    return;
  }
  el.replaceChildren(
    ...cards.map((code, i) =>
      h(
        "button",
        {
          type: "button",
          class: ["card", "hand-card", ...ctx.handCardClasses(code)],
          "data-card": code,
          "data-index": i + 1,
          "aria-label": cardLabel(code),
          title: i < 10 ? `${cardLabel(code)} (${(i + 1) % 10})` : cardLabel(code),
          onclick: () => ctx.tapCard(code),
        },
        cardFace(code),
      ),
    ),
  );
}
