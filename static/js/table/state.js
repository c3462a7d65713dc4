/**
 * What the table knows (docs/protocol.md): the latest `state` frame (seq + view), the act
 * sent and not yet answered, a «Сдаться» / «Выйти» being retried, and the player's choices
 * on screen (the selected card, catch mode, the open panels). No DOM, no socket, no timer:
 * each method changes the state and says what follows (send `sync`, show a refusal...);
 * client.js does it.
 *
 * Promises:
 * - a `state` older than the one shown, or of an older match, is ignored; a newer match
 *   (a rematch: seq 0 again) starts from a clean state; a gap in seq is shown and asks `sync`;
 * - an act is made only on a shown state with none pending, carries that state's seq and a
 *   fresh id (`a1`, `a2`...), and stays pending until a `state` of another seq, an `error`, a
 *   lost connection or its timeout — a state of the same seq (a presence refresh) is no answer;
 * - a confirmed give-up is sent again after a `stale` refusal, at most GIVE_UP_TRIES times.
 */

import { holdAfter } from "./hold.js";
import { hasType } from "./moves.js";

const AUCTION_TYPES = new Set(["pass", "bid", "capot", "contra", "recontra", "take", "name"]);
/** The phases of a match being played (give up, surrender and the clock's tick apply). */
export const PLAYING = new Set(["auction", "play", "check", "deal_over"]);
/** How long an act stays pending without an answer before the client asks `sync`. */
export const PENDING_TIMEOUT_MS = 8000;
/** How many times a confirmed «Сдаться» / «Выйти» is sent when the table keeps moving. */
export const GIVE_UP_TRIES = 5;

export class TableState {
  /** `hints`: the «Подсказки ходов» switch as remembered in this browser. */
  constructor({ hints = true } = {}) {
    this.seq = null;
    this.view = null;
    /** The id of the act sent and not yet answered, or null. */
    this.pendingId = null;
    this.actCounter = 0;
    /** A confirmed «Сдаться» / «Выйти» not yet applied: `{ action, tries, again, sentSeq }`. */
    this.givingUp = null;
    /** The trick or deal summary held on screen (hold.js), or null. */
    this.hold = null;
    this.ui = {
      hints,
      selected: null,
      catchMode: false,
      showLast: false,
      showSheet: false,
      showChat: false,
      bidTrump: null,
      keep: false,
      calls: {},
      overlayClosedAt: null,
    };
  }

  /** Whether an act is waiting for its answer (the inputs are locked meanwhile). */
  get pending() {
    return this.pendingId !== null;
  }

  /** The legal actions of the shown view (none before the first state). */
  get legal() {
    return (this.view && this.view.legal) || [];
  }

  /** Whether I defend the Durak bout (the view's `defender`, else my legal actions say so). */
  get isDefender() {
    const v = this.view;
    if (!v || v.game !== "durak") return false;
    if (typeof v.defender === "number") return v.defender === v.seat;
    return hasType(this.legal, "defend") || hasType(this.legal, "take");
  }

  /** Whether I sit in a match being played (so «Сдаться» and a confirmed «Выйти» apply). */
  get inMatch() {
    return Boolean(this.view) && this.view.seat !== null && this.view.seat !== undefined && PLAYING.has(this.view.phase);
  }

  // ---- server frames ---------------------------------------------------------------

  /**
   * Apply a `state` frame received at `now` (epoch ms). Returns null when it is ignored (not a
   * state, older, of an older match), else `{ previous, events, gap, hold, reset }`: the view
   * shown before, the frame's events, whether seq jumped (then send `sync`), the new hold to
   * time (or null) and whether a newer match reset everything.
   */
  applyState(frame, now = Date.now()) {
    if (!frame || typeof frame.seq !== "number" || !frame.view || typeof frame.view !== "object") return null;
    const match = frame.view.match;
    let reset = false;
    // «Ещё партию»: the next match at this table starts again from seq 0
    if (this.view && match && this.view.match && match > this.view.match) {
      this.seq = null;
      this.view = null;
      this.hold = null;
      this.ui.overlayClosedAt = null;
      reset = true;
    }
    if (this.seq !== null && this.view && match && this.view.match && match < this.view.match) return null;
    if (this.seq !== null && frame.seq < this.seq) return null;
    const gap = this.seq !== null && frame.seq > this.seq + 1;
    const previous = this.view;
    let hold = null;
    if (frame.seq !== this.seq) {
      hold = holdAfter(previous, frame, now);
      if (hold) this.hold = hold;
      // a state of the same seq (presence: someone connected) is not the answer to a pending act
      this.unlock();
    }
    this.seq = frame.seq;
    this.view = frame.view;
    const events = frame.events || [];
    this.trackCalls(previous, frame.view, events);
    this.keepSelectionIfStillUseful();
    if (previous && previous.phase !== frame.view.phase) this.ui.showLast = false;
    return { previous, events, gap, hold, reset };
  }

