// Taps read against the legal moves (static/js/table/taps.js): what a tap does, the hints'
// marks and the hint line, without a browser.
import { test } from "node:test";
import assert from "node:assert/strict";

import { TableState } from "../../static/js/table/state.js";
import { handCardClasses, hintText, tableCardClasses, tapBout, tapCard, tapTable } from "../../static/js/table/taps.js";

const seats = [{ seat: 0, name: "anna" }, { seat: 1, name: "boris" }];

function table(view, { hints = true } = {}) {
  const t = new TableState({ hints });
  t.applyState({ op: "state", seq: 1, view: { seat: 0, seats, match: 1, ...view } });
  return t;
}

const blot = (legal) => table({ game: "blot", phase: "play", hand: ["7h", "Ah", "Kd"], legal });
const defending = (opts) =>
  table(
    {
      game: "durak",
      phase: "play",
      defender: 0,
      hand: ["Th", "6s", "Qc"],
      table_cards: [{ attack: "6h", defence: null }, { attack: "7h", defence: null }],
      legal: [
        { type: "defend", card: "Th", target: "6h" },
        { type: "defend", card: "Th", target: "7h" },
        { type: "transfer", card: "6s" },
        { type: "take" },
      ],
    },
    opts,
  );

test("at blot a tap plays the card, or says why not", () => {
  const t = blot([{ type: "play", card: "Ah" }]);
  assert.deepEqual(tapCard(t, "Ah"), { act: { type: "play", card: "Ah" } });
  assert.deepEqual(tapCard(t, "7h"), { toast: "Так сыграть нельзя" });
  assert.deepEqual(tapCard(blot([]), "7h"), { toast: "Сейчас не ваш ход" });
});

test("nothing is tapped while an act is pending", () => {
  const t = blot([{ type: "play", card: "Ah" }]);
  t.sent(t.actFrame({ type: "play", card: "Ah" }));
  assert.deepEqual(tapCard(t, "Ah"), {});
  assert.deepEqual(tapTable(t, "6h"), {});
});

test("Durak with hints: one way plays at once, two ways select the card, the bout's card then defends", () => {
  const t = defending();
  assert.deepEqual(tapCard(t, "6s"), { act: { type: "transfer", card: "6s" } });
  assert.deepEqual(tapCard(t, "Th"), { render: true });
  assert.equal(t.ui.selected, "Th");
  assert.deepEqual(tableCardClasses(t, "7h", true), ["is-target"]);
  assert.equal(hintText(t), "Выберите карту на столе");
  assert.deepEqual(tapTable(t, "7h"), { act: { type: "defend", card: "Th", target: "7h" } });
  assert.deepEqual(tapCard(t, "Th"), { render: true }, "a second tap on it puts it down");
  assert.equal(t.ui.selected, null);
  assert.deepEqual(tapCard(t, "Qc"), { toast: "Так сыграть нельзя", render: true });
});

test("Durak without hints: the first tap raises the card, the second plays it where one way fits", () => {
  const t = defending({ hints: false });
  assert.deepEqual(tapCard(t, "6s"), { render: true });
  assert.deepEqual(tapCard(t, "6s"), { act: { type: "transfer", card: "6s" } });
  tapCard(t, "Th");
  assert.deepEqual(tapCard(t, "Th"), { toast: "Выберите карту на столе", render: true });
  tapCard(t, "Qc");
  assert.deepEqual(tapCard(t, "Qc"), { toast: "Так сыграть нельзя", render: true });
  assert.equal(t.ui.selected, null);
  assert.deepEqual(handCardClasses(t, "Th"), [], "no marks with hints off");
});

test("the bout: a tap defends the only way, catch mode catches, the empty bout attacks", () => {
  const one = table({
    game: "durak",
    phase: "play",
    defender: 0,
    hand: ["Th"],
    table_cards: [{ attack: "6h", defence: null }],
    legal: [{ type: "defend", card: "Th", target: "6h" }, { type: "take" }],
  });
  assert.deepEqual(tapTable(one, "6h"), { act: { type: "defend", card: "Th", target: "6h" } });
  const catching = table({
    game: "durak",
    phase: "play",
    defender: 1,
    hand: ["9c", "Js"],
    table_cards: [{ attack: "8d", defence: "9c" }],
    legal: [{ type: "catch", card: "9c" }, { type: "attack", card: "9c" }, { type: "done" }],
  });
  catching.toggleCatch();
  assert.deepEqual(tableCardClasses(catching, "9c", false), ["is-catchable"]);
  assert.equal(hintText(catching), "Выберите карту соперника, которую ловите");
  assert.deepEqual(tapTable(catching, "8d"), { toast: "Так сыграть нельзя" });
  assert.deepEqual(tapTable(catching, "9c"), { act: { type: "catch", card: "9c" } });
  catching.toggleCatch();
  catching.ui.selected = "9c";
  assert.deepEqual(tapBout(catching), { act: { type: "attack", card: "9c" } });
  assert.deepEqual(handCardClasses(catching, "9c"), ["is-selected", "is-playable"]);
  assert.deepEqual(handCardClasses(catching, "Js"), ["is-dimmed"]);
});

test("the hint line says what to do now", () => {
  assert.equal(hintText(new TableState()), "");
  assert.equal(hintText(table({ game: "blot", phase: "waiting", legal: [] })), "Ждём игроков");
  assert.equal(hintText(table({ game: "blot", phase: "play", to_act: [1], legal: [] })), "Ждём: boris");
  assert.equal(hintText(table({ game: "blot", phase: "auction", legal: [{ type: "pass" }, { type: "bid", value: 80, suit: "h" }] })), "Выберите заявку или скажите «Пас»");
  assert.equal(hintText(blot([{ type: "play", card: "Ah" }])), "Ходите картой, которая приподнята");
  assert.equal(hintText(defending()), "Отбейтесь, переведите или нажмите «Беру»");
  const nothing = table({ game: "durak", phase: "play", defender: 1, hand: ["Js"], table_cards: [{ attack: "8d", defence: "9d" }], legal: [{ type: "done" }] });
  assert.equal(hintText(nothing), "Подкинуть нечего — нажмите «Бито»");
});
