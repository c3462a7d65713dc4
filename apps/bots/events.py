"""Reading the public events of ``api.apply``: which seat did which public action."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from apps.rules.actions import ACTION_FIELDS as SCHEMA_FIELDS

#: Event types that are a seat's own action, with the fields that make up the action: the
#: rules' schema, but for the actions no event records as such (a catch is told as
#: ``caught``/``false_accusation``, a leave as ``left``/``match_over``) and the system's own.
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    kind: fields
    for kind, fields in SCHEMA_FIELDS.items()
    if kind not in ("catch", "leave", "surrender", "timeout", "close")
}


def actions_of(events: Sequence[Mapping[str, Any]]) -> list[list[Any]]:
    """``[[seat, action], ...]`` for every event that records a seat's action."""
    out = []
    for e in events:
        kind = e.get("type")
        fields = ACTION_FIELDS.get(kind) if isinstance(kind, str) else None
        if fields is None or not isinstance(e.get("seat"), int):
            continue
        action = {"type": kind}
        for f in fields:
            if f in e and e[f] is not None:
                action[f] = e[f]
        out.append([e["seat"], action])
    return out
