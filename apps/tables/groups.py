"""Channel-layer group names of a table (from ids only, so every process agrees)."""

from __future__ import annotations

LOBBY = "lobby"


def table_all(table_id: int) -> str:
    """Every socket of the table: each change as one ``table.frames`` message (every seat's
    frame, each socket forwarding its own), ``table.refresh`` after seating changes."""
    return f"table.{table_id}"
