"""The match row and the move log on the hot path of a move: one statement to read, one to write.

A move is the site's most frequent write: through the ORM it would take five round trips to
PostgreSQL (BEGIN, the locking read, the Move insert, the match update, COMMIT) and a query
compilation per move (docs/performance.md, «What the live core's shape rests on»). Here the SQL
is built once at import and a move is written optimistically: :func:`match_read` reads the row
without a lock, and :func:`move_write` updates it only if nobody wrote it since
(:class:`RowVersion`, still playing), inserting the Move in the same statement, so the two land
together or not at all, without an explicit transaction. A process keeps the match and engine
state of the last move it wrote (:func:`match_take`), so a table whose moves all come through
one process skips the read and ``from_json``; the version check makes a stale copy harmless.

The write also decides the match's timer (one pending timer task per match): ``timer_due`` is
kept if the row's pending timer is due by the new deadline, else it becomes that deadline and
the caller schedules its task (:attr:`Outcome.TIMER_ARMED`). Deciding in the statement, on the
row as it is, lets a timer re-arm itself between a move's read and its write without making the
move read the match again: when 100 tables' timers fire together that doubled every move's cost.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import functools
import json
import logging
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple

import psycopg
from django.db import DEFAULT_DB_ALIAS, connection, models, transaction
from django.db.models import Case, F, Q, Value, When
from psycopg import pq

from apps.core.jsontext import Encoded, compact
from apps.rules.base import Game

from . import conf
from .models import Match, Move

log = logging.getLogger(__name__)

_MATCH_FIELDS = [f for f in Match._meta.concrete_fields]
_JSON_FIELDS = frozenset(f.attname for f in _MATCH_FIELDS if isinstance(f, models.JSONField))
_NAMES = [f.attname for f in _MATCH_FIELDS]
_SELECT = "SELECT {} FROM {} WHERE {} = %s".format(
    ", ".join(connection.ops.quote_name(f.column) for f in _MATCH_FIELDS),
    Match._meta.db_table,
    Match._meta.pk.column,
)

#: What a move sets in the match row (besides ``timer_due``, which the write decides; the
#: ``seats_version`` is the presence's, never a move's).
MOVE_FIELDS = (
    "seq",
    "state",
    "deal_number",
    "turn_started_at",
    "turn_ms",
    "deadline",
    "reserves",
    "bot_memory",
    "bot_to_act",
    "status",
    "result",
    "finished_at",
    "updated_at",
)
_MOVE_COLUMNS = ("match_id", "seq", "seat", "action", "system", "actor", "user_id", "created_at")


@functools.cache
def _write_sql() -> str:
    """The PostgreSQL statement of :func:`move_write`; every parameter cast to its column's type
    (server-side binding sends ``None`` and strings untyped). Its parameters: the fields, the
    timer's (new deadline, now, new deadline), the version's, the Move's; it returns the row's
    ``timer_due`` as written, no row if nothing was."""

    def typed(model: type[models.Model], name: str) -> str:
        field = model._meta.get_field(name)
        assert isinstance(field, models.Field)
        return f"%s::{field.db_type(connection)}"

    return (
        "WITH written AS (UPDATE {match} SET {sets}, timer_due = CASE WHEN {pending} THEN timer_due"
        " ELSE %s::timestamptz END WHERE id = %s AND seq = %s AND status = %s"
        " AND deadline IS NOT DISTINCT FROM %s::timestamptz AND seats_version = %s"
        " RETURNING id, timer_due),"
        " logged AS (INSERT INTO {move} ({columns}) SELECT written.id, {values} FROM written)"
        " SELECT timer_due FROM written"
    ).format(
        match=Match._meta.db_table,
        sets=", ".join(f"{name} = {typed(Match, name)}" for name in MOVE_FIELDS),
        # NULL deadline (no turn, or the match over): keep whatever is there
        pending="%s::timestamptz IS NULL OR (timer_due > %s::timestamptz AND timer_due <= %s::timestamptz)",
        move=Move._meta.db_table,
        columns=", ".join(_MOVE_COLUMNS),
        values=", ".join(typed(Move, name.removesuffix("_id")) for name in _MOVE_COLUMNS[1:]),
    )


class Outcome(enum.Enum):
    """What :func:`move_write` did."""

    #: The row changed since it was read (or is no longer playing): nothing was written.
    CHANGED = "changed"
    #: Written; a pending timer task is due by the new deadline (or there is no deadline).
    WRITTEN = "written"
    #: Written, and ``timer_due`` became the new deadline: the caller schedules its task.
    TIMER_ARMED = "timer_armed"


class RowVersion(NamedTuple):
    """What a move's write requires to be unchanged since its read: the fields other writers
    change (a cleared ``deadline``, presence bumping ``seats_version``; an admin ending the match
    changes ``status``, which must still be playing) besides ``seq`` itself. ``timer_due`` is not
    one: the write decides it on the row as it is (a timer may re-arm in between)."""

    seq: int
    deadline: datetime | None
    seats_version: int
    #: ``timer_due`` as read: a write that leaves the row's value equal to its new deadline arms
    #: a timer only if it was not so already (else the task is pending).
    timer_due: datetime | None = None

    @classmethod
    def of(cls, match: Match) -> RowVersion:
        return cls(match.seq, match.deadline, match.seats_version, match.timer_due)


#: Per match, the row and engine state of the last move this process wrote (see ``match_take``).
_WRITTEN: dict[int, tuple[Match, Game]] = {}
_WRITTEN_MAX = 5_000


def match_take(match_id: int) -> tuple[Match | None, Game | None]:
    """The match as this process last wrote it, with its engine state, if it did (taken out:
    two threads never share one state); else the row read afresh and no state. Safe because
    every write checks the row's :class:`RowVersion`: a stale copy writes nothing."""
    taken = _WRITTEN.pop(match_id, None)
    if taken is not None:
        return taken
    return match_read(match_id), None


