/**
 * The seats around the table: name, bot level, connection, dealer highlight (Деберц:
 * «обяз»), card backs with the count, whose turn with its countdown, and a bubble for
 * the seat's last auction call or declaration.
 */

import { cardBack, cardLabel, trumpLabel } from "./cards.js";
import { fill, h } from "./dom.js";
import { gettext, gettext_noop, interpolate } from "./i18n.js";
import { isToAct } from "./moves.js";
import { KIND_WORD, SOLO_CAPOT } from "./kinds.js";
import { untilElement } from "./timer.js";
import { declarations, gameSeats, isEmptySeat, seatInfo, seatName, seatPosition } from "./view.js";

const BOT_LEVEL = { easy: gettext_noop("лёгкий"), normal: gettext_noop("обычный"), hard: gettext_noop("сложный") };
const MAX_BACKS = 8;

/** The text of an auction call: "Пас", "9♥", "Капот ♠", "Контра", "Беру", "♦"... */
export function callText(call) {
  switch (call.type) {
    case "pass":
      return gettext("Пас");
    case "bid":
      return `${call.value} ${trumpLabel(call.trump)}`;
    case "capot":
      return `${call.solo ? gettext(SOLO_CAPOT) : gettext("Капот")} ${trumpLabel(call.trump)}`;
    case "contra":
      return gettext("Контра");
    case "recontra":
      return gettext("Реконтра");
    case "take":
      return gettext("Беру");
    case "name":
      return trumpLabel(call.trump);
    default:
      return "";
  }
}

/** Whether `seat` sits out this deal's play (the partner of a solo capot's bidder). */
export function isSitting(view, seat) {
  return view.phase === "play" && typeof view.sitting === "number" && view.sitting === seat;
}

function backs(count, sitting = false) {
  const shown = Math.min(count, MAX_BACKS);
  return h(
    "div",
    {
      class: ["seat-backs", sitting && "is-out-of-play"],
      style: `--n:${shown}`,
      title: sitting ? gettext("Карты партнёра не участвуют в розыгрыше") : null,
    },
    Array.from({ length: shown }, () => h("span", { class: "mini-back" }, cardBack())),
    h("span", { class: "seat-count", title: interpolate(gettext("карт: %(n)s"), { n: count }) }, String(count)),
  );
}

/** The rating a seat shows: after a rated match the new one the summary shows too (the
 * view's seats keep the rating from before the match), else the seat's own («1512?»). */
export function seatRating(view, seat, info) {
  const after = view.phase === "match_over" ? ((view.result || {}).ratings || {})[String(seat)] : null;
  if (after && typeof after.after === "number") return `${after.after}${after.provisional ? "?" : ""}`;
  return info && info.rating ? String(info.rating) : "";
}

/** Said when the «?» of a provisional rating is asked about (title, screen readers, a tap). */
export function provisionalNote() {
  return gettext("«?» — рейтинг предварительный: первые 10 партий он ещё уточняется и меняется сильнее.");
}

/** The seat's rating; a provisional one («1512?») is a button that explains its «?». */
function ratingBadge(rating, ctx) {
  if (!rating) return null;
  if (!rating.endsWith("?")) return h("span", { class: "seat-rating", "data-testid": "seat-rating", title: gettext("Рейтинг") }, rating);
  const note = provisionalNote();
  return h(
    "button",
    {
      type: "button",
      class: "seat-rating is-provisional",
      "data-testid": "seat-rating",
      title: note,
      "aria-label": interpolate(gettext("Рейтинг %(rating)s. %(note)s"), { rating, note }),
      onclick: (ev) => {
        ev.stopPropagation();
        if (ctx && ctx.toast) ctx.toast(note, "info");
      },
    },
    rating,
  );
}

/** The name plate of one seat (used for the others and for me). */
/** Phases in which no one is on turn and no bout runs. */
const BETWEEN_PHASES = new Set(["deal_over", "match_over", "waiting"]);

/** Who this seat is to me and in the bout: «партнёр» in team games, and in Durak «ходит» for
 * the attacker and «отбивается» for the defender while the game goes on. */
function roleTags(view, seat, info, empty) {
  const tags = [];
  if (!info || empty) return tags;
  const mine = seatInfo(view, view.seat);
  const team = info.team;
  if (seat !== view.seat && mine && team !== null && team !== undefined && team === mine.team) {
    tags.push(h("span", { class: "tag tag-partner" }, gettext("партнёр")));
  }
  if (view.game === "durak" && !BETWEEN_PHASES.has(view.phase)) {
    if (view.defender === seat) tags.push(h("span", { class: "tag tag-defender" }, gettext("отбивается")));
    else if (view.attacker === seat) tags.push(h("span", { class: "tag tag-attacker" }, gettext("ходит")));
  }
  return tags;
}

