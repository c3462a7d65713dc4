/**
 * Entry point of the table page (an ES module, no build step).
 *
 * Looks for the mount element `#table-app` and reads its data attributes:
 *   data-table-id   the table's id (required)
 *   data-ws-url     the socket URL (optional; default ws(s)://<host>/ws/tables/<id>/)
 *   data-lang       "ru" (default) or "en": informative; the texts come from Django's
 *                   JavaScript catalog, which the page loads (before this module) in its language
 *   data-lobby-url  where «Выйти» and «В лобби» go (default "/")
 *   data-theme      a theme before the first state arrives (club, yard, kitchen)
 *   data-transport  "fake" for rendering tests: no socket; frames sent are recorded
 *   data-user-id    the signed-in user's id (the chat marks his own messages, offers mute to others)
 *   data-chat-free  "1": players of a team game may write free text during the match too
 *   data-invite-url the private table's invite link (its owner only): «Пригласить» in the menu
 *   data-chat-return where the chat's «Вернуть» lifts a block (`/chat/hidden/KIND/return/`)
 * and `<script id="chat-hidden" type="application/json">` (optional): whom the user mutes and
 * blocks, `{muted: [{id, name}], blocked: [...]}`, listed in the chat with «Вернуть».
 * The client is exposed as `window.__tableClient` (its `receive(msg)` takes a server frame).
 * The style sheets (table.css and the three themes) are linked from here when the page
 * has not linked them itself.
 */

import { TableClient } from "./table/client.js";

export function mountTable(root = document.getElementById("table-app")) {
  if (!root) return null;
  const d = root.dataset;
  const client = new TableClient(root, {
    tableId: d.tableId,
    wsUrl: d.wsUrl || null,
    transport: d.transport === "fake" ? "fake" : "socket",
    lobbyUrl: d.lobbyUrl || "/",
    me: d.userId ? Number(d.userId) : null,
    chatFree: d.chatFree === "1",
    inviteUrl: d.inviteUrl || null,
    hidden: readJson("chat-hidden"),
    returnUrl: d.chatReturn || null,
  });
  window.__tableClient = client;
  loadThemeStyles();
  fitToViewport(root);
  client.start();
  return client;
}

/** The JSON of `<script id=…>` on the page, or null. */
function readJson(id) {
  const el = document.getElementById(id);
  try {
    return el ? JSON.parse(el.textContent) : null;
  } catch {
    return null;
  }
}

const THEMES = ["club", "yard", "kitchen"];

/** Link the table and theme style sheets (next to this module) unless the page already has them. */
function loadThemeStyles() {
  const present = [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.href);
  const sheets = ["../css/table.css", ...THEMES.map((name) => `../css/themes/${name}.css`)];
  for (const path of sheets) {
    const href = new URL(path, import.meta.url).href;
    const base = path.split("/").pop().replace(/\.css$/, "");
    // the page's own link may carry the production storage's hash: table.0123456789ab.css
    const same = new RegExp(`/${base}(\\.[0-9a-f]{12})?\\.css$`);
    if (present.some((p) => p === href || same.test(p.split("?")[0]))) continue;
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href }));
  }
}

/** Let the table fill the screen below whatever the page puts above it (the site header). */
function fitToViewport(root) {
  const update = () => root.style.setProperty("--table-offset", `${Math.max(0, root.getBoundingClientRect().top + window.scrollY)}px`);
  update();
  window.addEventListener("resize", update);
}

mountTable();
