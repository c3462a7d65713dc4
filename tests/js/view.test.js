// Reading a view for display (static/js/table/view.js), without a browser.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  claimableSeats,
  gameSeats,
  gameTitle,
  hasTeams,
  nextGoneDeadline,
  scoreSides,
  seatName,
  seatPosition,
} from "../../static/js/table/view.js";

const four = (seat, extra = {}) => ({
  game: "bazar_blot",
  phase: "play",
  seat,
  options: { target: 101 },
  seats: [0, 1, 2, 3].map((s) => ({ seat: s, name: ["anna", "Бот 2", "boris", "Бот 4"][s], bot: s % 2 === 1, team: s % 2 })),
  ...extra,
});

test("seats go clockwise from me at the bottom; a spectator sees the first seat at the bottom", () => {
  assert.deepEqual([0, 1, 2, 3].map((s) => seatPosition(four(2), s)), ["top", "right", "bottom", "left"]);
  assert.equal(seatPosition(four(null), 0), "bottom");
});

test("two people at a four-seat Durak table sit face to face once the match runs", () => {
  const view = {
    game: "durak",
    phase: "play",
    seat: 3,
    seats: [{ seat: 0, name: "anna" }, { seat: 1 }, { seat: 2 }, { seat: 3, name: "boris" }],
  };
  assert.deepEqual(gameSeats(view), [0, 3]);
  assert.equal(seatPosition(view, 0), "top");
  assert.deepEqual(gameSeats({ ...view, phase: "waiting" }), [0, 1, 2, 3]);
});

test("names: bots keep «Бот N», an empty seat is «Место N»", () => {
  assert.equal(seatName({ seats: [{ seat: 2, name: "Бот 3", bot: "hard" }] }, 2), "Бот 3");
  assert.equal(seatName({ seats: [{ seat: 2, name: "Аня" }] }, 2), "Аня");
  assert.equal(seatName({ seats: [{ seat: 0 }] }, 0), "Место 1");
  assert.equal(seatName({ seats: [{ seat: 1, bot: "easy" }] }, 1), "Бот 2");
});

test("the score sheet is «Мы»/«Они» for a player in a team, names for a spectator", () => {
  assert.ok(hasTeams(four(0)));
  assert.deepEqual(scoreSides(four(1)).map((s) => s.label), ["Они", "Мы"]);
  assert.deepEqual(scoreSides(four(null)).map((s) => s.label), ["anna + boris", "Бот 2 + Бот 4"]);
});

test("the title carries the main options", () => {
  assert.equal(gameTitle(four(0)).split(" · ")[0], "Базар-блот");
  assert.match(gameTitle({ game: "durak", options: { transfer: true } }), /^Дурак · переводной/);
});

test("a claim is possible only against an opponent past his deadline, never at Durak", () => {
  const view = four(0);
  view.seats[1].gone_deadline = 1000;
  view.seats[2].gone_deadline = 1000; // my partner: never claimable
  view.seats[3].gone_deadline = 5000;
  assert.deepEqual(claimableSeats(view, 2000), [1]);
  assert.deepEqual(claimableSeats({ ...view, game: "durak" }, 2000), []);
  assert.deepEqual(claimableSeats({ ...view, result: { winner: 0 } }, 2000), []);
  assert.equal(nextGoneDeadline(view, 2000), 5000);
  assert.equal(nextGoneDeadline(view, 6000), null);
});
