"""Decisions of the belot family (bazar_blot, blot, deberc) for ``normal`` and ``hard``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from . import knowledge
from .auction import choose_bid

AUCTION_TYPES = {"pass", "bid", "capot", "contra", "recontra", "take", "name"}


def observe_events(memory: dict[str, Any], events: Sequence[Mapping[str, Any]]) -> None:
    """Append the public actions found in ``events`` to the deal's log."""
    from ..events import actions_of

    memory.setdefault("log", []).extend(actions_of(events))


def observe_view(memory: dict[str, Any], view: dict[str, Any]) -> None:
    knowledge.observe_view(memory, view)


def decide_optional(view: dict[str, Any], memory: dict[str, Any], level: str) -> dict[str, Any] | None:
    """The belot family always waits for the seat that may act: never called there."""
    return None


def decide(
    view: dict[str, Any], memory: dict[str, Any], level: str, rng: random.Random, deadline: float | None
) -> dict[str, Any]:
    """The action of a ``normal`` or ``hard`` seat, one of ``view["legal"]``."""
    legal = view["legal"]
    types = {a["type"] for a in legal}
    # Bots always declare and show their combinations.
    for kind in ("declare", "show"):
        if kind in types:
            return next(a for a in legal if a["type"] == kind)
    if types & AUCTION_TYPES and "play" not in types:
        return choose_bid(view, memory, exact_combos=level == "hard")
    plays = [a for a in legal if a["type"] == "play"]
    if not plays:
        return cast("dict[str, Any]", legal[0])
    if level == "hard":
        from .search import search_card

        card = search_card(view, memory, rng, deadline)
        if card is not None:
            return next(a for a in plays if a["card"] == card)
    from .search import normal_card

    card = normal_card(view, memory)
    return next(a for a in plays if a["card"] == card)
