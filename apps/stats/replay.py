"""Replay frames of a finished match, built by running its record through the rules engine.

Pure Python on the record (the scenario format of docs/rules.md §2): no Django here, so the same
frames can be built from an exported file. Each deal gives ``len(actions) + 1`` frames: the
cards as dealt, then the table after each action. The match is over, so every frame shows
every hand.
"""

from __future__ import annotations

from apps.rules import api
from apps.rules.base import Event, Game
from apps.rules.errors import IllegalAction
from apps.rules.scenario import record_seeds

#: Public view keys copied into a frame as they are.
_PUBLIC_KEYS = (
    "phase",
    "dealer",
    "trump",
    "contract",
    "to_act",
    "totals",
    "trump_card",
    "trump_holder",
    "stock",
    "out_order",
)


def replay_state(record: dict) -> Game:
    """A fresh engine state for ``record`` (its cards, first dealer, seed and seats)."""
    return api.new_match(
        record["game"],
        record.get("options") or {},
        seed=record.get("seed", 0),
        deals=[{"hands": d.get("hands", {}), "stock": d.get("stock", [])} for d in record.get("deals", [])],
        dealer=record.get("dealer"),
        seats=record.get("seats"),
        fair=record_seeds(record),
    )


def replay_frames(record: dict) -> list[list[dict]]:
    """Per deal, the list of frames: the deal as dealt, then one frame after each action.

    A frame is ``{"deal", "step", "action", "rejected", "events", "hands": {seat: [codes]},
    "table", "phase", "dealer", "trump", "contract", "to_act", "totals", ...}``. The frame of a
    deal's last action shows that deal's end (the cards still in hand, the last cards on the
    table, ``deal_result``) even though the engine has already dealt the next deal; the very
    last frame is the engine's final state.
    """
    state = replay_state(record)
    seats = _seats(state)
    out: list[list[dict]] = []
    for number, deal in enumerate(record.get("deals", [])):
        # the deal's own public events (Durak: the trump card shown when the deal used up the deck)
        opening = api.opening_events(state) if number == 0 else []
        frames = [_frame(state, seats, number, 0, None, opening, None)]
        if not deal.get("actions") and api.deal_number(state) != number:
            _show_void_deal(frames[0], deal)
        for step, raw in enumerate(deal.get("actions", []), start=1):
            deals_before = len(api.summary(state)["deals"])
            deal_before = api.current_deal(state).get("number")
            action = {k: v for k, v in raw.items() if k not in ("seat", "system")}
            rejected = None
            events: list[Event] = []
            try:
                _, events = api.apply(state, raw.get("seat"), action, system=bool(raw.get("system")))
            except IllegalAction as exc:
                rejected = exc.code
            frame = _frame(state, seats, number, step, raw, events, rejected)
            summary = api.summary(state)
            if len(summary["deals"]) > deals_before:
                frame["deal_result"] = summary["deals"][-1]
                if api.current_deal(state).get("number") != deal_before and not summary["finished"]:
                    _show_deal_end(frame, frames[-1], raw)
            frames.append(frame)
        out.append(frames)
    return out


def final_view(state: Game) -> dict:
    """All hands and the totals of ``state`` (what the last frame must equal)."""
    return {
        "hands": {str(s): api.view(state, s).get("hand", []) for s in _seats(state)},
        "totals": api.summary(state)["totals"],
    }


def _seats(state: Game) -> list[int]:
    return [s["seat"] for s in api.view(state, None).get("seats", []) if isinstance(s, dict)]


def _frame(
    state: Game, seats: list[int], deal: int, step: int, action: dict | None, events: list, rejected
) -> dict:
    public = api.view(state, None)
    frame = {k: public.get(k) for k in _PUBLIC_KEYS if k in public}
    frame.update(
        deal=deal,
        step=step,
        action=action,
        rejected=rejected,
        events=events,
        hands={str(s): api.view(state, s).get("hand", []) for s in seats},
        table=public.get("table_cards") or [],
        last_trick=public.get("last_trick") or [],
    )
    return frame


def _show_void_deal(frame: dict, deal: dict) -> None:
    """A deal void as dealt (the engine dealt the next one at once): its cards as dealt."""
    frame.update(hands=deal.get("hands", {}), table=[], last_trick=[], phase="deal_over", to_act=[])


def _show_deal_end(frame: dict, before: dict, action: dict) -> None:
    """The engine dealt the next deal already: show the hands and table as the deal ended."""
    card = action.get("card")
    hands = {s: list(h) for s, h in before["hands"].items()}
    table = list(before["table"])
    if card and action.get("type") == "play":
        seat = str(action.get("seat"))
        if card in hands.get(seat, []):
            hands[seat].remove(card)
        table.append({"seat": action.get("seat"), "card": card})
    frame.update(
        hands=hands,
        table=table,
        phase="deal_over",
        trump=before.get("trump"),
        contract=before.get("contract"),
        dealer=before.get("dealer"),
        to_act=[],
    )
