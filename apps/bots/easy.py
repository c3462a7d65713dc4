"""The ``easy`` level: random legal actions (in an auction: pass half the time; never gives up
the rest of a deal)."""

from __future__ import annotations

import random
from typing import Any

#: Actions that end a deal or match for the seat rather than play it.
GIVING_UP = frozenset({"concede", "surrender", "leave"})


def choose_random(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random one of ``view["legal"]``.

    When ``pass`` is among several choices it is taken with probability 1/2 and otherwise
    a uniform pick among the rest: "passes or takes at random", not "bids 24 nine times in ten".
    Giving up (блот's ``concede``) is left out while anything else is legal: a beginner plays
    badly, but plays the deal out.
    """
    legal = [a for a in view["legal"] if a["type"] not in GIVING_UP] or view["legal"]
    passes = [a for a in legal if a["type"] == "pass"]
    others = [a for a in legal if a["type"] != "pass"]
    if passes and others:
        return passes[0] if rng.random() < 0.5 else rng.choice(others)
    return rng.choice(legal)
