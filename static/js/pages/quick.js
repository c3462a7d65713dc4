// Quick play: poll the API (the box's data-api-url) while waiting (docs/protocol.md «Quick
// play»); open the table once seated. With bots promised the page counts the seconds down and
// asks again right when they are due, so «через 15 с» means 15 s.
const box = document.getElementById("quick-waiting");
const botsIn = document.getElementById("quick-bots-in");
const left = document.getElementById("quick-bots-left");
const every = 2000;
let botsAt = null; // this clock's time when the bots are due

function due(botsAfter, waited) {
  // waited_s is whole seconds (floored): the due time is taken half a second early, never late
  botsAt = botsAfter === null || botsAfter === "" ? null : Date.now() + (Number(botsAfter) - Number(waited) - 0.5) * 1000;
  botsIn.hidden = botsAt === null;
  tick();
}

function tick() {
  if (botsAt === null) return;
  const seconds = Math.max(0, Math.ceil((botsAt - Date.now()) / 1000));
  left.textContent = String(seconds);
  document.getElementById("quick-bots-wait").hidden = seconds === 0;
  document.getElementById("quick-bots-now").hidden = seconds !== 0;
}

function nextPoll() {
  if (botsAt === null) return every;
  // botsAt is within half a second of the server's due time: ask 0.6 s after it, then often
  const untilDue = botsAt - Date.now();
  return untilDue > -600 ? Math.min(every, untilDue + 600) : 500;
}

async function poll() {
  if (box.hidden) return;
  try {
    const response = await fetch(box.dataset.apiUrl, { credentials: "same-origin" });
    if (response.ok) {
      const state = await response.json();
      if (state.status === "seated" && state.table) {
        location.assign(`${box.dataset.lobbyUrl}tables/${state.table}/`);
        return;
      }
      if (state.status !== "waiting") { box.hidden = true; return; }
      document.getElementById("quick-waited").textContent = state.waited_s;
      document.getElementById("quick-window").textContent = state.window;
      due(state.bots_after, state.waited_s);
    }
  } catch { /* the next poll tries again */ }
  setTimeout(poll, nextPoll());
}

if (!box.hidden) {
  due(botsIn.dataset.botsAfter, botsIn.dataset.waited);
  setInterval(tick, 250);
  setTimeout(poll, Math.min(1000, nextPoll()));
}
