// «Смотреть»: the live public tables and the last finished matches, asked on the personal lobby
// socket every 5 s (the server builds the list at most once every 2 s for everyone).
const bus = window.kartochkiSocial;
const words = JSON.parse(document.getElementById("social-words").textContent);
const live = document.getElementById("watch-live");
const finished = document.getElementById("watch-finished");
const EVERY_MS = 5_000;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function names(players) {
  const span = el("span", "watch-row__players");
  players.forEach((p, i) => {
    const name = p.won ? el("strong", "", p.name) : document.createTextNode(p.name);
    span.append(name);
    if (i < players.length - 1) span.append(", ");
  });
  return span;
}

function liveRow(t) {
  const li = el("li", "watch-row");
  li.dataset.table = t.id;
  const a = el("a", "watch-row__link");
  a.href = t.url;
  a.dataset.testid = "watch-open";
  a.append(el("strong", "", `#${t.id} ${t.game_name}`), " ", el("span", "muted", t.mode));
  const score = el(
    "span",
    "watch-row__score",
    t.score.totals.length ? t.score.totals.join(" : ") : `${t.score.cards.join(" · ")} ${words.cards}`,
  );
  score.dataset.testid = "watch-score";
  const spectators = el("span", "watch-row__spectators muted", `${words.spectators}: ${t.spectators}`);
  spectators.dataset.testid = "watch-spectators";
  li.append(a, names(t.players), score, spectators);
  if (t.featured) {
    li.classList.add("is-featured");
    const note = el("span", "watch-row__featured", words.featured);
    note.dataset.testid = "watch-featured";
    li.prepend(note);
  }
  return li;
}

function finishedRow(m) {
  const li = el("li", "watch-row");
  li.dataset.match = m.match;
  const a = el("a", "watch-row__link");
  a.href = m.replay;
  a.dataset.testid = "watch-replay";
  a.append(el("strong", "", m.game_name), " ", el("span", "muted", m.mode), ` — ${words.replay}`);
  li.append(a, names(m.players));
  if (m.totals.length) li.append(el("span", "watch-row__score", m.totals.join(" : ")));
  return li;
}

function fill(list, rows, empty) {
  list.replaceChildren(...(rows.length ? rows : [el("li", "muted", empty)]));
}

bus.on("watch", (frame) => {
  fill(live, frame.tables.map(liveRow), words.no_tables);
  if (frame.finished.length) fill(finished, frame.finished.map(finishedRow), "");
});
bus.on("open", () => bus.send({ op: "watch" }));
setInterval(() => bus.send({ op: "watch" }), EVERY_MS);
