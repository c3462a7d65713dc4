"""The schema of an event: what the engines (and the table around them) emit after an action.

One typed dict per event ``type``, the only schema of events on the site: the engines build
their events in these shapes, as plain dicts sent as they are (an auction's events put
``seat`` before the action's fields, so the wire's key order is the engine's, not this
module's), and the socket protocol builds its typed events from them
(:mod:`apps.protocol.events`). A field marked ``NotRequired`` is left out when it does not
apply; ``int | None`` is sent as ``null``.

>>> EVENT_TYPES["play"].__name__, tuple(EVENT_TYPES["play"].__annotations__)
('Play', ('type', 'seat', 'card'))
>>> sorted(EVENT_TYPES["capot"].__optional_keys__)
['solo']
"""

# No ``from __future__ import annotations`` here: the typed dicts' ``NotRequired`` must be
# real annotations for ``__required_keys__`` to see it, and the protocol reads the field types.

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, Union, get_args

from .actions import AnyAction

# ------------------------------------------------------------------ the table's own events


class Move(TypedDict):
    """The action applied (first event of every move); ``by``: person, bot, timer or system;
    ``seat`` null for a system action of no seat (the Шулер check's ``close``)."""

    type: Literal["move"]
    seat: int | None
    action: AnyAction
    by: str


class MatchStarted(TypedDict):
    """First state of a match; ``rematch_of``: the finished match it follows."""

    type: Literal["match_started"]
    rematch_of: NotRequired[int]


class MatchAborted(TypedDict):
    """An admin ended a stuck match."""

    type: Literal["match_aborted"]


# ------------------------------------------------------------------ deals and auctions


class Deal(TypedDict):
    """Deal ``number`` begins, dealt by ``dealer``."""

    type: Literal["deal"]
    number: int
    dealer: int


class Redeal(TypedDict):
    """Deal ``number`` is dealt again (everybody passed)."""

    type: Literal["redeal"]
    number: int


class FourSevens(TypedDict):
    """Gambler: four sevens in ``seat``'s hand void the deal."""

    type: Literal["four_sevens"]
    seat: int


class Bid(TypedDict):
    """``seat`` bid ``value`` in ``trump``."""

    type: Literal["bid"]
    seat: int
    value: int
    trump: str


class Pass(TypedDict):
    """``seat`` passed."""

    type: Literal["pass"]
    seat: int


class Contra(TypedDict):
    """``seat`` doubled."""

    type: Literal["contra"]
    seat: int


class Recontra(TypedDict):
    """``seat`` redoubled."""

    type: Literal["recontra"]
    seat: int


class Take(TypedDict):
    """``seat`` took (the face-up trump, or in Durak the cards on the table)."""

    type: Literal["take"]
    seat: int


class Capot(TypedDict):
    """``seat`` bid a capot in ``trump`` (``solo``: «капо на 1 руке»)."""

    type: Literal["capot"]
    seat: int
    trump: str
    solo: NotRequired[bool]


class Name(TypedDict):
    """``seat`` named ``trump`` (``keep``: kept the round's suit)."""

    type: Literal["name"]
    seat: int
    trump: str
    keep: NotRequired[bool]


class ContractTerms(TypedDict):
    """A deal's contract as the game keeps it (its state's and view's ``contract``): a
    ``contract`` event without its ``type``."""

    seat: int
    trump: str
    team: NotRequired[int]
    value: NotRequired[int]
    capot: NotRequired[bool]
    multiplier: NotRequired[int]
    solo: NotRequired[bool]


class Contract(ContractTerms):
    """The auction's outcome (Базар-блот: with team, value, capot, multiplier; else seat, trump)."""

    type: Literal["contract"]


class ExtraCards(TypedDict):
    """Cards dealt after the auction: each seat's hand size."""

    type: Literal["extra_cards"]
    counts: list[int]


# ------------------------------------------------------------------ play (belot family)


class Play(TypedDict):
    """``seat`` played ``card``."""

    type: Literal["play"]
    seat: int
    card: str


class Trick(TypedDict):
    """The trick went to ``winner``, worth ``points``."""

    type: Literal["trick"]
    winner: int
    points: int


class Declare(TypedDict):
    """``seat`` declared combinations of these kinds."""

    type: Literal["declare"]
    seat: int
    kinds: list[str]


class Show(TypedDict):
    """``seat`` showed its declared combinations."""

    type: Literal["show"]
    seat: int
    combos: list[Any]


class Combos(TypedDict):
    """Whose declared combinations count (``side`` null and ``cancelled``: nobody's)."""

    type: Literal["combos"]
    side: int | None
    shown: list[Any]
    cancelled: NotRequired[bool]


class Belote(TypedDict):
    """``seat`` said ``word`` (``belote``, then ``rebelote``) for the king and queen of ``suit``."""

    type: Literal["belote"]
    seat: int
    suit: str
    word: str


