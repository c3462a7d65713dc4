/**
 * The table chat (docs/protocol.md «Chat»): a drawer with the messages, the canned phrases
 * and a line for free text.
 *
 * Promises:
 * - every text from the server (names, messages) is put into the page with `textContent`
 *   only: a `<script>` message shows as the characters it is;
 * - `add(frame)` shows a `chat` frame once (by `id`); `history(list)` replaces the log with
 *   the server's last messages (sent on every (re)connect); `hide(ids)` drops messages a
 *   moderator hid; `muted(user, on)` hides (or shows again) what a user writes;
 * - `setView(view)` follows the table: players of a team game may only use phrases while the
 *   match is played (unless the table allows free talk: `data-chat-free` on the mount);
 * - sends `{op: "chat", text, id: "c<n>"}` / `{op: "chat", phrase, id}`, `{op: "chat_mute", user, mute}`,
 *   `{op: "chat_report", id, reason}` (after a dialog asking why) through `send(frame)` (false when offline).
 */

import { csrfToken } from "../csrf.js";
import { choiceDialog } from "./dialog.js";
import { h, svg } from "./dom.js";
import { gettext, gettext_noop, interpolate } from "./i18n.js";

/** The canned phrases by code, as the server knows them (apps/chat/phrases.py). */
export const PHRASES = {
  hello: gettext_noop("Привет!"),
  good_luck: gettext_noop("Удачи!"),
  good_game: gettext_noop("Хорошая игра"),
  thanks: gettext_noop("Спасибо за игру"),
  oops: gettext_noop("Ой!"),
};
export const MAX_TEXT = 200;
/** Why a message is reported, by code, as the server knows them (ChatReport.Reason). */
export const REPORT_REASONS = {
  insults: gettext_noop("Оскорбления"),
  spam: gettext_noop("Спам"),
  hints: gettext_noop("Подсказки партнёру"),
  other: gettext_noop("Другое"),
};
/** An eye (spectators), drawn: emoji fonts are not everywhere. */
export function eyeIcon() {
  return svg('<svg class="icon-eye" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true"><path fill="currentColor" d="M12 5C6.5 5 2.7 9.4 1.5 12c1.2 2.6 5 7 10.5 7s9.3-4.4 10.5-7C21.3 9.4 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-2.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z"/></svg>');
}
const KEEP = 200;

/** Characters as the server counts them (code points, spaces folded): an emoji is one. */
export function textLength(text) {
  return [...String(text).replace(/\s+/g, " ")].length;
}
const PLAYING = new Set(["auction", "play", "check", "deal_over"]);

/** Whether players of `view` may write only phrases now: a team game while its match is played. */
export function phrasesOnly(view, chatFree = false) {
  if (!view || chatFree || view.seat === null || view.seat === undefined) return false;
  const team = (view.seats || []).some((s) => s.team !== null && s.team !== undefined);
  return team && PLAYING.has(view.phase);
}

export class ChatPanel {
  constructor({ send, toast, me = null, chatFree = false, hidden = null, returnUrl = null }) {
    this.send = send;
    this.toast = toast;
    this.me = me;
    this.chatFree = chatFree;
    this.ids = new Set();
    /** Chat frames carry ids `c1`, `c2`…: their errors are the chat's, never an act's. */
    this.counter = 0;
    this.mutedUsers = new Map(); // user id -> name
    /** People I blocked (their messages never reach me): listed with «Вернуть» beside the mutes. */
    this.blockedUsers = new Map();
    for (const p of (hidden && hidden.muted) || []) this.mutedUsers.set(p.id, String(p.name ?? ""));
    for (const p of (hidden && hidden.blocked) || []) this.blockedUsers.set(p.id, String(p.name ?? ""));
    /** `/chat/hidden/KIND/return/`: where «Вернуть» lifts a block (a mute goes over the socket). */
    this.returnUrl = returnUrl;
    this.unread = 0;
    this.open = false;
    this.view = null;
    this.onUnread = () => {};
    /** The «×» was pressed: the table clears its open flag (client.js `closeChat`). */
    this.onClose = () => this.setOpen(false);
    this.log = h("ol", { class: "chat-log", "aria-live": "polite", "data-testid": "chat-log" });
    // no `maxlength`: a paste is never cut without a word; the count shows how far over it is
    this.input = h("input", {
      type: "text",
      class: "chat-input",
      "data-testid": "chat-input",
      "aria-label": gettext("Сообщение"),
      "aria-describedby": "chat-count",
      placeholder: gettext("Сообщение…"),
      oninput: () => this.renderCount(),
    });
    this.count = h("span", { class: "chat-count", id: "chat-count", "data-testid": "chat-count", "aria-live": "polite" });
    /** Texts sent and not yet answered, by frame id: a refusal puts the text back into the input. */
    this.pendingTexts = new Map();
    this.sendButton = h("button", { type: "submit", class: "btn btn-primary", "data-testid": "chat-send" }, gettext("Отправить"));
    this.note = h("p", { class: "chat-note", hidden: true });
    this.mutedLine = h("div", { class: "chat-muted", "data-testid": "chat-hidden", hidden: true });
    const phrases = h(
      "div",
      { class: "chat-phrases" },
      Object.entries(PHRASES).map(([code, words]) =>
        h("button", { type: "button", class: "btn btn-ghost chat-phrase", "data-phrase": code, onclick: () => this.say({ phrase: code }) }, gettext(words)),
      ),
    );
    const form = h(
      "form",
      {
        class: "chat-form",
        onsubmit: (ev) => {
          ev.preventDefault();
          const text = this.input.value.trim();
          if (!text) return;
          if (textLength(text) > MAX_TEXT) {
            this.toast(interpolate(gettext("Сообщение длиннее %(max)s знаков: сократите его, текст остался в строке."), { max: MAX_TEXT }));
            this.input.focus();
            return;
          }
          const id = this.say({ text });
          if (id) {
            this.pendingTexts.set(id, text);
            if (this.pendingTexts.size > 10) this.pendingTexts.delete(this.pendingTexts.keys().next().value);
            this.input.value = "";
            this.renderCount();
          }
        },
      },
      h("span", { class: "chat-field" }, this.input, this.count),
      this.sendButton,
    );
    this.element = h(
      "aside",
      { class: "chat", "aria-label": gettext("Чат"), "data-testid": "chat" },
      h("div", { class: "chat-head" }, h("h2", { class: "chat-title" }, gettext("Чат")), h("button", { type: "button", class: "btn btn-ghost chat-close", "data-control": "chat-close", "aria-label": gettext("Закрыть"), onclick: () => this.onClose() }, "×")),
      this.log,
      this.mutedLine,
      phrases,
      this.note,
      form,
    );
    this.renderMuted();
  }

