/**
 * Short sounds made with WebAudio (no files to load): `turn` when it becomes your move,
 * `card` when a card is played, `trick` when a trick or bout is taken, `tick` for each of the
 * last seconds of your move. The «Звук» switch is each player's own, remembered in this
 * browser (localStorage `kartochki.sound`), on by default. Browsers start audio only after a
 * gesture on the page: until the first tap or key nothing is heard, and nothing fails.
 */

const KEY = "kartochki.sound";

//: [frequency Hz, duration s, gain] per sound; a second pair is played right after the first
const TONES = {
  turn: [[660, 0.09, 0.16], [880, 0.12, 0.16]],
  card: [[320, 0.05, 0.12]],
  trick: [[520, 0.07, 0.1], [390, 0.09, 0.1]],
  tick: [[1000, 0.03, 0.07]],
};

export function loadSound() {
  try {
    return window.localStorage.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}

export function saveSound(on) {
  try {
    window.localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    /* private mode: the switch still works for this page */
  }
}

export class Sounds {
  constructor() {
    this.on = loadSound();
    this.context = null;
    //: names played, newest last (tests read it: a headless browser has no speakers)
    this.played = [];
    const unlock = () => {
      if (this.context || typeof AudioContext === "undefined") return;
      try {
        this.context = new AudioContext();
      } catch {
        this.context = null;
      }
    };
    window.addEventListener("pointerdown", unlock, { once: true, capture: true });
    window.addEventListener("keydown", unlock, { once: true, capture: true });
  }

  set(on) {
    this.on = on;
    saveSound(on);
  }

  play(name) {
    if (!this.on || !TONES[name]) return;
    this.played.push(name);
    if (this.played.length > 50) this.played.shift();
    const ctx = this.context;
    if (!ctx || ctx.state === "closed") return;
    let at = ctx.currentTime;
    for (const [freq, length, gain] of TONES[name]) {
      const osc = ctx.createOscillator();
      const amp = ctx.createGain();
      osc.frequency.value = freq;
      amp.gain.setValueAtTime(gain, at);
      amp.gain.exponentialRampToValueAtTime(0.0001, at + length);
      osc.connect(amp).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + length);
      at += length;
    }
  }
}
