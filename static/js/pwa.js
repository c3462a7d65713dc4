/**
 * Every page: registers the service worker (/sw.js, scope "/") and tells it the page's language,
 * so that with no network it answers with the offline page in that language.
 */
(() => {
  if (!("serviceWorker" in navigator)) return;
  const lang = document.documentElement.lang || "ru";
  const tell = (worker) => { if (worker) worker.postMessage({ type: "lang", lang }); };
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(
    (registration) => {
      tell(navigator.serviceWorker.controller || registration.active);
      navigator.serviceWorker.addEventListener("controllerchange", () => tell(navigator.serviceWorker.controller));
    },
    () => {} // e.g. a plain-HTTP LAN address: the site works without it
  );
})();
