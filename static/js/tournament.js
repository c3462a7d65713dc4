// Tournament pages: countdowns to a start (or an arena's end), and on a tournament's page the
// standings, the round's tables and «Ваш стол» kept live by polling its state every 3 s.
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

function renderYourTable(state) {
  const box = document.getElementById("your-table");
  if (!box) return;
  box.hidden = !state.your_table;
  if (state.your_table) document.getElementById("your-table-link").href = state.your_table.url;
}

async function poll(root) {
  try {
    const response = await fetch(root.dataset.stateUrl, { headers: { Accept: "application/json" } });
    if (response.ok) {
      const state = await response.json();
      renderStandings(state);
      renderTables(state);
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
    // offline for a moment: the next poll tries again
  }
  setTimeout(() => poll(root), 3000);
}

countdowns();
setInterval(countdowns, 1000);
const root = document.getElementById("tournament");
if (root) setTimeout(() => poll(root), 3000);
