"""The canonical actions of docs/rules.md §2 as typed values: one Struct per ``type``.

The schema is :mod:`apps.rules.actions`'s, the only one: each Struct here is built from that
type's typed dict (its fields, which of them are required, a card or trump code of 1–4
characters, a ``value`` of 0–10,000); JSON is ``{"type": ..., <fields>}`` with optional fields
left out when unset. Decode a client's action with :func:`action_from`; build one for a frame
as ``Play(card="Ah")``.

>>> from apps.protocol.codec import encode
>>> encode(Bid(value=90, trump="h"))
'{"type":"bid","value":90,"trump":"h"}'
>>> action_from({"type": "capot", "trump": "s", "solo": True})
Capot(trump='s', solo=True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Union, cast

import msgspec
from msgspec import UNSET, Meta, UnsetType

from apps.rules import actions as schema

#: A card (``Ah``, ``10s``), trump (``h``, ``nt``, ``all``) or target code.
Code = Annotated[str, Meta(min_length=1, max_length=schema.MAX_TEXT)]
#: A bid's points.
Points = Annotated[int, Meta(ge=0, le=schema.MAX_VALUE)]

#: The Struct type of each schema field type.
_FIELD_STRUCT_TYPES: dict[type, Any] = {str: Code, int: Points, bool: bool}


class Action(msgspec.Struct, tag_field="type", frozen=True, kw_only=True, omit_defaults=True):
    """Base of every action; ``type`` is the tag (the class's ``tag``)."""


def _struct(kind: str, typed: type) -> type[Action]:
    """The Struct of action ``kind``, from its typed dict in :mod:`apps.rules.actions`."""
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for name in schema.ACTION_FIELDS[kind]:
        kind_type = _FIELD_STRUCT_TYPES[schema.FIELD_TYPES[name]]
        if name in schema.REQUIRED_FIELDS[kind]:
            fields.append((name, kind_type))
        else:
            fields.append((name, kind_type | UnsetType, UNSET))
    cls = msgspec.defstruct(typed.__name__, fields, bases=(Action,), tag=kind, module=__name__)
    cls.__doc__ = typed.__doc__
    return cast(type[Action], cls)


#: ``type`` -> its Struct.
ACTIONS: dict[str, type[Action]] = {kind: _struct(kind, typed) for kind, typed in schema.ACTION_TYPES.items()}

Pass = ACTIONS["pass"]
Bid = ACTIONS["bid"]
Capot = ACTIONS["capot"]
Contra = ACTIONS["contra"]
Recontra = ACTIONS["recontra"]
Take = ACTIONS["take"]
Name = ACTIONS["name"]
Declare = ACTIONS["declare"]
Show = ACTIONS["show"]
Play = ACTIONS["play"]
Concede = ACTIONS["concede"]
Attack = ACTIONS["attack"]
Defend = ACTIONS["defend"]
Transfer = ACTIONS["transfer"]
Done = ACTIONS["done"]
Catch = ACTIONS["catch"]
Leave = ACTIONS["leave"]
Surrender = ACTIONS["surrender"]
Timeout = ACTIONS["timeout"]
Close = ACTIONS["close"]

if TYPE_CHECKING:
    AnyAction = Action
else:
    #: Every action type, as a tagged union on ``type``.
    AnyAction = Union[tuple(ACTIONS.values())]  # noqa: UP007  (built at run time)


def action_from(value: Any) -> Action:
    """``value`` (an action as JSON gives it) as its typed action; ``msgspec.ValidationError``
    for an unknown type or a field of the wrong type. Unknown keys are dropped."""
    return msgspec.convert(value, AnyAction)


def action_dict(action: Action) -> dict[str, Any]:
    """The action as the JSON object it stands for (``{"type": ..., ...}``)."""
    return msgspec.to_builtins(action)  # type: ignore[no-any-return]
