"""The site's one way to write JSON text for the database and the admin (socket frames are
written by :mod:`apps.protocol`)."""

from __future__ import annotations

import json
from typing import Any

import orjson

from apps.protocol.limits import MAX_DEPTH, nesting_within

_OPTIONS = orjson.OPT_NON_STR_KEYS


class Encoded(str):
    """JSON text already written (a match's engine snapshot,
    :func:`apps.rules.api.to_json_text`), held where a JSON value would be: :func:`compact`
    gives it back as it is, and the move store binds it without writing it again."""


def compact(value: Any) -> str:
    """``value`` as JSON text without spaces, non-ASCII letters kept as they are (Russian
    names and words stay readable and a third shorter than ``\\u`` escapes).

    The same text as ``json.dumps(value, ensure_ascii=False, separators=(",", ":"))``, written
    by orjson: ten times faster on a table's frames, which every move writes five of (4 seats
    and the public view). What orjson refuses (an integer over 64 bits) goes through ``json``.
    An :class:`Encoded` text is returned as it is."""
    if type(value) is Encoded:
        return value
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


#: The limits of client JSON live with the protocol (frames and API bodies share them).
__all__ = ["MAX_DEPTH", "Encoded", "compact", "nesting_within"]
