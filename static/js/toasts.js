// The corner where every page's live toasts stack (invitations, friend requests, quick play).

/** The toast container of the page, created at the end of <body> the first time it is asked for. */
export function toastHost() {
  let host = document.getElementById("social-toasts");
  if (!host) {
    host = document.createElement("div");
    host.id = "social-toasts";
    host.className = "social-toasts";
    host.setAttribute("aria-live", "polite");
    document.body.append(host);
  }
  return host;
}
