"""The table actor: one owner per live table in each server process, applying its moves in
order from memory (after lichess's ``RoundAsyncActor``; docs/decisions-live-core.md).

A person's ``act`` reaches the actor of its table on the server's event loop. The actor keeps
the match row and engine state it last wrote, so a move costs no read and no ``from_json``. It
drives the move service's one loop (:func:`apps.tables.moves.move_steps`: the same checks and
computation as every other move), writes the move durably before anyone is told (one statement
on one of the loop's PostgreSQL connections; a move that begins a deal or ends the match goes
through a transaction on a thread), then hands each socket of the table in this process its
frame directly. The channel layer carries the frames only to the
table's sockets in other processes, when there are any (a table's sockets meet in one process
behind the proxy's table affinity, docs/operations.md).

The database row stays the truth: writes are conditional on the row as read
(:mod:`apps.tables.store`), so a timer or a bot applied by a Celery worker, or another process's
actor, makes this one's next write find the row changed and read it again. A restarted process
starts with no actors: the first move reads the table back from its record.

Other processes with sockets at a table are found by a handshake on the table's channel-layer
group: a socket that joins says ``table.hello`` with its process's :data:`PROCESS_ID`; every
other process holding sockets there marks the table shared and answers ``table.here``, which
marks it shared in the newcomer's process. A socket that joins while a move is in flight can
miss that move's frame; the next frame carries the whole view (every frame does), and clients
render a gap as such (docs/protocol.md).
"""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
from collections import OrderedDict
from typing import Any, Protocol

from apps.core.errors import Refused
from apps.core.threads import in_db_thread_pool
from apps.rules.base import Game

from . import groups, moves, publishing, selectors, signals, store
from .frames import frames_message, match_frames
from .models import Match

#: This server process, in the ``table.hello`` handshake (unique across hosts and restarts).
PROCESS_ID = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class Sink(Protocol):
    """A table socket of this process, as the actor sees it."""

    async def frames_deliver(self, frames: dict[str, str], *, match_id: int, seq: int) -> None:
        """Send this socket its frame out of ``frames`` (by seat, and ``public``)."""


#: Background work of the actors (kept referenced until done, as asyncio asks).
_BACKGROUND: set[asyncio.Future] = set()


def _background(coroutine) -> None:
    """Run ``coroutine`` without waiting for it (its exception is logged by asyncio)."""
    task = asyncio.ensure_future(coroutine)
    _BACKGROUND.add(task)
    task.add_done_callback(_BACKGROUND.discard)


