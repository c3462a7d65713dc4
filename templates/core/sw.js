{% autoescape off %}/* Карточки: the service worker (scope "/"), served by apps.core.views.service_worker.
 *
 * - install: caches the static shell (the site's styles, icons and the offline page of each
 *   language) under a name that changes with every deploy of them;
 * - fetch: pages and the shell's files come from the network first; with no network a page is
 *   answered by the offline page in the player's language (the pages tell it: a "lang" message)
 *   and a shell file by its cached copy. Sockets, the API and other methods are never touched.
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
{% endautoescape %}
