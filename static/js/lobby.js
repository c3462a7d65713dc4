// The lobby's list of open tables follows /ws/lobby/ (docs/protocol.md, «The lobby socket»):
// the whole list once (`tables`, on connect and on `sync`), then only what changed
// (`tables_diff`: rows added, rows changed, ids removed).
import { shownName } from "./names.js";
import { LOBBY_NO_RETRY, LiveSocket, socketUrl } from "./socket.js";

const list = document.getElementById("lobby-tables");
const words = JSON.parse(document.getElementById("lobby-words").textContent);
const tableUrl = list.dataset.tableUrl; // ".../tables/0/": the table's id replaces the 0
//: The server lists at most this many, newest first (apps.lobby.selectors.LIST_LIMIT).
const LIMIT = 100;
const rows = new Map();

// a bot's «Бот N» in the page's language, as labels.display_name shows it
function shown(seat) {
  return shownName(seat.name, seat.bot, words.bot) || "·";
}

function item(t) {
  const li = document.createElement("li");
  li.dataset.table = t.id;
  const a = document.createElement("a");
  a.href = tableUrl.replace(/0\/$/, `${t.id}/`);
  a.textContent = `#${t.id} ${words.games[t.game] || t.game}`;
  const status = words.statuses[t.status] || t.status;
  const seats = t.seats.map((s) => (s.name && s.rating ? `${shown(s)} (${s.rating})` : shown(s)));
  li.append(a, ` — ${status} — ${seats.join(", ")}`);
  return li;
}

function render() {
  if (!rows.size) {
    const empty = document.createElement("li");
    empty.className = "muted";
    empty.textContent = words.empty;
    list.replaceChildren(empty);
    return;
  }
  const newest = [...rows.values()].sort((a, b) => b.id - a.id).slice(0, LIMIT);
  list.replaceChildren(...newest.map(item));
}

/** Apply one lobby frame to the list; other frames are ignored. */
export function apply(frame) {
  if (frame.op === "tables") {
    rows.clear();
    for (const t of frame.tables) rows.set(t.id, t);
  } else if (frame.op === "tables_diff") {
    for (const id of frame.removed) rows.delete(id);
    for (const t of [...frame.added, ...frame.changed]) rows.set(t.id, t);
    // keep what the server lists: the newest LIMIT
    for (const id of [...rows.keys()].sort((a, b) => b - a).slice(LIMIT)) rows.delete(id);
  } else {
    return;
  }
  render();
}

const socket = new LiveSocket(socketUrl("/ws/lobby/"), { onMessage: apply, noRetry: LOBBY_NO_RETRY, pingEveryMs: null });
socket.connect();
// A waiting table leaves the list a while after its people left its page (no event says when):
// the whole list is asked for again now and then.
const RESYNC_MS = 30_000;
setInterval(() => socket.send({ op: "sync" }), RESYNC_MS);
