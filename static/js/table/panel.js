/**
 * The action panel above the hand: the belot-family auction (bids 8..24 per trump, БК,
 * капот, контра, реконтра, пас; «Беру»/«Пас»; naming a suit, blot's `keep`), the
 * declare button named after the hand («Объявить терц»), «Показать», «Отдать взятки»
 * (F8), and Durak's «Беру», «Бито», «Перевести», «Поймать!». Every button is built
 * from `view.legal` and is enabled only when its action is legal.
 */

import { SUIT_NAME, trumpLabel } from "./cards.js";
import { h } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";
import { SOLO_CAPOT } from "./kinds.js";
import { combinationsInHand, findLegal, hasType, ofType } from "./moves.js";
import { trumpOf } from "./trick.js";
import { isBelot } from "./view.js";

const TRUMPS = ["s", "c", "d", "h", "nt", "all"];

function button(label, action, ctx, extra = {}) {
  const legal = action !== null;
  return h(
    "button",
    {
      type: "button",
      class: ["btn", extra.class],
      disabled: !legal || ctx.pending,
      "data-action": extra.name || (action && action.type) || null,
      title: extra.title,
      onclick: () => legal && (extra.onclick ? extra.onclick() : ctx.act(action)),
    },
    label,
  );
}

function trumpName(trump) {
  if (trump === "nt") return gettext("без козыря");
  if (trump === "all") return gettext("все козыри");
  return gettext(SUIT_NAME[trump]);
}

/** Trumps a bid may name at this table (suits, БК unless `no_trump` is off, ВК in Gambler). */
function biddableTrumps(view) {
  const o = view.options || {};
  return TRUMPS.filter((tr) => (tr === "nt" ? o.no_trump !== false : tr === "all" ? o.ruleset === "gambler" : true));
}

/** Bazar-blot auction: trump tabs, value buttons 8..24 in the chosen trump, capot (and in
 * Gambler with `solo_capot` «Капо на 1 руке»), contra... */
function bidPanel(view, ctx) {
  const legal = view.legal || [];
  const trumps = biddableTrumps(view);
  const bidTrumps = new Set([...ofType(legal, "bid"), ...ofType(legal, "capot")].map((a) => a.trump));
  let chosen = ctx.ui.bidTrump;
  if (!bidTrumps.has(chosen)) chosen = trumps.find((tr) => bidTrumps.has(tr)) || trumps[0];
  const tabs = h(
    "div",
    { class: "bid-trumps", role: "radiogroup", "aria-label": gettext("Козырь") },
    trumps.map((tr) =>
      h(
        "button",
        {
          type: "button",
          role: "radio",
          "aria-checked": String(tr === chosen),
          class: ["btn", "btn-trump", `suit-${tr}`, tr === chosen && "is-chosen"],
          disabled: !bidTrumps.has(tr) || ctx.pending,
          "data-trump": tr,
          title: trumpName(tr),
          onclick: () => ctx.chooseBidTrump(tr),
        },
        trumpLabel(tr),
      ),
    ),
  );
  const values = h(
    "div",
    { class: "bid-values" },
    Array.from({ length: 17 }, (_, i) => 8 + i).map((value) =>
      button(String(value), findLegal(legal, { type: "bid", value, trump: chosen }), ctx, {
        class: "btn-bid",
        name: `bid-${value}`,
      }),
    ),
  );
  const calls = h(
    "div",
    { class: "bid-calls" },
    button(`${gettext("Капот")} ${trumpLabel(chosen)}`, findLegal(legal, { type: "capot", trump: chosen, solo: undefined }), ctx, {
      name: "capot",
    }),
    (view.options || {}).solo_capot
      ? button(`${gettext(SOLO_CAPOT)} ${trumpLabel(chosen)}`, findLegal(legal, { type: "capot", trump: chosen, solo: true }), ctx, {
          name: "solo-capot",
          title: gettext("Взять все взятки одному: карты партнёра не участвуют"),
        })
      : null,
    button(gettext("Контра"), findLegal(legal, { type: "contra" }), ctx, { name: "contra" }),
    button(gettext("Реконтра"), findLegal(legal, { type: "recontra" }), ctx, { name: "recontra" }),
    button(gettext("Пас"), findLegal(legal, { type: "pass" }), ctx, { class: "btn-pass", name: "pass" }),
  );
  return h("div", { class: "auction auction-bids" }, tabs, values, calls);
}

