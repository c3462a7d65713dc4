/**
 * «Готов» before the start: `POST /api/tables/<id>/ready/` (docs/protocol.md); the socket
 * then brings the new state. «Готов» carries a random client seed (docs/rules.md §3): the
 * deals then depend on it too.
 */

import { csrfToken } from "../csrf.js";
import { gettext } from "./i18n.js";

/** A fresh random client seed: 24 hex digits. */
export function clientSeed() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Say «Готов» (`ready` true, with a seed) or take it back; resolves to null, or the text of the refusal. */
export async function postReady(tableId, ready) {
  const payload = ready ? { ready, client_seed: clientSeed() } : { ready };
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/ready/`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(payload),
    });
    if (response.ok) return null;
    const body = await response.json().catch(() => ({}));
    return body.message || gettext("Ошибка");
  } catch {
    return gettext("Нет связи");
  }
}
