/**
 * The score sheet (one row per deal, then the totals) and the end-of-deal and
 * end-of-match summaries, from `view.deals`, `view.totals` and `view.result`.
 */

import { trumpLabel } from "./cards.js";
import { h } from "./dom.js";
import { gettext, gettext_noop, interpolate } from "./i18n.js";
import { SOLO_CAPOT } from "./kinds.js";
import { provisionalNote } from "./seats.js";
import { scoreSides, seatName } from "./view.js";

const REASON = {
  target: gettext_noop("цель"),
  deals: gettext_noop("все сдачи дубля сыграны"),
  deberc: gettext_noop("деберц"),
  fool: gettext_noop("дурак"),
  draw: gettext_noop("ничья"),
  surrender: gettext_noop("сдался"),
  leave: gettext_noop("вышел"),
  disconnect: gettext_noop("отключился"),
  no_show: gettext_noop("игрок не открыл стол за 20 секунд"),
};

function durakRow(view, deal, i) {
  let text;
  if (deal.draw) text = gettext("Ничья");
  else if (deal.fool !== null && deal.fool !== undefined) text = interpolate(gettext("Дурак: %(name)s"), { name: seatName(view, deal.fool) });
  else text = interpolate(gettext("Победа: %(names)s"), { names: (deal.winners || []).map((s) => seatName(view, s)).join(", ") });
  return h("tr", {}, h("th", { scope: "row" }, String(i + 1)), h("td", { colspan: 4 }, text));
}

/** A short note on a belot deal: contract and whether it was made. */
function dealNote(view, deal) {
  if (deal.redeal) return gettext("Пересдача");
  const c = deal.contract || {};
  const bits = [];
  if (c.solo) bits.push(gettext(SOLO_CAPOT));
  else if (c.capot) bits.push(gettext("капот"));
  else if (c.value) bits.push(String(c.value));
  if (c.trump || deal.trump) bits.push(trumpLabel(c.trump || deal.trump));
  if (c.multiplier === 2) bits.push("×2");
  if (c.multiplier === 4) bits.push("×4");
  if (deal.made === true) bits.push(gettext("выполнен"));
  if (deal.made === false) bits.push(gettext("не выполнен"));
  if (deal.outcome === "bait") bits.push(gettext("байт"));
  if (deal.outcome === "hanging") bits.push(gettext("висят"));
  return bits.join(" ");
}

/** The score sheet table. */
export function scoreSheet(view) {
  const deals = view.deals || [];
  if (view.game === "durak") {
    if (!deals.length) return h("p", { class: "sheet-empty" }, gettext("Партия идёт"));
    return h("table", { class: "sheet-table" }, h("tbody", {}, deals.map((d, i) => durakRow(view, d, i))));
  }
  const sides = scoreSides(view);
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, gettext("Сдача")),
    sides.map((s) => h("th", { scope: "col", title: s.sub }, s.label)),
  );
  const rows = deals.map((d, i) =>
    h(
      "tr",
      { class: d.redeal ? "is-redeal" : null },
      h("th", { scope: "row", title: dealNote(view, d) }, String(i + 1)),
      sides.map((_, k) => h("td", {}, d.scores ? String(d.scores[k] ?? "") : "")),
    ),
  );
  const totals = view.totals || [];
  const foot = h(
    "tr",
    { class: "sheet-total" },
    h("th", { scope: "row" }, gettext("Итого")),
    sides.map((_, k) => h("td", {}, String(totals[k] ?? 0))),
  );
  return h("table", { class: "sheet-table" }, h("thead", {}, head), h("tbody", {}, rows), h("tfoot", {}, foot));
}

function detailRow(label, values) {
  if (!values) return null;
  return h("tr", {}, h("th", { scope: "row" }, label), values.map((v) => h("td", {}, String(v ?? ""))));
}

