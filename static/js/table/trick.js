/**
 * The middle of the table: the trick (belot family: one card per seat, placed toward
 * its seat) or the Durak bout (attack cards with their defence laid across), the
 * face-up card and stock, and «Последняя взятка» when asked for.
 */

import { cardBack, cardFace, cardLabel, trumpLabel } from "./cards.js";
import { fill, h } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";
import { SOLO_CAPOT } from "./kinds.js";
import { faceUpCard, isBelot, seatName, seatPosition, stockCount } from "./view.js";

/** Cards on the table at the previous render: only newly laid cards animate in. */
let shownBefore = new Set();
let shownNow = new Set();

function isNew(code) {
  shownNow.add(code);
  return !shownBefore.has(code);
}

function cardEl(code, extra = {}) {
  return h("span", { class: "card table-card", "data-card": code, ...extra }, cardFace(code));
}

/** A belot-family trick: each card toward the seat that played it. */
function trickCards(view, trick) {
  return h(
    "div",
    { class: "trick" },
    (trick || []).map((entry, i) =>
      h(
        "div",
        { class: ["trick-slot", `pos-${seatPosition(view, entry.seat)}`, isNew(entry.card) && "is-new"], style: `--i:${i}`, "data-seat": entry.seat },
        cardEl(entry.card),
      ),
    ),
  );
}

/** A Durak bout: attack cards, each with its defence on top; targets lit by the caller. */
function boutCards(bout, ctx) {
  return h(
    "div",
    { class: "bout", onclick: (ev) => ev.target.classList.contains("bout") && ctx.tapBout() },
    (bout || []).map((pair) =>
      h(
        "div",
        { class: "bout-pair" },
        h(
          "button",
          {
            type: "button",
            class: ["card", "table-card", "bout-attack", isNew(pair.attack) && "is-new", ...ctx.tableCardClasses(pair.attack, !pair.defence)],
            "data-card": pair.attack,
            onclick: () => ctx.tapTable(pair.attack),
          },
          cardFace(pair.attack),
        ),
        pair.defence
          ? h(
              "button",
              {
                type: "button",
                class: ["card", "table-card", "bout-defence", isNew(pair.defence) && "is-new", ...ctx.tableCardClasses(pair.defence, false)],
                "data-card": pair.defence,
                onclick: () => ctx.tapTable(pair.defence),
              },
              cardFace(pair.defence),
            )
          : null,
      ),
    ),
  );
}

/** The face-up card and the stock (when the view shows them). */
function deck(view) {
  const up = faceUpCard(view);
  const count = stockCount(view);
  if (!up && !count) return null;
  return h(
    "div",
    { class: "deck" },
    count ? h("div", { class: "deck-stock" }, cardBack(), h("span", { class: "deck-count" }, String(count))) : null,
    up ? h("div", { class: "deck-up", title: gettext("Открытая карта") }, cardFace(up)) : null,
    // Durak with the deck used up by the deal: the trump card stays in its holder's hand
    up && !count && typeof view.trump_holder === "number"
      ? h("span", { class: "deck-holder" }, interpolate(gettext("у %(name)s"), { name: seatName(view, view.trump_holder) }))
      : null,
  );
}

/** Деберц's first deal: the cards dealt one by one to the first ace, and who deals. */
function firstDealerCaption(view) {
  const fd = view.first_dealer;
  if (!fd || view.number !== 0 || view.phase !== "auction" || !Array.isArray(fd.cards)) return null;
  const cards = fd.cards.map((c) => cardLabel(c.card)).join(" ");
  return h("div", { class: "centre-caption first-dealer" }, interpolate(gettext("До первого туза: %(cards)s — сдаёт %(name)s"), { cards, name: seatName(view, fd.dealer) }));
}

