// Replay of a finished match: steps through the frames the server built from the match record
// (every deal, every action, every hand). No dependencies; mount with mountReplay(root, data, lang).

const SUITS = { s: "♠", c: "♣", d: "♦", h: "♥" };
const RANKS = {
  ru: { A: "Т", K: "К", Q: "Д", J: "В", T: "10" },
  en: { A: "A", K: "K", Q: "Q", J: "J", T: "10" },
};
const TRUMPS = { s: "♠", c: "♣", d: "♦", h: "♥", nt: { ru: "БК", en: "NT" }, all: { ru: "ВК", en: "AT" } };

const WORDS = {
  ru: {
    deal: "Раздача", of: "из", step: "ход", start: "сдача карт", trump: "Козырь", totals: "Счёт",
    table: "На столе", rejected: "отклонено", dealOver: "Раздача окончена", scores: "записано",
    pass: "пас", bid: "заявка", capot: "капот", contra: "контра", recontra: "реконтра", take: "беру",
    name: "называет", declare: "объявляет комбинации", show: "показывает комбинации", play: "ходит",
    concede: "отдаёт остальные взятки", attack: "подкидывает", defend: "отбивается", transfer: "переводит",
    done: "бито", catch: "ловит", leave: "выходит из-за стола", surrender: "сдаётся", timeout: "время вышло",
    close: "проверка окончена", keep: "оставляет открытую карту", dealer: "сдаёт",
  },
  en: {
    deal: "Deal", of: "of", step: "move", start: "cards dealt", trump: "Trump", totals: "Score",
    table: "On the table", rejected: "refused", dealOver: "Deal over", scores: "scored",
    pass: "pass", bid: "bids", capot: "capot", contra: "contra", recontra: "recontra", take: "takes",
    name: "names", declare: "declares combinations", show: "shows combinations", play: "plays",
    concede: "concedes the rest", attack: "attacks", defend: "defends", transfer: "transfers",
    done: "done", catch: "catches", leave: "leaves the table", surrender: "surrenders", timeout: "time out",
    close: "check closed", keep: "keeps the face-up card", dealer: "deals",
  },
};

/** The text of a card code ("Th" -> "10♥"), in the page's language. */
export function cardText(code, lang = "ru") {
  if (!code || code.length < 2) return String(code ?? "");
  const ranks = RANKS[lang] || RANKS.ru;
  return (ranks[code[0]] || code[0]) + (SUITS[code[1]] || code[1]);
}

function trumpText(trump, lang) {
  const t = TRUMPS[trump];
  if (!t) return "—";
  return typeof t === "string" ? t : t[lang] || t.ru;
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
  const w = WORDS[lang] || WORDS.ru;
  if (!action) return w.start;
  const who = action.seat === null || action.seat === undefined ? "" : `${names[action.seat] ?? action.seat}: `;
  let text = w[action.type] || action.type;
  if (action.type === "bid") text += ` ${action.value} ${trumpText(action.trump, lang)}`;
  else if (action.type === "capot" || action.type === "name") text += ` ${trumpText(action.trump, lang)}`;
  if (action.card) text += ` ${cardText(action.card, lang)}`;
  if (action.target) text += ` → ${cardText(action.target, lang)}`;
  if (action.type === "name" && action.keep) text += ` (${w.keep})`;
  return who + text;
}

/** Mount the replay on ``root`` (the section with the buttons) for ``data`` = {game, seats, frames}. */
export function mountReplay(root, data, lang = "ru") {
  const w = WORDS[lang] || WORDS.ru;
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
    pos.textContent = `${w.deal} ${deal + 1} ${w.of} ${data.frames.length} · ${w.step} ${step} ${w.of} ${steps}`;
    root.dataset.index = String(index);
    root.dataset.deal = String(deal);
    root.dataset.step = String(step);
    actionLine.textContent = actionText(frame.action, names, lang) + (frame.rejected ? ` (${w.rejected}: ${frame.rejected})` : "");
    const seats = data.seats.map((s) => {
      const hand = (frame.hands || {})[String(s.seat)] || [];
      const classes = ["replay-seat"];
      if ((frame.to_act || []).includes(s.seat)) classes.push("is-to-act");
      if (frame.action && frame.action.seat === s.seat) classes.push("is-actor");
      return el(
        "div",
        { class: classes.join(" "), "data-seat": String(s.seat) },
        el("div", { class: "replay-seat__name" }, s.name, frame.dealer === s.seat ? ` · ${w.dealer}` : ""),
        el("div", { class: "replay-hand" }, hand.map((c) => cardNode(c, lang))),
      );
    });
    const info = [];
    if (frame.trump) info.push(el("span", {}, `${w.trump}: ${trumpText(frame.trump, lang)}`));
    if (frame.trump_card) info.push(el("span", {}, `${w.trump}: `, cardNode(frame.trump_card, lang)));
    if (frame.totals && frame.totals.length) info.push(el("span", {}, `${w.totals}: ${frame.totals.join(" : ")}`));
    if (frame.deal_result && frame.deal_result.scores) {
      info.push(el("span", { class: "replay-result" }, `${w.dealOver}, ${w.scores}: ${frame.deal_result.scores.join(" : ")}`));
    }
    board.replaceChildren(
      el("div", { class: "replay-seats" }, seats),
      el("div", { class: "replay-table", "aria-label": w.table }, tableNodes(frame)),
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
