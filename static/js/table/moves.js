/**
 * What the player may do now, derived only from `view.legal` (canonical actions of
 * docs/rules.md §2) and the hand. Pure functions: no DOM, no state.
 */

import { gettext_noop } from "./i18n.js";
import { rankOf, suitOf } from "./cards.js";

const CARD_TYPES = new Set(["play", "attack", "defend", "transfer"]);

/** The legal actions of one `type`. */
export function ofType(legal, type) {
  return (legal || []).filter((a) => a.type === type);
}

export function hasType(legal, type) {
  return (legal || []).some((a) => a.type === type);
}

/** Find the legal action matching `partial` (every given key equal), or null. */
export function findLegal(legal, partial) {
  return (legal || []).find((a) => Object.entries(partial).every(([k, v]) => a[k] === v)) || null;
}

/** Legal actions that put `card` from the hand on the table (play, attack, defend, transfer). */
export function cardActions(legal, card) {
  return (legal || []).filter((a) => CARD_TYPES.has(a.type) && a.card === card);
}

/** Cards of the hand that some legal action would put on the table. */
export function playableCards(legal) {
  return new Set((legal || []).filter((a) => CARD_TYPES.has(a.type)).map((a) => a.card));
}

/** Table cards that `card` could beat now (Durak `defend` targets). */
export function defendTargets(legal, card) {
  return ofType(legal, "defend")
    .filter((a) => card === null || a.card === card)
    .map((a) => a.target);
}

/** Table cards that may be caught now (Шулер). */
export function catchableCards(legal) {
  return new Set(ofType(legal, "catch").map((a) => a.card));
}

const SEQ_ORDER = "6789TJQKA"; // natural order; runs are consecutive ranks of one suit

/**
 * The combinations a hand holds, as kinds: "каре", "сто", "50", "терц" (best first,
 * one entry per combination). Follows docs/rules.md: runs are maximal (never split); carrés
 * of J 9 A T K Q with a trump, A T K Q J in no-trump; `combos: no_carre_hundred` drops
 * carrés and counts a run of 5+ as a fifty; Deberc has no declaration button.
 */
export function combinationsInHand(hand, { trump = null, combos = "all" } = {}) {
  if (combos === "none") return [];
  const kinds = [];
  const ranksBySuit = {};
  const countByRank = {};
  for (const c of hand) {
    (ranksBySuit[suitOf(c)] ||= []).push(SEQ_ORDER.indexOf(rankOf(c)));
    countByRank[rankOf(c)] = (countByRank[rankOf(c)] || 0) + 1;
  }
  if (combos !== "no_carre_hundred") {
    const carreRanks = trump === "nt" ? "ATKQJ" : "J9ATKQ";
    for (const r of carreRanks) if (countByRank[r] === 4) kinds.push(gettext_noop("каре"));
  }
  const runs = [];
  for (const ranks of Object.values(ranksBySuit)) {
    ranks.sort((a, b) => a - b);
    let len = 1;
    for (let i = 1; i <= ranks.length; i++) {
      if (i < ranks.length && ranks[i] === ranks[i - 1] + 1) {
        len += 1;
      } else {
        if (len >= 3) runs.push(len);
        len = 1;
      }
    }
  }
  runs.sort((a, b) => b - a);
  for (const len of runs) {
    if (len >= 5 && combos !== "no_carre_hundred") kinds.push(gettext_noop("сто"));
    else if (len >= 4) kinds.push(gettext_noop("50"));
    else kinds.push(gettext_noop("терц"));
  }
  return kinds;
}

/** Is `seat` among the seats to act now? */
export function isToAct(view, seat) {
  return seat !== null && seat !== undefined && (view.to_act || []).includes(seat);
}
