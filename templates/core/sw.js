{% autoescape off %}/* Карточки: the service worker (scope "/"), served by apps.core.views.service_worker.
 *
 * - install: caches the static shell (the site's styles, icons and the offline page of each
 *   language) under a name that changes with every deploy of them;
 * - fetch: pages and the shell's files come from the network first; with no network a page is
 *   answered by the offline page in the player's language (the pages tell it: a "lang" message)
 *   and a shell file by its cached copy. Sockets, the API and other methods are never touched;
 * - push: shows the notification the server sent (apps.push: a title, a body, a URL of this
 *   site and a tag; nothing else is read);
 * - notificationclick: focuses a tab already on that URL, else brings a tab of the site there,
 *   else opens a new one.
 */
const VERSION = "{{ version }}";
const CACHE = `kartochki-shell-${VERSION}`;
const SHELL = {{ shell }};
const OFFLINE = {{ offline }};
const DEFAULT_LANGUAGE = {{ default_language }};
const LANG_KEY = "/__kartochki/lang";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("kartochki-shell-") && name !== CACHE)
          .map((name) => caches.delete(name))
      ))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "lang" && Object.hasOwn(OFFLINE, data.lang)) {
    event.waitUntil(caches.open(CACHE).then((cache) => cache.put(LANG_KEY, new Response(data.lang))));
  }
});

async function offlinePage() {
  const cache = await caches.open(CACHE);
  const remembered = await cache.match(LANG_KEY);
  const lang = remembered ? await remembered.text() : DEFAULT_LANGUAGE;
  const page = await cache.match(OFFLINE[lang] || OFFLINE[DEFAULT_LANGUAGE]);
  return page || new Response("offline", { status: 503, headers: { "Content-Type": "text/plain" } });
}

async function shellFile(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch (err) {
    const cached = await cache.match(request);
    if (cached) return cached;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => offlinePage()));
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(shellFile(request));
  }
});

const ICON = SHELL.find((path) => path.includes("icon-192")) || undefined;

function sameOriginPath(url) {
  try {
    const target = new URL(url || "/", self.location.origin);
    return target.origin === self.location.origin ? target.pathname + target.search : "/";
  } catch (err) {
    return "/";
  }
}

self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (err) { data = {}; }
  const title = String(data.title || "Карточки");
  event.waitUntil(self.registration.showNotification(title, {
    body: String(data.body || ""),
    tag: data.tag ? String(data.tag) : undefined,
    renotify: Boolean(data.tag),
    icon: ICON,
    badge: ICON,
    lang: "",
    data: { url: sameOriginPath(data.url) },
  }));
});

/** Focus a window already on ``path``, else bring one of the site there, else open one. */
async function openOrFocus(path) {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = windows.find((client) => client.url === url);
  if (same) return same.focus().catch(() => same);
  const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (ours) {
    const moved = await ours.navigate(url).catch(() => null);
    if (moved) return moved.focus().catch(() => moved);
  }
  return self.clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = sameOriginPath(event.notification.data && event.notification.data.url);
  event.waitUntil(openOrFocus(path));
});
{% endautoescape %}
