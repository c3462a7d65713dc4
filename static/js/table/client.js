/**
 * The table client's wiring (docs/protocol.md): server frames from the socket go into the
 * table's state (state.js), the renderer (render.js) draws it, and taps, clicks and keys
 * become `act` frames through taps.js. The state decides; this module only does what it says
 * (send, time, navigate) and redraws.
 *
 * Promises (kept by state.js, done here):
 * - every `act` carries the seq of the state it was made on; after sending, the inputs are
 *   disabled until the next `state` or `error` (a double click never plays twice), or for
 *   PENDING_TIMEOUT_MS, after which `sync` is sent;
 * - a `state` older than the one shown is ignored; a gap in seq renders the new view and
 *   sends `sync`; an `error` is shown as a toast with the server's message;
 * - `receive(msg)` is the single entry for server frames (the socket calls it; rendering
 *   tests call it through `window.__tableClient`).
 */

import { Attention } from "./attention.js";
import { ChatPanel } from "./chat.js";
import { confirmDialog } from "./dialog.js";
import { h } from "./dom.js";
import { loadHints, saveHints } from "./hints.js";
import { gettext } from "./i18n.js";
import { bindKeyboard } from "./keyboard.js";
import { buildLayout } from "./layout.js";
import { findLegal } from "./moves.js";
import { postReady } from "./ready.js";
import { TableRenderer } from "./render.js";
import { Sounds } from "./sounds.js";
import { PENDING_TIMEOUT_MS, TableState } from "./state.js";
import { tapBout, tapCard, tapTable } from "./taps.js";
import { Countdown } from "./timer.js";
import { Tour } from "./tour.js";
import { surrenderText } from "./view.js";
import { FakeSocket, LiveSocket, tableSocketUrl } from "../socket.js";

const NO_CONNECTION = () => gettext("Нет связи, переподключаемся…");

