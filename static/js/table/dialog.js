/**
 * Modal dialogs and toasts.
 *
 * `confirmDialog(host, {title, text, ok})` asks a yes/no question with «Отмена» and the ok
 * text (red: every confirmation here guards a loss) and resolves true/false. Escape or a
 * click outside cancels. The safe «Отмена» has the focus, Tab cycles inside the dialog, and
 * the focus returns where it was when the dialog closes.
 * `choiceDialog(host, {title, text, choices})` asks to pick one answer (a button each) or «Отмена».
 * `infoDialog(host, {title, body})` shows content with one «Закрыть» and resolves on close.
 * `toast(host, text)` shows a message for a few seconds.
 */

import { h } from "./dom.js";
import { gettext } from "./i18n.js";

function modal(host, { title, content, buttons, initial }) {
  return new Promise((resolve) => {
    const before = document.activeElement;
    const done = (answer) => {
      overlay.remove();
      document.removeEventListener("keydown", onKey, true);
      if (before && before.isConnected && typeof before.focus === "function") before.focus();
      resolve(answer);
    };
    const made = buttons.map(({ label, answer, className }) =>
      h("button", { class: className, type: "button", onclick: () => done(answer) }, label),
    );
    const onKey = (ev) => {
      if (ev.key === "Escape") {
        ev.preventDefault();
        ev.stopPropagation();
        done(false);
      } else if (ev.key === "Tab") {
        // keep the focus inside: the page behind is inert while the question is open
        const i = made.indexOf(document.activeElement);
        const next = ev.shiftKey ? (i <= 0 ? made.length - 1 : i - 1) : (i + 1) % made.length;
        ev.preventDefault();
        made[next].focus();
      }
    };
    const overlay = h(
      "div",
      { class: "modal-overlay", onclick: (ev) => ev.target === overlay && done(false) },
      h(
        "div",
        { class: "modal", role: "alertdialog", "aria-modal": "true", "aria-label": title },
        h("h2", { class: "modal-title" }, title),
        content,
        h("div", { class: "modal-actions" }, made),
      ),
    );
    document.addEventListener("keydown", onKey, true);
    host.append(overlay);
    made[initial].focus();
  });
}

export function confirmDialog(host, { title, text, ok = null }) {
  return modal(host, {
    title,
    content: text ? h("p", { class: "modal-text" }, text) : null,
    buttons: [
      { label: gettext("Отмена"), answer: false, className: "btn" },
      { label: ok || gettext("Да"), answer: true, className: "btn btn-danger" },
    ],
    initial: 0,
  });
}

/** Ask to pick one of `choices` (`[{answer, label}]`, each a button) or «Отмена»; resolves the
 * chosen `answer`, or false. Escape or a click outside cancels, as in `confirmDialog`. */
export function choiceDialog(host, { title, text, choices }) {
  return modal(host, {
    title,
    content: text ? h("p", { class: "modal-text" }, text) : null,
    buttons: [
      ...choices.map(({ answer, label }) => ({ label, answer, className: "btn modal-choice" })),
      { label: gettext("Отмена"), answer: false, className: "btn" },
    ],
    initial: choices.length,
  });
}

export function infoDialog(host, { title, body }) {
  return modal(host, {
    title,
    content: body,
    buttons: [{ label: gettext("Закрыть"), answer: true, className: "btn btn-primary" }],
    initial: 0,
  });
}

export function toast(host, text, kind = "error") {
  const el = h("div", { class: `toast toast-${kind}`, role: "status" }, text);
  host.append(el);
  setTimeout(() => el.classList.add("toast-out"), 3200);
  setTimeout(() => el.remove(), 3700);
  while (host.children.length > 3) host.firstElementChild.remove();
}
