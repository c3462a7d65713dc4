"""The site's one way to write JSON text for sockets, the database and the admin."""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def compact(value: Any) -> str:
    """``value`` as JSON text without spaces, non-ASCII letters kept as they are (Russian
    names and words stay readable and a third shorter than ``\\u`` escapes).

    The same text as ``json.dumps(value, ensure_ascii=False, separators=(",", ":"))``, written
    by orjson: ten times faster on a table's frames, which every move writes five of (4 seats
    and the public view). What orjson refuses (an integer over 64 bits) goes through ``json``."""
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


#: Deepest nesting of arrays and objects accepted in JSON a client sends (frames, API bodies).
MAX_DEPTH = 32


def nesting_within(text: str | bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether no array or object in JSON ``text`` nests deeper than ``limit``.

    Checked before parsing: ``json.loads`` recurses once per level, so a 10 KB frame of
    ``[`` raises ``RecursionError`` instead of a clean refusal. Brackets inside strings are
    not structure and are skipped; the text need not be valid JSON (the parser decides that)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if text.count("[") + text.count("{") <= limit:
        return True
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return False
        elif char in "]}":
            depth -= 1
    return True