def match_written(match: Match, state: Game) -> None:
    """Keep the match and its state as just written and published, for its next move here."""
    if len(_WRITTEN) >= _WRITTEN_MAX:
        _WRITTEN.clear()
    _WRITTEN[match.pk] = (match, state)


def _json_text(value: Any) -> str | None:
    return None if value is None else compact(value)


def match_read(match_id: int) -> Match | None:
    """The match row as a ``Match`` (every field), read without a lock; None if there is none.

    PostgreSQL: prebuilt SQL (its driver gives aware datetimes; the JSON is decoded here).
    Other databases (SQLite for ``./run``): the ORM, whose converters their values need."""
    if connection.vendor != "postgresql":
        return Match.objects.filter(pk=match_id).first()
    with connection.cursor() as cursor:
        cursor.execute(_SELECT, [match_id])
        row = cursor.fetchone()
    if row is None:
        return None
    values = [
        json.loads(value) if name in _JSON_FIELDS and isinstance(value, str) else value
        for name, value in zip(_NAMES, row, strict=True)
    ]
    return Match.from_db(DEFAULT_DB_ALIAS, _NAMES, values)


def move_write(
    match: Match,
    *,
    read: RowVersion,
    seat: int | None,
    action: dict,
    system: bool,
    actor: str,
    user_id: int | None,
    now: datetime,
) -> Outcome:
    """Save the move's changes of ``match`` and append its Move (``seq`` = ``match.seq``).

    Writes only if the row is still playing and as read (``read``), else nothing
    (:attr:`Outcome.CHANGED`). ``timer_due`` stays if the row's timer is due after ``now`` and
    by the new ``match.deadline``, else becomes that deadline (:attr:`Outcome.TIMER_ARMED`);
    ``match.timer_due`` is set to the row's. Atomic on its own, or part of the caller's
    transaction."""
    match.updated_at = now
    move = {"seat": seat, "action": action, "system": system, "actor": actor, "user_id": user_id}
    writer = _move_write_statement if connection.vendor == "postgresql" else _move_write_orm
    written, due = writer(match, read, move, now)
    return _outcome(match, read, written, due)


async def move_write_async(
    match: Match,
    *,
    read: RowVersion,
    seat: int | None,
    action: dict,
    system: bool,
    actor: str,
    user_id: int | None,
    now: datetime,
) -> Outcome:
    """:func:`move_write` from the event loop (PostgreSQL only, see :func:`async_ready`): the
    same statement on one of this process's asynchronous connections, so the table actor
    (:mod:`apps.tables.actor`) writes a move without a hop to a thread. Not for a move that
    starts a deal or ends the match: those write more rows, in a transaction, on a thread."""
    match.updated_at = now
    move = {"seat": seat, "action": action, "system": system, "actor": actor, "user_id": user_id}
    params = _write_params(match, read, move, now)
    async with _writer() as aconn:
        written, due = await _statement_async(aconn.pgconn, params)
    return _outcome(match, read, written, due)