  /** Send a chat frame; its id (`c<n>`), or null when offline (a toast says so). */
  say(content) {
    const id = `c${++this.counter}`;
    if (!this.send({ op: "chat", ...content, id })) {
      this.toast(gettext("Нет связи, переподключаемся…"));
      return null;
    }
    return id;
  }

  /** «180/200» beside the input once it holds text; over the limit it is marked. */
  renderCount() {
    const n = textLength(this.input.value.trim());
    this.count.textContent = n ? `${n}/${MAX_TEXT}` : "";
    this.count.classList.toggle("is-over", n > MAX_TEXT);
    this.input.setAttribute("aria-invalid", String(n > MAX_TEXT));
  }

  /** The server refused chat frame `id`: its text comes back into an empty input (nothing lost). */
  refused(id) {
    const text = this.pendingTexts.get(id);
    this.pendingTexts.delete(id);
    if (text && !this.input.value) {
      this.input.value = text;
      this.renderCount();
    }
  }

  setOpen(open) {
    this.open = open;
    if (open) this.unread = 0;
    this.onUnread(this.unread);
  }

  setView(view) {
    this.view = view;
    const only = phrasesOnly(view, this.chatFree);
    this.input.disabled = only;
    this.sendButton.disabled = only;
    this.note.hidden = !only;
    this.note.textContent = only ? gettext("Во время партии игрокам — только готовые фразы.") : "";
    this.input.placeholder = only ? gettext("Только фразы до конца партии") : gettext("Сообщение…");
  }

  history(messages) {
    this.ids.clear();
    this.log.replaceChildren();
    for (const m of messages || []) this.add(m, { quiet: true });
  }

  add(frame, { quiet = false } = {}) {
    if (!frame || typeof frame.id !== "number" || this.ids.has(frame.id)) return;
    if (frame.user !== null && this.mutedUsers.has(frame.user)) return;
    this.ids.add(frame.id);
    const mine = this.me !== null && frame.user === this.me;
    const words = frame.phrase && PHRASES[frame.phrase] ? gettext(PHRASES[frame.phrase]) : String(frame.text ?? "");
    const name = h("span", { class: "chat-name" });
    name.textContent = String(frame.name ?? "");
    const text = h("span", { class: "chat-text" });
    text.textContent = words;
    const tools = [];
    if (!mine && frame.user !== null && frame.user !== undefined) {
      tools.push(
        h("button", { type: "button", class: "chat-tool", "data-control": "chat-mute", title: gettext("Не показывать его сообщения"), "aria-label": gettext("Не показывать его сообщения"), onclick: () => this.send({ op: "chat_mute", user: frame.user, mute: true }) && this.mutedUsers.set(frame.user, String(frame.name ?? "")) }, "⊘"),
        h("button", { type: "button", class: "chat-tool", "data-control": "chat-report", title: gettext("Пожаловаться"), "aria-label": gettext("Пожаловаться"), onclick: () => this.askReport(frame, words) }, "⚑"),
      );
    }
    const li = h(
      "li",
      { class: ["chat-msg", `chat-${frame.channel === "spectators" ? "spectators" : "players"}`, mine && "is-mine"], "data-id": frame.id, "data-user": frame.user ?? "" },
      frame.channel === "spectators" ? h("span", { class: "chat-channel", title: gettext("Зрители") }, eyeIcon()) : null,
      name,
      ": ",
      text,
      tools,
    );
    this.log.append(li);
    while (this.log.children.length > KEEP) this.log.firstElementChild.remove();
    this.log.scrollTop = this.log.scrollHeight;
    if (!quiet && !this.open && !mine) {
      this.unread += 1;
      this.onUnread(this.unread);
    }
  }