export function seatPlate(view, seat, ctx) {
  const info = seatInfo(view, seat);
  const empty = isEmptySeat(info);
  // Деберц: the obligation («обяз») is the dealer's; the view may name it separately.
  const dealer = (typeof view.obligation === "number" ? view.obligation : view.dealer) === seat;
  const turn = isToAct(view, seat) && !BETWEEN_PHASES.has(view.phase);
  const tags = [];
  if (info && info.bot) tags.push(h("span", { class: "tag tag-bot" }, `${gettext("бот")} · ${gettext(BOT_LEVEL[info.bot] || info.bot)}`));
  if (dealer) tags.push(h("span", { class: "tag tag-dealer" }, (view.game === "deberc" ? gettext("обяз") : gettext("сдаёт"))));
  if (info && !empty && !info.bot && info.connected === false) {
    // with the time his absence ends the match (Durak) or lets the others claim it
    const until = typeof info.gone_deadline === "number" && info.gone_deadline > Date.now() ? untilElement(info.gone_deadline) : null;
    tags.push(h("span", { class: "tag tag-offline" }, gettext("нет связи"), until ? " · " : null, until));
  }
  const saidBelote = (view.belote || []).some((b) => b && b.seat === seat && b.said);
  if (saidBelote) tags.push(h("span", { class: "tag tag-belote" }, gettext("блот")));
  if (view.phase === "waiting" && info && !empty) {
    tags.push(h("span", { class: ["tag", info.ready ? "tag-ready" : "tag-waiting"] }, (info.ready ? gettext("готов") : gettext("не готов"))));
  }
  if (info && info.playing === false && view.phase !== "waiting") {
    // in Дурак a player out of cards has finished well, not left the table
    tags.push(h("span", { class: "tag tag-out" }, view.game === "durak" ? gettext("вышел — без карт") : gettext("вышел из игры")));
  }
  if (isSitting(view, seat)) tags.push(h("span", { class: "tag tag-sitting" }, gettext("не играет")));
  tags.push(...roleTags(view, seat, info, empty));
  return h(
    "div",
    {
      class: ["seat-plate", turn && "is-turn", dealer && "is-dealer", empty && "is-empty"],
      "data-seat": seat,
    },
    h("span", { class: "seat-name" }, empty ? gettext("Свободно") : seatName(view, seat)),
    info && !empty ? ratingBadge(seatRating(view, seat, info), ctx) : null,
    tags,
    turn ? ctx.countdown(seat) : null,
  );
}

function bubble(view, seat, ctx) {
  const call = ctx.ui.calls[seat];
  const decl = declarations(view).find((d) => d.seat === seat);
  const bits = [];
  if (call && view.phase === "auction") bits.push(h("span", { class: "bubble-call" }, callText(call)));
  if (decl && (decl.kinds.length || decl.cards.length)) {
    bits.push(
      h(
        "span",
        { class: "bubble-decl" },
        decl.cards.length ? decl.cards.map(cardLabel).join(" ") : decl.kinds.map((k) => gettext(KIND_WORD[k] || k)).join(", "),
      ),
    );
  }
  return bits.length ? h("div", { class: "seat-bubble" }, bits) : null;
}

/** One seat around the felt (not mine). */
function seatBox(view, seat, ctx) {
  const info = seatInfo(view, seat);
  const pos = seatPosition(view, seat);
  const count = info && typeof info.cards === "number" ? info.cards : 0;
  return h(
    "div",
    { class: ["seat", `pos-${pos}`, isEmptySeat(info) && "is-empty", isSitting(view, seat) && "is-sitting"], "data-seat": seat },
    count ? backs(count, isSitting(view, seat)) : null,
    seatPlate(view, seat, ctx),
    bubble(view, seat, ctx),
  );
}

/** Render every seat but mine into `el`. */
export function renderSeats(el, view, ctx) {
  const me = view.seat;
  el.replaceChildren(
    ...gameSeats(view).filter((seat) => seat !== me).map((seat) => seatBox(view, seat, ctx)),
  );
}

/** My own plate (bottom bar) with my bubble. */
export function renderMe(el, view, ctx) {
  if (view.seat === null || view.seat === undefined) {
    el.replaceChildren(h("span", { class: "spectator" }, gettext("Смотрите как зритель")));
    return;
  }
  fill(el, seatPlate(view, view.seat, ctx), bubble(view, view.seat, ctx));
}
