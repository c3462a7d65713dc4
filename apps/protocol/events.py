"""What the engines (``apps/rules``) and the table emit after an action, as typed values.

The server sends events as the engines build them (dicts, their key order kept byte for byte:
``tests/protocol/test_golden_frames.py``); these Structs are the events' schema for readers —
bots, benches, tests — and the list a client can rely on. :func:`event_from` gives the typed
event, or the dict itself for a type this module does not know yet (the protocol only grows).

>>> event_from({"type": "play", "seat": 2, "card": "Ah"})
Play(seat=2, card='Ah')
>>> event_from({"type": "move", "seat": 1, "action": {"type": "pass"}, "by": "bot"}).action
Pass()
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from .actions import AnyAction


class Event(msgspec.Struct, tag_field="type", frozen=True, kw_only=True, omit_defaults=True):
    """Base of every event; ``type`` is the tag."""


# ------------------------------------------------------------------ the table's own events


class Move(Event, tag="move", frozen=True):
    """The action applied (first event of every move); ``by``: person, bot, timer or system;
    ``seat`` null for a system action of no seat (the Шулер check's ``close``)."""

    seat: int | None
    action: AnyAction
    by: str


class MatchStarted(Event, tag="match_started", frozen=True):
    """First state of a match; ``rematch_of``: the finished match it follows."""

    rematch_of: int | UnsetType = UNSET


class MatchAborted(Event, tag="match_aborted", frozen=True):
    """An admin ended a stuck match."""


# ------------------------------------------------------------------ deals and auctions


class Deal(Event, tag="deal", frozen=True):
    number: int
    dealer: int


class Redeal(Event, tag="redeal", frozen=True):
    number: int


class FourSevens(Event, tag="four_sevens", frozen=True):
    """Gambler: four sevens in ``seat``'s hand void the deal."""

    seat: int


class Bid(Event, tag="bid", frozen=True):
    seat: int
    value: int
    trump: str


class Pass(Event, tag="pass", frozen=True):
    seat: int


class Contra(Event, tag="contra", frozen=True):
    seat: int


class Recontra(Event, tag="recontra", frozen=True):
    seat: int


class Take(Event, tag="take", frozen=True):
    seat: int


class Capot(Event, tag="capot", frozen=True):
    seat: int
    trump: str
    solo: bool | UnsetType = UNSET


class Name(Event, tag="name", frozen=True):
    seat: int
    trump: str
    keep: bool | UnsetType = UNSET


class Contract(Event, tag="contract", frozen=True):
    """The auction's outcome (Базар-блот: with team, value, capot, multiplier; else seat, trump)."""

    seat: int
    trump: str
    team: int | UnsetType = UNSET
    value: int | UnsetType = UNSET
    capot: bool | UnsetType = UNSET
    multiplier: int | UnsetType = UNSET
    solo: bool | UnsetType = UNSET


class ExtraCards(Event, tag="extra_cards", frozen=True):
    """Cards dealt after the auction: each seat's hand size."""

    counts: list[int]


# ------------------------------------------------------------------ play (belot family)


class Play(Event, tag="play", frozen=True):
    seat: int
    card: str


class Trick(Event, tag="trick", frozen=True):
    winner: int
    points: int


class Declare(Event, tag="declare", frozen=True):
    seat: int
    kinds: list[str]


class Show(Event, tag="show", frozen=True):
    seat: int
    combos: list[Any]


class Combos(Event, tag="combos", frozen=True):
    """Whose declared combinations count (``side`` null and ``cancelled``: nobody's)."""

    side: int | None
    shown: list[Any]
    cancelled: bool | UnsetType = UNSET


class Belote(Event, tag="belote", frozen=True):
    seat: int
    suit: str
    word: str


class Bela(Event, tag="bela", frozen=True):
    seat: int
    counted: bool


class Deberc(Event, tag="deberc", frozen=True):
    seat: int
    cards: list[str]


class ConcedeEvent(Event, tag="concede", frozen=True):
    seat: int
    tricks: int
    points: int


class DealScored(Event, tag="deal_scored", frozen=True):
    result: dict[str, Any]
    totals: list[int]


class MatchOver(Event, tag="match_over", frozen=True):
    winners: list[int]
    reason: str


class TimeoutEvent(Event, tag="timeout", frozen=True):
    seat: int


# ------------------------------------------------------------------ Durak


class TrumpShown(Event, tag="trump_shown", frozen=True):
    seat: int
    card: str


class Attack(Event, tag="attack", frozen=True):
    seat: int
    card: str


class Defend(Event, tag="defend", frozen=True):
    seat: int
    card: str
    target: str


class Transfer(Event, tag="transfer", frozen=True):
    seat: int
    card: str
    defender: int


class DoneEvent(Event, tag="done", frozen=True):
    seat: int


class BoutOver(Event, tag="bout_over", frozen=True):
    result: str
    defender: int


class Draw(Event, tag="draw", frozen=True):
    seat: int
    count: int


class Out(Event, tag="out", frozen=True):
    seat: int


class Left(Event, tag="left", frozen=True):
    seat: int


class Penalty(Event, tag="penalty", frozen=True):
    seat: int


class Caught(Event, tag="caught", frozen=True):
    seat: int
    card: str
    cheater: int


class FalseAccusation(Event, tag="false_accusation", frozen=True):
    seat: int
    card: str


class Check(Event, tag="check", frozen=True):
    result: str


class GameOver(Event, tag="game_over", frozen=True):
    reason: str
    fool: int | None
    draw: bool
    winners: list[int]
    losers: list[int]
    out_order: list[int]


#: Every event type, as a tagged union on ``type``.
AnyEvent = (
    Move
    | MatchStarted
    | MatchAborted
    | Deal
    | Redeal
    | FourSevens
    | Bid
    | Pass
    | Contra
    | Recontra
    | Take
    | Capot
    | Name
    | Contract
    | ExtraCards
    | Play
    | Trick
    | Declare
    | Show
    | Combos
    | Belote
    | Bela
    | Deberc
    | ConcedeEvent
    | DealScored
    | MatchOver
    | TimeoutEvent
    | TrumpShown
    | Attack
    | Defend
    | Transfer
    | DoneEvent
    | BoutOver
    | Draw
    | Out
    | Left
    | Penalty
    | Caught
    | FalseAccusation
    | Check
    | GameOver
)

#: ``type`` -> its Struct.
EVENTS: dict[str, type[Event]] = {cls.__struct_config__.tag: cls for cls in AnyEvent.__args__}


def event_from(value: dict[str, Any]) -> Event | dict[str, Any]:
    """``value`` as its typed event; the dict itself if its ``type`` is not one of :data:`EVENTS`
    (``msgspec.ValidationError`` when a known type has a field of the wrong type)."""
    if value.get("type") not in EVENTS:
        return value
    event: Event = msgspec.convert(value, AnyEvent)
    return event
