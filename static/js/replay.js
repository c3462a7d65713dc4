// Replay of a finished match: steps through the frames the server built from the match record
// (every deal, every action, every hand). Mount with mountReplay(root, data, lang). Texts come
// from Django's JavaScript catalog (djangojs, see static/js/table/i18n.js); `lang` only picks
// the card indices (Russian Т К Д В, or A K Q J on the English page).

import { gettext, gettext_noop, interpolate } from "./table/i18n.js";

const SUITS = { s: "♠", c: "♣", d: "♦", h: "♥" };
const RANKS = {
  ru: { A: "Т", K: "К", Q: "Д", J: "В", T: "10" },
  en: { A: "A", K: "K", Q: "Q", J: "J", T: "10" },
};

/** What each action is called in the replay's action line ("Оля: ходит 10♥"). */
const ACTION_WORDS = {
  pass: gettext_noop("пас"),
  bid: gettext_noop("заявка"),
  capot: gettext_noop("капот"),
  contra: gettext_noop("контра"),
  recontra: gettext_noop("реконтра"),
  take: gettext_noop("беру"),
  name: gettext_noop("называет"),
  declare: gettext_noop("объявляет комбинации"),
  show: gettext_noop("показывает комбинации"),
  play: gettext_noop("ходит"),
  concede: gettext_noop("отдаёт остальные взятки"),
  attack: gettext_noop("подкидывает"),
  defend: gettext_noop("отбивается"),
  transfer: gettext_noop("переводит"),
  done: gettext_noop("бито"),
  catch: gettext_noop("ловит"),
  leave: gettext_noop("выходит из-за стола"),
  surrender: gettext_noop("сдаётся"),
  timeout: gettext_noop("время вышло"),
  close: gettext_noop("проверка окончена"),
};

/** The text of a card code ("Th" -> "10♥"), in the page's language. */
export function cardText(code, lang = "ru") {
  if (!code || code.length < 2) return String(code ?? "");
  const ranks = RANKS[lang] || RANKS.ru;
  return (ranks[code[0]] || code[0]) + (SUITS[code[1]] || code[1]);
}

