/**
 * Tiny DOM helpers for the table client: build elements without a framework.
 *
 * h("button", {class: "btn", onclick: fn, "data-x": 1}, "text", child) creates an
 * element; attributes starting with "on" become listeners, `class` may be a string or
 * an array (falsy entries dropped), boolean attributes are set when true and omitted when
 * false, children may be strings, nodes, arrays or null.
 */

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    } else if (key === "html") {
      el.innerHTML = value;
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

/** Append children (strings, nodes, nested arrays; null skipped) to `el`. */
export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replace every child of `el` by `children`. */
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** Parse an SVG string into an element. */
export function svg(markup) {
  const tpl = document.createElement("template");
  tpl.innerHTML = markup.trim();
  return tpl.content.firstElementChild;
}