/** Summary of the last finished deal (phase `deal_over`). */
export function dealSummary(view) {
  const deal = (view.deals || [])[view.deals.length - 1];
  if (!deal) return null;
  if (view.game === "durak") return h("div", { class: "summary" }, h("h2", {}, gettext("Сдача окончена")), scoreSheet(view));
  const sides = scoreSides(view);
  return h(
    "div",
    { class: "summary", "data-summary": "deal" },
    h("h2", {}, gettext("Сдача окончена")),
    h("p", { class: "summary-note" }, dealNote(view, deal)),
    h(
      "table",
      { class: "sheet-table" },
      h("thead", {}, h("tr", {}, h("th", {}), sides.map((s) => h("th", { title: s.sub }, s.label)))),
      h(
        "tbody",
        {},
        detailRow(gettext("Взятки"), deal.tricks),
        detailRow(gettext("Очки карт"), deal.card_points),
        detailRow(gettext("Комбинации"), deal.combos),
        detailRow((view.game === "deberc" ? gettext("Бела") : gettext("Блот")), deal.belote),
        detailRow(gettext("Записано"), deal.scores),
        detailRow(gettext("Итого"), view.totals),
      ),
    ),
    h("p", { class: "summary-foot" }, gettext("Следующая сдача начнётся сама")),
  );
}

/** Summary of the match (phase `match_over`): winners, reason, totals, a link to the lobby. */
/** What the match's result means for the person at this seat; null for a spectator. */
export function personalOutcome(view) {
  const result = view.result || {};
  if (typeof view.seat !== "number") return null;
  if (result.reason === "no_show") return gettext("Партия прервана");  // unrated, nobody won
  const winners = result.winners || [];
  if (!winners.length) return gettext("Ничья");
  if (winners.includes(view.seat)) return gettext("Вы выиграли");
  if (view.game === "durak") return gettext("Вы — дурак");  // in Durak only the fool loses
  return gettext("Вы проиграли");
}

/** «Рейтинг: 1512 (+12)» for the person at this seat after a rated match (docs/protocol.md:
 * `result.ratings`); null otherwise. */
export function ratingChange(view) {
  const mine = ((view.result || {}).ratings || {})[String(view.seat)];
  if (typeof view.seat !== "number" || !mine) return null;
  const delta = mine.delta > 0 ? `+${mine.delta}` : mine.delta < 0 ? `−${-mine.delta}` : "±0";
  const rating = `${mine.after}${mine.provisional ? "?" : ""}`;
  const line = h(
    "p",
    { class: ["summary-rating", mine.delta > 0 && "is-up", mine.delta < 0 && "is-down"], "data-testid": "rating-change" },
    interpolate(gettext("Рейтинг: %(rating)s (%(delta)s)"), { rating, delta }),
  );
  if (!mine.provisional) return line;
  // the «?» is said in words where it first appears
  return [line, h("p", { class: "summary-note", "data-testid": "provisional-note" }, provisionalNote())];
}

export function matchSummary(view, lobbyUrl) {
  const result = view.result || {};
  const winners = result.winners || [];
  const won = view.seat !== null && winners.includes(view.seat);
  const outcome = personalOutcome(view);
  const title = winners.length
    ? interpolate(gettext("Победа: %(names)s"), { names: winners.map((s) => (s === view.seat ? gettext("Вы") : seatName(view, s))).join(", ") })
    : result.reason === "no_show" ? gettext("Без рейтинга: никто не выиграл и не проиграл") : gettext("Ничья");
  return h(
    "div",
    { class: ["summary", "summary-match", won && "is-won"], "data-summary": "match" },
    h("h2", {}, gettext("Партия окончена")),
    outcome ? h("p", { class: "summary-you", "data-testid": "match-outcome" }, outcome) : null,
    h("p", { class: "summary-winners" }, title),
    ratingChange(view),
    result.reason ? h("p", { class: "summary-note" }, interpolate(gettext("Причина: %(r)s"), { r: gettext(REASON[result.reason] || result.reason) })) : null,
    scoreSheet(view),
    h("a", { class: "btn btn-primary", href: lobbyUrl }, gettext("В лобби")),
  );
}
