// The lobby's «new table» forms. A closed table (for friends) is casual unless «На рейтинг» is
// chosen: ticking «Закрытый стол» shows «без рейтинга» (the server does the same
// for a left default); a choice the person made himself stays.
for (const form of document.querySelectorAll("form[data-game]")) {
  const box = form.querySelector('input[name="private"]');
  const rated = form.querySelector('select[name="rated"]');
  if (!box || !rated) continue;
  let chosen = false;
  rated.addEventListener("change", () => { chosen = true; });
  box.addEventListener("change", () => {
    if (!chosen) rated.value = box.checked ? "false" : "";
  });
}
