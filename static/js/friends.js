// «Друзья»: who is online and where, asked on the personal lobby socket every 15 s; rows are
// updated in place. A request, an acceptance or a block (`friends_changed`) reloads the page.
const bus = window.kartochkiSocial;
const words = JSON.parse(document.getElementById("social-words").textContent);
const list = document.getElementById("friends-list");
const EVERY_MS = 15_000;

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
  const rows = new Map([...list.querySelectorAll("[data-friend]")].map((li) => [li.dataset.friend, li]));
  const ids = new Set(friends.map((f) => String(f.id)));
  if (ids.size !== rows.size || [...ids].some((id) => !rows.has(id))) {
    location.reload();
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
bus.on("friends_changed", () => location.reload());
bus.on("open", () => bus.send({ op: "friends" }));
setInterval(() => bus.send({ op: "friends" }), EVERY_MS);
