"""Table settings with their defaults (each may be set in Django settings or the environment)."""

from __future__ import annotations

import os

from django.conf import settings


def _setting(name: str, default: str) -> str:
    value = getattr(settings, name, None)
    return str(value) if value is not None else os.environ.get(name, default)


def time_scale() -> float:
    """``TABLES_TIME_SCALE``: multiplies every duration of a table's clock (default 1)."""
    return float(_setting("TABLES_TIME_SCALE", "1"))


def bot_delay_ms() -> int:
    """``TABLES_BOT_DELAY_MS``: the bots' human-like pause before a move (default 900 ms)."""
    return int(_setting("TABLES_BOT_DELAY_MS", "900"))


def waiting_tables_per_user() -> int:
    """``LOBBY_WAITING_TABLES_PER_USER``: waiting tables one person may own and sit at (default 3)."""
    return int(_setting("LOBBY_WAITING_TABLES_PER_USER", "3"))


def scheduler() -> str:
    """``TABLES_SCHEDULER``: ``celery`` (timer and bot tasks) or ``none`` (unit tests drive by hand)."""
    return _setting("TABLES_SCHEDULER", "celery")


def move_writers() -> int:
    """``TABLES_MOVE_WRITERS``: PostgreSQL connections a server process writes moves on from its
    event loop (default 4). Each write waits for its commit to reach the disk; with several
    connections the moves of different tables commit side by side (and PostgreSQL flushes
    their commits together) instead of queueing behind one another."""
    return max(1, int(_setting("TABLES_MOVE_WRITERS", "4")))


#: Largest accepted socket frame, in bytes (docs/protocol.md: frames over 16 KB are refused).
MAX_FRAME_BYTES = 16 * 1024
#: Token bucket per socket: refill rate per second and burst.
RATE_PER_SECOND = 20.0
RATE_BURST = 40.0
#: Open sockets one user may hold in one daphne process: to one table (or the lobby), and in all.
#: More tabs than that are refused with ``too_many_sockets`` and close code 4429.
MAX_SOCKETS_PER_PLACE = 4
MAX_SOCKETS_PER_USER = 16