class Bela(TypedDict):
    """Whether ``seat``'s bela counted."""

    type: Literal["bela"]
    seat: int
    counted: bool


class Deberc(TypedDict):
    """``seat`` holds a деберц: these cards."""

    type: Literal["deberc"]
    seat: int
    cards: list[str]


class ConcedeEvent(TypedDict):
    """``seat`` gave up the deal's last ``tricks`` tricks, worth ``points``."""

    type: Literal["concede"]
    seat: int
    tricks: int
    points: int


class DealScored(TypedDict):
    """The deal's score sheet and the match totals after it."""

    type: Literal["deal_scored"]
    result: dict[str, Any]
    totals: list[int]


class MatchOver(TypedDict):
    """The match ended: its winners and why."""

    type: Literal["match_over"]
    winners: list[int]
    reason: str


class TimeoutEvent(TypedDict):
    """``seat``'s time ran out."""

    type: Literal["timeout"]
    seat: int


# ------------------------------------------------------------------ Durak


class TrumpShown(TypedDict):
    """The trump card, held by ``seat``, shown."""

    type: Literal["trump_shown"]
    seat: int
    card: str


class Attack(TypedDict):
    """``seat`` attacked (or threw in) with ``card``."""

    type: Literal["attack"]
    seat: int
    card: str


class Defend(TypedDict):
    """``seat`` beat ``target`` with ``card``."""

    type: Literal["defend"]
    seat: int
    card: str
    target: str


class Transfer(TypedDict):
    """``seat`` passed the attack on to ``defender`` with ``card``."""

    type: Literal["transfer"]
    seat: int
    card: str
    defender: int


class DoneEvent(TypedDict):
    """``seat`` has nothing more to throw in."""

    type: Literal["done"]
    seat: int


class BoutOver(TypedDict):
    """The bout against ``defender`` ended: ``result`` ``discard``, ``take`` or ``caught``."""

    type: Literal["bout_over"]
    result: str
    defender: int


class Draw(TypedDict):
    """``seat`` drew ``count`` cards."""

    type: Literal["draw"]
    seat: int
    count: int


class Out(TypedDict):
    """``seat`` is out of cards and of the game."""

    type: Literal["out"]
    seat: int


class Left(TypedDict):
    """``seat`` left the game."""

    type: Literal["left"]
    seat: int


class Penalty(TypedDict):
    """``seat`` took a penalty card for a false accusation (Шулер)."""

    type: Literal["penalty"]
    seat: int


class Caught(TypedDict):
    """``seat`` caught ``cheater``'s cheat ``card``."""

    type: Literal["caught"]
    seat: int
    card: str
    cheater: int


class FalseAccusation(TypedDict):
    """Шулер: ``seat`` called ``card`` a cheat, and it was not."""

    type: Literal["false_accusation"]
    seat: int
    card: str


class Check(TypedDict):
    """Шулер: the bout is over (``result`` as in ``bout_over``); the check window opens."""

    type: Literal["check"]
    result: str


class GameOver(TypedDict):
    """The Durak game ended: the fool (null in a draw), the winners, the losers, the order out."""

    type: Literal["game_over"]
    reason: str
    fool: int | None
    draw: bool
    winners: list[int]
    losers: list[int]
    out_order: list[int]


#: Any event, typed.
AnyEvent = Union[  # noqa: UP007  (a runtime union of typed dicts: ``|`` is refused on them)
    Move, MatchStarted, MatchAborted, Deal, Redeal, FourSevens, Bid, Pass, Contra, Recontra, Take,
    Capot, Name, Contract, ExtraCards, Play, Trick, Declare, Show, Combos, Belote, Bela, Deberc,
    ConcedeEvent, DealScored, MatchOver, TimeoutEvent, TrumpShown, Attack, Defend, Transfer,
    DoneEvent, BoutOver, Draw, Out, Left, Penalty, Caught, FalseAccusation, Check, GameOver,
]  # fmt: skip

#: Event type -> its typed dict.
EVENT_TYPES: dict[str, type] = {get_args(td.__annotations__["type"])[0]: td for td in get_args(AnyEvent)}

#: An auction call's event: the call (a pass, bid, capot, contra, recontra, take or name
#: action) with the ``seat`` that made it.
Call = Union[Pass, Bid, Capot, Contra, Recontra, Take, Name]  # noqa: UP007  (as AnyEvent)


def call(seat: int, action: Mapping[str, Any]) -> Call:
    """The event of ``seat``'s auction call ``action`` (canonical: :func:`.actions.canonical`):
    ``seat`` first, then the action's fields in the action's order, which is the wire's order.
    The engines read actions generically, so the event type of the same name is asserted here.

    >>> call(2, {"type": "bid", "value": 90, "trump": "h"})
    {'seat': 2, 'type': 'bid', 'value': 90, 'trump': 'h'}
    """
    entry: Any = {"seat": seat, **action}  # typed by the annotation: no ``cast`` call per bid
    return entry  # type: ignore[no-any-return]
