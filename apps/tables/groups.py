"""Channel-layer group names of a table (from ids only, so every process agrees)."""

from __future__ import annotations

LOBBY = "lobby"


def table_all(table_id: int) -> str:
    """Every socket of the table: told to refetch after seating changes."""
    return f"table.{table_id}"


def table_seat(table_id: int, seat: int) -> str:
    """The sockets of the person at ``seat``: that seat's own view."""
    return f"table.{table_id}.seat.{seat}"


def table_public(table_id: int) -> str:
    """Spectators: the public view (no hand)."""
    return f"table.{table_id}.public"
