/**
 * The pause after a trick or a deal (frame key `hold_ms`, docs/protocol.md): for that long
 * the table shows the completed trick (or Durak bout) with who took it, and the deal's
 * summary, before the view that follows. The server's clock and bots wait the same pause.
 *
 * Built from the view shown before the frame and the frame's events: the trick's last card
 * arrives in the same frame that clears the table, so only the move event carries it.
 */

import { gettext, interpolate } from "./i18n.js";
import { seatName } from "./view.js";

const TRICK_EVENTS = new Set(["trick", "bout_over"]);

/** The cards on the table once the frame's move is added to `previous.table_cards`. */
function cardsWithTheMove(previous, move) {
  const before = previous.table_cards || [];
  const action = (move && move.action) || {};
  if (previous.game === "durak") {
    const pairs = before.map((pair) => ({ ...pair }));
    if (action.type === "defend") {
      const pair = pairs.find((p) => p.attack === action.target && !p.defence);
      if (pair) pair.defence = action.card;
    } else if (action.type === "attack" && action.card) {
      pairs.push({ attack: action.card, defence: null });
    }
    return pairs;
  }
  if (action.type === "play" && action.card) return [...before, { seat: move.seat, card: action.card }];
  return before.slice();
}

function caption(next, event) {
  if (event.type === "trick") return interpolate(gettext("Взятка — %(name)s"), { name: seatName(next, event.winner) });
  if (event.result === "discard") return gettext("Бито");
  return interpolate(gettext("Забирает — %(name)s"), { name: seatName(next, event.defender) });
}

function taker(event) {
  if (event.type === "trick") return typeof event.winner === "number" ? event.winner : null;
  if (event.result === "discard") return null;
  return typeof event.defender === "number" ? event.defender : null;
}

/**
 * What to hold after `frame` (a `state` frame) arrives while `previous` is shown, or null.
 * `{ until, ms, trick: { cards, caption, durak, taker } | null, summary: bool }`; `taker` is the
 * seat that takes the cards (null when a Durak bout is beaten off, «Бито»).
 */
export function holdAfter(previous, frame, now = Date.now()) {
  const ms = typeof frame.hold_ms === "number" ? frame.hold_ms : 0;
  if (!ms || !previous || previous.phase === "waiting") return null;
  const events = frame.events || [];
  const taken = events.find((ev) => TRICK_EVENTS.has(ev.type));
  const move = events.find((ev) => ev.type === "move");
  const trick = taken
    ? {
        cards: cardsWithTheMove(previous, move),
        caption: caption(frame.view, taken),
        durak: previous.game === "durak",
        taker: taker(taken),
      }
    : null;
  const summary = events.some((ev) => ev.type === "deal_scored") && frame.view.phase !== "match_over";
  if (!trick && !summary) return null;
  return { until: now + ms, ms, trick, summary };
}
