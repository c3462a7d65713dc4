/**
 * The offline page (served by the service worker in place of the page asked for): as soon as
 * the browser is online again — its "online" event, or the site answering a probe every 3 s —
 * it reloads, which brings back the page the player was going to (the table, the lobby).
 */
(() => {
  let leaving = false;
  const back = () => {
    if (leaving) return;
    leaving = true;
    window.location.reload();
  };
  const probe = () => {
    if (leaving || !navigator.onLine) return;
    fetch("/healthz", { cache: "no-store" }).then((response) => { if (response.ok) back(); }, () => {});
  };
  window.addEventListener("online", probe);
  setInterval(probe, 3000);
  document.addEventListener("click", (event) => {
    if (event.target.closest("[data-testid=offline-retry]")) back();
  });
})();
