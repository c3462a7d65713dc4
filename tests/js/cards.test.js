// Card labels and the hand's order (static/js/table/cards.js), without a browser.
import { test } from "node:test";
import assert from "node:assert/strict";

import { cardLabel, sortHand, suitOrder, trumpLabel } from "../../static/js/table/cards.js";

test("labels are Russian indices with suit symbols when no catalog is loaded", () => {
  assert.equal(cardLabel("As"), "Т♠");
  assert.equal(cardLabel("Th"), "10♥");
  assert.equal(cardLabel("Jd"), "В♦");
  assert.equal(trumpLabel("nt"), "БК");
  assert.equal(trumpLabel("all"), "ВК");
  assert.equal(trumpLabel("c"), "♣");
  assert.equal(trumpLabel(null), "");
});

test("suits alternate colours and the trump comes last", () => {
  assert.deepEqual(suitOrder("h"), ["s", "d", "c", "h"]);
  assert.deepEqual(suitOrder("s"), ["h", "c", "d", "s"]);
  assert.deepEqual(suitOrder(null), ["s", "h", "c", "d"]);
});

test("a belot hand sorts by the belot order, trump J 9 first", () => {
  const hand = ["7h", "Jh", "9h", "Ah", "Ts", "As", "Ks"];
  assert.deepEqual(sortHand(hand, { trump: "h", game: "bazar_blot" }), ["As", "Ts", "Ks", "Jh", "9h", "Ah", "7h"]);
});

test("a Durak hand sorts naturally, strongest first, and the input is left as it was", () => {
  const hand = ["6c", "Ac", "Tc", "7d"];
  assert.deepEqual(sortHand(hand, { trump: "d" }), ["Ac", "Tc", "6c", "7d"]);
  assert.deepEqual(hand, ["6c", "Ac", "Tc", "7d"]);
});
