/**
 * The table socket: one WebSocket to /ws/tables/<id>/ that reconnects by itself.
 *
 * Promises: `onMessage(obj)` for every JSON frame received; `onStatus(status, info)` on
 * every change of connection state ("connecting", "open", "closed", "denied");
 * reconnection with exponential backoff (0.5 s doubling up to 15 s, with jitter) until
 * `close()` is called or the server refuses the user (close code 4401/4403); a `ping`
 * every 25 s while open. The browser's network events speed it up: going `offline` drops the
 * socket at once (the page says «нет связи» instead of waiting for TCP to notice), coming back
 * `online` reconnects at once instead of waiting out the backoff (issue #32). A `FakeSocket` has the same interface and records what the
 * client sends (for rendering tests; it never opens a connection).
 */

const PING_EVERY_MS = 25000;
const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 15000;
const NO_RETRY_CODES = new Set([4401, 4403, 4404]);

/** The socket URL of table `tableId` on this page's host (ws: or wss: like the page). */
export function tableSocketUrl(tableId, loc = window.location) {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}/ws/tables/${encodeURIComponent(tableId)}/`;
}

export class TableSocket {
  constructor(url, { onMessage, onStatus }) {
    this.url = url;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
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
    } catch (err) {
      this.scheduleRetry();
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
      if (NO_RETRY_CODES.has(ev.code)) {
        this.onStatus("denied", { code: ev.code });
        return;
      }
      this.scheduleRetry();
    });
  }

  scheduleRetry() {
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** this.attempt);
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    this.attempt += 1;
    this.onStatus("closed", { retryInMs: delay, attempt: this.attempt });
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

  /** Send one frame; false when the socket is not open (the caller keeps its state). */
  send(obj) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(obj));
    return true;
  }

  startPing() {
    this.stopPing();
    this.pingTimer = setInterval(() => this.send({ op: "ping", t: Date.now() }), PING_EVERY_MS);
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
