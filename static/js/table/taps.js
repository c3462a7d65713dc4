/**
 * The player's taps read against the legal moves (a TableState from state.js): what a tap on
 * a card does (Durak's two-tap logic), which cards the hints mark, and the hint line.
 * Pure: a tap returns `{ act, toast, render }` — the action to send, the text to show (an
 * «info» toast) and whether the selection changed —, and client.js does it.
 */

import { gettext, interpolate } from "./i18n.js";
import { cardActions, catchableCards, defendTargets, findLegal, hasType, ofType, playableCards } from "./moves.js";
import { PLAYING } from "./state.js";
import { seatName } from "./view.js";

const NOTHING = Object.freeze({});

function refusal(state) {
  return state.legal.length ? gettext("Так сыграть нельзя") : gettext("Сейчас не ваш ход");
}

/** A tap on the card `code` of my hand. */
export function tapCard(state, code) {
  if (!state.view || state.pending) return NOTHING;
  const ui = state.ui;
  const acts = cardActions(state.legal, code);
  if (state.view.game !== "durak") return acts.length ? { act: acts[0] } : { toast: refusal(state) };
  ui.catchMode = false;
  if (ui.hints) {
    if (acts.length === 1) return { act: acts[0] };
    if (!acts.length) return { toast: refusal(state), render: true };
    ui.selected = ui.selected === code ? null : code;
    return { render: true };
  }
  // Hints off: the first tap raises the card, the second plays it where only one way fits.
  if (ui.selected !== code) {
    ui.selected = code;
    return { render: true };
  }
  if (acts.length === 1) return { act: acts[0] };
  if (!acts.length) {
    ui.selected = null;
    return { toast: refusal(state), render: true };
  }
  return { toast: gettext("Выберите карту на столе"), render: true };
}

/** A tap on the card `code` of the Durak bout: defend it, transfer onto it, or catch it. */
export function tapTable(state, code) {
  if (!state.view || state.pending) return NOTHING;
  const ui = state.ui;
  const legal = state.legal;
  let a = null;
  if (ui.catchMode) a = findLegal(legal, { type: "catch", card: code });
  else if (ui.selected) a = findLegal(legal, { type: "defend", card: ui.selected, target: code }) || findLegal(legal, { type: "transfer", card: ui.selected });
  else {
    const defends = ui.hints ? ofType(legal, "defend").filter((d) => d.target === code) : [];
    return defends.length === 1 ? { act: defends[0] } : NOTHING;
  }
  return a ? { act: a } : { toast: gettext("Так сыграть нельзя") };
}

/** A tap on the empty part of the bout: attack or transfer with the selected card. */
export function tapBout(state) {
  const sel = state.ui.selected;
  if (!sel || state.pending) return NOTHING;
  const acts = cardActions(state.legal, sel).filter((a) => a.type !== "defend");
  return acts.length === 1 ? { act: acts[0] } : NOTHING;
}

/** The classes of my hand's card `code`: selected, and with hints playable or dimmed. */
export function handCardClasses(state, code) {
  const ui = state.ui;
  const out = [];
  if (ui.selected === code) out.push("is-selected");
  const playable = playableCards(state.legal);
  if (ui.hints && playable.size && !ui.catchMode) out.push(playable.has(code) ? "is-playable" : "is-dimmed");
  return out;
}

/** The hint classes of the bout's card `code` (`unbeaten`: no card lies on it yet). */
export function tableCardClasses(state, code, unbeaten) {
  const ui = state.ui;
  const legal = state.legal;
  if (!ui.hints) return [];
  if (ui.catchMode) return catchableCards(legal).has(code) ? ["is-catchable"] : [];
  if (ui.selected) return defendTargets(legal, ui.selected).includes(code) ? ["is-target"] : [];
  return unbeaten && defendTargets(legal, null).includes(code) ? ["is-beatable"] : [];
}

/** The hint line: what to do now (shown with hints on, on wide screens); "" when nothing. */
export function hintText(state) {
  const v = state.view;
  if (!v) return "";
  const legal = state.legal;
  if (v.phase === "waiting") return gettext("Ждём игроков");
  if (v.phase === "play" && typeof v.sitting === "number" && v.sitting === v.seat) {
    return gettext("Партнёр играет «Капо на 1 руке»: ваши карты не участвуют");
  }
  if (!legal.length) {
    const names = (v.to_act || []).filter((s) => s !== v.seat).map((s) => seatName(v, s));
    return names.length && PLAYING.has(v.phase) ? interpolate(gettext("Ждём: %(name)s"), { name: names.join(", ") }) : "";
  }
  if (state.ui.catchMode) return gettext("Выберите карту соперника, которую ловите");
  if (v.phase === "auction") {
    if (hasType(legal, "bid") || hasType(legal, "capot") || hasType(legal, "contra")) return gettext("Выберите заявку или скажите «Пас»");
    if (hasType(legal, "name")) return gettext("Назовите козырь");
    return gettext("Возьмите козырь или скажите «Пас»");
  }
  const playable = playableCards(legal);
  const allPlayable = (v.hand || []).every((c) => playable.has(c));
  const anyCard = allPlayable ? gettext("Ходите любой картой") : gettext("Ходите картой, которая приподнята");
  if (v.game === "durak") {
    if (hasType(legal, "defend") || hasType(legal, "take")) {
      if (state.ui.selected) return gettext("Выберите карту на столе");
      return hasType(legal, "transfer") ? gettext("Отбейтесь, переведите или нажмите «Беру»") : gettext("Отбейтесь или нажмите «Беру»");
    }
    if (!(v.table_cards || []).length) return anyCard;
    // the hint follows this seat's own legal actions: nothing to throw in → only «Бито»
    if (!hasType(legal, "attack")) return hasType(legal, "done") ? gettext("Подкинуть нечего — нажмите «Бито»") : "";
    return gettext("Подкиньте карту или нажмите «Бито»");
  }
  return playable.size ? anyCard : "";
}
