// «Друзья»: who is online and where, asked on the personal lobby socket every 15 s; rows are
// updated in place. A request, an acceptance, a block (`friends_changed`) or an invitation
// fetches the page again and swaps its [data-live] parts in place, never a reload: a request
// loop no longer reloads anybody's page (docs/security.md). Fetches are one at a time and
// at least a second apart; changes meanwhile are picked up by one more fetch.
const bus = window.kartochkiSocial;
const words = JSON.parse(document.getElementById("social-words").textContent);
const EVERY_MS = 15_000;
const FETCH_GAP_MS = 1000;

let fetching = false;
let wanted = false;

async function swapParts() {
  const response = await fetch(location.pathname, { credentials: "same-origin" });
  if (!response.ok) return;
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
  for (const part of document.querySelectorAll("[data-live]")) {
    const next = fresh.querySelector(`[data-live="${part.dataset.live}"]`);
    if (next) part.replaceWith(document.importNode(next, true));
  }
}

async function refresh() {
  wanted = true;
  if (fetching) return;
  fetching = true;
  document.documentElement.dataset.friendsRefreshing = "1"; // tests wait for its end
  while (wanted) {
    wanted = false;
    try {
      await swapParts();
    } catch (error) {
      console.error(error); // the next change or the 15 s poll tries again
    }
    await new Promise((resolve) => setTimeout(resolve, FETCH_GAP_MS));
  }
  fetching = false;
  delete document.documentElement.dataset.friendsRefreshing;
}

function where(friend) {
  const span = document.createElement("span");
  span.className = "friend__where muted";
  span.dataset.testid = "friend-status";
  if (!friend.online) {
    span.textContent = words.offline;
    return span;
  }
  span.append(words.online);
  const t = friend.table;
  if (t) {
    span.append(` · ${t.role === "plays" ? words.plays : words.watches} — `);
    if (t.url) {
      const a = document.createElement("a");
      a.href = t.url;
      a.textContent = `${words.table} #${t.id}`;
      span.append(a);
    } else {
      span.append(words.private_table);
    }
    span.append(`, ${t.game_name}`);
  }
  return span;
}

function render(friends) {
  const list = document.getElementById("friends-list");
  const rows = new Map([...list.querySelectorAll("[data-friend]")].map((li) => [li.dataset.friend, li]));
  const ids = new Set(friends.map((f) => String(f.id)));
  if (ids.size !== rows.size || [...ids].some((id) => !rows.has(id))) {
    refresh();
    return;
  }
  for (const friend of friends) {
    const li = rows.get(String(friend.id));
    li.classList.toggle("is-online", friend.online);
    li.querySelector(".friend__where").replaceWith(where(friend));
  }
  // online friends first, as the server orders them
  for (const friend of friends) list.append(rows.get(String(friend.id)));
}

bus.on("friends", (frame) => render(frame.friends));
bus.on("friends_changed", refresh);
bus.on("invitation", refresh);
bus.on("open", () => bus.send({ op: "friends" }));
setInterval(() => bus.send({ op: "friends" }), EVERY_MS);
