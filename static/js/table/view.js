/**
 * Reading a `view` (docs/protocol.md) for display: positions of seats around the table,
 * names, sides of the score sheet, game titles. Pure functions.
 *
 * Keys beyond docs/protocol.md that engines may add are read defensively here and only here
 * (`face_up`, `stock`, `declarations`, `auction`), so a renamed key is a one-line change.
 */

import { shownName } from "../names.js";
import { gettext, gettext_noop, interpolate } from "./i18n.js";

const GAME_TITLE = {
  bazar_blot: gettext_noop("Базар-блот"),
  blot: gettext_noop("Блот"),
  deberc: gettext_noop("Деберц"),
  durak: gettext_noop("Дурак"),
};
export const BELOT_FAMILY = new Set(["bazar_blot", "blot", "deberc"]);

export function isBelot(view) {
  return BELOT_FAMILY.has(view.game);
}

/** The game's title with its main options ("Базар-блот · до 101", "Дурак · переводной · Шулер"). */
export function gameTitle(view) {
  const o = view.options || {};
  let title = GAME_TITLE[view.game] || view.game || "";
  if (view.game === "bazar_blot" && o.ruleset === "gambler") title = gettext_noop("Базар-белот");
  const parts = [gettext(title)];
  if (view.game === "durak") {
    parts.push((o.transfer ? gettext("переводной") : gettext("подкидной")));
    if (o.teams) parts.push(gettext("пара на пару"));
    if (o.cheating) parts.push(gettext("Шулер"));
  } else if (o.target) {
    parts.push(interpolate(gettext("до %(n)s"), { n: o.target }));
  }
  return parts.join(" · ");
}

/** Number of seat slots around the table (occupied or not). */
export function seatCount(view) {
  return (view.seats || []).length || (view.options && view.options.players) || 4;
}

/** The seats laid out around the felt: every seat while the table waits; once a match runs,
 * the occupied ones (Durak plays with 2–4 of its four seats: two people sit face to face,
 * not bottom and left with two empty plates). */
export function gameSeats(view) {
  const seats = view.seats || [];
  const all = seats.map((s) => s.seat);
  if (!all.length) return Array.from({ length: seatCount(view) }, (_, i) => i);
  if (view.phase === "waiting") return all;
  const taken = seats.filter((s) => !isEmptySeat(s)).map((s) => s.seat);
  return taken.length >= 2 ? taken : all;
}

/** Screen position of `seat` relative to me (me at the bottom), clockwise: left, top, right
 * (five and six players at Durak: left, top-left, [top,] top-right, right).
 * A spectator sees the first seat in the game at the bottom. */
export function seatPosition(view, seat) {
  const seats = gameSeats(view);
  const n = seats.length;
  const mine = seats.indexOf(view.seat ?? seats[0]);
  const at = seats.indexOf(seat);
  if (at < 0) return "top";
  const rel = (((at - Math.max(mine, 0)) % n) + n) % n;
  if (rel === 0) return "bottom";
  if (n === 2) return "top";
  if (n === 3) return rel === 1 ? "left" : "right";
  if (n === 5) return ["bottom", "left", "top-left", "top-right", "right"][rel];
  if (n >= 6) return ["bottom", "left", "top-left", "top", "top-right", "right"][rel] || "top";
  return ["bottom", "left", "top", "right"][rel] || "top";
}

export function seatInfo(view, seat) {
  return (view.seats || []).find((s) => s.seat === seat) || null;
}

/** A seat's display name: its name, «Место N» when empty. */
export function seatName(view, seat) {
  const info = seatInfo(view, seat);
  if (info && info.name) return shownName(info.name, info.bot, gettext("Бот %(n)s"));
  if (info && info.bot) return interpolate(gettext("Бот %(n)s"), { n: seat + 1 });
  return interpolate(gettext("Место %(n)s"), { n: seat + 1 });
}

export function isEmptySeat(info) {
  return !info || (!info.name && !info.bot && !info.user);
}

