// The waiting room of a table (before the match): the random client seed of «Готов», the chat,
// a reload whenever the table differs from this page, and the owner's invite link.
import { LiveSocket, tableSocketUrl } from "../socket.js";
import { ChatPanel } from "../table/chat.js";
import { clientSeed } from "../table/ready.js";
import { keyOf, viewKey } from "./waiting-key.js";

const chatHost = document.querySelector('[data-testid="waiting-chat"]');

// «Готов» sends a random client seed (docs/rules.md §3) unless the player typed his own.
const readyForm = document.querySelector('[data-testid="ready-form"]');
readyForm?.addEventListener("submit", () => {
  readyForm.elements.client_seed.value = clientSeed();
});

// Reload when the table differs from this page (someone sits or stands, gets ready, a bot is
// seated, the options change, the match starts) — whenever the state arrives, even the first
// one; a frame that changes nothing shown here (who is connected) does not reload. The page
// asks for the state again every few seconds (a change published while it was loading is
// never missed for long), and gives up on a state after three reloads that did not show it.
const shown = keyOf(
  "waiting",
  [...document.querySelectorAll('[data-testid="seats"] li[data-key]')].map((li) => li.dataset.key).join(";"),
  JSON.parse(document.getElementById("table-options").textContent),
);
let reloading = false;
const socket = new LiveSocket(tableSocketUrl(chatHost.dataset.tableId), { onMessage: receive, onStatus: gone, pingEveryMs: null });

// The chat before the match (the same socket; history comes again after each reload).
const chat = new ChatPanel({
  send: (frame) => socket.send(frame),
  toast: (text) => { chat.note.hidden = false; chat.note.textContent = text; },
  me: Number(chatHost.dataset.userId),
  hidden: JSON.parse(document.getElementById("chat-hidden").textContent),
  returnUrl: chatHost.dataset.chatReturn,
});
chat.setOpen(true);
chat.element.querySelector(".chat-close").remove();
chatHost.append(chat.element);

function receive(frame) {
  if (frame.op === "chat") chat.add(frame);
  else if (frame.op === "chat_history") chat.history(frame.messages);
  else if (frame.op === "chat_hidden") chat.hide(frame.ids);
  else if (frame.op === "chat_mute") chat.muted(frame.user, frame.mute);
  else if (frame.op === "chat_report") chat.reported();
  else if (frame.op === "error") chat.toast(frame.message);
  if (frame.op !== "state" || !frame.view || reloading) return;
  const now = viewKey(frame.view);
  if (now === shown) return;
  const tried = JSON.parse(sessionStorage.getItem("table-reloads") || "{}");
  const n = tried[now] || 0;
  if (n >= 3) return;
  sessionStorage.setItem("table-reloads", JSON.stringify({ [now]: n + 1 }));
  reloading = true;
  setTimeout(() => location.reload(), n * 1000);
}

// The owner's invite link: the phone's share sheet where there is one, else the clipboard.
// The button comes disabled (it does nothing without this script): a click before the script
// ran would be lost.
const copy = document.querySelector('[data-testid="invite-copy"]');
if (copy) copy.disabled = false;
if (copy) copy.addEventListener("click", async () => {
  const url = document.querySelector('[data-testid="invite-url"]').value;
  const done = document.querySelector('[data-testid="invite-copied"]');
  try {
    if (navigator.share && matchMedia("(pointer: coarse)").matches) {
      await navigator.share({ title: copy.dataset.shareTitle, url });
      return;
    }
    await navigator.clipboard.writeText(url);
  } catch (err) {
    if (err && err.name === "AbortError") return; // the share sheet was closed
    const input = document.querySelector('[data-testid="invite-url"]');
    input.select();
    document.execCommand("copy");
  }
  done.hidden = false;
});

const poll = setInterval(() => socket.send({ op: "sync" }), 5000);
socket.connect();

// The server went away: no reconnection here, the page itself comes back after 5 s.
function gone(status) {
  if (status !== "closed" && status !== "denied") return;
  socket.close();
  clearInterval(poll);
  setTimeout(() => location.reload(), 5000);
}
