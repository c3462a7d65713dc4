// The table client's pure move helpers (static/js/table/moves.js), without a browser.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  cardActions,
  catchableCards,
  combinationsInHand,
  defendTargets,
  findLegal,
  isToAct,
  playableCards,
} from "../../static/js/table/moves.js";

const legal = [
  { type: "attack", card: "6h" },
  { type: "defend", card: "Th", target: "6h" },
  { type: "defend", card: "Th", target: "7h" },
  { type: "transfer", card: "6s" },
  { type: "take" },
  { type: "catch", card: "9c" },
];

test("the cards a legal action would put on the table", () => {
  assert.deepEqual([...playableCards(legal)].sort(), ["6h", "6s", "Th"]);
  assert.deepEqual(cardActions(legal, "Th").map((a) => a.target), ["6h", "7h"]);
  assert.deepEqual(cardActions(legal, "9c"), []); // a catch takes a card, it plays none
  assert.deepEqual(playableCards(null), new Set());
});

test("defend targets of one card, or of any card", () => {
  assert.deepEqual(defendTargets(legal, "Th"), ["6h", "7h"]);
  assert.deepEqual(defendTargets(legal, "6s"), []);
  assert.deepEqual(defendTargets(legal, null), ["6h", "7h"]);
  assert.deepEqual([...catchableCards(legal)], ["9c"]);
});

test("findLegal matches on the given keys only", () => {
  assert.deepEqual(findLegal(legal, { type: "take" }), { type: "take" });
  assert.equal(findLegal(legal, { type: "defend", target: "8h" }), null);
  assert.equal(findLegal(undefined, { type: "take" }), null);
});

test("combinations: maximal runs, carrés by the trump, none when the options say so", () => {
  assert.deepEqual(combinationsInHand(["7h", "8h", "9h", "As"]), ["терц"]);
  assert.deepEqual(combinationsInHand(["7h", "8h", "9h", "Th"]), ["50"]);
  assert.deepEqual(combinationsInHand(["7h", "8h", "9h", "Th", "Jh"]), ["сто"]);
  // a run of six is one hundred, never split into two tierces
  assert.deepEqual(combinationsInHand(["7h", "8h", "9h", "Th", "Jh", "Qh"]), ["сто"]);
  assert.deepEqual(combinationsInHand(["Jh", "Js", "Jd", "Jc"], { trump: "h" }), ["каре"]);
  // no-trump: a carré of nines is not one
  assert.deepEqual(combinationsInHand(["9h", "9s", "9d", "9c"], { trump: "nt" }), []);
  assert.deepEqual(combinationsInHand(["7h", "8h", "9h", "Th", "Jh"], { combos: "no_carre_hundred" }), ["50"]);
  assert.deepEqual(combinationsInHand(["7h", "8h", "9h"], { combos: "none" }), []);
});

test("a carré and a run in one hand: both kinds, the carré first", () => {
  assert.deepEqual(combinationsInHand(["Jh", "Js", "Jd", "Jc", "7s", "8s", "9s"], { trump: "h" }), ["каре", "терц"]);
  assert.deepEqual(combinationsInHand(["7h", "9h"], {}), []);
});

test("isToAct needs a seat among to_act", () => {
  assert.ok(isToAct({ to_act: [0, 2] }, 2));
  assert.ok(!isToAct({ to_act: [0, 2] }, 1));
  assert.ok(!isToAct({ to_act: [0] }, null));
  assert.ok(!isToAct({}, 0));
});