  /**
   * Apply an `error` frame. Returns `{ chat, retrying, message, sync }`: `chat` when it refuses
   * a chat frame (an act still pending stays so), `retrying` when it refused a give-up that
   * goes again on the next state (nothing to show), `message` the server's text (or null),
   * `sync` whether to send `sync` (the table moved on: `stale`).
   */
  applyError(frame) {
    const message = frame.message || null;
    if (typeof frame.id === "string" && frame.id.startsWith("c")) return { chat: true, retrying: false, message, sync: false };
    this.unlock();
    const stale = frame.code === "stale";
    const retrying = stale && this.givingUp !== null && this.givingUp.tries < GIVE_UP_TRIES;
    if (retrying) this.givingUp.again = true;
    else this.givingUp = null;
    return { chat: false, retrying, message, sync: stale };
  }

  /** The socket's status changed: anything but `open` answers no pending act any more. */
  connection(status) {
    if (status !== "open") this.unlock();
  }

  /** The held trick or summary is over: the current view is shown. */
  endHold() {
    this.hold = null;
  }

  // ---- acting ------------------------------------------------------------------------

  /** The `act` frame for `action` on the shown seq, or null (nothing to act on, or one pending). */
  actFrame(action) {
    if (this.pending || !this.view || this.seq === null) return null;
    return { op: "act", seq: this.seq, action, id: `a${++this.actCounter}` };
  }

  /** `frame` (from actFrame) went out: it is pending, the selection is spent. */
  sent(frame) {
    this.pendingId = frame.id;
    this.ui.selected = null;
    this.ui.catchMode = false;
  }

  /** The act `id` got no answer in PENDING_TIMEOUT_MS: true (unlocked; ask `sync`) if it is still pending. */
  timedOut(id) {
    if (this.pendingId !== id) return false;
    this.unlock();
    return true;
  }

  unlock() {
    this.pendingId = null;
  }

  /** Begin giving up (`surrender` or `leave`): the action to send now. */
  giveUp(type) {
    this.givingUp = { action: { type }, tries: 1, again: false, sentSeq: this.seq };
    return this.givingUp.action;
  }

  /** The give-up could not be sent now (an act pending, no connection): on the next state. */
  giveUpLater() {
    if (this.givingUp) this.givingUp.again = true;
  }

  /**
   * After each state: `{ done: type }` once a newer state came without a refusal (or the
   * match is over) — «Выйти» then goes to the lobby —, `{ send: action }` to send it again
   * after a `stale` refusal, or null (nothing to do yet).
   */
  giveUpStep() {
    const g = this.givingUp;
    if (!g) return null;
    const over = !this.inMatch || Boolean(this.view && this.view.result);
    if (over || (!g.again && !this.pending && this.seq > g.sentSeq)) {
      this.givingUp = null;
      return { done: g.action.type };
    }
    if (g.again && !this.pending) {
      g.again = false;
      g.tries += 1;
      g.sentSeq = this.seq;
      return { send: g.action };
    }
    return null;
  }

  // ---- the player's choices ------------------------------------------------------------

  /** Auction calls per seat for the bubbles: from `view.auction` if given, else from events. */
  trackCalls(previous, view, events) {
    if (Array.isArray(view.auction)) {
      this.ui.calls = {};
      for (const call of view.auction) {
        const a = call.action || call;
        if (typeof call.seat === "number") this.ui.calls[call.seat] = a;
      }
      return;
    }
    if (!previous || previous.phase !== "auction" || view.phase !== "auction") this.ui.calls = {};
    for (const ev of events) {
      if (AUCTION_TYPES.has(ev.type) && typeof ev.seat === "number") this.ui.calls[ev.seat] = ev;
    }
  }

  /** A selected card that left the hand, or a catch mode without a catch, ends. */
  keepSelectionIfStillUseful() {
    const sel = this.ui.selected;
    if (sel && !(this.view.hand || []).includes(sel)) this.ui.selected = null;
    if (this.ui.catchMode && !hasType(this.legal, "catch")) this.ui.catchMode = false;
  }

  /** The deal's summary closed by its «×»: not shown again for this seq. */
  closeSummary() {
    this.ui.overlayClosedAt = this.seq;
  }

  /** Esc: no card selected, no catch mode, no last trick shown. */
  clearSelection() {
    this.ui.selected = null;
    this.ui.catchMode = false;
    this.ui.showLast = false;
  }

  setHints(on) {
    this.ui.hints = on;
    this.ui.selected = null;
  }

  toggleCatch() {
    this.ui.catchMode = !this.ui.catchMode;
    this.ui.selected = null;
  }

  /** One side panel over the felt at a time: the sheet opens and (`besideFelt` false) closes the
   * chat. Returns whether the chat was closed. */
  toggleSheet(besideFelt) {
    this.ui.showSheet = !this.ui.showSheet;
    if (this.ui.showSheet && this.ui.showChat && !besideFelt) {
      this.ui.showChat = false;
      return true;
    }
    return false;
  }

  /** The chat opens (the sheet's drawer gives way to it) or closes. */
  toggleChat() {
    this.ui.showChat = !this.ui.showChat;
    if (this.ui.showChat) this.ui.showSheet = false;
  }
}
