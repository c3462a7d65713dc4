"""The event loop's move writers (apps/tables/store.py): several PostgreSQL connections, so one
table's commit never waits behind another's, and a broken connection is replaced."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

import psycopg
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


def test_the_statement_through_libpq_writes_every_value_and_a_large_snapshot_whole(make_user):
    """The writers' statement goes through libpq's calls with text parameters and a binary
    result: JSON with Cyrillic, a bool, a person's id and a snapshot larger than a socket's
    buffer (the send waits for the socket) come back from the row as they went in."""
    person = make_user()
    match = bot_table("durak", {}, people=[person]).matches.get()
    row, args = a_move(match.pk)
    row.state = {"pad": "карты " * 200_000}  # ≈ 2 MB of text
    row.deadline = args["now"] + timedelta(seconds=20)
    args |= {
        "action": {"type": "play", "card": "Пд"},
        "system": False,
        "actor": "person",
        "user_id": person.pk,
    }

    async def write() -> store.Outcome:
        try:
            return await store.move_write_async(row, **args)
        finally:
            await store._async_reset()

    assert run_loop(write()) is store.Outcome.TIMER_ARMED
    saved = Match.objects.get(pk=match.pk)
    assert (saved.seq, saved.state, saved.timer_due) == (row.seq, row.state, row.deadline)
    assert row.timer_due == row.deadline  # the returned timestamptz, to the microsecond
    move = Move.objects.get(match=match, seq=row.seq)
    assert (move.action, move.system, move.user_id, move.seat) == (args["action"], False, person.pk, 0)


def test_a_refused_statement_raises_and_its_connection_is_not_reused(make_user, settings):
    settings.TABLES_MOVE_WRITERS = 1
    match = bot_table("durak", {}, people=[make_user()]).matches.get()
    row, args = a_move(match.pk)

    async def refused_then_written() -> tuple[int, int]:
        try:
            async with store._writer() as aconn:
                first = aconn.info.backend_pid
            with pytest.raises(psycopg.errors.NumericValueOutOfRange):
                await store.move_write_async(row, **{**args, "seat": 10**12})
            assert await store.move_write_async(row, **args) is not store.Outcome.CHANGED
            async with store._writer() as aconn:
                return first, aconn.info.backend_pid
        finally:
            await store._async_reset()

    first, after = run_loop(refused_then_written())

    assert first != after
    assert Move.objects.get(match=match, seq=row.seq).seat == 0


def test_the_snapshot_column_is_compressed_with_lz4():
    """Migration 0011: every move rewrites ``state``; lz4 costs PostgreSQL less CPU than pglz."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attcompression FROM pg_attribute"
            " WHERE attrelid = 'tables_match'::regclass AND attname = 'state'"
        )
        assert cursor.fetchone() == ("l",)