class TableActor:
    """The live table in this process: its moves one at a time, from memory."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        self.lock = asyncio.Lock()
        #: The match and engine state as this actor last wrote them.
        self.kept: tuple[Match, Game] | None = None

    async def act(self, *, match_id: int, seat: int | None, action: object, seq: int, user_id: int) -> int:
        """A person's action for ``seat`` at version ``seq``: the new ``seq`` once written and sent.

        The driver of :func:`apps.tables.moves.move_steps` on the event loop, which says what is
        checked and refused (``bad_message``, ``system_only``, ``not_found``, ``not_seated``,
        ``not_your_seat``, ``match_over``, ``stale``, ``not_your_turn``, ``illegal``); nothing
        changes on a refusal, and the copy read for it stays kept."""
        steps = moves.move_steps(
            match_id=match_id, seat=seat, action=action, seq=seq, actor=moves.Actor.PERSON, user_id=user_id
        )
        step = next(steps)  # a malformed or system action is refused without waiting for the table
        async with self.lock:
            taken: tuple[Match | None, Game | None] | None = None
            answer: Any
            try:
                while True:
                    if isinstance(step, moves.Read):
                        answer = taken = await self._take(match_id, fresh=step.fresh)
                    else:
                        answer, taken = await self._write(step.prepared), None
                    step = steps.send(answer)
            except StopIteration as done:
                return done.value
            except Refused:
                if taken is not None and taken[0] is not None and taken[1] is not None:
                    self.kept = (taken[0], taken[1])  # refused as read, untouched: keep it
                raise

    async def _take(self, match_id: int, *, fresh: bool) -> tuple[Match | None, Game | None]:
        """The kept match (taken out) if it is ``match_id`` and not ``fresh`` is asked for, else
        the row read afresh (None: no such match) and no state."""
        kept, self.kept = self.kept, None
        if not fresh and kept is not None and kept[0].pk == match_id:
            return kept
        return await in_db_thread_pool(store.match_read)(match_id), None

    async def _write(self, prepared: moves.Prepared) -> store.Outcome:
        """Write one prepared move, keep it and send it; ``CHANGED`` (nothing written) when the
        row changed since it was read."""
        if prepared.simple and store.async_ready():
            outcome = await store.move_write_async(prepared.match, **prepared.write_args())
            prepared.applied.timer = outcome is store.Outcome.TIMER_ARMED
        else:
            outcome = await in_db_thread_pool(moves.move_persist_atomic)(prepared)
        if outcome is store.Outcome.CHANGED:
            return outcome
        applied = prepared.applied
        if applied.match.status == Match.Status.PLAYING:
            self.kept = (applied.match, applied.state)
        await self._publish(applied)
        if applied.timer or applied.match.bot_to_act:
            asyncio.get_running_loop().run_in_executor(None, moves.tasks_schedule, applied)
        if signals.turn_waits.receivers and applied.match.deadline is not None:
            if selectors.table_caches_fresh(applied.match):  # as after the publish: no query
                away = moves.turn_away(applied)
                if away:
                    _background(in_db_thread_pool(moves.turn_waits_send)(applied.match.pk, away))
            else:
                _background(in_db_thread_pool(moves.turn_announce)(applied))
        return outcome

    async def _publish(self, applied: moves.Applied) -> None:
        """Each socket of the table in this process its frame; the channel layer for the others."""
        match = applied.match
        if not selectors.table_caches_fresh(match):
            await in_db_thread_pool(selectors.table_caches_fill)(match)
        args = (match, applied.state, applied.events, applied.views)
        if match.status == Match.Status.PLAYING:
            frames = match_frames(*args, hold_ms=applied.hold_ms)
        else:  # the final views ask the fairness hooks whether to reveal the seeds: a query
            frames = await in_db_thread_pool(match_frames)(*args, hold_ms=applied.hold_ms)
        for sink in list(_SOCKETS.get(self.table_id, ())):
            await sink.frames_deliver(frames, match_id=match.pk, seq=match.seq)
        if self.table_id in _SHARED:
            message = frames_message(frames, match_id=match.pk, seq=match.seq)
            message["origin"] = PROCESS_ID  # this process's sockets have them already
            publishing.send_soon([(groups.table_all(self.table_id), message)])


#: The table sockets of this process, by table.
_SOCKETS: dict[int, set[Sink]] = {}
#: Tables with sockets in other processes too (their ``table.hello`` or ``table.here`` heard).
_SHARED: set[int] = set()
_ACTORS: dict[int, TableActor] = {}
#: ``table.hello`` handshakes this process answered (one answer each, whichever socket hears it first).
_ANSWERED: OrderedDict[str, None] = OrderedDict()
_ANSWERED_MAX = 1_000


def actor_for(table_id: int) -> TableActor:
    """The actor of ``table_id`` in this process (made on first use)."""
    actor = _ACTORS.get(table_id)
    if actor is None:
        actor = _ACTORS[table_id] = TableActor(table_id)
    return actor


def socket_joined(table_id: int, sink: Sink) -> dict:
    """Count ``sink`` among the table's sockets here; returns the ``table.hello`` message it says
    to the table's group (after joining it)."""
    _SOCKETS.setdefault(table_id, set()).add(sink)
    return {"type": "table.hello", "origin": PROCESS_ID, "hello": secrets.token_hex(8)}


def socket_left(table_id: int, sink: Sink) -> None:
    """Forget ``sink``; the table's actor and handshake go with its last socket here."""
    sinks = _SOCKETS.get(table_id)
    if sinks is None:
        return
    sinks.discard(sink)
    if not sinks:
        del _SOCKETS[table_id]
        _SHARED.discard(table_id)
        actor = _ACTORS.get(table_id)
        if actor is not None and not actor.lock.locked():
            del _ACTORS[table_id]


def hello_heard(table_id: int, event: dict) -> dict | None:
    """A socket of the table said ``table.hello``: if from another process, the table is shared,
    and the first socket here to hear it answers with the ``table.here`` returned (else None)."""
    origin, hello = event.get("origin"), str(event.get("hello"))
    if origin == PROCESS_ID or table_id not in _SOCKETS:
        return None
    _SHARED.add(table_id)
    if hello in _ANSWERED:
        return None
    _ANSWERED[hello] = None
    if len(_ANSWERED) > _ANSWERED_MAX:
        _ANSWERED.popitem(last=False)
    return {"type": "table.here", "origin": PROCESS_ID}


def here_heard(table_id: int, event: dict) -> None:
    """Another process answered a ``table.hello``: it holds sockets of the table too."""
    if event.get("origin") != PROCESS_ID and table_id in _SOCKETS:
        _SHARED.add(table_id)
