// Bot names (static/js/names.js): the one place «Бот N» becomes the page's word.
import { test } from "node:test";
import assert from "node:assert/strict";
import { shownName } from "../../static/js/names.js";

test("a bot's «Бот N» takes the page's word", () => {
  assert.equal(shownName("Бот 3", "normal", "Bot %(n)s"), "Bot 3");
  assert.equal(shownName("Бот 12", true, "Бот %(n)s"), "Бот 12");
});

test("people and odd names stay as they are", () => {
  assert.equal(shownName("Бот 3", null, "Bot %(n)s"), "Бот 3"); // a person called «Бот 3»
  assert.equal(shownName("Бот три", "easy", "Bot %(n)s"), "Бот три");
  assert.equal(shownName("Anna", "", "Bot %(n)s"), "Anna");
  assert.equal(shownName("", "easy", "Bot %(n)s"), "");
  assert.equal(shownName(undefined, "easy", "Bot %(n)s"), undefined);
});
