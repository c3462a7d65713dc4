// What the table knows (static/js/table/state.js): server frames applied in order, the pending
// act and its answer, give-up retries, a reconnect — without a browser or a socket.
import { test } from "node:test";
import assert from "node:assert/strict";

import { GIVE_UP_TRIES, TableState } from "../../static/js/table/state.js";

const seats = [0, 1, 2, 3].map((s) => ({ seat: s, name: ["anna", "Бот 2", "boris", "Бот 4"][s], bot: s % 2 === 1, team: s % 2 }));
const view = (extra = {}) => ({
  game: "bazar_blot",
  phase: "play",
  seat: 0,
  match: 7,
  seats,
  hand: ["7h", "Ah", "Kd"],
  legal: [{ type: "play", card: "7h" }, { type: "play", card: "Ah" }],
  ...extra,
});
const state = (seq, extra = {}, frame = {}) => ({ op: "state", seq, view: view(extra), events: [], ...frame });

/** A table that has shown `seq` and sent one act on it. */
function pendingAt(seq) {
  const t = new TableState();
  t.applyState(state(seq));
  const frame = t.actFrame({ type: "play", card: "7h" });
  t.sent(frame);
  return { t, frame };
}

test("states apply in seq order; an older one, or one without a view, is ignored", () => {
  const t = new TableState();
  assert.equal(t.applyState({ op: "state", seq: 1 }), null);
  const first = t.applyState(state(3));
  assert.deepEqual({ previous: first.previous, gap: first.gap, reset: first.reset }, { previous: null, gap: false, reset: false });
  assert.equal(t.seq, 3);
  assert.equal(t.applyState(state(4, { phase: "auction" })).gap, false);
  assert.equal(t.applyState(state(2)), null);
  assert.deepEqual([t.seq, t.view.phase], [4, "auction"]);
});

test("a gap in seq shows the newer view and asks for sync", () => {
  const t = new TableState();
  t.applyState(state(3));
  const shown = t.applyState(state(6, { hand: ["Ah"] }));
  assert.equal(shown.gap, true);
  assert.deepEqual([t.seq, t.view.hand], [6, ["Ah"]]);
  assert.equal(t.applyState(state(7)).gap, false);
});

test("an act carries the shown seq and a fresh id, and only one is pending at a time", () => {
  const t = new TableState();
  assert.equal(t.actFrame({ type: "pass" }), null, "nothing to act on before the first state");
  t.applyState(state(5));
  t.ui.selected = "7h";
  const frame = t.actFrame({ type: "play", card: "7h" });
  assert.deepEqual(frame, { op: "act", seq: 5, action: { type: "play", card: "7h" }, id: "a1" });
  t.sent(frame);
  assert.equal(t.pending, true);
  assert.equal(t.ui.selected, null, "a sent act spends the selection");
  assert.equal(t.actFrame({ type: "play", card: "Ah" }), null, "a double click never plays twice");
  t.applyState(state(6));
  assert.equal(t.pending, false);
  assert.equal(t.actFrame({ type: "play", card: "Ah" }).id, "a2");
});

test("a state of the same seq (a presence refresh) is shown but does not answer the act", () => {
  const { t } = pendingAt(5);
  const shown = t.applyState(state(5, { spectators: 2 }));
  assert.notEqual(shown, null);
  assert.equal(t.view.spectators, 2);
  assert.equal(t.pending, true);
});

test("a refusal unlocks and gives the server's text; stale asks for sync", () => {
  const { t } = pendingAt(5);
  assert.deepEqual(t.applyError({ op: "error", code: "illegal", message: "Так нельзя", id: "a1" }), {
    chat: false,
    retrying: false,
    message: "Так нельзя",
    sync: false,
  });
  assert.equal(t.pending, false);
  t.sent(t.actFrame({ type: "play", card: "Ah" }));
  const stale = t.applyError({ op: "error", code: "stale", message: "Стол изменился", id: "a2" });
  assert.deepEqual([stale.sync, stale.message, t.pending], [true, "Стол изменился", false]);
});

test("a chat refusal leaves the pending act alone", () => {
  const { t } = pendingAt(5);
  const refused = t.applyError({ op: "error", code: "chat_muted", message: "Нельзя", id: "c3" });
  assert.deepEqual([refused.chat, refused.message, t.pending], [true, "Нельзя", true]);
});

test("an unanswered act times out once: only the act still pending", () => {
  const { t, frame } = pendingAt(5);
  assert.equal(t.timedOut("a0"), false);
  assert.equal(t.timedOut(frame.id), true);
  assert.equal(t.pending, false);
  assert.equal(t.timedOut(frame.id), false, "already unlocked: no second sync");
  const again = pendingAt(5);
  again.t.applyState(state(6));
  assert.equal(again.t.timedOut(again.frame.id), false, "answered before the timeout");
});

