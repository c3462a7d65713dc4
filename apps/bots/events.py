"""Reading the public events of ``api.apply``: which seat did which public action."""

from __future__ import annotations

#: Event types that are a seat's own action, with the fields that make up the action.
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "play": ("card",),
    "attack": ("card",),
    "defend": ("card", "target"),
    "transfer": ("card",),
    "take": (),
    "done": (),
    "pass": (),
    "bid": ("value", "trump"),
    "capot": ("trump", "solo"),
    "contra": (),
    "recontra": (),
    "name": ("trump", "keep"),
    "declare": (),
    "show": (),
    "concede": (),
}


def actions_of(events: list[dict]) -> list[list]:
    """``[[seat, action], ...]`` for every event that records a seat's action."""
    out = []
    for e in events:
        kind = e.get("type")
        fields = ACTION_FIELDS.get(kind)
        if fields is None or not isinstance(e.get("seat"), int):
            continue
        action = {"type": kind}
        for f in fields:
            if f in e and e[f] is not None:
                action[f] = e[f]
        out.append([e["seat"], action])
    return out
