/**
 * The table client: holds the latest `state` frame (seq + view), renders it, and turns
 * taps, clicks and keys into `act` frames (docs/protocol.md).
 *
 * Promises:
 * - every `act` carries the seq of the state it was made on; after sending, the inputs
 *   are disabled until the next `state` or `error` (a double click never plays twice);
 * - a `state` older than the one shown is ignored; a gap in seq renders the new view and
 *   sends `sync`; an `error` is shown as a toast with the server's message;
 * - `receive(msg)` is the single entry for server frames (the socket calls it; rendering
 *   tests call it through `window.__tableClient`).
 */

import { catchableCards, cardActions, defendTargets, findLegal, hasType, isToAct, ofType, playableCards } from "./moves.js";
import { Attention } from "./attention.js";
import { confirmDialog, infoDialog, toast } from "./dialog.js";
import { describeEvent, feedLines, showBanner } from "./events.js";
import { holdAfter } from "./hold.js";
import { loadHints, saveHints } from "./hints.js";
import { renderHand } from "./hand.js";
import { Sounds } from "./sounds.js";
import { fill, h } from "./dom.js";
import { KEYS_HELP, buildLayout } from "./layout.js";
import { renderPanel } from "./panel.js";
import { dealSummary, matchSummary, scoreSheet } from "./scores.js";
import { renderMe, renderSeats } from "./seats.js";
import { FakeSocket, LiveSocket, tableSocketUrl } from "../socket.js";
import { gettext, interpolate } from "./i18n.js";
import { Countdown } from "./timer.js";
import { renderCentre, renderContract, renderDeck } from "./trick.js";
import { bindKeyboard } from "./keyboard.js";
import { ChatPanel, eyeIcon, rematchBox } from "./chat.js";
import { Tour } from "./tour.js";
import { claimableSeats, gameSeats, gameTitle, isBelot, nextGoneDeadline, seatName, seatPosition } from "./view.js";

const AUCTION_TYPES = new Set(["pass", "bid", "capot", "contra", "recontra", "take", "name"]);
const PENDING_TIMEOUT_MS = 8000;
/** How many times a confirmed «Сдаться» / «Выйти» is sent when the table keeps moving. */
const GIVE_UP_TRIES = 5;
const PLAYING = new Set(["auction", "play", "check", "deal_over"]);

/** What «Сдаться» means at this table: one opponent wins, or several, or a pair with my partner losing. */
export function surrenderText(view) {
  const mine = (view.seats || []).find((s) => s.seat === view.seat);
  const team = mine && mine.team !== null && mine.team !== undefined ? mine.team : null;
  if (team !== null) return gettext("Победа будет записана соперникам, поражение — вам и партнёру.");
  const opponents = gameSeats(view).filter((s) => s !== view.seat).length;
  return opponents > 1 ? gettext("Соперникам будет записана победа.") : gettext("Сопернику будет записана победа.");
}

