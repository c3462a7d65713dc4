"""The table actor (apps/tables/actor.py): moves applied from memory on the event loop, written
before they are sent, re-read when something else moved the match, and tables whose sockets
sit in two server processes (the ``table.hello`` handshake)."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from apps.core.errors import Refused
from apps.rules import api
from apps.tables import actor, selectors, signals, store
from apps.tables.bot_turns import match_bot_move
from apps.tables.frames import seats_changed
from apps.tables.models import Match, Move, Seat
from apps.tables.moves import MOVE_ATTEMPTS, move_apply
from tests.live import live_env, start_daphne, stop_process
from tests.loops import run_loop
from tests.tables.helpers import bot_table, deadline_pushed_after_every_read, person_turn
from tests.tables.live_clients import TableSocket, close_and_settle, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


class Recorder:
    """A sink of the actor standing for a socket of this process."""

    def __init__(self) -> None:
        self.got: list[tuple[int, int, dict[str, str]]] = []

    async def frames_deliver(self, frames: dict[str, str], *, match_id: int, seq: int) -> None:
        self.got.append((match_id, seq, frames))


def act(table_id: int, **kwargs) -> int:
    """One ``TableActor.act`` on a fresh loop (the actor of this test's table)."""

    async def run() -> int:
        try:
            return await actor.actor_for(table_id).act(**kwargs)
        finally:
            await store._async_reset()  # this loop's connection closes with it

    return run_loop(run())


@pytest.fixture
def durak(make_user):
    person = make_user()
    table = bot_table("durak", {}, people=[person])
    yield person, table
    actor._ACTORS.pop(table.pk, None)
    actor._SOCKETS.pop(table.pk, None)


def test_the_async_writer_saves_what_the_statement_saves_and_refuses_a_changed_row(durak):
    _, table = durak
    match = table.matches.get()
    Match.objects.filter(pk=match.pk).update(timer_due=None)
    read = store.match_read(match.pk)
    version = store.RowVersion.of(read)
    now = timezone.now()
    read.seq += 1
    read.deadline = now + timedelta(seconds=30)
    move = {"seat": 2, "action": {"type": "pass"}, "system": True, "actor": "timer", "user_id": None}

    async def twice():
        try:
            first = await store.move_write_async(read, read=version, now=now, **move)
            return first, await store.move_write_async(read, read=version, now=now, **move)
        finally:
            await store._async_reset()

    first, second = run_loop(twice())

    assert first is store.Outcome.TIMER_ARMED and second is store.Outcome.CHANGED
    saved = Match.objects.get(pk=match.pk)
    assert (saved.seq, saved.deadline, saved.timer_due) == (read.seq, read.deadline, read.deadline)
    row = Move.objects.get(match=match, seq=read.seq)
    assert (row.seat, row.action, row.actor) == (2, {"type": "pass"}, "timer")


def test_a_move_is_written_then_handed_to_the_tables_sockets_and_the_next_comes_from_memory(
    durak, monkeypatch
):
    person, table = durak
    match, action = person_turn(table.matches.get())
    sink = Recorder()
    actor.socket_joined(table.pk, sink)
    reads = []
    real_read = store.match_read
    monkeypatch.setattr(store, "match_read", lambda pk: reads.append(pk) or real_read(pk))

    new_seq = act(table.pk, match_id=match.pk, seat=0, action=action, seq=match.seq, user_id=person.pk)

    assert new_seq == match.seq + 1
    assert Move.objects.filter(match=match, seq=new_seq, seat=0, actor="person").exists()
    ((match_id, seq, frames),) = sink.got
    assert (match_id, seq) == (match.pk, new_seq)
    assert set(frames) == {"0", "1", "2", "3", "public"}
    assert '"hand":[]' in frames["public"] and '"hand":[]' not in frames["0"]
    kept_match, kept_state = actor.actor_for(table.pk).kept
    assert kept_match.seq == new_seq
    assert api.to_json(kept_state) == Match.objects.get(pk=match.pk).state
    assert reads == [match.pk]  # the first move read the row; the kept copy serves the next


def test_a_move_made_elsewhere_is_read_again_and_refusals_change_nothing(durak):
    person, table = durak
    match, action = person_turn(table.matches.get())
    seq = act(table.pk, match_id=match.pk, seat=0, action=action, seq=match.seq, user_id=person.pk)
    # a move through the sync services (a Celery worker's bot, or another process): the kept
    # copy is behind
    if not match_bot_move(match_id=match.pk, seq=seq):
        state = api.from_json(Match.objects.get(pk=match.pk).state)
        move_apply(
            match_id=match.pk,
            seat=0,
            action=api.legal_actions(state, 0)[0],
            seq=seq,
            actor="person",
            user_id=person.pk,
        )
    match, action = person_turn(Match.objects.get(pk=match.pk))
    assert match.seq > seq

    for kwargs, code in [
        ({"seat": 1, "action": action, "seq": match.seq}, "not_your_seat"),
        ({"seat": 0, "action": action, "seq": 0}, "stale"),
        ({"seat": 0, "action": {"type": "timeout"}, "seq": match.seq}, "system_only"),
        ({"seat": 0, "action": {"type": "fly"}, "seq": match.seq}, "illegal"),
    ]:
        with pytest.raises(Refused) as info:
            act(table.pk, match_id=match.pk, user_id=person.pk, **kwargs)
        assert info.value.code == code, kwargs
    assert Match.objects.get(pk=match.pk).seq == match.seq

    assert act(table.pk, match_id=match.pk, seat=0, action=action, seq=match.seq, user_id=person.pk) == (
        match.seq + 1
    )


def test_a_row_changed_after_every_read_is_refused_stale_after_move_attempts_reads(durak, monkeypatch):
    """The actor drives the same loop as ``move_apply``: a write that finds the row changed
    reads it again, at most ``MOVE_ATTEMPTS`` times; then ``stale``, nothing written or kept."""
    person, table = durak
    match, action = person_turn(table.matches.get())
    reads = deadline_pushed_after_every_read(monkeypatch)

    with pytest.raises(Refused) as info:
        act(table.pk, match_id=match.pk, seat=0, action=action, seq=match.seq, user_id=person.pk)

    assert info.value.code == "stale"
    assert len(reads) == MOVE_ATTEMPTS
    assert Match.objects.get(pk=match.pk).seq == match.seq
    assert actor.actor_for(table.pk).kept is None


@pytest.mark.live
def test_a_table_with_sockets_in_two_processes_sees_every_move_everywhere(live_site, make_user):
    """Seat 0 and a spectator on the session's daphne, seat 1 on a second one: each side's moves
    (each applied by its own process's actor) reach every socket, in order, without gaps."""
    a, b, watcher = make_user(), make_user(), make_user()
    table = bot_table("bazar_blot", {"players": 2}, people=[a, b])
    second = start_daphne(live_env())
    try:
        path = f"/ws/tables/{table.pk}/"
        socks = {
            0: TableSocket(live_site, path, session_cookie(a)),
            1: TableSocket(second, path, session_cookie(b)),
        }
        spectator = TableSocket(second, path, session_cookie(watcher))
        for sock in [*socks.values(), spectator]:
            sock.wait_for(lambda m: m.get("op") == "state")
        time.sleep(0.5)  # the hello / here handshake between the two processes
        for _ in range(8):
            latest = {n: s.latest() for n, s in socks.items()}
            seat = next(n for n, st in latest.items() if st["view"]["legal"])
            seq = latest[seat]["seq"]
            socks[seat].act(seq, latest[seat]["view"]["legal"][0])
            for sock in [*socks.values(), spectator]:
                sock.wait_for(lambda m, seq=seq: m.get("op") == "state" and m["seq"] == seq + 1)
        for sock in [*socks.values(), spectator]:
            seqs = [m["seq"] for m in sock.states]
            assert seqs == sorted(seqs), seqs
            moves = [m["seq"] for m in sock.states if any(e.get("type") == "move" for e in m["events"])]
            assert len(moves) == len(set(moves)) == 8  # each move once, none doubled or lost
        assert socks[1].latest()["view"]["hand"]  # a seat's own cards; the spectator sees none
        assert spectator.latest()["view"]["hand"] == []
    finally:
        close_and_settle()
        stop_process(second.process)


@pytest.mark.live
def test_every_socket_of_a_table_gets_every_frame_in_order_and_a_dropped_one_breaks_none(
    live_site, make_user
) -> None:
    """Both seats and a spectator on the live daphne, each frame written straight to its socket
    (apps/sockets/direct.py); one spectator's connection is cut
    mid-match (no close handshake), another spectator joins late: every move reaches every
    socket still open, once and in order, each seat with its own hand."""
    a, b, watcher, late = make_user(), make_user(), make_user(), make_user()
    table = bot_table("bazar_blot", {"players": 2}, people=[a, b])
    path = f"/ws/tables/{table.pk}/"
    try:
        socks = {n: TableSocket(live_site, path, session_cookie(u)) for n, u in enumerate([a, b])}
        dropped = TableSocket(live_site, path, session_cookie(watcher))
        everyone = [*socks.values(), dropped]
        for sock in everyone:
            sock.wait_for(lambda m: m.get("op") == "state")

        def play(moves: int, watching: list[TableSocket]) -> None:
            for _ in range(moves):
                latest = {n: s.latest() for n, s in socks.items()}
                seat = next(n for n, st in latest.items() if st["view"]["legal"])
                seq = latest[seat]["seq"]
                socks[seat].act(seq, latest[seat]["view"]["legal"][0])
                for sock in watching:
                    sock.wait_for(lambda m, seq=seq: m.get("op") == "state" and m["seq"] == seq + 1)

        play(4, everyone)
        dropped.ws.socket.shutdown(socket.SHUT_RDWR)  # the peer vanishes
        latecomer = TableSocket(live_site, path, session_cookie(late))
        latecomer.wait_for(lambda m: m.get("op") == "state")
        play(6, [*socks.values(), latecomer])
        socks[0].send(json.dumps({"op": "ping", "t": 7}))
        socks[0].wait_for(lambda m: m.get("op") == "pong" and m.get("t") == 7)
        time.sleep(0.2)
        for sock in socks.values():
            seqs = [m["seq"] for m in sock.states]
            assert seqs == sorted(seqs), seqs  # a seq again is a full state (presence changed)
            moves = [m["seq"] for m in sock.states if any(e.get("type") == "move" for e in m["events"])]
            assert len(moves) == 10, moves  # each move once, none lost
            assert set(seqs) == set(range(seqs[0], seqs[0] + 11))  # no gap
        late_moves = [m for m in latecomer.states if any(e.get("type") == "move" for e in m["events"])]
        assert len(late_moves) == 6
        for n, sock in socks.items():
            assert sock.latest()["view"]["seat"] == n and sock.latest()["view"]["hand"]
        assert latecomer.latest()["view"]["hand"] == []  # a spectator sees no hand
    finally:
        close_and_settle()


class TurnWaits:
    """The ``turn_waits`` signals sent while connected, as ``(match_id, user_ids)``."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, list[int]]] = []

    def __call__(self, *, match_id: int, user_ids: list[int], **_) -> None:
        self.sent.append((match_id, list(user_ids)))


@pytest.fixture
def turn_waits():
    recorder = TurnWaits()
    signals.turn_waits.connect(recorder, dispatch_uid="test.turn_waits")
    yield recorder
    signals.turn_waits.disconnect(dispatch_uid="test.turn_waits")


def act_and_settle(table_id: int, **kwargs) -> int:
    """:func:`act`, then wait for the actor's background work (the turn announcement)."""

    async def run() -> int:
        try:
            seq = await actor.actor_for(table_id).act(**kwargs)
            while actor._BACKGROUND:
                await asyncio.gather(*list(actor._BACKGROUND))
            return seq
        finally:
            await store._async_reset()

    return run_loop(run())


def connections_set(table, count: int) -> None:
    """Every person's seat of ``table`` with ``count`` sockets open, as presence would leave it
    (the match's ``seats_version`` bumped)."""
    Seat.objects.filter(table=table, user__isnull=False).update(connections=count)
    seats_changed(table.pk)


def test_a_move_announces_the_turn_only_to_persons_without_a_socket(make_user, turn_waits):
    """``turn_waits`` after a move names the persons the match now waits for who have no table
    socket open; one who is at the table is left to the presence service (told when his last
    socket closes), so a move among connected players sends nothing — from the actor and from
    the sync service alike."""
    a, b = make_user(), make_user()
    table = bot_table("bazar_blot", {"players": 2}, people=[a, b])
    try:
        for connected in (0, 1, 0):
            connections_set(table, connected)
            for _ in range(3):
                match = Match.objects.get(table=table, status=Match.Status.PLAYING)
                state = api.from_json(match.state)
                seat = api.to_act(state)[0]
                user_id = a.pk if seat == 0 else b.pk
                turn_waits.sent.clear()
                action = api.legal_actions(state, seat)[0]
                seq = act_and_settle(
                    table.pk, match_id=match.pk, seat=seat, action=action, seq=match.seq, user_id=user_id
                )
                after = Match.objects.get(pk=match.pk)
                assert after.seq == seq and after.deadline is not None
                waiting = selectors.persons_to_act(after, api.from_json(after.state))
                assert waiting
                assert turn_waits.sent == ([] if connected else [(match.pk, waiting)])

            # a move through the sync service (a timer, a bot, another process)
            match = Match.objects.get(table=table, status=Match.Status.PLAYING)
            state = api.from_json(match.state)
            seat = api.to_act(state)[0]
            turn_waits.sent.clear()
            move_apply(
                match_id=match.pk,
                seat=seat,
                action=api.legal_actions(state, seat)[0],
                seq=match.seq,
                actor="person",
                user_id=a.pk if seat == 0 else b.pk,
            )
            after = Match.objects.get(pk=match.pk)
            waiting = selectors.persons_to_act(after, api.from_json(after.state))
            assert turn_waits.sent == ([] if connected else [(match.pk, waiting)])
    finally:
        actor._ACTORS.pop(table.pk, None)
