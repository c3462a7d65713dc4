/**
 * Modal confirmation and toasts.
 *
 * `confirmDialog(host, {title, text, ok})` shows a modal with «Отмена» and the ok text
 * and resolves true/false; Escape or a click outside cancels. `toast(host, text)` shows a
 * message for a few seconds.
 */

import { h } from "./dom.js";
import { gettext } from "./i18n.js";

export function confirmDialog(host, { title, text, ok = null }) {
  return new Promise((resolve) => {
    const done = (answer) => {
      overlay.remove();
      document.removeEventListener("keydown", onKey, true);
      resolve(answer);
    };
    const onKey = (ev) => {
      if (ev.key === "Escape") {
        ev.preventDefault();
        ev.stopPropagation();
        done(false);
      }
    };
    const okButton = h("button", { class: "btn btn-danger", type: "button", onclick: () => done(true) }, ok || gettext("Да"));
    const overlay = h(
      "div",
      { class: "modal-overlay", onclick: (ev) => ev.target === overlay && done(false) },
      h(
        "div",
        { class: "modal", role: "alertdialog", "aria-modal": "true", "aria-label": title },
        h("h2", { class: "modal-title" }, title),
        text ? h("p", { class: "modal-text" }, text) : null,
        h(
          "div",
          { class: "modal-actions" },
          h("button", { class: "btn", type: "button", onclick: () => done(false) }, gettext("Отмена")),
          okButton,
        ),
      ),
    );
    document.addEventListener("keydown", onKey, true);
    host.append(overlay);
    okButton.focus();
  });
}

export function toast(host, text, kind = "error") {
  const el = h("div", { class: `toast toast-${kind}`, role: "status" }, text);
  host.append(el);
  setTimeout(() => el.classList.add("toast-out"), 3200);
  setTimeout(() => el.remove(), 3700);
  while (host.children.length > 3) host.firstElementChild.remove();
}
