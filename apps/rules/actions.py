"""The schema of an action (docs/rules.md §2, "Canonical actions"): what may reach a game's ``apply``.

One typed dict per action ``type`` is the single schema of the site: :func:`canonical` checks
actions against it before any game sees them, so an engine never meets a value of the wrong
type (a list where a card code belongs) and never raises on anything JSON can hold; the socket
protocol builds its typed actions from it (:mod:`apps.protocol.actions`), and the bots read
the public events with it.

>>> canonical({"type": "bid", "trump": "h", "value": 9, "seat": 2})
{'type': 'bid', 'value': 9, 'trump': 'h'}
>>> ACTION_FIELDS["capot"], sorted(REQUIRED_FIELDS["capot"])
(('trump', 'solo'), ['trump'])
>>> canonical({"type": "play", "card": ["Ah"]})
Traceback (most recent call last):
...
apps.rules.errors.IllegalAction: bad_action: bad value for 'card'
"""

# No ``from __future__ import annotations`` here: the typed dicts' ``NotRequired`` must be
# real annotations for ``__required_keys__`` to see it.

from typing import Any, Literal, NotRequired, TypedDict, Union, get_args

from .errors import IllegalAction

#: Longest text a field may hold: card codes are 2–3 characters, trump codes at most 3.
MAX_TEXT = 4
#: Largest number a field (a bid's ``value``) may hold.
MAX_VALUE = 10_000


class Pass(TypedDict):
    """Pass in the auction."""

    type: Literal["pass"]


class Bid(TypedDict):
    """Bid ``value`` points in trump ``trump`` (Базар-блот)."""

    type: Literal["bid"]
    value: int
    trump: str


class Capot(TypedDict):
    """Bid a capot in ``trump``; ``solo``: Gambler's «капо на 1 руке»."""

    type: Literal["capot"]
    trump: str
    solo: NotRequired[bool]


class Contra(TypedDict):
    """Double the contract."""

    type: Literal["contra"]


class Recontra(TypedDict):
    """Redouble."""

    type: Literal["recontra"]


class Take(TypedDict):
    """Take the face-up trump (Обычный блот, Деберц) or, in Durak, the cards on the table."""

    type: Literal["take"]


class Name(TypedDict):
    """Name a trump (``keep``: Деберц's keep the round's suit)."""

    type: Literal["name"]
    trump: str
    keep: NotRequired[bool]


class Declare(TypedDict):
    """Declare combinations."""

    type: Literal["declare"]


class Show(TypedDict):
    """Show the declared combinations."""

    type: Literal["show"]


class Play(TypedDict):
    """Play ``card`` to the trick."""

    type: Literal["play"]
    card: str


class Concede(TypedDict):
    """Give up the rest of the deal's tricks."""

    type: Literal["concede"]


class Attack(TypedDict):
    """Durak: put ``card`` on the table (an attack or a throw-in)."""

    type: Literal["attack"]
    card: str


class Defend(TypedDict):
    """Durak: beat ``target`` with ``card``."""

    type: Literal["defend"]
    card: str
    target: str


class Transfer(TypedDict):
    """Durak (переводной): pass the attack on with ``card``."""

    type: Literal["transfer"]
    card: str


class Done(TypedDict):
    """Durak: nothing more to throw in (бито)."""

    type: Literal["done"]


class Catch(TypedDict):
    """Durak (Шулер): catch the cheat ``card``."""

    type: Literal["catch"]
    card: str


class Leave(TypedDict):
    """Leave the match (the side loses)."""

    type: Literal["leave"]


class Surrender(TypedDict):
    """Give up the match."""

    type: Literal["surrender"]


class Timeout(TypedDict):
    """System only: the seat's time ran out."""

    type: Literal["timeout"]


class Close(TypedDict):
    """System only: the Шулер check window closes."""

    type: Literal["close"]


#: Any action, typed (what ``legal_actions`` lists and ``apply`` takes, once canonical).
AnyAction = Union[  # noqa: UP007  (a runtime union of typed dicts: ``|`` is refused on them)
    Pass, Bid, Capot, Contra, Recontra, Take, Name, Declare, Show, Play, Concede, Attack, Defend,
    Transfer, Done, Catch, Leave, Surrender, Timeout, Close,
]  # fmt: skip

#: Action type -> its typed dict, in docs/rules.md §2's order.
ACTION_TYPES: dict[str, type] = {get_args(td.__annotations__["type"])[0]: td for td in get_args(AnyAction)}

#: Action type -> the fields it may carry besides ``type``, in their canonical order.
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    kind: tuple(f for f in td.__annotations__ if f != "type") for kind, td in ACTION_TYPES.items()
}

#: Action type -> the fields it must carry (the games refuse it without them).
REQUIRED_FIELDS: dict[str, frozenset[str]] = {
    kind: frozenset(td.__required_keys__) - {"type"}  # type: ignore[attr-defined]
    for kind, td in ACTION_TYPES.items()
}


def _field_type(annotation: Any) -> type:
    args = get_args(annotation)  # NotRequired[bool] -> (bool,)
    return args[0] if args else annotation  # type: ignore[no-any-return]


#: The type of each field an action may carry besides ``type`` (the same in every action).
FIELD_TYPES: dict[str, type] = {
    f: _field_type(annotation)
    for td in ACTION_TYPES.values()
    for f, annotation in td.__annotations__.items()
    if f != "type"
}

#: Types of the server's own actions (``apply(..., system=True)`` only).
SYSTEM_TYPES = frozenset({"timeout", "close"})


class Canonical(dict[str, Any]):
    """An action in canonical form, checked once: what :func:`canonical` returns and what
    ``legal_actions`` lists. :func:`canonical` and ``api.apply`` pass it through unchecked, so
    an action is checked once, not on every step of a move. Immutable, since one object may be
    shared by every legal list and every state: the methods that would change it raise
    ``TypeError`` (copy it with ``dict(action)`` to edit)."""

    __slots__ = ()

    def _immutable(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("a canonical action is shared: copy it with dict() to change it")

    __setitem__ = __delitem__ = __ior__ = _immutable  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _immutable  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (Canonical, (dict(self),))


def _valid(field: str, value: Any) -> bool:
    expected = FIELD_TYPES[field]
    if expected is bool:
        return isinstance(value, bool)
    if expected is int:
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_VALUE
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT


def canonical(action: Any) -> Canonical:
    """``action`` in its canonical form: ``type`` and that type's fields, nothing else.

    Keys outside the schema (``seat``, ``system``, anything a client adds) are dropped; a value
    of the wrong type or size raises ``IllegalAction("bad_action")``. An unknown type keeps the
    fields the schema knows and goes on to the game, which refuses it with its own code
    (``unknown_action``, or ``not_your_turn`` first where the scenarios expect that). Whether
    the action is legal now is the game's question, not this one's. A :class:`Canonical`
    comes back as it is: it was checked already and nobody can change it."""
    if type(action) is Canonical:
        return action
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("bad_action", "an action is an object with a string 'type'")
    kind = action["type"]
    fields = ACTION_FIELDS.get(kind, FIELD_TYPES.keys())
    result: dict[str, Any] = {"type": kind}
    for field in fields:
        if field in action:
            if not _valid(field, action[field]):
                raise IllegalAction("bad_action", f"bad value for {field!r}")
            result[field] = action[field]
    return Canonical(result)
