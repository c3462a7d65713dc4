/**
 * Texts of the table client through Django's JavaScript catalog (`djangojs` domain).
 *
 * Russian is the source language: every visible string is written in Russian in the code
 * as `gettext("…")` (placeholders `%(name)s`, filled by `interpolate`), and names kept in
 * tables are marked `gettext_noop("…")` where they are defined, so `makemessages -d djangojs`
 * finds them all. The page loads the catalog of its language from
 * `django.views.i18n.JavaScriptCatalog` (`{% url 'javascript-catalog' %}`) before this module
 * runs; English texts live in `locale/en/LC_MESSAGES/djangojs.po`. Without a catalog (a page
 * that did not load it) the Russian text is shown as is.
 */

/** Django's catalog object (`window.django`), when the page loaded it. */
function catalog() {
  const django = globalThis.django;
  return django && typeof django.gettext === "function" ? django : null;
}

/** `msgid` in the page's language (the Russian text itself when there is no translation). */
export function gettext(msgid) {
  const django = catalog();
  return django ? django.gettext(msgid) : msgid;
}

/** `msgid` of `context` in the page's language (Django's `pgettext`; the Russian text without one). */
export function pgettext(context, msgid) {
  const django = catalog();
  return django && typeof django.pgettext === "function" ? django.pgettext(context, msgid) : msgid;
}

/** Marks a string for translation where it is defined; translated later by `gettext(value)`. */
export function gettext_noop(msgid) {
  return msgid;
}

/** `fmt` with its `%(name)s` placeholders filled from `params` (Django's named interpolation). */
export function interpolate(fmt, params) {
  const django = catalog();
  if (django && typeof django.interpolate === "function") return django.interpolate(fmt, params, true);
  return fmt.replace(/%\((\w+)\)s/g, (m, k) => (k in params ? String(params[k]) : m));
}