export class TableClient {
  constructor(root, { tableId, wsUrl = null, transport = "socket", lobbyUrl = "/", me = null, chatFree = false, inviteUrl = null, hidden = null, returnUrl = null }) {
    this.root = root;
    this.tableId = tableId;
    this.lobbyUrl = lobbyUrl;
    this.inviteUrl = inviteUrl;
    this.state = new TableState({ hints: loadHints() });
    this.status = "connecting";
    this.pendingTimer = null;
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
      showKeys: fromMenu(() => this.renderer.showKeys()),
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
      const view = this.state.view;
      const left = this.attention.mine && view && typeof view.deadline === "number" ? view.deadline - Date.now() : 0;
      if (left > 0 && left <= 5000) this.sounds.play("tick");
    }, 1000);
    this.renderer = new TableRenderer(root, this.parts, this.state, {
      countdown: new Countdown(root),
      chat: this.chat,
      tour: new Tour(root, root.querySelector(".bottom")),
      attention: this.attention,
      sounds: this.sounds,
      lobbyUrl,
      actions: {
        act: (a) => this.act(a),
        tapCard: (c) => this.tapCard(c),
        tapTable: (c) => this.tapTable(c),
        tapBout: () => this.tapBout(),
        chooseBidTrump: (trump) => this.changeUi({ bidTrump: trump }),
        setKeep: (on) => this.changeUi({ keep: on }),
        toggleCatch: () => this.change(() => this.state.toggleCatch()),
        concede: () => this.concede(),
        setReady: (on) => this.setReady(on),
        claim: () => this.socket.send({ op: "claim" }),
        rematch: (yes) => this.rematch(yes),
        closeSummary: () => {
          this.state.closeSummary();
          this.renderer.renderOverlay();
        },
      },
    });
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

  /** The shown state's seq, view, pending flag and choices (read by the browser tests). */
  get seq() {
    return this.state.seq;
  }

  get view() {
    return this.state.view;
  }

  get pending() {
    return this.state.pending;
  }

  get ui() {
    return this.state.ui;
  }

  render() {
    this.renderer.render();
  }

  toast(text, kind = "error") {
    this.renderer.toast(text, kind);
  }

  /** Run `fn` (a change of the state's choices), then redraw. */
  change(fn) {
    fn();
    this.render();
  }

  changeUi(values) {
    this.change(() => Object.assign(this.state.ui, values));
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
    const shown = this.state.applyState(msg);
    if (!shown) return;
    if (shown.reset) clearTimeout(this.holdTimer);
    if (shown.hold) {
      clearTimeout(this.holdTimer);
      this.holdTimer = setTimeout(() => this.change(() => this.state.endHold()), Math.max(0, shown.hold.until - Date.now()));
    }
    this.render();
    this.uncoverMatchOver(shown.previous);
    this.renderer.announce(shown.events);
    if (shown.gap) this.sync();
    this.giveUpStep();
  }

  onError(msg) {
    const refused = this.state.applyError(msg);
    if (refused.chat) {
      this.toast(refused.message || gettext("Ошибка")); // an act still pending stays so
      this.chat.refused(msg.id);
      return;
    }
    if (!refused.retrying) this.toast(refused.message || gettext("Ошибка"));
    this.render();
    if (refused.sync) this.sync();
  }

  sync() {
    this.socket.send({ op: "sync" });
  }

  setStatus(status) {
    this.status = status;
    this.state.connection(status);
    this.renderer.showStatus(status);
  }

  // ---- acting ------------------------------------------------------------------------

  /** Send `action` on the current seq; false (and nothing sent) while an act is pending. */
  act(action) {
    const frame = this.state.actFrame(action);
    if (!frame) return false;
    this.attention.ask(); // a move is a gesture: the one moment a browser lets a page ask
    if (!this.socket.send(frame)) {
      this.toast(NO_CONNECTION());
      return false;
    }
    this.state.sent(frame);
    clearTimeout(this.pendingTimer);
    this.pendingTimer = setTimeout(() => {
      if (!this.state.timedOut(frame.id)) return;
      this.render();
      this.sync();
    }, PENDING_TIMEOUT_MS);
    this.render();
    return true;
  }

  /** Do what a tap decided (taps.js): act, show a hint, redraw a new selection. */
  follow(tap) {
    if (tap.toast) this.toast(tap.toast, "info");
    if (tap.act) this.act(tap.act);
    else if (tap.render) this.render();
  }

  tapCard(code) {
    this.follow(tapCard(this.state, code));
  }

  tapTable(code) {
    this.follow(tapTable(this.state, code));
  }

  tapBout() {
    this.follow(tapBout(this.state));
  }

  /** Give up (`surrender` or `leave`) now, or on the next state if an act is still pending. */
  giveUp(type) {
    if (!this.act(this.state.giveUp(type))) this.state.giveUpLater();
  }

  /** After each state: «Выйти» done goes to the lobby; a refused give-up is sent again. */
  giveUpStep() {
    const step = this.state.giveUpStep();
    if (!step) return;
    if (step.done === "leave") window.location.assign(this.lobbyUrl);
    else if (step.send && !this.act(step.send)) this.state.giveUpLater();
  }

  async concede() {
    const action = findLegal(this.state.legal, { type: "concede" });
    if (!action) return;
    const ok = await confirmDialog(this.parts.toasts.parentElement, {
      title: gettext("Отдать взятки"),
      text: gettext("Отдать все оставшиеся взятки сопернику?"),
    });
    if (ok) this.act(action);
  }

  async surrender() {
    if (!this.state.inMatch) return;
    const ok = await confirmDialog(this.root, { title: gettext("Сдаться?"), text: surrenderText(this.state.view) });
    if (ok) this.giveUp("surrender");
  }

  async leave() {
    if (!this.state.inMatch) {
      window.location.assign(this.lobbyUrl);
      return;
    }
    const ok = await confirmDialog(this.root, {
      title: gettext("Выйти из комнаты?"),
      text: gettext("Вы покинете стол. Незавершённая партия будет засчитана как поражение."),
    });
    if (ok) this.giveUp("leave");
  }

  async setReady(ready) {
    const refusal = await postReady(this.tableId, ready);
    if (refusal) this.toast(refusal);
  }

  /** «Ещё партию» (true) or not (false) after the match: the `rematch` op. */
  rematch(yes) {
    if (!this.socket.send({ op: "rematch", yes, id: "c-rematch" })) this.toast(NO_CONNECTION());
  }

  // ---- the player's choices ------------------------------------------------------------

  setHints(on) {
    saveHints(on);
    this.change(() => this.state.setHints(on));
  }

  toggleLast() {
    this.changeUi({ showLast: !this.state.ui.showLast });
  }

  /** One side panel over the felt at a time: opening the sheet closes the chat (on a wide
   * table, where the sheet is a column anyway, the chat gets its own column). */
  toggleSheet() {
    if (this.state.toggleSheet(this.renderer.sheetBesideFelt())) this.chat.setOpen(false);
    this.render();
  }

  toggleChat() {
    this.state.toggleChat();
    const open = this.state.ui.showChat;
    this.chat.setOpen(open);
    this.render();
    if (open && !this.chat.input.disabled) this.chat.input.focus();
  }

  /** Close the chat (its «×», or the match ending under it): the open flag, the button, the drawer. */
  closeChat() {
    if (!this.state.ui.showChat) return;
    this.state.ui.showChat = false;
    this.chat.setOpen(false);
    this.render();
  }

  /** The match just ended: an open chat that lies over the result box closes, so «Ещё партию»
   * and «В лобби» can be tapped (the phone's chat fills the felt); it opens again on a tap. */
  uncoverMatchOver(previous) {
    const ended = previous && previous.phase !== "match_over" && this.state.view.phase === "match_over";
    if (this.state.ui.showChat && ended && this.renderer.chatCoversResult()) this.closeChat();
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

  /** Esc: the selection, catch mode, the last trick and the phone menu close. */
  clearSelection() {
    this.state.clearSelection();
    this.root.classList.remove("menu-open");
    this.render();
  }
}
