/**
 * Drawing the table from what it knows (a TableState from state.js): the page's classes and
 * data attributes, every area's renderer, the hint line, the summaries over the felt, the
 * events' words, banners and sounds, the connection line and the toasts. DOM only: it reads
 * the state and changes nothing in it; taps and buttons call the `actions` client.js gives.
 */

import { eyeIcon, rematchBox } from "./chat.js";
import { infoDialog, toast } from "./dialog.js";
import { fill, h } from "./dom.js";
import { describeEvent, feedLines, showBanner } from "./events.js";
import { renderHand } from "./hand.js";
import { gettext, interpolate } from "./i18n.js";
import { KEYS_HELP } from "./layout.js";
import { isToAct } from "./moves.js";
import { renderPanel } from "./panel.js";
import { dealSummary, matchSummary, scoreSheet } from "./scores.js";
import { renderMe, renderSeats } from "./seats.js";
import { PLAYING } from "./state.js";
import { handCardClasses, hintText, tableCardClasses } from "./taps.js";
import { renderCentre, renderContract, renderDeck } from "./trick.js";
import { claimableSeats, gameSeats, gameTitle, isBelot, nextGoneDeadline, seatName, seatPosition } from "./view.js";

const CONNECTION_WORDS = {
  open: () => gettext("В сети"),
  closed: () => gettext("Нет связи, переподключаемся…"),
  denied: () => gettext("Ошибка"),
};

export class TableRenderer {
  /**
   * `parts` from layout.js's buildLayout; the pieces the table keeps across states:
   * `countdown` (timer.js), `chat` (chat.js's ChatPanel), `tour` (tour.js), `attention`, `sounds`;
   * `actions`: what taps and buttons do (client.js: act, tapCard, tapTable, tapBout,
   * chooseBidTrump, setKeep, toggleCatch, concede, setReady, claim, rematch, closeSummary).
   */
  constructor(root, parts, state, { countdown, chat, tour, attention, sounds, lobbyUrl, actions }) {
    this.root = root;
    this.parts = parts;
    this.state = state;
    this.countdown = countdown;
    this.chat = chat;
    this.tour = tour;
    this.attention = attention;
    this.sounds = sounds;
    this.lobbyUrl = lobbyUrl;
    this.actions = actions;
    this.againTimer = null;
    /** A Durak duplicate set's matches seen on this page (its «Игра N из K»). */
    this.duplicateMatches = new Set();
  }

  /** Everything the area renderers need: the state's choices and the actions. */
  get ctx() {
    const s = this.state;
    return {
      ...this.actions,
      ui: s.ui,
      hold: s.hold,
      pending: s.pending,
      isDefender: s.isDefender,
      handCardClasses: (c) => handCardClasses(s, c),
      tableCardClasses: (c, unbeaten) => tableCardClasses(s, c, unbeaten),
      toast: (text, kind) => this.toast(text, kind),
      countdown: () => this.countdown.element(),
      readOnly: { tapTable() {}, tapBout() {}, tableCardClasses: () => [] },
    };
  }