export class TableClient {
  constructor(root, { tableId, wsUrl = null, transport = "socket", lobbyUrl = "/", me = null, chatFree = false, inviteUrl = null, hidden = null, returnUrl = null }) {
    this.root = root;
    this.tableId = tableId;
    this.lobbyUrl = lobbyUrl;
    this.seq = null;
    this.view = null;
    this.pending = false;
    this.pendingTimer = null;
    /** A confirmed «Сдаться» / «Выйти» not yet applied: sent again on the next state when the
     * table moved meanwhile (`stale`), so giving up is never lost to a bot's quick move. */
    this.givingUp = null;
    this.actCounter = 0;
    this.status = "connecting";
    this.ui = {
      hints: loadHints(),
      selected: null,
      catchMode: false,
      showLast: false,
      showSheet: false,
      bidTrump: null,
      keep: false,
      calls: {},
      overlayClosedAt: null,
    };
    /** The trick or deal summary held on screen (hold.js), and the timer that ends it. */
    this.hold = null;
    this.holdTimer = null;
    const fromMenu = (fn) => () => {
      root.classList.remove("menu-open");
      fn();
    };
    this.parts = buildLayout(root, {
      setHints: (on) => this.setHints(on),
      setSound: (on) => this.sounds.set(on),
      toggleLast: fromMenu(() => this.toggleLast()),
      toggleSheet: fromMenu(() => this.toggleSheet()),
      showKeys: fromMenu(() => this.showKeys()),
      surrender: fromMenu(() => this.surrender()),
      leave: fromMenu(() => this.leave()),
      toggleChat: () => this.toggleChat(),
    }, { lobbyUrl });
    this.chat = new ChatPanel({ send: (frame) => this.socket.send(frame), toast: (text, kind) => this.toast(text, kind), me, chatFree, hidden, returnUrl });
    this.chat.onUnread = (n) => {
      this.parts.chatBadge.hidden = !n;
      this.parts.chatBadge.textContent = n ? String(n) : "";
    };
    this.chat.onClose = () => this.closeChat();
    root.querySelector(".table-body").append(this.chat.element);
    this.tour = new Tour(root, root.querySelector(".bottom"));
    this.inviteUrl = inviteUrl;
    if (inviteUrl) {
      this.parts.menu.prepend(
        h("button", { type: "button", class: "btn btn-ghost", "data-control": "invite", onclick: fromMenu(() => this.shareInvite()) }, gettext("Пригласить")),
      );
    }
    // a tap outside the phone menu closes it
    document.addEventListener("click", (ev) => {
      if (root.classList.contains("menu-open") && !ev.target.closest(".tbar")) root.classList.remove("menu-open");
    });
    this.parts.hand.addEventListener("hand-resize", () => this.render());
    this.sounds = new Sounds();
    this.attention = new Attention();
    // the last seconds of my move tick (once a second, while the move time runs)
    setInterval(() => {
      const left = this.attention.mine && this.view && typeof this.view.deadline === "number" ? this.view.deadline - Date.now() : 0;
      if (left > 0 && left <= 5000) this.sounds.play("tick");
    }, 1000);
    this.countdown = new Countdown(root);
    const url = wsUrl || tableSocketUrl(tableId);
    const Socket = transport === "fake" ? FakeSocket : LiveSocket;
    this.socket = new Socket(url, { onMessage: (m) => this.receive(m), onStatus: (s) => this.setStatus(s) });
    bindKeyboard(this);
    this.render();
  }

  start() {
    this.socket.connect();
  }

  /** Frames sent so far (FakeSocket only; for rendering tests). */
  get sent() {
    return this.socket.sent || [];
  }

  // ---- server frames ---------------------------------------------------------------

