"""What a client frame may be at most: its size and its nesting (docs/protocol.md)."""

from __future__ import annotations

#: Largest accepted client frame, in bytes (UTF-8): 16 KB.
MAX_FRAME_BYTES = 16 * 1024

#: Deepest nesting of arrays and objects accepted in JSON a client sends (frames, API bodies).
MAX_DEPTH = 32


def nesting_within(text: str | bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether no array or object in JSON ``text`` nests deeper than ``limit``.

    Checked before parsing, so that a 10 KB frame of ``[`` is a clean refusal and no parser
    recurses 10,000 levels. Brackets inside strings are not structure and are skipped; the text
    need not be valid JSON (the parser decides that).

    >>> nesting_within("[" * 33 + "]" * 33), nesting_within('["[[[["]')
    (False, True)
    """
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
