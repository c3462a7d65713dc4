"""The :class:`Bot` object: one seat's player, its level, its seed and its memory.

A bot sees exactly what its seat sees: the ``view`` dict of ``api.view(state, seat)`` and
the public events of ``api.apply``. Its memory is a plain JSON-ready dict (see
:mod:`apps.bots.memory`), so a table can store it between tasks and rebuild the bot with
``Bot(level, seed, memory=stored)``.
"""

from __future__ import annotations

import copy
import json
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any, cast

from . import memory as mem
from .easy import choose_random
from .players import player_for

LEVELS = ("easy", "normal", "hard")


def decision_rng(seed: int, view: dict[str, Any], memory: dict[str, Any]) -> random.Random:
    """A generator fixed by the seed and what the seat knows now (stable across processes)."""
    key = json.dumps(
        [
            seed,
            view.get("seat"),
            view.get("hand"),
            view.get("table_cards"),
            view.get("legal"),
            len(view.get("deals") or []),
            len(memory.get("log", [])),
        ],
        sort_keys=True,
        separators=(",", ":"),
    )
    return random.Random(key)


class Bot:
    """A player of any game at level ``easy``, ``normal`` or ``hard``.

    ``observe(view, events)`` after every applied action feeds the memory of public facts
    (cards played, voids, bids, declarations, cards taken in Durak); ``decide(view)``
    returns one of ``view["legal"]``. Decisions depend only on ``level``, ``seed``, the view
    and the memory, so they are reproducible. ``hard`` searches within a fixed budget
    (samples, simulated moves) sized for about 100-200 ms of one core; ``time_limit``
    (seconds of this thread's CPU time, so a busy machine does not trigger it) is only a
    safety cap, and only when it bites can a decision differ between two runs.
    """

    def __init__(
        self,
        level: str = "normal",
        seed: int = 0,
        *,
        memory: dict[str, Any] | None = None,
        time_limit: float | None = 0.5,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; expected one of {LEVELS}")
        self.level = level
        self.seed = seed
        self.time_limit = time_limit
        self.memory: dict[str, Any] = memory if memory is not None else mem.empty()

    def observe(self, view: dict[str, Any], events: Sequence[Mapping[str, Any]] | None = None) -> None:
        """Remember the public facts in ``view`` and ``events`` (what just happened)."""
        mem.observe(self.memory, view, events or [])

    def decide(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """One action of ``view["legal"]``, or ``None`` to wait.

        ``None`` only when the game does not wait for this seat (Durak: the seat is not in
        ``view["awaiting"]``, e.g. it could only ``catch`` in the Шулер check) and the bot
        prefers not to act, or when a ``normal``/``hard`` Шулер thrower could only throw
        unfair cards (``done`` not legal yet): it waits for the defender, who always has a
        fair move then. ``ValueError`` when the seat has no legal action at all.
        """
        legal = view.get("legal") or []
        if not legal:
            raise ValueError("the seat has no legal action now")
        mem.observe(self.memory, view, [])
        optional = "awaiting" in view and view.get("seat") not in view["awaiting"]
        if optional:
            action = player_for(view["game"]).decide_optional(view, self.memory, self.level)
            return copy.deepcopy(action) if action is not None else None
        waits = getattr(player_for(view["game"]), "waits", None)
        if waits is not None and waits(view, self.memory, self.level):
            return None  # Durak, Шулер: only unfair throws left; the defender moves first
        if self.level == "easy" or len(legal) == 1:
            return copy.deepcopy(choose_random(view, decision_rng(self.seed, view, self.memory)))
        rng = decision_rng(self.seed, view, self.memory)
        deadline = None if self.time_limit is None else time.thread_time() + self.time_limit
        action = player_for(view["game"]).decide(view, self.memory, self.level, rng, deadline)
        if action not in legal:  # a bug must never stall a table: fall back to a legal move
            action = legal[0]
        return cast("dict[str, Any]", copy.deepcopy(action))

    def to_json(self) -> dict[str, Any]:
        """``{"level", "seed", "memory"}``: everything needed to rebuild this bot."""
        return {"level": self.level, "seed": self.seed, "memory": self.memory}

    @classmethod
    def from_json(cls, data: dict[str, Any], **kwargs: Any) -> Bot:
        return cls(data["level"], data["seed"], memory=data.get("memory"), **kwargs)


def choose_action(
    view: dict[str, Any],
    level: str,
    *,
    memory: dict[str, Any] | None = None,
    seed: int = 0,
    events: Sequence[Mapping[str, Any]] | None = None,
    time_limit: float | None = 0.5,
) -> dict[str, Any] | None:
    """One legal action for the seat of ``view`` at ``level`` (``None``: wait, see ``Bot.decide``).

    ``memory`` (a dict from an earlier call, or ``{}``) is updated in place with ``events``
    and the view, so pass the same dict again next time; without it the bot decides from
    the view alone (``hard`` then knows only the current trick and the score sheet).
    """
    store = memory if memory is not None else {}
    if not store:
        store.update(mem.empty())
    bot = Bot(level, seed, memory=store, time_limit=time_limit)
    if events:
        bot.observe(view, events)
    return bot.decide(view)
