/**
 * The skeleton of the table page, built once; renderers fill its parts on every state.
 * Returns the parts by name.
 */

import { h } from "./dom.js";
import { gettext, gettext_noop } from "./i18n.js";

export function buildLayout(root, handlers, { lobbyUrl = "/" } = {}) {
  const parts = {};
  const ref = (name, el) => {
    parts[name] = el;
    return el;
  };
  const hintsInput = ref(
    "hintsInput",
    h("input", { type: "checkbox", role: "switch", "data-control": "hints", onchange: (ev) => handlers.setHints(ev.target.checked) }),
  );
  const soundInput = ref(
    "soundInput",
    h("input", { type: "checkbox", role: "switch", "data-control": "sound", onchange: (ev) => handlers.setSound(ev.target.checked) }),
  );
  const menu = ref(
    "menu",
    h(
      "nav",
      { class: "tbar-menu", "aria-label": gettext("Меню") },
      h("label", { class: "switch" }, hintsInput, h("span", { class: "switch-track", "aria-hidden": "true" }), h("span", {}, gettext("Подсказки ходов"))),
      h("label", { class: "switch" }, soundInput, h("span", { class: "switch-track", "aria-hidden": "true" }), h("span", {}, gettext("Звук"))),
      ref("lastButton", h("button", { type: "button", class: "btn btn-ghost", "data-control": "last-trick", "aria-pressed": "false", onclick: handlers.toggleLast }, gettext("Последняя взятка"))),
      ref("sheetButton", h("button", { type: "button", class: "btn btn-ghost", "data-control": "sheet", "aria-pressed": "false", onclick: handlers.toggleSheet }, gettext("Счёт"))),
      h("button", { type: "button", class: "btn btn-ghost", "data-control": "keys", onclick: handlers.showKeys }, gettext("Клавиши")),
      ref("surrenderButton", h("button", { type: "button", class: "btn btn-ghost", "data-control": "surrender", onclick: handlers.surrender }, gettext("Сдаться"))),
      ref("leaveButton", h("button", { type: "button", class: "btn btn-ghost", "data-control": "leave", onclick: handlers.leave }, gettext("Выйти"))),
    ),
  );
  const bar = h(
    "header",
    { class: "tbar" },
    // the site header is not shown in play: this is the way back (the match goes on, as after a reload)
    h("a", { class: "tbar-home", href: lobbyUrl, "data-control": "home", "aria-label": gettext("В лобби"), title: gettext("В лобби") }, "‹"),
    ref("title", h("div", { class: "tbar-title" })),
    ref("contract", h("div", { class: "tbar-info" })),
    ref("spectators", h("span", { class: "badge spectators", "data-testid": "spectators", hidden: true })),
    ref("conn", h("div", { class: "conn", role: "status" }, gettext("Соединение…"))),
    ref(
      "chatButton",
      h(
        "button",
        { type: "button", class: "btn btn-ghost chat-toggle", "data-control": "chat", "aria-pressed": "false", onclick: handlers.toggleChat },
        gettext("Чат"),
        ref("chatBadge", h("span", { class: "chat-badge", "data-testid": "chat-unread", hidden: true })),
      ),
    ),
    h("button", { type: "button", class: "btn btn-ghost tbar-menu-toggle", "aria-label": gettext("Меню"), onclick: () => root.classList.toggle("menu-open") }, "☰"),
    menu,
  );
  const felt = ref(
    "felt",
    h(
      "main",
      { class: "felt" },
      ref("seats", h("div", { class: "seats" })),
      ref("deck", h("div", { class: "deck-area" })),
      ref("centre", h("div", { class: "centre" })),
      ref("banners", h("div", { class: "banners", "aria-live": "polite" })),
      ref("overlay", h("div", { class: "felt-overlay" })),
    ),
  );
  const sheet = ref(
    "sheet",
    h(
      "aside",
      { class: "sheet", "aria-label": gettext("Счёт") },
      h("h2", { class: "sheet-title" }, gettext("Счёт")),
      h("button", { type: "button", class: "btn btn-ghost sheet-close", "data-control": "sheet-close", "aria-label": gettext("Закрыть"), onclick: handlers.toggleSheet }, "×"),
      ref("sheetBody", h("div", { class: "sheet-body" })),
      ref("feed", h("ol", { class: "feed", "aria-label": "events" })),
    ),
  );
  const bottom = h(
    "section",
    { class: "bottom" },
    h("div", { class: "me-row" }, ref("me", h("div", { class: "me" })), ref("hint", h("div", { class: "hint-line", "aria-live": "polite" }))),
    // the page's skip link («К ходу») lands here: the actions are the next Tab stop
    ref("panel", h("div", { class: "panel", id: "table-actions", tabindex: "-1" })),
    ref("hand", h("div", { class: "hand", role: "group", "aria-label": "hand" })),
  );
  root.replaceChildren(
    bar,
    h("div", { class: "table-body" }, felt, sheet),
    bottom,
    ref("toasts", h("div", { class: "toasts", "aria-live": "assertive" })),
  );
  root.classList.add("table-app");
  return parts;
}

export const KEYS_HELP = [
  ["1 … 9, 0", gettext_noop("карта руки по порядку")],
  ["← →", gettext_noop("выбрать карту руки")],
  ["↑ ↓", gettext_noop("выбрать карту на столе")],
  [gettext_noop("Enter, пробел"), gettext_noop("сыграть выбранную карту")],
  ["P", gettext_noop("пас")],
  ["T", gettext_noop("«Беру»")],
  ["D", gettext_noop("«Бито»")],
  ["C", gettext_noop("«Поймать!»")],
  ["L", gettext_noop("последняя взятка")],
  ["S", gettext_noop("счёт")],
  ["H", gettext_noop("подсказки ходов")],
  ["F2 / F4 / F8", gettext_noop("объявить / показать / отдать взятки")],
  ["Esc", gettext_noop("отменить выбор")],
];