  receive(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.op === "state") this.onState(msg);
    else if (msg.op === "error") this.onError(msg);
    else if (msg.op === "chat") this.chat.add(msg);
    else if (msg.op === "chat_history") this.chat.history(msg.messages);
    else if (msg.op === "chat_hidden") this.chat.hide(msg.ids);
    else if (msg.op === "chat_mute") this.chat.muted(msg.user, msg.mute);
    else if (msg.op === "chat_report") this.chat.reported();
  }

  onState(msg) {
    if (typeof msg.seq !== "number" || !msg.view || typeof msg.view !== "object") return;
    // «Ещё партию»: the next match at this table starts again from seq 0
    if (this.view && msg.view.match && this.view.match && msg.view.match > this.view.match) {
      this.seq = null;
      this.view = null;
      this.hold = null;
      clearTimeout(this.holdTimer);
      this.ui.overlayClosedAt = null;
    }
    if (this.seq !== null && this.view && msg.view.match && this.view.match && msg.view.match < this.view.match) return;
    if (this.seq !== null && msg.seq < this.seq) return;
    const gap = this.seq !== null && msg.seq > this.seq + 1;
    const previous = this.view;
    if (msg.seq !== this.seq) this.startHold(holdAfter(previous, msg));
    // a state of the same seq (presence: someone connected) is not the answer to a pending act
    if (msg.seq !== this.seq) this.unlock();
    this.seq = msg.seq;
    this.view = msg.view;
    this.trackCalls(previous, msg.view, msg.events || []);
    this.keepSelectionIfStillUseful();
    if (previous && previous.phase !== msg.view.phase) this.ui.showLast = false;
    this.render();
    this.uncoverMatchOver(previous);
    this.announce(msg.events || []);
    if (gap) this.sync();
    this.giveUpAgainIfRefused();
  }

  /** Show `hold` (or nothing new when null) until its time is up, then the current view. */
  startHold(hold) {
    if (!hold) return;
    clearTimeout(this.holdTimer);
    this.hold = hold;
    this.holdTimer = setTimeout(() => {
      this.hold = null;
      this.render();
    }, Math.max(0, hold.until - Date.now()));
  }

  onError(msg) {
    if (typeof msg.id === "string" && msg.id.startsWith("c")) {
      this.toast(msg.message || gettext("Ошибка"));  // the chat's: an act still pending stays so
      this.chat.refused(msg.id);
      return;
    }
    this.unlock();
    const retrying = msg.code === "stale" && this.givingUp && this.givingUp.tries < GIVE_UP_TRIES;
    if (retrying) this.givingUp.again = true;
    else {
      this.givingUp = null;
      this.toast(msg.message || gettext("Ошибка"));
    }
    this.render();
    if (msg.code === "stale") this.sync();
  }

  /** Give up (`surrender` or `leave`) now, or on the next state if an act is still pending. */
  giveUp(type) {
    this.givingUp = { action: { type }, tries: 1, again: false, sentSeq: this.seq };
    if (!this.act(this.givingUp.action)) this.givingUp.again = true;
  }

  /** On each state: done once a newer state came without a refusal (then «Выйти» goes to the
   * lobby); sent again after a `stale` refusal, at most GIVE_UP_TRIES times. */
  giveUpAgainIfRefused() {
    const g = this.givingUp;
    if (!g) return;
    const over = !this.inMatch || Boolean(this.view && this.view.result);
    if (over || (!g.again && !this.pending && this.seq > g.sentSeq)) {
      this.givingUp = null;
      if (g.action.type === "leave") window.location.assign(this.lobbyUrl);
      return;
    }
    if (g.again && !this.pending) {
      g.again = false;
      g.tries += 1;
      g.sentSeq = this.seq;
      if (!this.act(g.action)) g.again = true;
    }
  }

  sync() {
    this.socket.send({ op: "sync" });
  }

  setStatus(status) {
    this.status = status;
    const conn = this.parts.conn;
    conn.className = `conn conn-${status}`;
    if (status === "open") conn.textContent = gettext("В сети");
    else if (status === "closed") conn.textContent = gettext("Нет связи, переподключаемся…");
    else if (status === "denied") conn.textContent = gettext("Ошибка");
    else conn.textContent = gettext("Соединение…");
    if (status !== "open") this.unlock();
    this.root.classList.toggle("is-offline", status !== "open");
  }

  // ---- acting ------------------------------------------------------------------------

  /** Send `action` on the current seq; false (and nothing sent) while an act is pending. */
  act(action) {
    if (this.pending || !this.view || this.seq === null) return false;
    this.attention.ask(); // a move is a gesture: the one moment a browser lets a page ask
    const frame = { op: "act", seq: this.seq, action, id: `a${++this.actCounter}` };
    if (!this.socket.send(frame)) {
      this.toast(gettext("Нет связи, переподключаемся…"));
      return false;
    }
    this.pending = true;
    this.ui.selected = null;
    this.ui.catchMode = false;
    clearTimeout(this.pendingTimer);
    this.pendingTimer = setTimeout(() => {
      this.unlock();
      this.render();
      this.sync();
    }, PENDING_TIMEOUT_MS);
    this.render();
    return true;
  }

  unlock() {
    this.pending = false;
    clearTimeout(this.pendingTimer);
  }

  get legal() {
    return (this.view && this.view.legal) || [];
  }

  get isDefender() {
    const v = this.view;
    if (!v || v.game !== "durak") return false;
    if (typeof v.defender === "number") return v.defender === v.seat;
    return hasType(this.legal, "defend") || hasType(this.legal, "take");
  }

  /** A tap on a card of my hand. */
  tapCard(code) {
    if (!this.view || this.pending) return;
    const acts = cardActions(this.legal, code);
    if (this.view.game !== "durak") {
      if (acts.length) this.act(acts[0]);
      else this.toast(this.legal.length ? gettext("Так сыграть нельзя") : gettext("Сейчас не ваш ход"), "info");
      return;
    }
    this.ui.catchMode = false;
    if (this.ui.hints) {
      if (!acts.length) {
        this.toast(this.legal.length ? gettext("Так сыграть нельзя") : gettext("Сейчас не ваш ход"), "info");
      } else if (acts.length === 1) {
        this.act(acts[0]);
        return;
      } else {
        this.ui.selected = this.ui.selected === code ? null : code;
      }
      this.render();
      return;
    }
    // Hints off: the first tap raises the card, the second plays it where only one way fits.
    if (this.ui.selected !== code) {
      this.ui.selected = code;
    } else if (acts.length === 1) {
      this.act(acts[0]);
      return;
    } else if (!acts.length) {
      this.toast(this.legal.length ? gettext("Так сыграть нельзя") : gettext("Сейчас не ваш ход"), "info");
      this.ui.selected = null;
    } else {
      this.toast(gettext("Выберите карту на столе"), "info");
    }
    this.render();
  }

  /** A tap on a card of the Durak bout: defend it, transfer onto it, or catch it. */
  tapTable(code) {
    if (!this.view || this.pending) return;
    if (this.ui.catchMode) {
      const a = findLegal(this.legal, { type: "catch", card: code });
      if (a) this.act(a);
      else this.toast(gettext("Так сыграть нельзя"), "info");
      return;
    }
    const sel = this.ui.selected;
    if (sel) {
      const a =
        findLegal(this.legal, { type: "defend", card: sel, target: code }) ||
        findLegal(this.legal, { type: "transfer", card: sel });
      if (a) this.act(a);
      else this.toast(gettext("Так сыграть нельзя"), "info");
      return;
    }
    if (this.ui.hints) {
      const defends = ofType(this.legal, "defend").filter((a) => a.target === code);
      if (defends.length === 1) this.act(defends[0]);
    }
  }

  /** A tap on the empty part of the bout: attack or transfer with the selected card. */
  tapBout() {
    const sel = this.ui.selected;
    if (!sel || this.pending) return;
    const acts = cardActions(this.legal, sel).filter((a) => a.type !== "defend");
    if (acts.length === 1) this.act(acts[0]);
  }

  handCardClasses(code) {
    const out = [];
    if (this.ui.selected === code) out.push("is-selected");
    const playable = playableCards(this.legal);
    if (this.ui.hints && playable.size && !this.ui.catchMode) out.push(playable.has(code) ? "is-playable" : "is-dimmed");
    return out;
  }

  tableCardClasses(code, unbeaten) {
    if (!this.ui.hints) return [];
    if (this.ui.catchMode) return catchableCards(this.legal).has(code) ? ["is-catchable"] : [];
    if (this.ui.selected) return defendTargets(this.legal, this.ui.selected).includes(code) ? ["is-target"] : [];
    return unbeaten && defendTargets(this.legal, null).includes(code) ? ["is-beatable"] : [];
  }

  chooseBidTrump(trump) {
    this.ui.bidTrump = trump;
    this.render();
  }

  setKeep(on) {
    this.ui.keep = on;
    this.render();
  }

  toggleCatch() {
    this.ui.catchMode = !this.ui.catchMode;
    this.ui.selected = null;
    this.render();
  }

  setHints(on) {
    this.ui.hints = on;
    saveHints(on);
    this.ui.selected = null;
    this.render();
  }

  toggleLast() {
    this.ui.showLast = !this.ui.showLast;
    this.render();
  }

  /** One side panel over the felt at a time (#36, item 5): opening the sheet closes the chat
   * (on a wide table, where the sheet is a column anyway, the chat gets its own column). */
  toggleSheet() {
    this.ui.showSheet = !this.ui.showSheet;
    if (this.ui.showSheet && this.ui.showChat && !this.sheetBesideFelt()) {
      this.ui.showChat = false;
      this.chat.setOpen(false);
    }
    this.render();
  }

  /** Whether the score sheet is a column beside the felt (a wide table), not a drawer over it. */
  sheetBesideFelt() {
    const body = this.root.querySelector(".table-body");
    return Boolean(body) && getComputedStyle(body).gridTemplateColumns.trim().split(/\s+/).length > 1;
  }

  toggleChat() {
    this.ui.showChat = !this.ui.showChat;
    if (this.ui.showChat) this.ui.showSheet = false;  // the sheet's drawer gives way to the chat
    this.chat.setOpen(this.ui.showChat);
    this.render();
    if (this.ui.showChat && !this.chat.input.disabled) this.chat.input.focus();
  }

  /** Close the chat (its «×», or the match ending under it): the open flag, the button, the drawer. */
  closeChat() {
    if (!this.ui.showChat) return;
    this.ui.showChat = false;
    this.chat.setOpen(false);
    this.render();
  }

  /** The match just ended: an open chat that lies over the result box closes, so «Ещё партию»
   * and «В лобби» can be tapped (the phone's chat fills the felt); it opens again on a tap. */
  uncoverMatchOver(previous) {
    if (!this.ui.showChat || !previous || previous.phase === "match_over" || this.view.phase !== "match_over") return;
    const box = this.parts.overlay.firstElementChild;
    if (!box) return;
    const a = box.getBoundingClientRect();
    const b = this.chat.element.getBoundingClientRect();
    const overlaps = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    if (overlaps) this.closeChat();
  }

  /** The owner of a private table shares its invite link: the phone's share sheet, else the clipboard. */
  async shareInvite() {
    try {
      if (navigator.share && window.matchMedia("(pointer: coarse)").matches) {
        await navigator.share({ title: gettext("Сыграем в карты?"), url: this.inviteUrl });
        return;
      }
      await navigator.clipboard.writeText(this.inviteUrl);
      this.toast(gettext("Ссылка скопирована"), "info");
    } catch (err) {
      if (err && err.name === "AbortError") return;
      this.toast(this.inviteUrl, "info");
    }
  }

  /** «Ещё партию» (true) or not (false) after the match: the `rematch` op. */
  rematch(yes) {
    if (!this.socket.send({ op: "rematch", yes, id: "c-rematch" })) this.toast(gettext("Нет связи, переподключаемся…"));
  }

  clearSelection() {
    this.ui.selected = null;
    this.ui.catchMode = false;
    this.ui.showLast = false;
    this.root.classList.remove("menu-open");
    this.render();
  }

  async concede() {
    const action = findLegal(this.legal, { type: "concede" });
    if (!action) return;
    const ok = await confirmDialog(this.parts.toasts.parentElement, {
      title: gettext("Отдать взятки"),
      text: gettext("Отдать все оставшиеся взятки сопернику?"),
    });
    if (ok) this.act(action);
  }

  get inMatch() {
    return Boolean(this.view) && this.view.seat !== null && this.view.seat !== undefined && PLAYING.has(this.view.phase);
  }

  async surrender() {
    if (!this.inMatch) return;
    const ok = await confirmDialog(this.root, { title: gettext("Сдаться?"), text: surrenderText(this.view) });
    if (ok) this.giveUp("surrender");
  }

  async leave() {
    if (!this.inMatch) {
      window.location.assign(this.lobbyUrl);
      return;
    }
    const ok = await confirmDialog(this.root, {
      title: gettext("Выйти из комнаты?"),
      text: gettext("Вы покинете стол. Незавершённая партия будет засчитана как поражение."),
    });
    if (!ok) return;
    this.giveUp("leave");
  }

  showKeys() {
    const list = h(
      "dl",
      { class: "keys-help" },
      KEYS_HELP.map(([k, what]) => [h("dt", {}, h("kbd", {}, gettext(k))), h("dd", {}, gettext(what))]),
    );
    infoDialog(this.root, { title: gettext("Клавиши"), body: list });
  }

  /** «Готов» before the start: POST /api/tables/<id>/ready/ (docs/protocol.md); the socket brings the new state.
   * «Готов» carries a random client seed (docs/rules.md §3): the deals then depend on it too. */
  async setReady(ready) {
    const payload = { ready };
    if (ready) {
      const bytes = crypto.getRandomValues(new Uint8Array(12));
      payload.client_seed = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    }
    const csrf = (document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/) || [])[1] || "";
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(this.tableId)}/ready/`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": decodeURIComponent(csrf) },
        body: JSON.stringify(payload),
      });
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        this.toast(body.message || gettext("Ошибка"));
      }
    } catch {
      this.toast(gettext("Нет связи"));
    }
  }

  toast(text, kind = "error") {
    toast(this.parts.toasts, text, kind);
  }

  // ---- derived UI state --------------------------------------------------------------

  /** Auction calls per seat for the bubbles: from `view.auction` if given, else from events. */
  trackCalls(previous, view, events) {
    if (Array.isArray(view.auction)) {
      this.ui.calls = {};
      for (const call of view.auction) {
        const a = call.action || call;
        if (typeof call.seat === "number") this.ui.calls[call.seat] = a;
      }
      return;
    }
    if (!previous || previous.phase !== "auction" || view.phase !== "auction") this.ui.calls = {};
    for (const ev of events) {
      if (AUCTION_TYPES.has(ev.type) && typeof ev.seat === "number") this.ui.calls[ev.seat] = ev;
    }
  }

  keepSelectionIfStillUseful() {
    const sel = this.ui.selected;
    if (sel && !(this.view.hand || []).includes(sel)) this.ui.selected = null;
    if (this.ui.catchMode && !hasType(this.legal, "catch")) this.ui.catchMode = false;
  }

  announce(events) {
    const lines = [];
    const hasMove = events.some((ev) => ev.type === "move");
    for (const ev of events) {
      const said = describeEvent(ev, this.view, hasMove);
      if (!said) continue;
      lines.push(said.text);
      if (said.big) showBanner(this.parts.banners, said.text, typeof ev.seat === "number" ? seatPosition(this.view, ev.seat) : "top");
    }
    feedLines(this.parts.feed, lines);
    if (events.some((ev) => ev.type === "trick" || ev.type === "bout_over")) this.sounds.play("trick");
    else if (events.some((ev) => ev.type === "move" && ev.action && ev.action.card)) this.sounds.play("card");
  }

  /** The hint line: what to do now (shown with hints on, on wide screens). */
  hintText() {
    const v = this.view;
    if (!v) return "";
    const legal = this.legal;
    if (v.phase === "waiting") return gettext("Ждём игроков");
    if (v.phase === "play" && typeof v.sitting === "number" && v.sitting === v.seat) {
      return gettext("Партнёр играет «Капо на 1 руке»: ваши карты не участвуют");
    }
    if (!legal.length) {
      const names = (v.to_act || []).filter((s) => s !== v.seat).map((s) => seatName(v, s));
      return names.length && PLAYING.has(v.phase) ? interpolate(gettext("Ждём: %(name)s"), { name: names.join(", ") }) : "";
    }
    if (this.ui.catchMode) return gettext("Выберите карту соперника, которую ловите");
    if (v.phase === "auction") {
      if (hasType(legal, "bid") || hasType(legal, "capot") || hasType(legal, "contra")) return gettext("Выберите заявку или скажите «Пас»");
      if (hasType(legal, "name")) return gettext("Назовите козырь");
      return gettext("Возьмите козырь или скажите «Пас»");
    }
    const playable = playableCards(legal);
    const allPlayable = (v.hand || []).every((c) => playable.has(c));
    if (v.game === "durak") {
      if (hasType(legal, "defend") || hasType(legal, "take")) {
        if (this.ui.selected) return gettext("Выберите карту на столе");
        return hasType(legal, "transfer") ? gettext("Отбейтесь, переведите или нажмите «Беру»") : gettext("Отбейтесь или нажмите «Беру»");
      }
      if (!(v.table_cards || []).length) return allPlayable ? gettext("Ходите любой картой") : gettext("Ходите картой, которая приподнята");
      // the hint follows this seat's own legal actions: nothing to throw in → only «Бито»
      if (!hasType(legal, "attack")) return hasType(legal, "done") ? gettext("Подкинуть нечего — нажмите «Бито»") : "";
      return gettext("Подкиньте карту или нажмите «Бито»");
    }
    if (playable.size) return allPlayable ? gettext("Ходите любой картой") : gettext("Ходите картой, которая приподнята");
    return "";
  }

  // ---- rendering ---------------------------------------------------------------------

  /** Everything the renderers need, bound to this client. */
  get ctx() {
    return {
      ui: this.ui,
      hold: this.hold,
      pending: this.pending,
      isDefender: this.isDefender,
      act: (a) => this.act(a),
      tapCard: (c) => this.tapCard(c),
      tapTable: (c) => this.tapTable(c),
      tapBout: () => this.tapBout(),
      handCardClasses: (c) => this.handCardClasses(c),
      tableCardClasses: (c, unbeaten) => this.tableCardClasses(c, unbeaten),
      chooseBidTrump: (tr) => this.chooseBidTrump(tr),
      setKeep: (on) => this.setKeep(on),
      toggleCatch: () => this.toggleCatch(),
      concede: () => this.concede(),
      setReady: (on) => this.setReady(on),
      toast: (text, kind) => this.toast(text, kind),
      countdown: () => this.countdown.element(),
      readOnly: { tapTable() {}, tapBout() {}, tableCardClasses: () => [] },
    };
  }

  render() {
    const p = this.parts;
    const v = this.view;
    const root = this.root;
    root.classList.toggle("hints-on", this.ui.hints);
    root.classList.toggle("hints-off", !this.ui.hints);
    root.classList.toggle("is-pending", this.pending);
    root.classList.toggle("sheet-open", this.ui.showSheet);
    root.classList.toggle("chat-open", Boolean(this.ui.showChat));
    p.chatButton.setAttribute("aria-pressed", String(Boolean(this.ui.showChat)));
    root.classList.toggle("catch-mode", this.ui.catchMode);
    p.hintsInput.checked = this.ui.hints;
    p.sheetButton.setAttribute("aria-pressed", String(this.ui.showSheet));
    p.lastButton.setAttribute("aria-pressed", String(this.ui.showLast));
    if (!v) return;
    const ctx = this.ctx;
    root.dataset.theme = (v.options && v.options.theme) || root.dataset.theme || "club";
    root.dataset.game = v.game;
    root.dataset.phase = v.phase;
    root.dataset.seats = String(gameSeats(v).length);
    const myTurn = isToAct(v, v.seat) && this.legal.length > 0;
    root.classList.toggle("my-turn", myTurn);
    if (this.attention.set(myTurn, { title: gameTitle(v) })) this.sounds.play("turn");
    p.soundInput.checked = this.sounds.on;
    this.countdown.set(v);
    this.chat.setView(v);
    this.tour.follow(v, PLAYING.has(v.phase));
    const watching = Number(v.spectators) || 0;
    p.spectators.hidden = !watching;
    p.spectators.replaceChildren(...(watching ? [eyeIcon(), h("span", { class: "spectators-count" }, String(watching))] : []));
    p.spectators.title = interpolate(gettext("Зрителей: %(n)s"), { n: watching });
    p.title.textContent = gameTitle(v);
    // a duplicate set's table (docs/rules.md «Дубль»): «Сдача 3 из 8»
    const setDeals = Number(root.dataset.duplicateDeals) || 0;
    if (setDeals && root.dataset.duplicateGame !== undefined) {
      // a Durak set: a match per game; the page knew the game of the match it opened on
      this.duplicateMatches = this.duplicateMatches || new Set();
      if (v.match) this.duplicateMatches.add(v.match);
      const n = Math.min(Number(root.dataset.duplicateGame) + Math.max(1, this.duplicateMatches.size), setDeals);
      p.title.append(h("span", { class: "duplicate-progress", "data-testid": "duplicate-progress" }, ` · ${interpolate(gettext("Игра %(n)s из %(k)s"), { n, k: setDeals })}`));
    } else if (setDeals && Number.isInteger(v.number)) {
      const n = Math.min(v.number + 1, setDeals);
      p.title.append(h("span", { class: "duplicate-progress", "data-testid": "duplicate-progress" }, ` · ${interpolate(gettext("Сдача %(n)s из %(k)s"), { n, k: setDeals })}`));
    }
    renderContract(p.contract, v);
    renderSeats(p.seats, v, ctx);
    renderMe(p.me, v, ctx);
    const deck = renderDeck(v);
    fill(p.deck, isBelot(v) && v.phase === "auction" ? null : deck);
    renderCentre(p.centre, v, ctx);
    renderPanel(p.panel, v, ctx);
    renderHand(p.hand, v, ctx);
    // fill (dom.js) skips null parts, where the native replaceChildren would print «null»
    fill(
      p.hint,
      v.phase === "check" ? this.countdown.element("check") : null,
      h("span", { class: "hint-text" }, this.hintText()),
      this.claimButton(),
    );
    this.renderAgainAt(nextGoneDeadline(v));
    p.sheetBody.replaceChildren(scoreSheet(v));
    p.lastButton.disabled = !(v.last_trick || []).length;
    p.surrenderButton.disabled = !this.inMatch;
    // a spectator neither surrenders nor leaves a seat: the bar's «‹» takes him back (#36, item 13)
    const watchingOnly = v.seat === null || v.seat === undefined;
    p.surrenderButton.hidden = watchingOnly;
    p.leaveButton.hidden = watchingOnly;
    this.renderOverlay();
  }

  /** «Засчитать победу» once an opponent has been away past his `gone_deadline` (docs/protocol.md). */
  claimButton() {
    if (!this.inMatch || !claimableSeats(this.view).length) return null;
    const names = claimableSeats(this.view).map((s) => seatName(this.view, s)).join(", ");
    return h(
      "span",
      { class: "claim" },
      h("span", { class: "claim-text" }, interpolate(gettext("%(name)s — нет связи"), { name: names })),
      h("button", { type: "button", class: "btn btn-primary", "data-control": "claim", onclick: () => this.socket.send({ op: "claim" }) }, gettext("Засчитать победу")),
    );
  }

  /** Render once more at `when` (epoch ms): a deadline that changes what is shown passes. */
  renderAgainAt(when) {
    clearTimeout(this.againTimer);
    if (when !== null) this.againTimer = setTimeout(() => this.render(), Math.max(0, when - Date.now()) + 50);
  }

  renderOverlay() {
    const v = this.view;
    const p = this.parts;
    let content = null;
    const held = this.hold && this.hold.summary;
    if (v.phase === "match_over") {
      content = matchSummary(v, this.lobbyUrl);
      // a duplicate set's table has no rematch (each set is played once): its results instead
      const setPage = this.root.dataset.duplicateUrl;
      content.querySelector("a.btn")?.before(
        setPage
          ? h("a", { class: "btn btn-primary", href: setPage, "data-control": "duplicate-results" }, gettext("Результаты дубля"))
          : rematchBox(v, { vote: (yes) => this.rematch(yes), seatName }),
      );
    }
    else if ((v.phase === "deal_over" || held) && this.ui.overlayClosedAt !== this.seq) content = dealSummary(v);
    if (content && v.phase !== "match_over") {
      content.prepend(
        h("button", { type: "button", class: "summary-close", "aria-label": gettext("Закрыть"), onclick: () => {
          this.ui.overlayClosedAt = this.seq;
          this.renderOverlay();
        } }, "×"),
      );
    }
    p.overlay.replaceChildren(...(content ? [content] : []));
    p.overlay.hidden = !content;
    this.root.classList.toggle("overlay-open", Boolean(content));
  }
}