/** «Беру»/«Пас», then naming a suit (and in blot whether to keep the face-up card). */
function takeNamePanel(view, ctx) {
  const legal = view.legal || [];
  const names = ofType(legal, "name");
  const items = [];
  if (hasType(legal, "take") || (!names.length && hasType(legal, "pass"))) {
    items.push(button(gettext("Беру"), findLegal(legal, { type: "take" }), ctx, { class: "btn-primary", name: "take" }));
  }
  if (names.length) {
    const keepChoices = new Set(names.filter((a) => "keep" in a).map((a) => a.keep));
    let keep = null;
    if (keepChoices.size) {
      keep = keepChoices.has(ctx.ui.keep) ? ctx.ui.keep : [...keepChoices][0];
      if (keepChoices.size > 1) {
        items.push(
          h(
            "label",
            { class: "keep-switch" },
            h("input", {
              type: "checkbox",
              "data-action": "keep",
              checked: keep === true,
              onchange: (ev) => ctx.setKeep(ev.target.checked),
            }),
            gettext("Забрать открытую карту"),
          ),
        );
      }
    }
    const trumps = TRUMPS.filter((tr) => names.some((a) => a.trump === tr));
    items.push(
      h(
        "div",
        { class: "name-trumps", "aria-label": gettext("Назвать козырь") },
        trumps.map((tr) => {
          const action = keep === null ? findLegal(legal, { type: "name", trump: tr }) : findLegal(legal, { type: "name", trump: tr, keep });
          return button(`${trumpLabel(tr)} ${trumpName(tr)}`, action, ctx, { class: `btn-trump suit-${tr}`, name: `name-${tr}` });
        }),
      ),
    );
  }
  items.push(button(gettext("Пас"), findLegal(legal, { type: "pass" }), ctx, { class: "btn-pass", name: "pass" }));
  return h("div", { class: "auction auction-take" }, items);
}

/** Words for the declare button from the hand: "терц", "50", "сто", "каре" (joined). */
export function declareLabel(view) {
  const kinds = combinationsInHand(view.hand || [], {
    trump: trumpOf(view),
    combos: (view.options || {}).combos || "all",
  });
  const what = kinds.length ? kinds.map((k) => gettext(k)).join(" + ") : gettext("терц");
  return interpolate(gettext("Объявить %(what)s"), { what });
}

/** Buttons during play. */
function playButtons(view, ctx) {
  const legal = view.legal || [];
  const items = [];
  if (hasType(legal, "declare")) {
    items.push(button(declareLabel(view), findLegal(legal, { type: "declare" }), ctx, { class: "btn-primary", title: "F2" }));
  }
  if (hasType(legal, "show")) {
    items.push(button(gettext("Показать"), findLegal(legal, { type: "show" }), ctx, { class: "btn-primary", title: "F4" }));
  }
  if (hasType(legal, "concede")) {
    items.push(button(gettext("Отдать взятки"), findLegal(legal, { type: "concede" }), ctx, { title: "F8", onclick: () => ctx.concede() }));
  }
  if (view.game === "durak") {
    const selectedTransfer = ctx.ui.selected && findLegal(legal, { type: "transfer", card: ctx.ui.selected });
    const transfers = ofType(legal, "transfer");
    if (transfers.length) {
      items.push(
        button(gettext("Перевести"), selectedTransfer || (transfers.length === 1 ? transfers[0] : null), ctx, {
          name: "transfer",
          onclick: () => ctx.act(selectedTransfer || transfers[0]),
        }),
      );
    }
    if (hasType(legal, "take") || ctx.isDefender) items.push(button(gettext("Беру"), findLegal(legal, { type: "take" }), ctx, { name: "take" }));
    if (hasType(legal, "done") || !ctx.isDefender) items.push(button(gettext("Бито"), findLegal(legal, { type: "done" }), ctx, { name: "done" }));
    if ((view.options || {}).cheating) {
      items.push(
        h(
          "button",
          {
            type: "button",
            class: ["btn", "btn-catch", ctx.ui.catchMode && "is-chosen"],
            "data-action": "catch",
            disabled: !hasType(legal, "catch") || ctx.pending,
            "aria-pressed": String(Boolean(ctx.ui.catchMode)),
            onclick: () => ctx.toggleCatch(),
          },
          gettext("Поймать!"),
        ),
      );
    }
  }
  return items.length ? h("div", { class: "play-buttons" }, items) : null;
}

/** Render the panel: the auction in the auction phase, else the play buttons. */
export function renderPanel(el, view, ctx) {
  const legal = view.legal || [];
  let content = null;
  if (view.phase === "auction" && legal.length && isBelot(view)) {
    const bids = hasType(legal, "bid") || hasType(legal, "capot") || hasType(legal, "contra") || hasType(legal, "recontra");
    content = bids || view.game === "bazar_blot" && (view.options || {}).players !== 2 && !hasType(legal, "take") && !hasType(legal, "name")
      ? bidPanel(view, ctx)
      : takeNamePanel(view, ctx);
  } else if (view.phase === "waiting" && view.seat !== null && view.seat !== undefined) {
    const me = (view.seats || []).find((x) => x.seat === view.seat) || {};
    content = h(
      "div",
      { class: "play-buttons" },
      h(
        "button",
        {
          type: "button",
          class: ["btn", !me.ready && "btn-primary"],
          "data-action": "ready",
          "aria-pressed": String(Boolean(me.ready)),
          onclick: () => ctx.setReady(!me.ready),
        },
        (me.ready ? gettext("Не готов") : gettext("Готов")),
      ),
    );
  } else if (["play", "check", "auction"].includes(view.phase) && view.seat !== null && view.seat !== undefined) {
    // a spectator has no moves: no greyed «Бито» / «Беру» to puzzle him
    content = playButtons(view, ctx);
  }
  el.replaceChildren(...(content ? [content] : []));
  el.hidden = !content;
}

