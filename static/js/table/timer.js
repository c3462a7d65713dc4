/**
 * Visible countdowns from the view's clock: `deadline` (epoch ms when the server acts for
 * the player), `move_deadline` (end of the move time, when the server sends it) and
 * `reserve_ms` (the acting player's per-deal reserve in the belot family).
 *
 * Shown: the move time left, then «запас» (the reserve) counting down to the deadline.
 * Without `move_deadline` the deadline is taken as the end of the move time and the
 * reserve follows it. Elements made by `element()` are refreshed four times a second.
 */

import { h } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";

export function formatSeconds(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export class Countdown {
  constructor(root) {
    this.root = root;
    this.deadline = null;
    this.reserve = null;
    this.interval = setInterval(() => this.tick(), 250);
  }

  /** Take the deadline and reserve of a new view. */
  set(view) {
    const num = (x) => (typeof x === "number" ? x : null);
    const deadline = num(view.deadline);
    const moveEnd = num(view.move_deadline);
    const reserve = num(view.reserve_ms);
    if (deadline !== null && moveEnd !== null && moveEnd < deadline) {
      this.deadline = moveEnd;
      this.reserve = deadline - moveEnd;
    } else {
      this.deadline = deadline;
      this.reserve = reserve;
    }
  }

  /** A countdown element for the acting seat (empty when the view has no deadline). */
  element(kind = "turn") {
    const el = h("span", { class: `countdown countdown-${kind}`, "aria-live": "off" });
    this.update(el, Date.now());
    return el;
  }

  /** Text of a countdown at time `now`. */
  text(now, kind) {
    if (this.deadline === null) return "";
    const left = this.deadline - now;
    if (kind === "check") return interpolate(gettext("Проверка: %(s)s с"), { s: Math.max(0, Math.ceil(left / 1000)) });
    if (left > 0 || this.reserve === null) {
      const main = formatSeconds(left);
      return this.reserve === null ? main : `${main} · ${interpolate(gettext("запас %(s)s"), { s: formatSeconds(this.reserve) })}`;
    }
    return interpolate(gettext("запас %(s)s"), { s: formatSeconds(this.reserve + left) });
  }

  update(el, now) {
    const kind = el.classList.contains("countdown-check") ? "check" : "turn";
    el.textContent = this.text(now, kind);
    const left = this.deadline === null ? Infinity : this.deadline - now + (this.reserve || 0);
    el.classList.toggle("is-low", left < 6000);
    el.hidden = this.deadline === null;
  }

  tick() {
    const now = Date.now();
    for (const el of this.root.querySelectorAll(".countdown")) this.update(el, now);
    for (const el of this.root.querySelectorAll("[data-until]")) el.textContent = formatSeconds(Number(el.dataset.until) - now);
  }
}

/** A span counting down to `deadline` (epoch ms) as m:ss, refreshed by the Countdown's tick. */
export function untilElement(deadline) {
  return h("span", { class: "until", "data-until": deadline }, formatSeconds(deadline - Date.now()));
}
