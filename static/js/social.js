// The personal lobby socket of every page (signed-in users): /ws/lobby/?tables=0[&table=<id>].
// It keeps the invitations badge of the header right, shows an invitation the moment it
// arrives, and lends itself to the page's own scripts (friends.js, watch.js) through
// window.kartochkiSocial: on(op, fn) and send(frame). Protocol: docs/protocol.md.
// A page without the site header (the table in play) keeps the socket (presence, spectators)
// but shows no toast: the invitation waits in the badge of the next page.
import { csrfToken } from "./csrf.js";
import { LOBBY_NO_RETRY, LiveSocket, socketUrl } from "./socket.js";
import { toastHost } from "./toasts.js";
const badge = document.getElementById("invite-badge");
const holder = document.getElementById("social-socket");
const words = JSON.parse(document.getElementById("social-words").textContent);
const listeners = new Map();
const query = new URLSearchParams({ tables: "0" });
if (holder.dataset.table) query.set("table", holder.dataset.table);
const socket = new LiveSocket(socketUrl(`/ws/lobby/?${query}`), {
  onMessage: (frame) => { if (typeof frame.op === "string") emit(frame.op, frame); },
  onStatus: (status, info) => {
    if (status === "open") emit("open", {});
    else if (status === "closed" || status === "denied") emit("close", { code: info.code });
  },
  noRetry: LOBBY_NO_RETRY,
  pingEveryMs: null,
});

const bus = {
  on(op, fn) {
    if (!listeners.has(op)) listeners.set(op, []);
    listeners.get(op).push(fn);
    if (op === "open" && socket.open) fn({});
  },
  send(frame) {
    socket.send(frame);
  },
  get open() { return socket.open; },
};
window.kartochkiSocial = bus;

function emit(op, frame) {
  for (const fn of listeners.get(op) || []) {
    try { fn(frame); } catch (error) { console.error(error); }
  }
}

/** The header's badge shows `count` pending invitations and requests (hidden at 0). */
export function setBadgeCount(count) {
  if (!badge || typeof count !== "number") return;
  badge.dataset.count = String(count);
  badge.querySelector(".invite-badge__count").textContent = String(count);
  badge.hidden = !count;
}

function answerForm(action, label, ghost, testid) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = action;
  form.className = "inline-form";
  const token = document.createElement("input");
  token.type = "hidden";
  token.name = "csrfmiddlewaretoken";
  token.value = csrfToken();
  const button = document.createElement("button");
  button.type = "submit";
  button.textContent = label;
  button.dataset.testid = testid;
  if (ghost) button.className = "button--ghost";
  form.append(token, button);
  return form;
}

function showInvitation(frame) {
  const host = toastHost();
  host.querySelector(`[data-invitation="${frame.id}"]`)?.remove();
  const toast = document.createElement("div");
  toast.className = "social-toast";
  toast.setAttribute("role", "alert");
  toast.dataset.invitation = String(frame.id);
  toast.dataset.testid = "invitation-toast";
  const text = document.createElement("p");
  const who = document.createElement("strong");
  who.textContent = frame.from.name;
  text.append(who, ` ${words.invites} #${frame.table} — ${frame.game_name}`);
  const actions = document.createElement("div");
  actions.className = "form-actions";
  const close = document.createElement("button");
  close.type = "button";
  close.className = "social-toast__close";
  close.setAttribute("aria-label", "×");
  close.textContent = "×";
  close.addEventListener("click", () => toast.remove());
  actions.append(
    answerForm(frame.accept, words.accept, false, "toast-accept"),
    answerForm(frame.decline, words.decline, true, "toast-decline"),
  );
  toast.append(close, text, actions);
  host.append(toast);
}

bus.on("invitation", (frame) => {
  setBadgeCount(frame.count);
  if (badge) showInvitation(frame);
});
bus.on("invitations", (frame) => setBadgeCount(frame.count));

socket.connect();
