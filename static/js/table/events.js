/**
 * Events of a `state` frame («Блот!», trick won, declarations, deal scored, timeout, bot
 * moved...) turned into words. Big ones become a banner over the table, every one a line
 * in the feed. Engines name events by `type`; unknown types are shown by name in the feed.
 */

import { cardLabel } from "./cards.js";
import { h } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";
import { callText } from "./seats.js";
import { KIND_WORD } from "./kinds.js";
import { seatName } from "./view.js";

const AUCTION_TYPES = new Set(["pass", "bid", "capot", "contra", "recontra", "take", "name"]);
/** Echoes of an action by the engine; skipped when the table's `move` event says it. */
const ECHOES = new Set([...AUCTION_TYPES, "play", "attack", "defend", "transfer", "done"]);

export function kindWord(kind) {
  return gettext(KIND_WORD[kind] || kind);
}

/** An action in words: "9♥", "Т♠", "6♣ → 8♣", «Беру», «Бито»... */
export function actionText(a) {
  if (!a) return "";
  switch (a.type) {
    case "play":
    case "attack":
    case "transfer":
    case "catch":
      return (a.type === "transfer" ? `${gettext("Перевести")} ` : a.type === "catch" ? `${gettext("Поймать!")} ` : "") + cardLabel(a.card);
    case "defend":
      return `${cardLabel(a.card)} → ${cardLabel(a.target)}`;
    case "take":
      return gettext("Беру");
    case "done":
      return gettext("Бито");
    case "declare":
      return interpolate(gettext("Объявить %(what)s"), { what: "" }).trim();
    case "show":
      return gettext("Показать");
    case "concede":
      return gettext("Отдать взятки");
    case "surrender":
      return gettext("Сдаться");
    case "leave":
      return gettext("Выйти");
    default:
      return AUCTION_TYPES.has(a.type) ? callText(a) : a.type;
  }
}