test("a reconnect: a lost connection unlocks, the same seq comes again, and acting resumes", () => {
  const { t } = pendingAt(5);
  t.connection("open");
  assert.equal(t.pending, true, "an open socket answers nothing");
  t.connection("closed");
  assert.equal(t.pending, false);
  assert.equal(t.timedOut("a1"), false, "no sync for the act lost with the connection");
  t.connection("connecting");
  t.connection("open");
  assert.notEqual(t.applyState(state(5)), null, "the state sent on reconnect is shown");
  assert.deepEqual(t.actFrame({ type: "play", card: "Ah" }), { op: "act", seq: 5, action: { type: "play", card: "Ah" }, id: "a2" });
});

test("a newer match (a rematch at seq 0) resets the table; an older match's state is ignored", () => {
  const t = new TableState();
  t.applyState(state(40, { phase: "match_over" }));
  t.closeSummary();
  const shown = t.applyState(state(0, { match: 8, phase: "auction" }));
  assert.deepEqual([shown.reset, shown.previous, t.seq, t.ui.overlayClosedAt], [true, null, 0, null]);
  assert.equal(t.applyState(state(41, { match: 7, phase: "match_over" })), null);
  assert.deepEqual([t.seq, t.view.match], [0, 8]);
});

test("a trick's frame with hold_ms holds the taken trick until its time", () => {
  const t = new TableState();
  t.applyState(state(3, { table_cards: [{ seat: 1, card: "9h" }] }));
  const frame = state(4, { table_cards: [] }, {
    hold_ms: 1500,
    events: [{ type: "move", seat: 0, action: { type: "play", card: "Ah" } }, { type: "trick", winner: 0 }],
  });
  const shown = t.applyState(frame, 10_000);
  assert.equal(shown.hold.until, 11_500);
  assert.deepEqual(t.hold.trick.cards, [{ seat: 1, card: "9h" }, { seat: 0, card: "Ah" }]);
  assert.equal(t.hold.trick.taker, 0);
  t.endHold();
  assert.equal(t.hold, null);
  assert.equal(t.applyState(state(5), 20_000).hold, null, "no hold without hold_ms");
});

test("a refused give-up goes again on the next state, then stops after GIVE_UP_TRIES", () => {
  const t = new TableState();
  t.applyState(state(5));
  const action = t.giveUp("surrender");
  assert.deepEqual(action, { type: "surrender" });
  t.sent(t.actFrame(action));
  for (let tries = 1; tries < GIVE_UP_TRIES; tries += 1) {
    const refused = t.applyError({ op: "error", code: "stale", message: "Стол изменился" });
    assert.deepEqual([refused.retrying, refused.sync], [true, true]);
    t.applyState(state(t.seq + 1));
    assert.deepEqual(t.giveUpStep(), { send: { type: "surrender" } });
    t.sent(t.actFrame(action));
  }
  const last = t.applyError({ op: "error", code: "stale", message: "Стол изменился" });
  assert.deepEqual([last.retrying, last.message, t.givingUp], [false, "Стол изменился", null]);
});

test("a give-up is done once a newer state comes without a refusal, or the match is over", () => {
  const t = new TableState();
  t.applyState(state(5));
  t.sent(t.actFrame(t.giveUp("leave")));
  assert.equal(t.giveUpStep(), null, "still pending");
  t.applyState(state(6));
  assert.deepEqual(t.giveUpStep(), { done: "leave" });
  assert.equal(t.giveUpStep(), null);
  const u = new TableState();
  u.applyState(state(5));
  u.sent(u.actFrame({ type: "play", card: "7h" }));
  u.giveUp("surrender");
  u.giveUpLater(); // an act was pending: nothing went out
  u.applyState(state(6, { phase: "match_over", result: { winner: 1 } }));
  assert.deepEqual(u.giveUpStep(), { done: "surrender" });
});

test("auction calls follow the events, and a selection ends when its card leaves the hand", () => {
  const t = new TableState();
  t.applyState(state(1, { phase: "auction" }));
  t.applyState(state(2, { phase: "auction" }, { events: [{ type: "pass", seat: 1 }, { type: "bid", seat: 2, suit: "h" }] }));
  assert.deepEqual(Object.keys(t.ui.calls), ["1", "2"]);
  t.ui.selected = "7h";
  t.ui.showLast = true;
  t.applyState(state(3, { hand: ["Ah", "Kd"] }));
  assert.deepEqual([t.ui.calls, t.ui.selected, t.ui.showLast], [{}, null, false]);
});

test("the sheet and the chat share the felt: opening one closes the other's drawer", () => {
  const t = new TableState();
  t.toggleChat();
  assert.equal(t.toggleSheet(false), true);
  assert.deepEqual([t.ui.showSheet, t.ui.showChat], [true, false]);
  t.toggleChat();
  assert.deepEqual([t.ui.showSheet, t.ui.showChat], [false, true]);
  assert.equal(t.toggleSheet(true), false, "beside the felt the chat stays");
  assert.deepEqual([t.ui.showSheet, t.ui.showChat], [true, true]);
});
