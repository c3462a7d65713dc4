// What the waiting room shows, as one string: the phase, the seats (seat|name|bot|ready, as the
// template's data-key) and the options with sorted keys. Two equal keys need no reload.

/** The options as a string that does not depend on the order of their keys. */
export function canonical(options) {
  return JSON.stringify(Object.keys(options || {}).sort().map((k) => [k, options[k]]));
}

/** The key of a phase, the seats already joined as "seat|name|bot|ready;…" and the options. */
export function keyOf(phase, seats, options) {
  return `${phase}#${seats}#${canonical(options)}`;
}

/** The key of a `state` frame's view, comparable with the key of the rendered page. */
export function viewKey(view) {
  const seats = (view.seats || []).map((s) => `${s.seat}|${s.name ?? ""}|${s.bot ?? ""}|${s.ready ? 1 : 0}`).join(";");
  return keyOf(view.phase, seats, view.options);
}