def _move_write_statement(
    match: Match, read: RowVersion, move: dict, now: datetime
) -> tuple[bool, datetime | None]:
    """PostgreSQL: one prepared statement with its parameters bound by the server. Returns
    whether it wrote and the row's ``timer_due`` then."""
    connection.ensure_connection()
    with psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(_write_sql(), _write_params(match, read, move, now), prepare=True)
        row = cursor.fetchone()
    return (False, None) if row is None else (True, row[0])


def _outcome(match: Match, read: RowVersion, written: bool, due: datetime | None) -> Outcome:
    if not written:
        return Outcome.CHANGED
    match.timer_due = due
    armed = match.deadline is not None and due == match.deadline and read.timer_due != due
    return Outcome.TIMER_ARMED if armed else Outcome.WRITTEN


def _write_params(match: Match, read: RowVersion, move: dict, now: datetime) -> list:
    """The parameters of :func:`_write_sql`, in its order: bound by the server, so the
    snapshot's JSON is neither escaped into the SQL text nor the statement planned each time."""
    sets = [
        _json_text(getattr(match, name)) if name in _JSON_FIELDS else getattr(match, name)
        for name in MOVE_FIELDS
    ]
    deadline = match.deadline
    timer = [deadline, now, deadline, deadline]
    where = [match.pk, read.seq, Match.Status.PLAYING.value, read.deadline, read.seats_version]
    values = [
        match.seq,
        move["seat"],
        _json_text(move["action"]),
        move["system"],
        move["actor"],
        move["user_id"],
        now,
    ]
    return [*sets, *timer, *where, *values]


# --------------------------------------------------------------------------- the event loop's connections

#: The move's statement as prepared on each of the loop's connections (:func:`_connect`).
_STATEMENT = b"kartochki_move_write"
#: PostgreSQL's ``timestamptz`` in binary: microseconds since this instant.
_PG_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)


@functools.cache
def _write_sql_numbered() -> str:
    """:func:`_write_sql` with ``$1``, ``$2``… for its ``%s`` (it has no other ``%``)."""
    head, *parts = _write_sql().split("%s")
    return head + "".join(f"${n}{part}" for n, part in enumerate(parts, 1))


def _param_text(value: Any) -> bytes | None:
    """A parameter of the move's statement in PostgreSQL's text format (every parameter is cast
    to its column's type in the SQL, so text is all the server needs)."""
    if value is None:
        return None
    if value is True or value is False:
        return b"t" if value else b"f"
    if isinstance(value, str):  # JSON text, choices
        if "\x00" in value:
            raise psycopg.DataError("PostgreSQL text fields cannot contain NUL (0x00) bytes")
        return value.encode()
    if isinstance(value, int):
        return str(value).encode()
    if isinstance(value, datetime):
        return value.isoformat().encode()
    raise TypeError(f"no text for a move parameter of type {type(value).__name__}")


async def _statement_async(pgconn: pq.abc.PGconn, params: list) -> tuple[bool, datetime | None]:
    """The prepared move statement through libpq's asynchronous calls, awaited on the loop's
    selector: what ``AsyncCursor.execute`` does, less its per-call Python (the query's
    conversion, the parameters' adapters, the prepared-statement cache, the generators and
    their waits): ≈ 40 against ≈ 100 µs of CPU per write (docs/performance.md, «Live without
    pace (h-live6)»). Returns whether a row was written and its ``timer_due``; a failed statement
    raises psycopg's error for it, a broken connection psycopg's ``OperationalError``."""
    pgconn.send_query_prepared(
        _STATEMENT, [_param_text(value) for value in params], result_format=pq.Format.BINARY
    )
    while pgconn.flush():  # the rest waits for the socket (a large snapshot)
        await _socket_ready(pgconn.socket, write=True)
    results = []
    while True:
        pgconn.consume_input()
        if pgconn.is_busy():
            await _socket_ready(pgconn.socket)
            continue
        result = pgconn.get_result()
        if result is None:
            break
        results.append(result)
    result = results[0]
    if result.status != pq.ExecStatus.TUPLES_OK:
        raise psycopg.errors.error_from_result(result)
    if result.ntuples == 0:
        return False, None
    value = result.get_value(0, 0)
    if value is None:
        return True, None
    return True, _PG_EPOCH + timedelta(microseconds=int.from_bytes(value, "big", signed=True))


