"""What the engines (``apps/rules``) and the table emit after an action, as typed values.

The schema is :mod:`apps.rules.events`'s, the only one: each Struct here is built from that
type's typed dict (same name, fields in the same order, a ``NotRequired`` field left out when
unset, a ``Move``'s ``action`` one of :mod:`.actions`'s Structs). The server sends events as the
engines build them (dicts, their key order kept byte for byte:
``tests/protocol/test_golden_frames.py``); these Structs are the events' typed form for
readers — bots, benches, tests — and the list a client can rely on. :func:`event_from` gives
the typed event, or the dict itself for a type this module does not know yet (the protocol
only grows).

>>> event_from({"type": "play", "seat": 2, "card": "Ah"})
Play(seat=2, card='Ah')
>>> event_from({"type": "move", "seat": 1, "action": {"type": "pass"}, "by": "bot"}).action
Pass()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Union, cast, get_args

import msgspec
from msgspec import UNSET, UnsetType

from apps.rules import actions as action_schema
from apps.rules import events as schema

from .actions import AnyAction


class Event(msgspec.Struct, tag_field="type", frozen=True, kw_only=True, omit_defaults=True):
    """Base of every event; ``type`` is the tag."""


#: The typed dicts' action type (a ``Move``'s ``action``), which becomes :mod:`.actions`'s union.
_RULES_ACTION: Any = action_schema.AnyAction


def _struct_type(annotation: Any) -> Any:
    """The Struct field type of a typed-dict field type: an action becomes a typed action."""
    return AnyAction if annotation == _RULES_ACTION else annotation


def _struct(kind: str, typed: type) -> type[Event]:
    """The Struct of event ``kind``, from its typed dict in :mod:`apps.rules.events`."""
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    optional: frozenset[str] = typed.__optional_keys__  # type: ignore[attr-defined]
    for name, annotation in typed.__annotations__.items():
        if name == "type":
            continue
        if name in optional:  # NotRequired[bool] -> bool | UnsetType, left out when unset
            fields.append((name, _struct_type(get_args(annotation)[0]) | UnsetType, UNSET))
        else:
            fields.append((name, _struct_type(annotation)))
    cls = msgspec.defstruct(typed.__name__, fields, bases=(Event,), tag=kind, module=__name__)
    cls.__doc__ = typed.__doc__
    return cast(type[Event], cls)


#: ``type`` -> its Struct.
EVENTS: dict[str, type[Event]] = {kind: _struct(kind, typed) for kind, typed in schema.EVENT_TYPES.items()}

# the table's own events
Move = EVENTS["move"]
MatchStarted = EVENTS["match_started"]
MatchAborted = EVENTS["match_aborted"]
# deals and auctions
Deal = EVENTS["deal"]
Redeal = EVENTS["redeal"]
FourSevens = EVENTS["four_sevens"]
Bid = EVENTS["bid"]
Pass = EVENTS["pass"]
Contra = EVENTS["contra"]
Recontra = EVENTS["recontra"]
Take = EVENTS["take"]
Capot = EVENTS["capot"]
Name = EVENTS["name"]
Contract = EVENTS["contract"]
ExtraCards = EVENTS["extra_cards"]
# play (belot family)
Play = EVENTS["play"]
Trick = EVENTS["trick"]
Declare = EVENTS["declare"]
Show = EVENTS["show"]
Combos = EVENTS["combos"]
Belote = EVENTS["belote"]
Bela = EVENTS["bela"]
Deberc = EVENTS["deberc"]
ConcedeEvent = EVENTS["concede"]
DealScored = EVENTS["deal_scored"]
MatchOver = EVENTS["match_over"]
TimeoutEvent = EVENTS["timeout"]
# Durak
TrumpShown = EVENTS["trump_shown"]
Attack = EVENTS["attack"]
Defend = EVENTS["defend"]
Transfer = EVENTS["transfer"]
DoneEvent = EVENTS["done"]
BoutOver = EVENTS["bout_over"]
Draw = EVENTS["draw"]
Out = EVENTS["out"]
Left = EVENTS["left"]
Penalty = EVENTS["penalty"]
Caught = EVENTS["caught"]
FalseAccusation = EVENTS["false_accusation"]
Check = EVENTS["check"]
GameOver = EVENTS["game_over"]

if TYPE_CHECKING:
    AnyEvent = Event
else:
    #: Every event type, as a tagged union on ``type``.
    AnyEvent = Union[tuple(EVENTS.values())]  # noqa: UP007  (built at run time)


def event_from(value: dict[str, Any]) -> Event | dict[str, Any]:
    """``value`` as its typed event; the dict itself if its ``type`` is not one of :data:`EVENTS`
    (``msgspec.ValidationError`` when a known type has a field of the wrong type)."""
    if value.get("type") not in EVENTS:
        return value
    event: Event = msgspec.convert(value, AnyEvent)
    return event