  hide(ids) {
    for (const id of ids || []) {
      const li = this.log.querySelector(`[data-id="${Number(id)}"]`);
      if (li) li.remove();
    }
  }

  /** The server confirmed a mute (or unmute) of `user`. */
  muted(user, on) {
    if (on) {
      for (const li of [...this.log.querySelectorAll(".chat-msg")]) if (li.dataset.user === String(user)) li.remove();
      if (!this.mutedUsers.has(user)) this.mutedUsers.set(user, "");
    } else {
      this.mutedUsers.delete(user);
    }
    this.renderMuted();
  }

  /** «Скрыты:» the people I muted or blocked, each with «Вернуть» (a mute or a block made on
   * another page or before a reload is listed too: the page passes them in). */
  renderMuted() {
    const person = (user, name, kind) => {
      const label = h("span", { class: "chat-hidden-name" });
      label.textContent = name || `#${user}`;
      const back = h(
        "button",
        {
          type: "button",
          class: "chat-unmute",
          "data-control": kind === "block" ? "chat-unblock" : "chat-unmute",
          "data-user": user,
          title: kind === "block" ? gettext("Снять блокировку") : gettext("Показывать снова"),
          onclick: () => (kind === "block" ? this.unblock(user) : this.send({ op: "chat_mute", user, mute: false })),
        },
        gettext("Вернуть"),
      );
      return h("span", { class: ["chat-hidden-person", kind === "block" && "is-blocked"] }, label, kind === "block" ? ` (${gettext("блок")}) ` : " ", back);
    };
    const people = [
      ...[...this.mutedUsers.entries()].map(([user, name]) => person(user, name, "mute")),
      ...[...this.blockedUsers.entries()].map(([user, name]) => person(user, name, "block")),
    ];
    this.mutedLine.hidden = !people.length;
    this.mutedLine.replaceChildren(...(people.length ? [gettext("Скрыты:"), " ", people] : []).flat());
  }

  /** «Вернуть» on a block: POST to the site (the block is the friends page's, not the socket's). */
  async unblock(user) {
    if (!this.returnUrl) return;
    try {
      const response = await fetch(this.returnUrl.replace("KIND", "block"), {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json", "X-CSRFToken": csrfToken(), "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ user: String(user) }),
      });
      if (!response.ok) throw new Error(String(response.status));
      this.blockedUsers.delete(user);
      this.renderMuted();
      this.send({ op: "sync" }); // the socket reads whom I hide again with the state
    } catch {
      this.toast(gettext("Не получилось. Попробуйте ещё раз."));
    }
  }

  /** «Пожаловаться» on a message: a dialog asks why; only a chosen reason sends the report. */
  async askReport(frame, words) {
    const reason = await choiceDialog(this.dialogHost(), {
      title: gettext("Пожаловаться на сообщение?"),
      text: interpolate(gettext("%(name)s: «%(text)s». Что не так?"), { name: String(frame.name ?? ""), text: words }),
      choices: Object.entries(REPORT_REASONS).map(([answer, label]) => ({ answer, label: gettext(label) })),
    });
    if (reason) this.send({ op: "chat_report", id: frame.id, reason });
  }

  /** Where dialogs open: the table's root (the chat's own box is too small on a phone). */
  dialogHost() {
    return this.element.closest("#table-app, .table-app") || this.element.parentElement || document.body;
  }

  reported() {
    this.toast(gettext("Жалоба отправлена модераторам."), "info");
  }
}

/** «Ещё партию» after the match: who agreed, who is still awaited, who left. */
export function rematchBox(view, { vote, seatName }) {
  const agreed = new Set(view.rematch || []);
  const seated = view.seat !== null && view.seat !== undefined;
  const mineAgreed = seated && agreed.has(view.seat);
  const people = (view.seats || []).filter((s) => s.name);
  const rows = people.map((s) => {
    let state = gettext("ждём");
    if (agreed.has(s.seat)) state = gettext("за");
    else if (!s.connected) state = gettext("ушёл");
    return h("li", { "data-seat": s.seat, class: agreed.has(s.seat) ? "is-agreed" : "" }, interpolate("%(name)s — %(state)s", { name: s.seat === view.seat ? gettext("Вы") : seatName(view, s.seat), state }));
  });
  return h(
    "div",
    { class: "rematch", "data-testid": "rematch" },
    seated
      ? h("button", { type: "button", class: ["btn", mineAgreed ? "btn-ghost" : "btn-primary"], "data-control": "rematch", "aria-pressed": String(mineAgreed), onclick: () => vote(!mineAgreed) }, mineAgreed ? gettext("Передумал") : gettext("Ещё партию"))
      : null,
    h("ul", { class: "rematch-list" }, rows),
  );
}
