"""The canonical actions of SCENARIOS.md as typed values: one Struct per ``type``.

The schema is the one :mod:`apps.rules.actions` checks (each type's fields, a card or trump
code of 1–4 characters, a ``value`` of 0–10,000); JSON is ``{"type": ..., <fields>}`` with
optional fields left out when unset. Decode a client's action with :func:`action_from`; build
one for a frame as ``Play(card="Ah")``.

>>> from apps.protocol.codec import encode
>>> encode(Bid(value=90, trump="h"))
'{"type":"bid","value":90,"trump":"h"}'
>>> action_from({"type": "capot", "trump": "s", "solo": True})
Capot(trump='s', solo=True)
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from msgspec import UNSET, Meta, UnsetType

#: A card (``Ah``, ``10s``), trump (``h``, ``nt``, ``all``) or target code.
Code = Annotated[str, Meta(min_length=1, max_length=4)]
#: A bid's points.
Points = Annotated[int, Meta(ge=0, le=10_000)]


class Action(msgspec.Struct, tag_field="type", frozen=True, kw_only=True, omit_defaults=True):
    """Base of every action; ``type`` is the tag (the class's ``tag``)."""


class Pass(Action, tag="pass"):
    """Pass in the auction."""


class Bid(Action, tag="bid"):
    """Bid ``value`` points in trump ``trump`` (Базар-блот)."""

    value: Points
    trump: Code


class Capot(Action, tag="capot"):
    """Bid a capot in ``trump``; ``solo``: Gambler's «капо на 1 руке»."""

    trump: Code
    solo: bool | UnsetType = UNSET


class Contra(Action, tag="contra"):
    """Double the contract."""


class Recontra(Action, tag="recontra"):
    """Redouble."""


class Take(Action, tag="take"):
    """Take the face-up trump (Обычный блот, Деберц) or, in Durak, the cards on the table."""


class Name(Action, tag="name"):
    """Name a trump (``keep``: Деберц's keep the round's suit)."""

    trump: Code
    keep: bool | UnsetType = UNSET


class Declare(Action, tag="declare"):
    """Declare combinations."""


class Show(Action, tag="show"):
    """Show the declared combinations."""


class Play(Action, tag="play"):
    """Play ``card`` to the trick."""

    card: Code


class Concede(Action, tag="concede"):
    """Give up the rest of the deal's tricks."""


class Attack(Action, tag="attack"):
    """Durak: put ``card`` on the table (an attack or a throw-in)."""

    card: Code


class Defend(Action, tag="defend"):
    """Durak: beat ``target`` with ``card``."""

    card: Code
    target: Code


class Transfer(Action, tag="transfer"):
    """Durak (переводной): pass the attack on with ``card``."""

    card: Code


class Done(Action, tag="done"):
    """Durak: nothing more to throw in (бито)."""


class Catch(Action, tag="catch"):
    """Durak (Шулер): catch the cheat ``card``."""

    card: Code


class Leave(Action, tag="leave"):
    """Leave the match (the side loses)."""


class Surrender(Action, tag="surrender"):
    """Give up the match."""


class Timeout(Action, tag="timeout"):
    """System only: the seat's time ran out."""


class Close(Action, tag="close"):
    """System only: the Шулер check window closes."""


#: Every action type, as a tagged union on ``type``.
AnyAction = (
    Pass | Bid | Capot | Contra | Recontra | Take | Name | Declare | Show | Play | Concede | Attack
    | Defend | Transfer | Done | Catch | Leave | Surrender | Timeout | Close
)

#: ``type`` -> its Struct.
ACTIONS: dict[str, type[Action]] = {cls.__struct_config__.tag: cls for cls in AnyAction.__args__}


def action_from(value: Any) -> Action:
    """``value`` (an action as JSON gives it) as its typed action; ``msgspec.ValidationError``
    for an unknown type or a field of the wrong type. Unknown keys are dropped."""
    return msgspec.convert(value, AnyAction)


def action_dict(action: Action) -> dict[str, Any]:
    """The action as the JSON object it stands for (``{"type": ..., ...}``)."""
    return msgspec.to_builtins(action)
