import { test } from "node:test";
import assert from "node:assert/strict";
import { canonical, keyOf, viewKey } from "../../static/js/pages/waiting-key.js";

test("canonical does not depend on the order of the keys", () => {
  assert.equal(canonical({ b: 1, a: [2] }), canonical({ a: [2], b: 1 }));
  assert.notEqual(canonical({ a: 1 }), canonical({ a: 2 }));
  assert.equal(canonical(null), "[]");
});

test("viewKey matches the key of the rendered seats", () => {
  const view = {
    phase: "waiting",
    seats: [
      { seat: 0, name: "Аня", bot: null, ready: true },
      { seat: 1, name: "Бот 2", bot: "normal", ready: false },
      { seat: 2 },
    ],
    options: { target: 101, jokers: false },
  };
  const page = keyOf("waiting", "0|Аня||1;1|Бот 2|normal|0;2|||0", { jokers: false, target: 101 });
  assert.equal(viewKey(view), page);
});

test("viewKey changes with the phase, a seat's readiness or an option", () => {
  const base = { phase: "waiting", seats: [{ seat: 0, name: "Аня", ready: false }], options: { a: 1 } };
  const key = viewKey(base);
  assert.notEqual(viewKey({ ...base, phase: "playing" }), key);
  assert.notEqual(viewKey({ ...base, seats: [{ seat: 0, name: "Аня", ready: true }] }), key);
  assert.notEqual(viewKey({ ...base, options: { a: 2 } }), key);
  assert.equal(viewKey({ phase: "waiting" }), keyOf("waiting", "", undefined));
});
