/**
 * Cards on screen: codes ("Th"), Russian indices (Т К Д В 10 9 8 7 6), sorting a hand,
 * and the SVG of a face or a back.
 *
 * A code is rank + suit: ranks 6 7 8 9 T J Q K A (Durak's 52 cards add 2 3 4 5), suits
 * s c d h (docs/rules.md).
 */

import { gettext, gettext_noop, pgettext } from "./i18n.js";
import { svg } from "./dom.js";

export const RANKS = "23456789TJQKA";
export const SUITS = "scdh";
export const RU_RANK = { 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", T: "10", J: "В", Q: "Д", K: "К", A: "Т" };
export const SUIT_SYMBOL = { s: "♠", c: "♣", d: "♦", h: "♥" };
export const SUIT_NAME = { s: gettext_noop("пики"), c: gettext_noop("трефы"), d: gettext_noop("бубны"), h: gettext_noop("червы") };
export const RED = new Set(["d", "h"]);

/** Strength order, strongest first, for a plain suit and a trump in the belot family. */
const BELOT_PLAIN = "ATKQJ987";
const BELOT_TRUMP = "J9ATKQ87";
const NATURAL = "AKQJT98765432";

export function rankOf(code) {
  return code[0];
}

export function suitOf(code) {
  return code[1];
}

/** The index of rank `r` in the page's language: Т К Д В in Russian, A K Q J in English
 * (context "card rank" in the catalog: an English «Т» read as Ten). */
export function rankIndex(r) {
  const ru = RU_RANK[r];
  return ru.length === 1 && !/[0-9]/.test(ru) ? pgettext("card rank", ru) : ru;
}

/** "Т♠", "10♥" ("A♠" in English): the label a player reads. */
export function cardLabel(code) {
  return rankIndex(rankOf(code)) + SUIT_SYMBOL[suitOf(code)];
}

/** Trump code ("s", "nt", "all") as a short label: "♠", "БК", "ВК". */
export function trumpLabel(trump) {
  if (trump === "nt") return gettext("БК");
  if (trump === "all") return gettext("ВК");
  return SUIT_SYMBOL[trump] || "";
}

/**
 * Suits in display order: colours alternate and the trump suit comes last.
 * Only suits in `present` matter for the alternation.
 */
export function suitOrder(trump) {
  if (!SUITS.includes(trump || "-")) return ["s", "h", "c", "d"];
  const sameColour = { s: "c", c: "s", d: "h", h: "d" }[trump];
  const other = RED.has(trump) ? ["s", "c"] : ["h", "d"];
  return [other[0], sameColour, other[1], trump];
}

/**
 * The hand sorted by suit (alternating colours, trump last) and, inside a suit, by
 * strength, strongest first: natural order A K Q J 10 9 8 7 6 in Durak, belot order
 * (trump J 9 A 10 K Q 8 7, plain A 10 K Q J 9 8 7) in the belot family.
 */
export function sortHand(cards, { trump = null, game = "durak" } = {}) {
  const order = suitOrder(trump);
  const belot = game !== "durak";
  const strength = (code) => {
    const s = suitOf(code);
    const seq = !belot ? NATURAL : s === trump || trump === "all" ? BELOT_TRUMP : BELOT_PLAIN;
    const i = seq.indexOf(rankOf(code));
    return i < 0 ? 99 : i;
  };
  return [...cards].sort((a, b) => {
    const sa = order.indexOf(suitOf(a));
    const sb = order.indexOf(suitOf(b));
    return sa !== sb ? sa - sb : strength(a) - strength(b);
  });
}

/** Suit shapes drawn in a 100×100 box. */
const SUIT_PATH = {
  h: "M50 92C22 68 2 50 2 29 2 13 14 2 28 2c10 0 18 6 22 15C54 8 62 2 72 2c14 0 26 11 26 27 0 21-20 39-48 63z",
  d: "M50 2 90 50 50 98 10 50z",
  s: "M50 2C76 28 98 42 98 62c0 14-11 24-24 24-9 0-16-4-21-11 1 10 5 17 13 24H34c8-7 12-14 13-24-5 7-12 11-21 11C13 86 2 76 2 62 2 42 24 28 50 2z",
  c: "M46 60c0 16-4 28-14 38h36C58 88 54 76 54 60z",
};

/** Clubs need three leaves besides the stem path. */
const CLUB_LEAVES = '<circle cx="50" cy="26" r="22"/><circle cx="26" cy="60" r="22"/><circle cx="74" cy="60" r="22"/>';

/** SVG path markup of a suit, scaled to `size` and placed at (x, y) top-left. */
function suitShape(suit, x, y, size, rotate = false) {
  const k = size / 100;
  const transform = rotate
    ? `translate(${x + size} ${y + size}) rotate(180) scale(${k})`
    : `translate(${x} ${y}) scale(${k})`;
  const leaves = suit === "c" ? CLUB_LEAVES : "";
  return `<g transform="${transform}">${leaves}<path d="${SUIT_PATH[suit]}"/></g>`;
}

/**
 * The SVG markup of a card face, 100×140 units: a large Russian index with its suit in
 * two corners, and in the middle one big suit (6..10, Т) or the framed letter (В Д К).
 * Red suits red, black suits black. Large indices read well on a phone.
 */
export function cardFaceMarkup(code) {
  const r = rankOf(code);
  const s = suitOf(code);
  const colour = RED.has(s) ? "#c8202a" : "#17171a";
  const index = rankIndex(r);
  const wide = index.length > 1;
  let centre;
  if ("JQK".includes(r)) {
    centre =
      `<rect x="27" y="33" width="46" height="74" rx="6" fill="${colour}" fill-opacity=".07" stroke="${colour}" stroke-width="2"/>` +
      `<text x="50" y="82" text-anchor="middle" font-size="38" font-weight="700" ` +
      `font-family="DejaVu Serif, Georgia, serif">${index}</text>` +
      suitShape(s, 41, 87, 18);
  } else {
    const size = r === "A" ? 50 : 40;
    centre = suitShape(s, 50 - size / 2 + 4, 70 - size / 2 + 6, size);
  }
  const corner = (rot) =>
    `<g${rot ? ' transform="rotate(180 50 70)"' : ""}>` +
    `<text x="${wide ? 17 : 15}" y="30" text-anchor="middle" font-size="${wide ? 25 : 29}" font-weight="700" ` +
    `font-family="DejaVu Sans Condensed, DejaVu Sans, Arial, sans-serif"${wide ? ' letter-spacing="-2"' : ""}>${index}</text>` +
    suitShape(s, 6, 35, 18) +
    `</g>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" class="card-svg" role="img" ` +
    `aria-label="${cardLabel(code)}">` +
    `<rect x="1" y="1" width="98" height="138" rx="9" fill="#fffef9" stroke="#b9b3a5" stroke-width="1.5"/>` +
    `<g fill="${colour}">${corner(false)}${corner(true)}${centre}</g></svg>`
  );
}

/** The SVG markup of a card back (a lattice in the theme's back colour, `currentColor`). */
export function cardBackMarkup() {
  let lattice = "";
  for (let i = -140; i < 140; i += 12) {
    lattice += `<path d="M${i} 0l140 140M${i + 140} 0l-140 140"/>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" class="card-svg card-back-svg" aria-hidden="true">` +
    `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fffdf7" stroke="#9e9e9e" stroke-width="1.5"/>` +
    `<rect x="7" y="7" width="86" height="126" rx="5" fill="currentColor"/>` +
    `<g stroke="#ffffff" stroke-opacity=".28" stroke-width="2" clip-path="inset(8px round 5px)">` +
    `<svg x="7" y="7" width="86" height="126" viewBox="0 0 86 126">${lattice}</svg></g>` +
    `<rect x="12" y="12" width="76" height="116" rx="4" fill="none" stroke="#ffffff" stroke-opacity=".55" stroke-width="1.5"/>` +
    `</svg>`
  );
}

/** A card face as an SVG element. */
export function cardFace(code) {
  return svg(cardFaceMarkup(code));
}

/** A card back as an SVG element. */
export function cardBack() {
  return svg(cardBackMarkup());
}
