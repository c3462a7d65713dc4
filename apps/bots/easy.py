"""The ``easy`` level: random legal actions (in an auction: pass half the time)."""

from __future__ import annotations

import random


def choose_random(view: dict, rng: random.Random) -> dict:
    """A random one of ``view["legal"]``.

    When ``pass`` is among several choices it is taken with probability 1/2 and otherwise
    a uniform pick among the rest: "passes or takes at random", not "bids 24 nine times in ten".
    """
    legal = view["legal"]
    passes = [a for a in legal if a["type"] == "pass"]
    others = [a for a in legal if a["type"] != "pass"]
    if passes and others:
        return passes[0] if rng.random() < 0.5 else rng.choice(others)
    return rng.choice(legal)
