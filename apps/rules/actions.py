"""The schema of an action (SCENARIOS.md, "Canonical actions"): what may reach a game's ``apply``.

Every action is checked here before any game sees it, so an engine never meets a value of the
wrong type (a list where a card code belongs) and never raises on anything JSON can hold.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction

#: Longest text a field may hold: card codes are 2–3 characters, trump codes at most 2.
_MAX_TEXT = 4

#: The type of each field an action may carry besides ``type``.
FIELD_TYPES: dict[str, type] = {
    "card": str,
    "target": str,
    "trump": str,
    "value": int,
    "keep": bool,
    "solo": bool,
}

#: Action type -> the fields it may carry (SCENARIOS.md's table, and the system actions).
ACTION_FIELDS: dict[str, frozenset[str]] = {
    "pass": frozenset(),
    "bid": frozenset({"value", "trump"}),
    "capot": frozenset({"trump", "solo"}),  # solo: Gambler's «капо на 1 руке»
    "contra": frozenset(),
    "recontra": frozenset(),
    "take": frozenset(),
    "name": frozenset({"trump", "keep"}),
    "declare": frozenset(),
    "show": frozenset(),
    "play": frozenset({"card"}),
    "concede": frozenset(),
    "attack": frozenset({"card"}),
    "defend": frozenset({"card", "target"}),
    "transfer": frozenset({"card"}),
    "done": frozenset(),
    "catch": frozenset({"card"}),
    "leave": frozenset(),
    "surrender": frozenset(),
    "timeout": frozenset(),
    "close": frozenset(),
}


class Canonical(dict):
    """An action the engine built itself in canonical form (the entries of ``legal_actions``):
    :func:`canonical` passes it through unchecked, so an action is checked once, not on every
    ``apply``. Immutable, since one object is shared by every legal list and every state: the
    methods that would change it raise ``TypeError`` (copy it with ``dict(action)`` to edit)."""

    __slots__ = ()

    def _immutable(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("a canonical action is shared: copy it with dict() to change it")

    __setitem__ = __delitem__ = __ior__ = _immutable  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _immutable  # type: ignore[assignment]

    def __reduce__(self) -> tuple:
        return (Canonical, (dict(self),))


def _valid(field: str, value: Any) -> bool:
    expected = FIELD_TYPES[field]
    if expected is bool:
        return isinstance(value, bool)
    if expected is int:
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10_000
    return isinstance(value, str) and 0 < len(value) <= _MAX_TEXT


def canonical(action: Any) -> dict:
    """``action`` in its canonical form: ``type`` and that type's fields, nothing else.

    Keys outside the schema (``seat``, ``system``, anything a client adds) are dropped; a value
    of the wrong type or size raises ``IllegalAction("bad_action")``. An unknown type keeps the
    fields the schema knows and goes on to the game, which refuses it with its own code
    (``unknown_action``, or ``not_your_turn`` first where the scenarios expect that). Whether
    the action is legal now is the game's question, not this one's. A :class:`Canonical`
    comes back as it is: the engine made it from checked values and nobody can change it."""
    if type(action) is Canonical:
        return action
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("bad_action", "an action is an object with a string 'type'")
    kind = action["type"]
    fields = ACTION_FIELDS.get(kind, FIELD_TYPES.keys())
    result: dict = {"type": kind}
    for field in fields:
        if field in action:
            if not _valid(field, action[field]):
                raise IllegalAction("bad_action", f"bad value for {field!r}")
            result[field] = action[field]
    return result
