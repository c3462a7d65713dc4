"""Sending to the channel layer (called only by services, after their transaction commits).

The channel layer delivers at most once: every state carries ``seq`` so a client that
misses one asks for ``sync``.

Inside the server (a service called through ``database_sync_to_async``) the sends run on the
server's own event loop. In a server process from any other thread (the embedded Celery worker
of the default mode, whose in-memory channel layer lives on the server's loop) they are handed
to that loop. Elsewhere (Celery worker processes, tests, shell) they run on one long-lived
background loop per process, so the Redis connections of the layer are reused instead of
being opened for every move.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import threading

from asgiref.sync import SyncToAsync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()
#: The event loop of the ASGI server in this process, once a socket has connected.
_server_loop: asyncio.AbstractEventLoop | None = None


def remember_server_loop() -> None:
    """Called by consumers (on the server's loop): publish from other threads through it."""
    global _server_loop
    _server_loop = asyncio.get_running_loop()


def _background_loop() -> asyncio.AbstractEventLoop:
    global _loop
    with _loop_lock:
        if _loop is None or _loop.is_closed():
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="tables-publisher", daemon=True).start()
        return _loop


#: Per group, the newest send of this process not yet done (sends of one group stay in order).
_tails: dict[str, asyncio.Future] = {}
#: Sends in flight (the loop keeps only weak references to tasks).
_running: set[asyncio.Future] = set()


def _send_in_order(layer, messages: list[tuple[str, dict]]) -> None:
    """On the server's loop: start each ``group_send`` after the previous one of its group."""
    for group, message in messages:
        previous = _tails.get(group)
        task = asyncio.ensure_future(_send_after(layer, group, message, previous))
        _tails[group] = task
        _running.add(task)
        task.add_done_callback(functools.partial(_forget, group))


def _forget(group: str, done: asyncio.Future) -> None:
    _running.discard(done)
    if _tails.get(group) is done:
        del _tails[group]


async def _send_after(layer, group: str, message: dict, previous: asyncio.Future | None) -> None:
    if previous is not None:
        await asyncio.wait([previous])
    try:
        await layer.group_send(group, message)
    except Exception:  # the move is committed; clients resync on the next state
        log.exception("publishing to %s failed", group)


def send_many(messages: list[tuple[str, dict]]) -> None:
    """``group_send`` each ``(group, message)``; a broken layer is logged, never raised.

    Called on a thread of the server's pool (a consumer's move), the sends are handed to the
    server's loop and not awaited: the thread is free for the next move at once (waiting for the
    loop held most of the pool under load, bench/ws_load.py). Each group's sends still leave
    in the order they were made. Elsewhere the call returns once the messages are sent."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def _send() -> None:
        for group, message in messages:
            await layer.group_send(group, message)

    try:
        caller_loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
        if caller_loop is not None and caller_loop.is_running():
            caller_loop.call_soon_threadsafe(_send_in_order, layer, list(messages))
            return
        loop = _server_loop if _server_loop is not None and _server_loop.is_running() else None
        asyncio.run_coroutine_threadsafe(_send(), loop or _background_loop()).result(timeout=10)
    except Exception:  # the move is committed; clients resync on the next state
        log.exception("publishing %d messages failed", len(messages))


def send_soon(messages: list[tuple[str, dict]]) -> None:
    """:func:`send_many` for a caller on the server's event loop (the table actor): the sends
    start at once, each after the previous one of its group, and are not awaited."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    _send_in_order(layer, list(messages))
