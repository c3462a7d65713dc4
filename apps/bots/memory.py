"""A bot's memory: a JSON-ready dict of what its seat has seen in public.

Layout (version 1)::

    {"v": 1, "game": "bazar_blot", "seat": 0,
     "deal": 3,                     # number of finished deals when this deal began
     "start_hand": ["Js", ...],     # my hand as first seen in this deal (before extra cards)
     "hands": [[...], ...],         # my hand each time it changed this deal (draws, extras)
     "log": [[seat, action], ...],  # the public actions of this deal, in order
     "game_data": {...}}            # per game: voids, cards taken, cheating statistics

The memory is rebuilt from nothing at each new deal; only ``game_data["match"]`` survives
between deals. It never holds a card the seat could not see. It is serialisable with
``json.dumps`` as is, so a table may store it between Celery tasks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .players import player_for


def empty() -> dict[str, Any]:
    """A memory that has seen nothing."""
    return {"v": 1, "game": None, "seat": None, "deal": None, "start_hand": None, "hands": [], "log": []}


def deal_key(view: dict[str, Any]) -> int:
    """Which deal ``view`` belongs to: its ``number`` (belot family), else the number of
    deals already on the score sheet (Durak: one game, one deal)."""
    number = view.get("number")
    if isinstance(number, int):
        return number
    return len(view.get("deals") or []) if view.get("game") != "durak" else 0


def start_deal(memory: dict[str, Any], view: dict[str, Any]) -> None:
    """Forget the previous deal and begin remembering the one ``view`` shows."""
    match = (memory.get("game_data") or {}).get("match", {})
    memory.update(
        game=view.get("game"),
        seat=view.get("seat"),
        deal=deal_key(view),
        start_hand=list(view.get("hand") or []),
        hands=[list(view.get("hand") or [])],
        log=[],
        game_data={"match": match},
    )


def observe(memory: dict[str, Any], view: dict[str, Any], events: Sequence[Mapping[str, Any]]) -> None:
    """Update ``memory`` with the public facts of ``events`` and the seat's ``view``.

    Events are applied to the deal they belong to: a ``deal_over``-like event is seen with
    the view of the next deal, so the log is appended first and the deal reset after.
    """
    if not memory or memory.get("v") != 1:
        memory.clear()
        memory.update(empty())
    if memory.get("deal") is None or memory.get("game") != view.get("game"):
        start_deal(memory, view)
    player = player_for(view.get("game") or "")
    if events:
        player.observe_events(memory, events)
    if deal_key(view) != memory["deal"]:
        start_deal(memory, view)
    hand = list(view.get("hand") or [])
    if view.get("phase") in ("deal_over", "match_over"):
        return
    if not memory["hands"] or sorted(memory["hands"][-1]) != sorted(hand):
        memory["hands"].append(hand)
    player.observe_view(memory, view)
