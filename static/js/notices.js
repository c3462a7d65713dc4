// Live notices on every page of a signed-in user, over the personal lobby socket that
// social.js opens (window.kartochkiSocial): «friend_request» (below) and «quick_seated»: quick play seated you and the match
// runs; a toast with a link to the table and the tab's title say so wherever you are on the
// site (a person who does not open the table within 20 s aborts the match: apps.tables.no_show).
// Protocol: docs/protocol.md.
import { csrfToken } from "./csrf.js";
import { setBadgeCount } from "./social.js";
import { toastHost } from "./toasts.js";
const bus = window.kartochkiSocial;
const holder = document.getElementById("social-socket");
const words = JSON.parse(document.getElementById("social-words").textContent);
const originalTitle = document.title;

// One toast per key (a table, a tournament, a friend request): a title, a hint, its buttons
// (by default one link, ``open`` to ``url``) and «×».
function showToast({ key, title, hint, url, open, testid, openTestid, buttons }) {
  const host = toastHost();
  host.querySelector(`[data-toast-key="${key}"]`)?.remove();
  const toast = document.createElement("div");
  toast.className = "social-toast";
  toast.setAttribute("role", "alert");
  toast.dataset.toastKey = key;
  toast.dataset.testid = testid;
  const text = document.createElement("p");
  const strong = document.createElement("strong");
  strong.textContent = title;
  text.append(strong);
  if (hint) text.append(` ${hint}`);
  const actions = document.createElement("div");
  actions.className = "form-actions";
  if (buttons) {
    actions.append(...buttons);
  } else {
    const link = document.createElement("a");
    link.className = "button";
    link.href = url;
    link.textContent = open;
    link.dataset.testid = openTestid;
    actions.append(link);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "social-toast__close";
  close.setAttribute("aria-label", "×");
  close.textContent = "×";
  close.addEventListener("click", () => { toast.remove(); document.title = originalTitle; });
  toast.append(close, text, actions);
  host.append(toast);
}

function showSeated(frame, title, hint, testid) {
  if (holder && holder.dataset.table === String(frame.table)) return; // already at that table
  document.title = `● ${title} · ${originalTitle}`;
  showToast({
    key: `table-${frame.table}`, title, hint, url: frame.url, open: words.quick_seated_open,
    testid, openTestid: `${testid.replace("-toast", "")}-open`,
  });
}

function showQuickSeated(frame) {
  showSeated(frame, words.quick_seated_title, words.quick_seated_hint, "quick-seated-toast");
}

function showTournamentSeated(frame) {
  showSeated(frame, words.tournament_seated_title, frame.name, "tournament-seated-toast");
}

function showTournamentPair(frame) {
  showToast({
    key: `tournament-${frame.tournament}`, title: words.tournament_pair_title, hint: "",
    url: frame.url, open: words.tournament_pair_open,
    testid: "tournament-pair-toast", openTestid: "tournament-pair-open",
  });
}

/** A POST form of the friends page («Принять»/«Отклонить» with the request's id). */
function requestForm(action, id, label, ghost, testid) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = action;
  form.className = "inline-form";
  for (const [name, value] of [["csrfmiddlewaretoken", csrfToken()], ["request", String(id)]]) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  const button = document.createElement("button");
  button.type = "submit";
  button.textContent = label;
  button.dataset.testid = testid;
  if (ghost) button.className = "button--ghost";
  form.append(button);
  return form;
}

// «friend_request»: someone asked you to be friends: the badge counts it and a toast offers
// «Принять» at once, as an invitation does. Pages without the site header
// (the table in play) keep it for the badge of the next page.
function showFriendRequest(frame) {
  setBadgeCount(frame.count);
  if (!document.getElementById("invite-badge")) return;
  showToast({
    // one toast per person asking, however often he asks again (docs/security.md)
    key: `friend-${frame.from.id}`, title: frame.from.name, hint: words.wants_friends,
    testid: "friend-request-toast",
    buttons: [
      requestForm(frame.accept, frame.id, words.accept, false, "friend-toast-accept"),
      requestForm(frame.decline, frame.id, words.decline, true, "friend-toast-decline"),
    ],
  });
}

if (bus) {
  bus.on("quick_seated", showQuickSeated);
  bus.on("tournament_seated", showTournamentSeated);
  bus.on("tournament_pair", showTournamentPair);
  bus.on("friend_request", showFriendRequest);
}
