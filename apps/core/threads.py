"""Running blocking database work from a consumer: the one wrapper every socket uses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from channels.db import database_sync_to_async


def in_db_thread_pool(func: Callable[..., Any]) -> Callable[..., Any]:
    """``func`` run by ``await`` on the event loop's thread pool, each thread with its own pooled
    connection: moves of different tables (and sockets connecting) query PostgreSQL side by side.

    ``database_sync_to_async`` alone runs every call of the process on one thread, so each move
    would wait for every other table's round trips to PostgreSQL and Redis, and under load
    handshakes would pass daphne's 5 s limit (bench/ws_load.py). The conditional move write
    (:mod:`apps.tables.store`) keeps the moves of one table serial."""
    return database_sync_to_async(func, thread_sensitive=False)
