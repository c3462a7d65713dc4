/**
 * The one WebSocket of every page: the table's /ws/tables/<id>/, the lobby's /ws/lobby/ (the
 * header's invitations, friends, the lobby's list) and the waiting room all open it here.
 *
 * Promises: `onMessage(obj)` for every JSON object received; `onStatus(status, info)` on every
 * change of connection state ("connecting", "open", "closed", "denied"; `info.code` is the
 * close code); reconnection with exponential backoff (`backoffDelay`: 0.5 s doubling up to
 * 15 s, with jitter) until `close()` is called or the server closes with one of the
 * `noRetry` codes (then "denied"); a `ping` frame every `pingEveryMs` while open (the table
 * socket's keep-alive; null sends none). The browser's network events speed it up: going
 * `offline` drops the socket at once (the page says «нет связи» instead of waiting for TCP to
 * notice), coming back `online` reconnects at once instead of waiting out the backoff. A
 * `FakeSocket` has the same interface and records what the client sends (for rendering tests;
 * it never opens a connection).
 */

const PING_EVERY_MS = 25000;
const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 15000;
//: The table's refusals: signed out, not allowed at this table, no such table.
export const TABLE_NO_RETRY = Object.freeze([4401, 4403, 4404]);
//: The lobby's refusals: signed out, too many tabs or a flood. Retrying makes neither better.
export const LOBBY_NO_RETRY = Object.freeze([4401, 4429]);

/** The socket URL of `path` (from the root, "/ws/…") on this page's host, ws: or wss: like the page. */
export function socketUrl(path, loc = window.location) {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}${path}`;
}

/** The socket URL of table `tableId` on this page's host. */
export function tableSocketUrl(tableId, loc = window.location) {
  return socketUrl(`/ws/tables/${encodeURIComponent(tableId)}/`, loc);
}

/** The wait before reconnection number `attempt` (0 first): 0.5 s doubling up to 15 s, ±25 %. */
export function backoffDelay(attempt, random = Math.random) {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

export class LiveSocket {
  constructor(url, { onMessage, onStatus = () => {}, noRetry = TABLE_NO_RETRY, pingEveryMs = PING_EVERY_MS }) {
    this.url = url;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.noRetry = new Set(noRetry);
    this.pingEveryMs = pingEveryMs;
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.retryTimer = null;
    this.pingTimer = null;
    this.listening = false;
    this.onOnline = () => this.reconnectNow();
    this.onOffline = () => this.dropForOffline();
  }

  connect() {
    this.stopped = false;
    if (!this.listening && typeof window !== "undefined") {
      window.addEventListener("online", this.onOnline);
      window.addEventListener("offline", this.onOffline);
      this.listening = true;
    }
    clearTimeout(this.retryTimer);
    this.onStatus("connecting", { attempt: this.attempt });
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.scheduleRetry(null);
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.attempt = 0;
      this.onStatus("open", {});
      this.startPing();
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg && typeof msg === "object") this.onMessage(msg);
    });
    ws.addEventListener("close", (ev) => {
      this.stopPing();
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      if (this.noRetry.has(ev.code)) {
        this.onStatus("denied", { code: ev.code });
        return;
      }
      this.scheduleRetry(ev.code);
    });
  }

  scheduleRetry(code) {
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.onStatus("closed", { retryInMs: delay, attempt: this.attempt, code });
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Back online: reconnect now unless open or connecting (the backoff starts over). */
  reconnectNow() {
    if (this.stopped || this.ws) return;
    this.attempt = 0;
    this.connect();
  }

  /** The browser went offline: close the socket (its close schedules the retries). */
  dropForOffline() {
    if (this.stopped || !this.ws) return;
    this.ws.close(4000, "offline");
  }

  /** True while the socket is open (a frame sent now goes out). */
  get open() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  /** Send one frame; false when the socket is not open (the caller keeps its state). */
  send(obj) {
    if (!this.open) return false;
    this.ws.send(JSON.stringify(obj));
    return true;
  }

  startPing() {
    this.stopPing();
    if (this.pingEveryMs == null) return;
    this.pingTimer = setInterval(() => this.send({ op: "ping", t: Date.now() }), this.pingEveryMs);
  }

  stopPing() {
    clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  close() {
    this.stopped = true;
    if (this.listening) {
      window.removeEventListener("online", this.onOnline);
      window.removeEventListener("offline", this.onOffline);
      this.listening = false;
    }
    clearTimeout(this.retryTimer);
    this.stopPing();
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }
}

/** A socket that connects nowhere and records sent frames in `sent` (tests, previews). */
export class FakeSocket {
  constructor(url, { onStatus }) {
    this.url = url;
    this.onStatus = onStatus;
    this.sent = [];
  }

  connect() {
    this.onStatus("open", {});
  }

  send(obj) {
    this.sent.push(JSON.parse(JSON.stringify(obj)));
    return true;
  }

  close() {}
}
