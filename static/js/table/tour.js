/**
 * First-visit hints: the first time a person sits at a table in play,
 * three short hints show the controls one after another — the hand, the action buttons and the
 * top bar — as BGA's tutorial hints do. «Дальше» goes on, «Понятно» (the last) or «×» ends them,
 * for good: this browser remembers it (localStorage `kartochki.tour`).
 *
 * The hints sit in the flow above the hand (never over the felt or a button): nothing they show
 * can take a tap meant for the game. The control a hint speaks of is outlined meanwhile
 * (`tour-<target>` on the table's root).
 */

import { h } from "./dom.js";
import { gettext, gettext_noop, interpolate } from "./i18n.js";

const KEY = "kartochki.tour";

export const STEPS = [
  { target: "hand", text: gettext_noop("Ваши карты — внизу. Нажмите карту, чтобы сыграть её; с подсказками ходов подходящие карты приподняты.") },
  { target: "panel", text: gettext_noop("Над картами — кнопки хода («Пас», «Беру», «Бито»…): нажать можно те, что яркие.") },
  { target: "bar", text: gettext_noop("Вверху — чат, счёт и меню: последняя взятка, звук, подсказки ходов, «Сдаться» и «Выйти».") },
];

function seen() {
  try {
    return window.localStorage.getItem(KEY) === "done";
  } catch {
    return false;
  }
}

function remember() {
  try {
    window.localStorage.setItem(KEY, "done");
  } catch {
    /* private mode: the hints end for this page */
  }
}

export class Tour {
  constructor(root, host) {
    this.root = root;
    this.step = null; // null: not started; STEPS.length: over
    this.text = h("p", { class: "tour-text", id: "tour-text" });
    this.count = h("span", { class: "tour-count" });
    this.next = h("button", { type: "button", class: "btn btn-primary tour-next", "data-control": "tour-next", onclick: () => this.go(this.step + 1) });
    this.element = h(
      "section",
      { class: "tour", "data-testid": "tour", "aria-label": gettext("Подсказки"), "aria-live": "polite", hidden: true },
      this.count,
      this.text,
      h("span", { class: "tour-actions" }, this.next, h("button", { type: "button", class: "btn btn-ghost tour-close", "data-control": "tour-close", "aria-label": gettext("Больше не показывать подсказки"), title: gettext("Больше не показывать подсказки"), onclick: () => this.go(STEPS.length) }, "×")),
    );
    host.prepend(this.element);
  }

  /** Start on the first state where the person sits at a match in play (once per browser). */
  follow(view, playing) {
    if (this.step !== null) return;
    const seated = view && view.seat !== null && view.seat !== undefined;
    if (!seated || !playing || seen()) return;
    this.go(0);
  }

  go(step) {
    for (const s of STEPS) this.root.classList.remove(`tour-${s.target}`);
    this.step = step;
    if (step >= STEPS.length) {
      remember();
      this.element.hidden = true;
      return;
    }
    const { target, text } = STEPS[step];
    this.root.classList.add(`tour-${target}`);
    this.count.textContent = interpolate(gettext("%(n)s из %(all)s"), { n: step + 1, all: STEPS.length });
    this.text.textContent = gettext(text);
    this.next.textContent = step === STEPS.length - 1 ? gettext("Понятно") : gettext("Дальше");
    this.element.hidden = false;
  }
}
