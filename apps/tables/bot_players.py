"""The bots' seat at the table: one function deciding an action from a seat's view.

Uses :mod:`apps.bots` (``choose_action(view, level, memory=, seed=)``). A bot's memory of
public facts is kept per seat on the match (:func:`observe` after every move).
Bots decide from the very view a person at that seat would get: they never see hidden cards.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from apps.bots import Bot, choose_action
from apps.rules.base import Event


def observe(memory: dict, view: dict, events: list[Event], level: str) -> dict:
    """``memory`` (a bot's stored memory, ``{}`` at first) after seeing ``view`` and ``events``."""
    bot = Bot(level, 0, memory=memory or None)
    bot.observe(view, events)
    return bot.memory


def decide(view: dict, level: str, rng: random.Random, memory: dict | None = None) -> dict[str, Any] | None:
    """An action among ``view["legal"]`` for a bot of ``level``; None when it has none or the
    bot prefers to wait (a Durak thrower letting another throw first)."""
    legal = view.get("legal") or []
    if not legal:
        return None
    return choose_action(view, level, memory=copy.deepcopy(memory or {}), seed=rng.randrange(2**31))