async def _socket_ready(fd: int, *, write: bool = False) -> None:
    """Until the loop's selector finds ``fd`` readable (or writable)."""
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    watch, unwatch = (loop.add_writer, loop.remove_writer) if write else (loop.add_reader, loop.remove_reader)
    watch(fd, ready.set_result, None)
    try:
        await ready
    finally:
        unwatch(fd)


class _Writers:
    """The connections :func:`move_write_async` writes on, for one event loop: at most
    :func:`apps.tables.conf.move_writers` open, each carrying one statement at a time. A write
    waits for its commit to reach the disk, so with one connection every table of the process
    would queue behind every other's commit (docs/performance.md); the moves of one table stay
    in order through its actor's lock."""

    def __init__(self, size: int) -> None:
        self.slots = asyncio.Semaphore(size)
        self.idle: list[psycopg.AsyncConnection] = []

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[psycopg.AsyncConnection]:
        async with self.slots:
            aconn = self.idle.pop() if self.idle else None
            if aconn is None or aconn.closed:
                aconn = await _connect()
            try:
                yield aconn
            except BaseException:
                # broken (PostgreSQL restarted) or left mid-statement (cancelled): never reused
                await _close(aconn)
                raise
            self.idle.append(aconn)

    async def close(self) -> None:
        idle, self.idle = self.idle, []
        for aconn in idle:
            await _close(aconn)


#: The running loop's writers (a new loop, as in tests, gets its own).
_writers: tuple[asyncio.AbstractEventLoop, _Writers] | None = None


def async_ready() -> bool:
    """Whether moves can be written from the event loop (the database is PostgreSQL)."""
    return connection.vendor == "postgresql"


def _writer() -> contextlib.AbstractAsyncContextManager[psycopg.AsyncConnection]:
    """A connection of the running loop's writers, for one statement."""
    global _writers
    loop = asyncio.get_running_loop()
    if _writers is None or _writers[0] is not loop:
        _writers = (loop, _Writers(conf.move_writers()))
    return _writers[1].connection()


async def _connect() -> psycopg.AsyncConnection:
    """A writer's connection, with the move's statement prepared on it."""
    db = connection.settings_dict
    aconn = await psycopg.AsyncConnection.connect(
        dbname=db["NAME"],
        user=db.get("USER") or None,
        password=db.get("PASSWORD") or None,
        host=db.get("HOST") or None,
        port=db.get("PORT") or None,
        autocommit=True,
        options="-c TimeZone=UTC",
    )
    try:
        await aconn.execute(f"PREPARE {_STATEMENT.decode()} AS {_write_sql_numbered()}".encode())
    except BaseException:
        await _close(aconn)
        raise
    return aconn


async def _close(aconn: psycopg.AsyncConnection) -> None:
    try:
        await aconn.close()
    except Exception:  # already broken
        log.debug("closing a broken connection failed", exc_info=True)


async def _async_reset() -> None:
    """Close the running loop's connections (a test's loop before it ends)."""
    if _writers is not None and _writers[0] is asyncio.get_running_loop():
        await _writers[1].close()


def _move_write_orm(
    match: Match, read: RowVersion, move: dict, now: datetime
) -> tuple[bool, datetime | None]:
    """Other databases (SQLite for ``./run``): the same conditional update and insert, in a
    transaction, through the ORM."""
    deadline = match.deadline
    due: Any = F("timer_due")
    if deadline is not None:
        pending = Q(timer_due__gt=now, timer_due__lte=deadline)
        due = Case(When(pending, then=F("timer_due")), default=Value(deadline))
    with transaction.atomic():
        rows = Match.objects.filter(
            pk=match.pk,
            status=Match.Status.PLAYING,
            seq=read.seq,
            deadline=read.deadline,
            seats_version=read.seats_version,
        )
        sets = {name: _orm_value(getattr(match, name)) for name in MOVE_FIELDS}
        written = rows.update(timer_due=due, **sets)
        if not written:
            return False, None
        Move.objects.create(match_id=match.pk, seq=match.seq, **move)  # created_at: auto_now_add
        return True, Match.objects.filter(pk=match.pk).values_list("timer_due", flat=True).get()


def _orm_value(value: Any) -> Any:
    """A field's value as the ORM takes it: JSON text already written (:class:`Encoded`) read
    back, since the ORM writes a JSON field's value itself."""
    return json.loads(value) if type(value) is Encoded else value
