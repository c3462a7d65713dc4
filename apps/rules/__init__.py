"""The rules engine: pure Python, no Django, deterministic given its inputs.

Games (``docs/rules.md`` names): ``bazar_blot`` (classic and ``ruleset: gambler``), ``blot``,
``deberc``, ``durak``. Actions, cards and results use the canonical forms of
``docs/rules.md §2`` everywhere.

Public API (:mod:`apps.rules.api`)::

    state = new_match(game, options, seed=7)          # or deals=[{"hands", "stock"}, ...]
    legal_actions(state, seat) -> [action, ...]       # canonical action dicts
    to_act(state) -> [seat, ...]
    state, events = apply(state, seat, action)        # IllegalAction(code) when refused
    legal_count(state, seat) -> int                   # len(legal_actions), no list built
    events = step(state, seat, index)                 # legal_actions(...)[index], unchecked twice
    view(state, seat)                                 # what that seat sees; None = spectator
    summary(state)                                    # deals, totals, finished, winners, reason
    to_json(state) / from_json(data)                  # exact round trip

``apply`` updates the state in place (``state.copy()`` keeps the old one) and is atomic:
a refused action changes nothing. System actions (``timeout``, ``close``) pass
``system=True``; ``close``, an action of the whole table, is applied for seat ``None``.
``step`` plays the engine's own legal action at an index (random play, the bench:
``stepper(state)`` gives the state's bound ``to_act``, ``legal_count`` and ``step``); an action
from outside goes through ``apply``. The scenario runner is :mod:`apps.rules.scenario`.
"""

from .api import (
    apply,
    current_deal,
    from_json,
    legal_actions,
    legal_count,
    new_match,
    normalize_options,
    step,
    stepper,
    summary,
    to_act,
    to_json,
    view,
)
from .errors import IllegalAction, InvalidOptions

__all__ = [
    "IllegalAction",
    "InvalidOptions",
    "apply",
    "current_deal",
    "from_json",
    "legal_actions",
    "legal_count",
    "new_match",
    "normalize_options",
    "step",
    "stepper",
    "summary",
    "to_act",
    "to_json",
    "view",
]