/** Render the centre into `el`: current trick or bout, or the last trick when `ui.showLast`. */
export function renderCentre(el, view, ctx) {
  const showLast = ctx.ui.showLast && (view.last_trick || []).length;
  const held = ctx.hold && ctx.hold.trick;
  const items = [];
  shownNow = new Set();
  if (held) {
    items.push(h("div", { class: "centre-caption held-caption", "data-testid": "held-trick" }, held.caption));
    items.push(held.durak ? boutCards(held.cards, { ...ctx, tapBout: () => {}, tableCardClasses: () => [] }) : trickCards(view, held.cards));
  } else if (showLast) {
    items.push(h("div", { class: "centre-caption" }, gettext("Последняя взятка")));
    items.push(isBelot(view) ? trickCards(view, view.last_trick) : boutCards(view.last_trick, ctx.readOnly));
  } else if (isBelot(view)) {
    const first = firstDealerCaption(view);
    if (first) items.push(first);
    if (view.phase === "auction" && faceUpCard(view)) items.push(deck(view));
    else items.push(trickCards(view, view.table_cards));
  } else {
    items.push(boutCards(view.table_cards, ctx));
  }
  el.replaceChildren(...items);
  shownBefore = shownNow;
  el.classList.toggle("is-last-trick", Boolean(showLast) && !held);
  el.classList.toggle("is-held", Boolean(held));
  // the held cards gather towards their taker in the hold's last moment (CSS: gather-*)
  el.dataset.gather = held && held.taker !== null && held.taker !== undefined ? seatPosition(view, held.taker) : held ? "off" : "";
  if (held && ctx.hold.ms) el.style.setProperty("--hold-ms", `${ctx.hold.ms}ms`);
}

/** The trump and the contract, for the top bar. */
export function renderContract(el, view) {
  const bits = [];
  const c = view.contract;
  const bid = view.bid;
  if (view.phase === "auction" && bid && typeof bid.seat === "number") {
    const capot = bid.solo ? gettext(SOLO_CAPOT) : gettext("Капот");
    const what = bid.capot ? `${capot} ${trumpLabel(bid.trump)}` : `${bid.value} ${trumpLabel(bid.trump)}`;
    const contra = view.contra ? ` · ${gettext("контра")}` : "";
    bits.push(h("span", { class: "badge badge-contract" }, `${gettext("Заявка")}: ${what} · ${seatName(view, bid.seat)}${contra}`));
  }
  if (c && (c.value || c.capot || c.trump)) {
    const what = c.solo ? gettext(SOLO_CAPOT) : c.capot ? gettext("Капот") : c.value ? String(c.value) : "";
    const mult = c.multiplier === 2 ? ` ×2 ${gettext("контра")}` : c.multiplier === 4 ? ` ×4 ${gettext("реконтра")}` : "";
    const who = typeof c.seat === "number" ? ` · ${seatName(view, c.seat)}` : "";
    bits.push(
      h("span", { class: "badge badge-contract" }, `${gettext("Заказ")}: ${what} ${trumpLabel(c.trump || view.trump)}${mult}${who}`),
    );
  } else if (trumpOf(view)) {
    const trump = trumpOf(view);
    bits.push(h("span", { class: ["badge", "badge-trump", `suit-${trump}`] }, `${gettext("Козырь")}: ${trumpLabel(trump)}`));
  }
  fill(el, ...bits, deckBadge(view));
}

/** The trump as "s c d h nt all" (a view may also give the trump card, "6h"). */
export function trumpOf(view) {
  const tr = view.trump;
  if (typeof tr !== "string" || !tr) return null;
  if (tr === "nt" || tr === "all" || tr.length === 1) return tr;
  return tr[tr.length - 1];
}

/** Badges of game-specific counters: Blot parties, Деберц hanging points, Durak stock. */
function deckBadge(view) {
  const o = view.options || {};
  if (view.game === "blot" && o.parties > 1 && Array.isArray(view.parties_won)) {
    return h("span", { class: "badge" }, interpolate(gettext("Партии: %(a)s–%(b)s"), { a: view.parties_won[0], b: view.parties_won[1] }));
  }
  if (view.game === "deberc" && view.hanging) return h("span", { class: "badge" }, interpolate(gettext("Висят: %(n)s"), { n: view.hanging }));
  if (view.game !== "durak") return null;
  const count = stockCount(view);
  return count === null ? null : h("span", { class: "badge" }, interpolate(gettext("колода: %(n)s"), { n: count }));
}

export { deck as renderDeck };