function trumpText(trump) {
  if (trump === "nt") return gettext("БК");
  if (trump === "all") return gettext("ВК");
  return SUITS[trump] || "—";
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

function cardNode(code, lang) {
  const red = code && (code[1] === "h" || code[1] === "d");
  return el("span", { class: `replay-card${red ? " replay-card--red" : ""}`, "data-card": code }, cardText(code, lang));
}

/** A sentence for the action of a frame: "Оля: ходит 10♥". */
export function actionText(action, names, lang = "ru") {
  if (!action) return gettext("сдача карт");
  const who = action.seat === null || action.seat === undefined ? "" : `${names[action.seat] ?? action.seat}: `;
  let text = ACTION_WORDS[action.type] ? gettext(ACTION_WORDS[action.type]) : action.type;
  if (action.type === "capot" && action.solo) text = gettext("капо на 1 руке"); // Gambler's solo capot
  if (action.type === "bid") text += ` ${action.value} ${trumpText(action.trump)}`;
  else if (action.type === "capot" || action.type === "name") text += ` ${trumpText(action.trump)}`;
  if (action.card) text += ` ${cardText(action.card, lang)}`;
  if (action.target) text += ` → ${cardText(action.target, lang)}`;
  if (action.type === "name" && action.keep) text += ` (${gettext("оставляет открытую карту")})`;
  return who + text;
}

/** Mount the replay on ``root`` (the section with the buttons) for ``data`` = {game, seats, frames}. */
export function mountReplay(root, data, lang = "ru") {
  const names = Object.fromEntries(data.seats.map((s) => [s.seat, s.name]));
  const flat = [];
  data.frames.forEach((frames, deal) => frames.forEach((frame, step) => flat.push({ deal, step, frame })));
  const pos = root.querySelector(".replay__pos");
  const actionLine = root.querySelector(".replay__action");
  const board = root.querySelector(".replay__board");
  let index = 0;

  function dealStart(i) {
    return flat.findIndex((f) => f.deal === flat[i].deal);
  }

  function go(i) {
    index = Math.max(0, Math.min(flat.length - 1, i));
    render();
  }

  const moves = {
    first: () => go(0),
    last: () => go(flat.length - 1),
    prev: () => go(index - 1),
    next: () => go(index + 1),
    "prev-deal": () => {
      const start = dealStart(index);
      go(start === index ? dealStart(Math.max(0, index - 1)) : start);
    },
    "next-deal": () => {
      const next = flat.findIndex((f) => f.deal > flat[index].deal);
      go(next < 0 ? flat.length - 1 : next);
    },
  };

  function tableNodes(frame) {
    let cards = frame.table || [];
    if (!cards.length && frame.action && frame.action.type === "play") cards = frame.last_trick || [];
    if (data.game === "durak") {
      return cards.map((pair) =>
        el("span", { class: "replay-pair" }, cardNode(pair.attack, lang), pair.defence ? cardNode(pair.defence, lang) : null),
      );
    }
    return cards.map((c) => el("span", { class: "replay-played" }, el("small", {}, names[c.seat] ?? c.seat), cardNode(c.card, lang)));
  }

  function render() {
    if (!flat.length) return;
    const { deal, step, frame } = flat[index];
    const steps = data.frames[deal].length - 1;
    pos.textContent = interpolate(gettext("Раздача %(deal)s из %(deals)s · ход %(step)s из %(steps)s"), {
      deal: deal + 1,
      deals: data.frames.length,
      step,
      steps,
    });
    root.dataset.index = String(index);
    root.dataset.deal = String(deal);
    root.dataset.step = String(step);
    actionLine.textContent =
      actionText(frame.action, names, lang) + (frame.rejected ? ` (${gettext("отклонено")}: ${frame.rejected})` : "");
    const seats = data.seats.map((s) => {
      const hand = (frame.hands || {})[String(s.seat)] || [];
      const classes = ["replay-seat"];
      if ((frame.to_act || []).includes(s.seat)) classes.push("is-to-act");
      if (frame.action && frame.action.seat === s.seat) classes.push("is-actor");
      return el(
        "div",
        { class: classes.join(" "), "data-seat": String(s.seat) },
        el("div", { class: "replay-seat__name" }, s.name, frame.dealer === s.seat ? ` · ${gettext("сдаёт")}` : ""),
        el("div", { class: "replay-hand" }, hand.map((c) => cardNode(c, lang))),
      );
    });
    const info = [];
    if (frame.trump) info.push(el("span", {}, `${gettext("Козырь")}: ${trumpText(frame.trump)}`));
    if (frame.trump_card) info.push(el("span", {}, `${gettext("Козырь")}: `, cardNode(frame.trump_card, lang)));
    if (frame.totals && frame.totals.length) info.push(el("span", {}, `${gettext("Счёт")}: ${frame.totals.join(" : ")}`));
    if (frame.deal_result && frame.deal_result.scores) {
      const scores = frame.deal_result.scores.join(" : ");
      info.push(el("span", { class: "replay-result" }, interpolate(gettext("Раздача окончена, записано: %(scores)s"), { scores })));
    }
    board.replaceChildren(
      el("div", { class: "replay-seats" }, seats),
      el("div", { class: "replay-table", role: "group", "aria-label": gettext("На столе") }, tableNodes(frame)),
      el("div", { class: "replay-info" }, info),
    );
    for (const button of root.querySelectorAll("[data-step]")) {
      const back = ["first", "prev", "prev-deal"].includes(button.dataset.step);
      button.disabled = back ? index === 0 : index === flat.length - 1;
    }
  }

  root.addEventListener("click", (event) => {
    const button = event.target.closest("[data-step]");
    if (button && moves[button.dataset.step]) moves[button.dataset.step]();
  });
  const keys = { ArrowLeft: "prev", ArrowRight: "next", PageUp: "prev-deal", PageDown: "next-deal", Home: "first", End: "last" };
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
    const move = keys[event.key];
    if (move) {
      event.preventDefault();
      moves[move]();
    }
  });
  render();
  return { go, get index() { return index; }, count: flat.length };
}
