// The shared socket's pure parts (static/js/socket.js): URLs and the reconnection backoff.
import { test } from "node:test";
import assert from "node:assert/strict";
import { backoffDelay, socketUrl, tableSocketUrl } from "../../static/js/socket.js";

test("socket URLs follow the page's scheme and host", () => {
  assert.equal(socketUrl("/ws/lobby/", { protocol: "https:", host: "k.example" }), "wss://k.example/ws/lobby/");
  assert.equal(socketUrl("/ws/lobby/?tables=0", { protocol: "http:", host: "127.0.0.1:8000" }), "ws://127.0.0.1:8000/ws/lobby/?tables=0");
  assert.equal(tableSocketUrl(42, { protocol: "http:", host: "h" }), "ws://h/ws/tables/42/");
});

test("the backoff doubles from 0.5 s up to 15 s", () => {
  const middle = () => 0.5; // no jitter
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, middle)), [500, 1000, 2000, 4000, 8000, 15000, 15000, 15000]);
});

test("the jitter stays within a quarter either side", () => {
  assert.equal(backoffDelay(1, () => 0), 750);
  assert.equal(backoffDelay(1, () => 0.999999), 1250);
  for (let i = 0; i < 50; i += 1) {
    const d = backoffDelay(3);
    assert.ok(d >= 3000 && d <= 5000, String(d));
  }
});