/** {text, big} for an event, or null when there is nothing to say. */
export function describeEvent(ev, view, hasMove = false) {
  const who = typeof ev.seat === "number" ? seatName(view, ev.seat) : "";
  const type = ev.type || "";
  const word = String(ev.word || ev.call || ev.name || "").toLowerCase();
  if (type === "reblot" || type === "rebelote" || word === "reblot" || word === "rebelote" || ev.second === true) {
    if (["blot", "belote", "reblot", "rebelote"].includes(type)) return { text: gettext("Реблот!"), big: true };
  }
  if (hasMove && ECHOES.has(type)) return null;
  switch (type) {
    case "move": {
      if (ev.by === "timer" || ev.by === "system") return null;
      const text = interpolate(gettext("%(name)s: %(what)s"), { name: who, what: actionText(ev.action) });
      return { text: ev.by === "bot" ? `${text} · ${gettext("бот")}` : text, big: false };
    }
    case "contract":
      return null;
    case "deal":
      return null;
    case "combos":
      return null;
    case "false_accusation":
      return { text: `${gettext("Ложное обвинение")}${who ? ` — ${who}` : ""}`, big: true };
    case "game_over":
      return { text: gettext("Игра окончена"), big: true };
    case "left":
      return { text: interpolate(gettext("%(name)s: %(what)s"), { name: who, what: gettext("вышел") }), big: true };
    case "out":
    case "draw":
    case "bout_over":
    case "check":
    case "penalty":
    case "match_started":
      return null;
    case "blot":
    case "belote":
      // Деберц's king-and-queen of trumps is said «Бела» (seed 004), the others' «Блот!»
      if (word === "bela" || view.game === "deberc") return { text: `${gettext("Бела")}${who ? ` — ${who}` : ""}`, big: true };
      return { text: gettext("Блот!"), big: true };
    case "bela":
      // whether the bela counted (its trick won by its owner) shows on the score sheet; it was said when played
      return null;
    case "declare":
    case "declared":
    case "declaration": {
      const kinds = ev.kinds || (ev.kind ? [ev.kind] : []);
      const cards = ev.cards ? ev.cards.map(cardLabel).join(" ") : "";
      return { text: interpolate(gettext("%(name)s: %(what)s"), { name: who, what: kinds.map(kindWord).join(", ") || cards }), big: true };
    }
    case "show":
    case "shown": {
      // the engine sends the shown combinations ({kind, cards}); older frames a flat card list
      const cards = ev.cards || (ev.combos || []).flatMap((c) => c.cards || []);
      return { text: interpolate(gettext("%(name)s: %(what)s"), { name: who, what: cards.map(cardLabel).join(" ") || gettext("Показать") }), big: true };
    }
    case "trick":
    case "trick_won": {
      const winner = typeof ev.winner === "number" ? seatName(view, ev.winner) : who;
      return { text: interpolate(gettext("%(name)s берёт взятку"), { name: winner }), big: false };
    }
    case "deal_scored":
    case "deal_over":
    case "deal_end":
    case "scored":
      // in the feed only: the deal's summary box says it, and a banner sat on the match-over box
      return { text: gettext("Сдача записана"), big: false };
    case "timeout":
      return { text: interpolate(gettext("Время вышло: %(name)s — ход сделан автоматически"), { name: who }), big: true };
    case "bot":
    case "bot_moved":
    case "bot_move":
      return { text: interpolate(gettext("%(name)s (бот) сходил"), { name: who }), big: false };
    case "redeal":
      return { text: gettext("Пересдача"), big: true };
    case "deberc":
      return { text: `${gettext("Деберц!")}${who ? ` — ${who}` : ""}`, big: true };
    case "catch":
    case "caught": {
      const fair = ev.fair === true || ev.success === false || ev.false_accusation === true;
      return { text: fair ? gettext("Ложное обвинение") : interpolate(gettext("%(name)s ловит шулера!"), { name: who }), big: true };
    }
    case "transfer":
      return { text: interpolate(gettext("%(name)s: перевод"), { name: who }), big: true };
    case "trump_shown":
      // Durak: the deal used up the deck; its last card names the trump and stays with its holder
      return { text: interpolate(gettext("Козырь %(card)s — у %(name)s"), { card: cardLabel(ev.card), name: who }), big: true };
    case "match_over":
      return { text: gettext("Игра окончена"), big: true };
    default:
      if (AUCTION_TYPES.has(type)) return { text: interpolate(gettext("%(name)s: %(what)s"), { name: who, what: callText(ev) }), big: false };
      if (ECHOES.has(type)) return { text: interpolate(gettext("%(name)s: %(what)s"), { name: who, what: actionText(ev) }), big: false };
      return null;
  }
}

/** Banners waiting their turn, per layer: one at a time, each for a moment. */
const queues = new WeakMap();
const BANNER_MS = 1500;

/** Show a banner on the felt; banners of one state follow each other (at most 4 wait).
 * `at` is the side of the seat that said it (bottom, left, top, right): the banner stands by
 * that seat, off the trick in the centre. */
export function showBanner(layer, text, at = "top") {
  let queue = queues.get(layer);
  if (!queue) {
    queue = { items: [], busy: false };
    queues.set(layer, queue);
  }
  queue.items.push({ text, at });
  if (queue.items.length > 4) queue.items.splice(0, queue.items.length - 4);
  if (!queue.busy) nextBanner(layer, queue);
}

function nextBanner(layer, queue) {
  const item = queue.items.shift();
  if (item === undefined) {
    queue.busy = false;
    return;
  }
  queue.busy = true;
  const ms = queue.items.length ? BANNER_MS * 0.66 : BANNER_MS; // quicker while others wait
  const el = h("div", { class: "banner", role: "status" }, item.text);
  layer.dataset.at = item.at;
  layer.replaceChildren(el);
  setTimeout(() => el.classList.add("banner-out"), ms - 300);
  setTimeout(() => {
    el.remove();
    nextBanner(layer, queue);
  }, ms);
}

/** Add lines to the event feed, newest first, keeping the last 30. */
export function feedLines(feed, lines) {
  for (const text of lines) feed.prepend(h("li", {}, text));
  while (feed.children.length > 30) feed.lastElementChild.remove();
}
