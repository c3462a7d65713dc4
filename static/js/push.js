/**
 * The profile's «Уведомления» (templates/push/_section.html): subscribing this browser to Web
 * Push, the kinds on and off, «Проверить», and removing devices.
 *
 * The browser asks for permission only when «Включить уведомления» is pressed, never on load;
 * after a refusal (the browser's "denied", or "default" left by dismissing the prompt, which
 * we remember in localStorage) the button is not shown again.
 */
import { csrfToken } from "./csrf.js";

(() => {
  const section = document.querySelector("[data-testid=push-section][data-public-key]");
  if (!section) return;
  const status = section.querySelector("[data-testid=push-status]");
  const enable = section.querySelector("[data-testid=push-enable]");
  const testButton = section.querySelector("[data-testid=push-test]");
  const REFUSED = "kartochki.push.refused";
  const say = (key) => { status.textContent = section.dataset[key] || ""; };

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(body || {}),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data.error || String(response.status));
    return data;
  }

  function keyBytes(base64url) {
    const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4));
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  }

  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
    && window.isSecureContext;

  function refused() {
    return Notification.permission === "denied" || localStorage.getItem(REFUSED) === "1";
  }

  async function current() {
    const registration = await navigator.serviceWorker.ready;
    return registration.pushManager.getSubscription();
  }

  async function turnOn() {
    enable.disabled = true;
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        localStorage.setItem(REFUSED, "1");
        enable.hidden = true;
        say("msgDenied");
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const subscription = (await registration.pushManager.getSubscription())
        || (await registration.pushManager.subscribe({
          userVisibleOnly: true, applicationServerKey: keyBytes(section.dataset.publicKey),
        }));
      await post(section.dataset.subscribe, subscription.toJSON());
      location.reload(); // the devices list shows this one
    } catch (err) {
      say("msgFailed");
      enable.disabled = false;
    }
  }

  async function show() {
    if (!supported) { say("msgUnsupported"); return; }
    if (refused()) { say("msgDenied"); return; }
    const subscription = Notification.permission === "granted" ? await current().catch(() => null) : null;
    const known = subscription && [...section.querySelectorAll("[data-endpoint]")]
      .some((li) => li.dataset.endpoint === subscription.endpoint);
    if (known) say("msgOn");
    else enable.hidden = false;
  }

  enable.addEventListener("click", turnOn);
  testButton.addEventListener("click", () => post(section.dataset.test).then(() => say("msgSent"), () => say("msgFailed")));
  section.querySelectorAll("input[data-kind]").forEach((box) => {
    box.addEventListener("change", () => {
      post(section.dataset.preference, { kind: box.dataset.kind, on: box.checked })
        .catch(() => { box.checked = !box.checked; say("msgFailed"); });
    });
  });
  section.querySelectorAll("[data-remove]").forEach((button) => {
    button.addEventListener("click", async () => {
      const item = button.closest("li");
      await post(section.dataset.unsubscribe, { id: Number(button.dataset.remove) });
      const subscription = supported ? await current().catch(() => null) : null;
      if (subscription && subscription.endpoint === item.dataset.endpoint) await subscription.unsubscribe();
      item.remove();
      location.reload();
    });
  });
  show();
})();
