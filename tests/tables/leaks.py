"""The no-hidden-card check: every card in every message to a seat was visible to that seat.

The truth comes from the engine itself: the match's record is replayed and, at each ``seq``,
the hidden cards of a seat are the others' hands and the undealt stock, minus every card the
public view or the public events ever showed.
"""

from __future__ import annotations

import re

from apps.rules import api
from apps.tables.models import Match
from apps.tables.selectors import match_record

CARD = re.compile(r"^[6789TJQKA][scdh]$")


def cards_in(value) -> set[str]:
    """Every card code anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def hidden_by_seq(match: Match) -> dict[int, dict[int | None, set[str]]]:
    """``{seq: {seat: cards that seat may not see at that seq}}``; seat None is a spectator."""
    record = match_record(match)
    state = api.new_match(
        record["game"],
        record["options"],
        seed=record["seed"],
        deals=[{"hands": d["hands"], "stock": d["stock"]} for d in record["deals"]],
        dealer=record["dealer"],
        seats=record.get("seats"),
    )
    seats = match.seats
    ever_public: set[str] = set()
    out: dict[int, dict[int | None, set[str]]] = {}
    actions = [(i, a) for i, d in enumerate(record["deals"]) for a in d["actions"]]
    deal_index = 0

    def snapshot(seq: int, events: list) -> None:
        ever_public.update(cards_in(api.view(state, None)), cards_in(events))
        hands = {s: set(api.view(state, s)["hand"]) for s in seats}
        deal = record["deals"][min(deal_index, len(record["deals"]) - 1)]
        undealt = set(deal["stock"]) - set().union(*hands.values())
        every = set().union(*hands.values()) | undealt
        out[seq] = {s: (every - hands[s]) - ever_public for s in seats}
        out[seq][None] = every - ever_public

    snapshot(0, [])
    for seq, (index, raw) in enumerate(actions, start=1):
        deal_index = index
        action = {k: v for k, v in raw.items() if k not in ("seat", "system")}
        _, events = api.apply(state, raw["seat"], action, system=bool(raw.get("system")))
        deal_index = api.current_deal(state).get("number", index)
        snapshot(seq, events)
    return out


def assert_no_leaks(match: Match, received: dict[int | None, list[dict]]) -> int:
    """Check every ``state`` message each seat (None: spectator) received; return how many."""
    hidden = hidden_by_seq(match)
    checked = 0
    for seat, messages in received.items():
        for message in messages:
            if message.get("op") != "state" or message["view"].get("match") != match.pk:
                continue
            seen = cards_in({k: v for k, v in message.items() if k != "_at"})
            leaked = seen & hidden[message["seq"]][seat]
            assert not leaked, f"seat {seat} saw {sorted(leaked)} at seq {message['seq']}"
            checked += 1
    return checked
