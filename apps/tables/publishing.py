"""Sending to the channel layer (called only by services, after their transaction commits).

The channel layer delivers at most once: every state carries ``seq`` so a client that
misses one asks for ``sync``.

Inside the server (a service called through ``database_sync_to_async``) the sends run on the
server's own event loop. Elsewhere (Celery workers, tests, shell) they run on one long-lived
background loop per process, so the Redis connections of the layer are reused instead of
being opened for every move.
"""

from __future__ import annotations

import asyncio
import logging
import threading

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def _background_loop() -> asyncio.AbstractEventLoop:
    global _loop
    with _loop_lock:
        if _loop is None or _loop.is_closed():
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="tables-publisher", daemon=True).start()
        return _loop


def send_many(messages: list[tuple[str, dict]]) -> None:
    """``group_send`` each ``(group, message)``; a broken layer is logged, never raised."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def _send() -> None:
        for group, message in messages:
            await layer.group_send(group, message)

    try:
        server_loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
        if server_loop is not None and server_loop.is_running():
            async_to_sync(_send)()
        else:
            asyncio.run_coroutine_threadsafe(_send(), _background_loop()).result(timeout=10)
    except Exception:  # the move is committed; clients resync on the next state
        log.exception("publishing %d messages failed", len(messages))