/** Do the seats play in teams (a `team` on every occupied seat)? */
export function hasTeams(view) {
  const seats = (view.seats || []).filter((s) => !isEmptySeat(s));
  return seats.length > 0 && seats.every((s) => s.team !== null && s.team !== undefined);
}

/**
 * Columns of the score sheet: per team when teams play, else per seat (docs/rules.md §2
 * "per side"). Each column: {label, sub} — «Мы»/«Они» when I sit in a team.
 */
export function scoreSides(view) {
  if (hasTeams(view)) {
    const teams = [0, 1];
    const myTeam = view.seat !== null && view.seat !== undefined ? seatInfo(view, view.seat)?.team : null;
    return teams.map((team) => {
      const names = (view.seats || []).filter((s) => s.team === team).map((s) => seatName(view, s.seat));
      const label = myTeam === null || myTeam === undefined ? names.join(" + ") : (team === myTeam ? gettext("Мы") : gettext("Они"));
      return { label, sub: names.join(", ") };
    });
  }
  const n = (view.totals && view.totals.length) || seatCount(view);
  return Array.from({ length: n }, (_, i) => ({
    label: i === view.seat ? gettext("Вы") : seatName(view, i),
    sub: "",
  }));
}

/** The face-up card (belot family proposal, Durak trump), if the view shows one. */
export function faceUpCard(view) {
  // Обычный блот: once taken (`keeper`) the card is in its keeper's hand, not on the stock
  if (view.game === "blot" && view.keeper !== null && view.keeper !== undefined) return null;
  return view.face_up || view.upcard || view.trump_card || view.turned || null;
}

/** Cards left in the stock, if the view tells. */
export function stockCount(view) {
  for (const key of ["stock", "stock_count", "deck"]) {
    const v = view[key];
    if (typeof v === "number") return v;
    if (Array.isArray(v)) return v.length;
  }
  return null;
}

/** The declarations to show: [{seat, kinds: [..], cards: [..]}] from `view.declarations`. */
export function declarations(view) {
  const raw = view.declarations || view.declared || [];
  const list = Array.isArray(raw)
    ? raw
    : Object.entries(raw).map(([seat, v]) => ({ seat: Number(seat), ...(Array.isArray(v) ? { kinds: v } : v) }));
  return list.map((d) => ({
    seat: d.seat,
    kinds: d.kinds || (d.kind ? [d.kind] : []) || [],
    cards: d.cards || [],
  }));
}

/** Seats a claim («Засчитать победу») could be made against, for `view.seat` at `now`: people of
 * another side away past their `gone_deadline`. Durak ends such a match by itself: none. */
export function claimableSeats(view, now = Date.now()) {
  if (!view || view.game === "durak" || view.seat === null || view.seat === undefined || view.result) return [];
  const me = seatInfo(view, view.seat);
  const myTeam = me ? me.team : null;
  return (view.seats || [])
    .filter((s) => s.seat !== view.seat && typeof s.gone_deadline === "number" && s.gone_deadline <= now)
    .filter((s) => myTeam === null || myTeam === undefined || s.team !== myTeam)
    .map((s) => s.seat);
}

/** The earliest `gone_deadline` still to come (epoch ms), or null. */
export function nextGoneDeadline(view, now = Date.now()) {
  const times = (view.seats || []).map((s) => s.gone_deadline).filter((t) => typeof t === "number" && t > now);
  return times.length ? Math.min(...times) : null;
}

/** What «Сдаться» means at this table: one opponent wins, or several, or a pair with my partner losing. */
export function surrenderText(view) {
  const mine = (view.seats || []).find((s) => s.seat === view.seat);
  const team = mine && mine.team !== null && mine.team !== undefined ? mine.team : null;
  if (team !== null) return gettext("Победа будет записана соперникам, поражение — вам и партнёру.");
  const opponents = gameSeats(view).filter((s) => s !== view.seat).length;
  return opponents > 1 ? gettext("Соперникам будет записана победа.") : gettext("Сопернику будет записана победа.");
}
