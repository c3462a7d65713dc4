/**
 * The CSRF token for a POST from script: the `csrftoken` cookie, else the page's form input
 * (`{% csrf_token %}`), else "" (the server then refuses the POST with 403).
 */
export function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  if (match) return decodeURIComponent(match[1]);
  const input = document.querySelector("input[name=csrfmiddlewaretoken]");
  return input ? input.value : "";
}
