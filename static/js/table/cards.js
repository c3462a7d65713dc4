/**
 * Cards on screen: codes ("Th"), Russian indices (Т К Д В 10 9 8 7 6), sorting a hand,
 * and the SVG of a face or a back.
 *
 * A code is rank + suit: ranks 6 7 8 9 T J Q K A, suits s c d h (RULES.md).
 */

import { svg } from "./dom.js";

export const RANKS = "6789TJQKA";
export const SUITS = "scdh";
export const RU_RANK = { 6: "6", 7: "7", 8: "8", 9: "9", T: "10", J: "В", Q: "Д", K: "К", A: "Т" };
export const SUIT_SYMBOL = { s: "♠", c: "♣", d: "♦", h: "♥" };
export const SUIT_NAME = { s: "пики", c: "трефы", d: "бубны", h: "червы" };
export const RED = new Set(["d", "h"]);

/** Strength order, strongest first, for a plain suit and a trump in the belot family. */
const BELOT_PLAIN = "ATKQJ987";
const BELOT_TRUMP = "J9ATKQ87";
const NATURAL = "AKQJT9876";

export function rankOf(code) {
  return code[0];
}

export function suitOf(code) {
  return code[1];
}

export function isRed(code) {
  return RED.has(suitOf(code));
}

/** "Т♠", "10♥": the label a player reads. */
export function cardLabel(code) {
  return RU_RANK[rankOf(code)] + SUIT_SYMBOL[suitOf(code)];
}

/** Trump code ("s", "nt", "all") as a short label: "♠", "БК", "ВК". */
export function trumpLabel(trump) {
  if (trump === "nt") return "БК";
  if (trump === "all") return "ВК";
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

/** Pip positions (in a 100×140 card) for the number cards. */
const PIPS = {
  6: [[32, 36], [68, 36], [32, 70], [68, 70], [32, 104], [68, 104]],
  7: [[32, 36], [68, 36], [50, 53], [32, 70], [68, 70], [32, 104], [68, 104]],
  8: [[32, 36], [68, 36], [50, 53], [32, 70], [68, 70], [50, 87], [32, 104], [68, 104]],
  9: [[32, 34], [68, 34], [32, 57], [68, 57], [50, 70], [32, 83], [68, 83], [32, 106], [68, 106]],
  T: [[32, 34], [68, 34], [50, 46], [32, 57], [68, 57], [32, 83], [68, 83], [50, 94], [32, 106], [68, 106]],
};

/** The SVG markup of a card face, 100×140 units; red suits red, black suits black. */
export function cardFaceMarkup(code) {
  const r = rankOf(code);
  const s = suitOf(code);
  const colour = RED.has(s) ? "#c62828" : "#1b1b1b";
  const index = RU_RANK[r];
  const narrow = index.length > 1;
  const fontSize = narrow ? 24 : 28;
  let centre = "";
  if (PIPS[r]) {
    centre = PIPS[r].map(([x, y]) => suitShape(s, x - 10, y - 10, 20, y > 72)).join("");
  } else if (r === "A") {
    centre = suitShape(s, 22, 42, 56);
  } else {
    // Face cards: a framed panel with the Russian letter and the suit.
    centre =
      `<rect x="24" y="30" width="52" height="80" rx="6" fill="none" stroke="${colour}" stroke-width="2" opacity=".55"/>` +
      `<text x="50" y="80" text-anchor="middle" font-size="40" font-weight="700" ` +
      `font-family="DejaVu Serif, Georgia, serif">${index}</text>` +
      suitShape(s, 40, 86, 20);
  }
  const corner = (x, y, rot) =>
    `<g transform="${rot ? "rotate(180 50 70) " : ""}translate(${x} ${y})">` +
    `<text x="${narrow ? 11 : 10}" y="24" text-anchor="middle" font-size="${fontSize}" font-weight="700" ` +
    `font-family="DejaVu Sans Condensed, DejaVu Sans, Arial, sans-serif" letter-spacing="${narrow ? -2 : 0}">${index}</text>` +
    suitShape(s, 2, 29, 16) +
    `</g>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" class="card-svg" role="img" ` +
    `aria-label="${cardLabel(code)}">` +
    `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fffdf7" stroke="#9e9e9e" stroke-width="1.5"/>` +
    `<g fill="${colour}">${corner(4, 3, false)}${corner(4, 3, true)}${centre}</g></svg>`
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
