"""The event loop's move writers (apps/tables/store.py): several PostgreSQL connections, so one
table's commit never waits behind another's, and a broken connection is replaced."""

from __future__ import annotations

import asyncio
import time

import pytest
from django.utils import timezone

from apps.tables import store
from apps.tables.models import Match, Move
from tests.loops import run_loop
from tests.tables.helpers import bot_table

pytestmark = pytest.mark.django_db(transaction=True)


def a_move(match_id: int) -> tuple[Match, dict]:
    """The match row as read with a system ``pass`` one seq on, as :func:`store.move_write_async`
    takes them."""
    read = store.match_read(match_id)
    version = store.RowVersion.of(read)
    read.seq += 1
    move = {"seat": 0, "action": {"type": "pass"}, "system": True, "actor": "timer", "user_id": None}
    return read, {"read": version, "now": timezone.now(), **move}


def test_a_move_is_written_while_another_connection_is_busy(make_user, settings):
    settings.TABLES_MOVE_WRITERS = 2
    match = bot_table("durak", {}, people=[make_user()]).matches.get()
    row, args = a_move(match.pk)

    async def side_by_side() -> tuple[float, float]:
        async def busy() -> float:
            async with store._writer() as aconn:
                await aconn.execute("SELECT pg_sleep(1.0)")
            return time.monotonic()

        async def write() -> float:
            await asyncio.sleep(0.1)  # the other connection is sleeping by now
            assert await store.move_write_async(row, **args) is not store.Outcome.CHANGED
            return time.monotonic()

        try:
            slept, wrote = await asyncio.gather(busy(), write())
            return slept, wrote
        finally:
            await store._async_reset()

    slept, wrote = run_loop(side_by_side())

    assert wrote < slept  # the write did not queue behind the sleeping connection
    assert Move.objects.filter(match=match, seq=row.seq).exists()


def test_one_writer_queues_and_a_broken_connection_is_replaced(make_user, settings):
    settings.TABLES_MOVE_WRITERS = 1
    match = bot_table("durak", {}, people=[make_user()]).matches.get()
    row, args = a_move(match.pk)

    async def broken_then_write() -> tuple[int, int]:
        try:
            async with store._writer() as aconn:
                first = aconn.info.backend_pid
            with pytest.raises(Exception):  # noqa: B017 - whatever the server's refusal
                async with store._writer() as aconn:
                    await aconn.execute("SELECT pg_terminate_backend(pg_backend_pid())")
            assert await store.move_write_async(row, **args) is not store.Outcome.CHANGED
            async with store._writer() as aconn:
                return first, aconn.info.backend_pid
        finally:
            await store._async_reset()

    first, after = run_loop(broken_then_write())

    assert first != after  # the terminated connection was dropped, a new one wrote the move
    assert Match.objects.get(pk=match.pk).seq == row.seq