  /** Draw the whole table for the current state. */
  render() {
    const p = this.parts;
    const s = this.state;
    const ui = s.ui;
    const v = s.view;
    const root = this.root;
    root.classList.toggle("hints-on", ui.hints);
    root.classList.toggle("hints-off", !ui.hints);
    root.classList.toggle("is-pending", s.pending);
    root.classList.toggle("sheet-open", ui.showSheet);
    root.classList.toggle("chat-open", Boolean(ui.showChat));
    p.chatButton.setAttribute("aria-pressed", String(Boolean(ui.showChat)));
    root.classList.toggle("catch-mode", ui.catchMode);
    p.hintsInput.checked = ui.hints;
    p.sheetButton.setAttribute("aria-pressed", String(ui.showSheet));
    p.lastButton.setAttribute("aria-pressed", String(ui.showLast));
    if (!v) return;
    const ctx = this.ctx;
    root.dataset.theme = (v.options && v.options.theme) || root.dataset.theme || "club";
    root.dataset.game = v.game;
    root.dataset.phase = v.phase;
    root.dataset.seats = String(gameSeats(v).length);
    const myTurn = isToAct(v, v.seat) && s.legal.length > 0;
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
    const progress = this.duplicateProgress(v);
    if (progress) p.title.append(h("span", { class: "duplicate-progress", "data-testid": "duplicate-progress" }, ` · ${progress}`));
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
      h("span", { class: "hint-text" }, hintText(s)),
      this.claimButton(),
    );
    this.renderAgainAt(nextGoneDeadline(v));
    p.sheetBody.replaceChildren(scoreSheet(v));
    p.lastButton.disabled = !(v.last_trick || []).length;
    p.surrenderButton.disabled = !s.inMatch;
    // a spectator neither surrenders nor leaves a seat: the bar's «‹» takes him back
    const watchingOnly = v.seat === null || v.seat === undefined;
    p.surrenderButton.hidden = watchingOnly;
    p.leaveButton.hidden = watchingOnly;
    this.renderOverlay();
  }

  /** A duplicate set's table (docs/rules.md «Дубль»): «Сдача 3 из 8» («Игра N из K» for Durak), or null. */
  duplicateProgress(v) {
    const data = this.root.dataset;
    const setDeals = Number(data.duplicateDeals) || 0;
    if (setDeals && data.duplicateGame !== undefined) {
      // a Durak set: a match per game; the page knew the game of the match it opened on
      if (v.match) this.duplicateMatches.add(v.match);
      const n = Math.min(Number(data.duplicateGame) + Math.max(1, this.duplicateMatches.size), setDeals);
      return interpolate(gettext("Игра %(n)s из %(k)s"), { n, k: setDeals });
    }
    if (setDeals && Number.isInteger(v.number)) {
      return interpolate(gettext("Сдача %(n)s из %(k)s"), { n: Math.min(v.number + 1, setDeals), k: setDeals });
    }
    return null;
  }

  /** «Засчитать победу» once an opponent has been away past his `gone_deadline` (docs/protocol.md). */
  claimButton() {
    const v = this.state.view;
    if (!this.state.inMatch || !claimableSeats(v).length) return null;
    const names = claimableSeats(v).map((s) => seatName(v, s)).join(", ");
    return h(
      "span",
      { class: "claim" },
      h("span", { class: "claim-text" }, interpolate(gettext("%(name)s — нет связи"), { name: names })),
      h("button", { type: "button", class: "btn btn-primary", "data-control": "claim", onclick: () => this.actions.claim() }, gettext("Засчитать победу")),
    );
  }

  /** Render once more at `when` (epoch ms): a deadline that changes what is shown passes. */
  renderAgainAt(when) {
    clearTimeout(this.againTimer);
    if (when !== null) this.againTimer = setTimeout(() => this.render(), Math.max(0, when - Date.now()) + 50);
  }

  /** The match's result, or the deal's summary (held, or until its «×»), over the felt. */
  renderOverlay() {
    const s = this.state;
    const v = s.view;
    const p = this.parts;
    let content = null;
    const held = s.hold && s.hold.summary;
    if (v.phase === "match_over") {
      content = matchSummary(v, this.lobbyUrl);
      // a duplicate set's table has no rematch (each set is played once): its results instead
      const setPage = this.root.dataset.duplicateUrl;
      content.querySelector("a.btn")?.before(
        setPage
          ? h("a", { class: "btn btn-primary", href: setPage, "data-control": "duplicate-results" }, gettext("Результаты дубля"))
          : rematchBox(v, { vote: (yes) => this.actions.rematch(yes), seatName }),
      );
    } else if ((v.phase === "deal_over" || held) && s.ui.overlayClosedAt !== s.seq) content = dealSummary(v);
    if (content && v.phase !== "match_over") {
      content.prepend(
        h("button", { type: "button", class: "summary-close", "aria-label": gettext("Закрыть"), onclick: () => this.actions.closeSummary() }, "×"),
      );
    }
    p.overlay.replaceChildren(...(content ? [content] : []));
    p.overlay.hidden = !content;
    this.root.classList.toggle("overlay-open", Boolean(content));
  }

  /** The events of a state: lines in the feed, banners for the big ones, a card's or a trick's sound. */
  announce(events) {
    const v = this.state.view;
    const lines = [];
    const hasMove = events.some((ev) => ev.type === "move");
    for (const ev of events) {
      const said = describeEvent(ev, v, hasMove);
      if (!said) continue;
      lines.push(said.text);
      if (said.big) showBanner(this.parts.banners, said.text, typeof ev.seat === "number" ? seatPosition(v, ev.seat) : "top");
    }
    feedLines(this.parts.feed, lines);
    if (events.some((ev) => ev.type === "trick" || ev.type === "bout_over")) this.sounds.play("trick");
    else if (events.some((ev) => ev.type === "move" && ev.action && ev.action.card)) this.sounds.play("card");
  }

  /** The connection line (`connecting`, `open`, `closed`, `denied`) and the page's offline look. */
  showStatus(status) {
    const conn = this.parts.conn;
    conn.className = `conn conn-${status}`;
    conn.textContent = (CONNECTION_WORDS[status] || (() => gettext("Соединение…")))();
    this.root.classList.toggle("is-offline", status !== "open");
  }

  /** Whether the result box over the felt lies under the open chat (the phone's chat fills the felt). */
  chatCoversResult() {
    const box = this.parts.overlay.firstElementChild;
    if (!box) return false;
    const a = box.getBoundingClientRect();
    const b = this.chat.element.getBoundingClientRect();
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  }

  /** Whether the score sheet is a column beside the felt (a wide table), not a drawer over it. */
  sheetBesideFelt() {
    const body = this.root.querySelector(".table-body");
    return Boolean(body) && getComputedStyle(body).gridTemplateColumns.trim().split(/\s+/).length > 1;
  }

  /** The «Клавиши» dialog: the keyboard's list (layout.js KEYS_HELP). */
  showKeys() {
    const list = h(
      "dl",
      { class: "keys-help" },
      KEYS_HELP.map(([k, what]) => [h("dt", {}, h("kbd", {}, gettext(k))), h("dd", {}, gettext(what))]),
    );
    infoDialog(this.root, { title: gettext("Клавиши"), body: list });
  }

  toast(text, kind = "error") {
    toast(this.parts.toasts, text, kind);
  }
}
