"""The bots' seat at the table: one function deciding an action from a seat's view.

Uses :mod:`apps.bots` (``choose_action(view, level, memory=, seed=)``) when that package
exists, else a random legal player stands in behind the same interface. The bots decide
from the view alone for now (no memory kept between moves).
Bots decide from the very view a person at that seat would get: they never see hidden cards.
"""

from __future__ import annotations

import random
from typing import Any

try:  # the real bots, when the bots app has landed
    from apps.bots import choose_action as _choose_action
except ImportError:  # pragma: no cover - depends on which apps exist
    _choose_action = None


def decide(view: dict, level: str, rng: random.Random) -> dict[str, Any] | None:
    """An action among ``view["legal"]`` for a bot of ``level``; None when it has none or the
    bot prefers to wait (a Durak thrower letting another throw first)."""
    legal = view.get("legal") or []
    if not legal:
        return None
    if _choose_action is not None:
        return _choose_action(view, level, seed=rng.randrange(2**31))
    return dict(rng.choice(legal))
