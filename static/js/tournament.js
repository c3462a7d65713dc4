// Tournament pages: countdowns to a start (or an arena's end), and on a tournament's page the
// standings, the round's tables, the bracket and «Ваш стол» kept live: the page follows the
// event on the personal lobby socket (social.js) and fetches its state as soon as
// `tournament_changed` arrives (at most once a second); without the socket (signed out, or
// while it reconnects) it polls every 3 s.
const words = JSON.parse(document.getElementById("tournament-words")?.textContent || "{}");

function countdowns() {
  const now = Date.now();
  for (const el of document.querySelectorAll(".tournament-countdown[data-starts]")) {
    const left = Math.round((Date.parse(el.dataset.starts) - now) / 1000);
    if (Number.isNaN(left)) continue;
    if (left <= 0) { el.textContent = words.started || "…"; continue; }
    const h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    el.textContent = (h ? `${h}:` : "") + `${String(m).padStart(h ? 2 : 1, "0")}:${String(s).padStart(2, "0")}`;
  }
}

const lang = document.documentElement.lang || "ru";
/** A score in the page's language: «2», «0,5» (ru) or «0.5» (en), as the server wrote it. */
const number = (value) => Number(value).toLocaleString(lang, { maximumFractionDigits: 2 });

function cell(text, className) {
  const td = document.createElement("td");
  if (className) td.className = className;
  td.textContent = text;
  return td;
}

function renderStandings(state) {
  const body = document.getElementById("standings-rows");
  if (!body) return;
  const swiss = state.format === "swiss";
  body.replaceChildren(...state.standings.map((row) => {
    const tr = document.createElement("tr");
    if (row.is_you) tr.className = "is-you";
    const name = cell(row.name);
    if (row.on_fire) {
      const fire = document.createElement("span");
      fire.title = words.on_fire || "";
      fire.textContent = " 🔥";
      name.append(fire);
    }
    if (row.withdrawn) name.append(` (${words.withdrawn})`);
    tr.append(cell(row.place, "num"), name, cell(number(row.score), "num"));
    if (swiss) tr.append(cell(number(row.buchholz), "num wide"));
    tr.append(cell(row.played, "num wide"));
    return tr;
  }));
}

function renderTables(state) {
  const list = document.getElementById("round-tables");
  if (!list) return;
  if (!state.current.length) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = words.no_tables;
    list.replaceChildren(li);
    return;
  }
  list.replaceChildren(...state.current.map((p) => {
    const li = document.createElement("li");
    li.textContent = p.entrants.map((e) => e.name).join(" — ") + " ";
    if (p.url && !p.finished) {
      const a = document.createElement("a");
      a.href = p.url;
      a.textContent = words.watch;
      li.append(a);
    } else {
      const span = document.createElement("span");
      span.className = "muted";
      span.textContent = p.finished ? words.played : words.bye;
      li.append(span);
    }
    return li;
  }));
}

function renderBracket(state) {
  const box = document.getElementById("bracket");
  if (!box) return;
  document.getElementById("bracket-section").hidden = !state.bracket.length;
  box.replaceChildren(...state.bracket.map((round) => {
    const ol = document.createElement("ol");
    ol.className = "bracket__round";
    ol.append(...round.map((p) => {
      const li = document.createElement("li");
      p.entrants.forEach((e, n) => {
        if (n) li.append(" — ");
        const span = document.createElement("span");
        if (e.won) span.className = "bracket__winner";
        span.textContent = e.name;
        li.append(span);
      });
      if (p.games) {
        const games = document.createElement("span");
        games.className = "bracket__games";
        games.dataset.testid = "bracket-games";
        games.textContent = p.games;
        li.append(" ", games);
      }
      return li;
    }));
    return ol;
  }));
}

function renderYourTable(state) {
  const box = document.getElementById("your-table");
  if (!box) return;
  box.hidden = !state.your_table;
  if (state.your_table) document.getElementById("your-table-link").href = state.your_table.url;
}

const POLL_MS = 3000;
const FETCH_GAP_MS = 1000;
let lastFetch = 0;
let fetchTimer = null;
let pollTimer = null;

function following() {
  const bus = window.kartochkiSocial;
  return !!bus && bus.open;
}

async function refresh(root) {
  fetchTimer = null;
  lastFetch = Date.now();
  clearTimeout(pollTimer);
  try {
    const response = await fetch(root.dataset.stateUrl, { headers: { Accept: "application/json" } });
    if (response.ok) {
      const state = await response.json();
      renderStandings(state);
      renderTables(state);
      renderBracket(state);
      renderYourTable(state);
      const status = document.querySelector('[data-field="status_name"]');
      if (status) status.textContent = state.status_name;
      if (state.status === "finished" || state.status === "cancelled") {
        if (root.dataset.status !== state.status && root.dataset.status) window.location.reload();
        return;
      }
      root.dataset.status = state.status;
    }
  } catch {
    // offline for a moment: the next change or poll tries again
  }
  if (!following()) pollTimer = setTimeout(() => refresh(root), POLL_MS);
}

/** Fetch the state now, or a second after the last fetch (a burst of results: one fetch). */
function refreshSoon(root) {
  if (fetchTimer) return;
  fetchTimer = setTimeout(() => refresh(root), Math.max(0, lastFetch + FETCH_GAP_MS - Date.now()));
}

function follow(root) {
  const bus = window.kartochkiSocial;
  if (!bus) return;
  const id = Number(root.dataset.id);
  bus.on("open", () => {
    bus.send({ op: "tournament", tournament: id, ...(root.dataset.code ? { code: root.dataset.code } : {}) });
    refreshSoon(root); // what changed while the socket was down
  });
  bus.on("tournament_changed", (frame) => { if (frame.tournament === id) refreshSoon(root); });
  bus.on("close", () => { clearTimeout(pollTimer); pollTimer = setTimeout(() => refresh(root), POLL_MS); });
}

countdowns();
setInterval(countdowns, 1000);
const root = document.getElementById("tournament");
if (root) {
  pollTimer = setTimeout(() => refresh(root), POLL_MS);
  // social.js (a module after this one) has set up its socket once the document is parsed
  document.addEventListener("DOMContentLoaded", () => follow(root));
}
