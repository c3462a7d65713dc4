/**
 * Calling the player back: «Ваш ход» at the front of the tab's title while it is his move, and
 * a system notification when it becomes his move while the tab is hidden (only if he allowed
 * notifications: the site asks once, on his first move, never on page load).
 */

import { gettext } from "./i18n.js";

export class Attention {
  constructor() {
    this.base = document.title;
    this.mine = false;
  }

  /** Tell whether it is the player's move now; says so when it has just become his. */
  set(mine, { title = "" } = {}) {
    const became = mine && !this.mine;
    this.mine = mine;
    document.title = mine ? `${gettext("Ваш ход")} · ${this.base}` : this.base;
    if (became && document.hidden) this.notify(title);
    return became;
  }

  /** Ask for permission (call from a user gesture: the first move he makes). */
  ask() {
    if (typeof Notification === "undefined" || Notification.permission !== "default") return;
    try {
      Notification.requestPermission().catch(() => {});
    } catch {
      /* an old browser's callback form: not worth supporting */
    }
  }

  notify(title) {
    if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
    try {
      const note = new Notification(gettext("Ваш ход"), { body: title, tag: "kartochki-turn" });
      note.onclick = () => {
        window.focus();
        note.close();
      };
    } catch {
      /* some mobile browsers allow notifications only from a service worker */
    }
  }
}
