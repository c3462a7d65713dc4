"""The optimistic move write (apps.tables.store): a row changed between the read and the write
is never overwritten; the move is read again and applied or refused as a fresh one would be."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.db.models import F
from django.utils import timezone

from apps.core.errors import Refused
from apps.core.jsontext import Encoded
from apps.rules import api
from apps.tables import store
from apps.tables.bot_turns import match_bot_move
from apps.tables.frames import seats_changed
from apps.tables.models import Match, Move
from apps.tables.moves import MOVE_ATTEMPTS, Read, Write, move_apply, move_steps
from apps.tables.sweeping import match_end_stuck
from tests.tables.helpers import bot_table, deadline_pushed_after_every_read, person_turn

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _no_kept_copies():
    """Each test starts as a fresh process would: no match kept from an earlier write."""
    store._WRITTEN.clear()
    yield
    store._WRITTEN.clear()


def bot_moves_then(match: Match, count: int) -> Match:
    """``count`` bot moves through ``move_apply`` (each kept by this process), then the match."""
    for _ in range(count):
        match.refresh_from_db()
        assert match_bot_move(match_id=match.pk, seq=match.seq)
    match.refresh_from_db()
    return match


def read_then(change):
    """``store.match_read`` that runs ``change`` right after its first read (another process
    writing the row in between), then reads normally."""
    real = store.match_read
    calls = []
    store._WRITTEN.clear()  # the moves that led here were kept: this move must read the row

    def read(match_id: int):
        match = real(match_id)
        calls.append(match_id)
        if len(calls) == 1:
            change(match_id)
        return match

    return read, calls


def person_move(person, action: dict, seq: int):
    """The person at seat 0 making ``action`` at ``seq`` (another process's move, for ``read_then``)."""

    def move(match_id: int) -> None:
        move_apply(match_id=match_id, seat=0, action=action, seq=seq, actor="person", user_id=person.pk)

    return move


def test_a_timer_rearmed_between_read_and_write_stays_and_the_move_applies_in_one_write(
    durak_match, monkeypatch
):
    """What ``match_timer`` does when it fires early: ``timer_due`` becomes the deadline then
    current. The move's write keeps it (due by the move's later deadline) without a second read.

    The person's turn has been running for most of its time (its deadline 10 s away), so the
    move's new deadline (a full turn from now) is later than the re-armed one whatever the deal:
    when the bot move before it ended a bout, the deadline read also held the bout's 1.5 s
    show, and a move made within those 1.5 s rightly brings the timer forward to its own earlier
    deadline (the next test) — the flake this test had, with ``timer_due`` 1.494 s early."""
    person, match = durak_match
    match, action = person_turn(match)
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() + timedelta(seconds=10))
    match.refresh_from_db()
    rearmed = match.deadline
    read, calls = read_then(lambda pk: Match.objects.filter(pk=pk).update(timer_due=F("deadline")))
    monkeypatch.setattr(store, "match_read", read)

    seq = move_apply(
        match_id=match.pk, seat=0, action=action, seq=match.seq, actor="person", user_id=person.pk
    )

    assert len(calls) == 1
    assert seq == match.seq + 1
    assert Move.objects.filter(match=match).count() == seq
    match.refresh_from_db()
    assert match.seq == seq
    assert match.timer_due == rearmed <= match.deadline
    assert store._WRITTEN[match.pk][0].timer_due == rearmed  # the kept copy has the row's value


def test_a_timer_due_after_the_moves_deadline_is_replaced_by_it(durak_match, monkeypatch):
    person, match = durak_match
    match, action = person_turn(match)
    late = timezone.now() + timedelta(hours=1)
    read, calls = read_then(lambda pk: Match.objects.filter(pk=pk).update(timer_due=late))
    monkeypatch.setattr(store, "match_read", read)

    move_apply(match_id=match.pk, seat=0, action=action, seq=match.seq, actor="person", user_id=person.pk)

    assert len(calls) == 1
    match.refresh_from_db()
    assert match.deadline is not None and match.timer_due == match.deadline < late


def test_a_match_ended_between_read_and_write_refuses_the_move(durak_match, monkeypatch):
    person, match = durak_match
    match, action = person_turn(match)
    read, _ = read_then(lambda pk: match_end_stuck(match_id=pk))
    monkeypatch.setattr(store, "match_read", read)

    with pytest.raises(Refused) as info:
        move_apply(match_id=match.pk, seat=0, action=action, seq=match.seq, actor="person", user_id=person.pk)

    assert info.value.code == "match_over"
    match.refresh_from_db()
    assert match.status == "finished" and match.result["reason"] == "aborted"
    assert Move.objects.filter(match=match).count() == match.seq


def test_a_move_by_someone_else_between_read_and_write_makes_this_one_stale(durak_match, monkeypatch):
    person, match = durak_match
    match, action = person_turn(match)
    seq = match.seq

    read, _ = read_then(person_move(person, action, seq))
    monkeypatch.setattr(store, "match_read", read)

    with pytest.raises(Refused) as info:
        move_apply(match_id=match.pk, seat=0, action=action, seq=seq, actor="person", user_id=person.pk)

    assert info.value.code == "stale"
    assert list(Move.objects.filter(match=match, seq__gt=seq).values_list("seq", flat=True)) == [seq + 1]


def test_the_loop_reads_again_after_a_changed_write_then_gives_up_stale(durak_match):
    """:func:`move_steps` driven by hand: a write answered ``CHANGED`` (the row changed since it
    was read) makes the loop read the row afresh and check and compute the move again, up to
    ``MOVE_ATTEMPTS`` reads; then ``stale``."""
    person, match = durak_match
    match, action = person_turn(match)
    steps = move_steps(
        match_id=match.pk, seat=0, action=action, seq=match.seq, actor="person", user_id=person.pk
    )
    asked, answer = [], None
    with pytest.raises(Refused) as info:
        while True:
            step = steps.send(answer)
            asked.append(step)
            if isinstance(step, Read):
                answer = (store.match_read(match.pk), None)
            else:
                assert step.prepared.match.seq == match.seq + 1
                answer = store.Outcome.CHANGED

    assert info.value.code == "stale"
    assert [type(step) for step in asked] == [Read, Write] * MOVE_ATTEMPTS
    assert [step.fresh for step in asked if isinstance(step, Read)] == [False] + [True] * (MOVE_ATTEMPTS - 1)
    assert Match.objects.get(pk=match.pk).seq == match.seq  # the loop itself writes nothing


def test_a_row_changed_after_every_read_refuses_the_move_stale_and_writes_nothing(durak_match, monkeypatch):
    """The timer re-arming the deadline between each read and write: the move gives up after
    ``MOVE_ATTEMPTS`` reads rather than loop on."""
    person, match = durak_match
    match, action = person_turn(match)
    store._WRITTEN.clear()
    reads = deadline_pushed_after_every_read(monkeypatch)

    with pytest.raises(Refused) as info:
        move_apply(match_id=match.pk, seat=0, action=action, seq=match.seq, actor="person", user_id=person.pk)

    assert info.value.code == "stale"
    assert len(reads) == MOVE_ATTEMPTS
    assert Match.objects.get(pk=match.pk).seq == match.seq
    assert Move.objects.filter(match=match).count() == match.seq


def test_a_leave_at_the_current_seq_applies_after_a_move_between_its_read_and_write(durak_match, monkeypatch):
    """``seq=None`` (the server's disconnect leave): a move that lands between the leave's read
    and its write makes the write find the row changed; the leave reads again and applies at
    the new ``seq``, with no retry of its caller's own."""
    person, match = durak_match
    match, action = person_turn(match)
    seq = match.seq

    read, _ = read_then(person_move(person, action, seq))
    monkeypatch.setattr(store, "match_read", read)

    new_seq = move_apply(
        match_id=match.pk, seat=0, action={"type": "leave"}, seq=None, actor="system",
        reason="disconnect", system=True,
    )  # fmt: skip

    assert new_seq == seq + 2  # read at seq, written after the other move: it read again
    moves = list(Move.objects.filter(match=match, seq__gt=seq).order_by("seq").values_list("actor", "action"))
    assert moves == [("person", action), ("system", {"type": "leave"})]
    match.refresh_from_db()
    assert (match.status, match.result["reason"]) == ("finished", "disconnect")


def written_by(writer: str, monkeypatch) -> None:
    """Make ``store.move_write`` use ``writer`` whatever the database."""
    if writer == "orm":
        monkeypatch.setattr(store, "_move_write_statement", store._move_write_orm)


@pytest.mark.parametrize("writer", ["statement", "orm"])
def test_both_writers_save_the_same_row_and_refuse_a_changed_one(durak_match, writer, monkeypatch):
    """The PostgreSQL statement and the ORM path (other databases) write the same thing."""
    written_by(writer, monkeypatch)
    _, match = durak_match
    Match.objects.filter(pk=match.pk).update(timer_due=None)
    read = store.match_read(match.pk)
    version = store.RowVersion.of(read)
    read_seq = read.seq
    now = timezone.now()
    read.seq += 1
    read.deadline = now + timedelta(seconds=30)
    read.bot_memory = {"1": {"seen": ["6S"]}}
    read.result = None
    move = {"seat": 2, "action": {"type": "pass"}, "system": True, "actor": "timer", "user_id": None}

    assert store.move_write(read, read=version, now=now, **move) is store.Outcome.TIMER_ARMED
    assert read.timer_due == read.deadline
    # seq moved on: nothing written
    assert store.move_write(read, read=version, now=now, **move) is store.Outcome.CHANGED

    saved = Match.objects.get(pk=match.pk)
    assert (saved.seq, saved.deadline, saved.bot_memory) == (read_seq + 1, read.deadline, read.bot_memory)
    assert saved.timer_due == read.deadline
    assert saved.updated_at == now
    row = Move.objects.get(match=match, seq=read_seq + 1)
    assert (row.seat, row.action, row.system, row.actor, row.user_id) == (
        2,
        {"type": "pass"},
        True,
        "timer",
        None,
    )
    assert abs(row.created_at - now) < timedelta(seconds=5)


@pytest.mark.parametrize("writer", ["statement", "orm"])
@pytest.mark.parametrize(
    ("due_in", "kept"),
    [
        pytest.param(10, True, id="pending-before-the-deadline"),
        pytest.param(30, True, id="pending-at-the-deadline"),
        pytest.param(31, False, id="pending-after-the-deadline"),
        pytest.param(-1, False, id="past"),
        pytest.param(None, False, id="none"),
    ],
)
def test_both_writers_keep_a_pending_timer_due_by_the_new_deadline_else_arm_one(
    durak_match, writer, due_in, kept, monkeypatch
):
    written_by(writer, monkeypatch)
    _, match = durak_match
    now = timezone.now()
    due = None if due_in is None else now + timedelta(seconds=due_in)
    Match.objects.filter(pk=match.pk).update(timer_due=due)
    read = store.match_read(match.pk)
    version = store.RowVersion.of(read)
    read.seq += 1
    read.deadline = now + timedelta(seconds=30)
    move = {"seat": 2, "action": {"type": "pass"}, "system": True, "actor": "timer", "user_id": None}

    outcome = store.move_write(read, read=version, now=now, **move)

    assert outcome is (store.Outcome.WRITTEN if kept else store.Outcome.TIMER_ARMED)
    assert read.timer_due == Match.objects.get(pk=match.pk).timer_due == (due if kept else read.deadline)


@pytest.mark.parametrize("writer", ["statement", "orm"])
def test_a_move_without_a_deadline_leaves_the_timer_as_it_is(durak_match, writer, monkeypatch):
    written_by(writer, monkeypatch)
    _, match = durak_match
    due = timezone.now() - timedelta(seconds=5)
    Match.objects.filter(pk=match.pk).update(timer_due=due)
    read = store.match_read(match.pk)
    version = store.RowVersion.of(read)
    read.seq += 1
    read.deadline = None
    move = {"seat": 2, "action": {"type": "pass"}, "system": True, "actor": "timer", "user_id": None}

    assert store.move_write(read, read=version, now=timezone.now(), **move) is store.Outcome.WRITTEN
    assert Match.objects.get(pk=match.pk).timer_due == due


def test_match_read_gives_the_row_as_the_orm_does(durak_match):
    _, match = durak_match
    mine, orm = store.match_read(match.pk), Match.objects.get(pk=match.pk)
    for field in Match._meta.concrete_fields:
        assert getattr(mine, field.attname) == getattr(orm, field.attname), field.name
    assert store.match_read(match.pk + 10_000) is None


def counting_reads(monkeypatch) -> list[int]:
    real, reads = store.match_read, []

    def read(match_id: int):
        reads.append(match_id)
        return real(match_id)

    monkeypatch.setattr(store, "match_read", read)
    return reads


def test_the_next_move_in_the_same_process_uses_the_kept_copy_without_a_read(monkeypatch):
    match = bot_moves_then(bot_table("bazar_blot", {}).matches.get(), 1)
    reads = counting_reads(monkeypatch)
    match = bot_moves_then(match, 5)
    assert reads == []
    assert list(Move.objects.filter(match=match).values_list("seq", flat=True)) == list(
        range(1, match.seq + 1)
    )
    # the kept state is the stored one: the engine state, and the snapshot's text as written
    kept, state = store._WRITTEN[match.pk]
    stored = Match.objects.get(pk=match.pk).state
    assert api.to_json(state) == stored
    assert isinstance(kept.state, Encoded) and json.loads(kept.state) == stored


def test_a_kept_copy_made_stale_by_presence_writes_nothing_and_the_move_is_read_again(monkeypatch):
    match = bot_moves_then(bot_table("bazar_blot", {}).matches.get(), 1)
    seats_changed(match.table_id)  # another process: a seat's connection flipped
    reads = counting_reads(monkeypatch)
    match = bot_moves_then(match, 1)
    assert reads == [match.pk]  # the kept copy's write failed; one fresh read applied it
    assert match.seats_version == 1  # not overwritten by the stale copy
    assert Move.objects.filter(match=match).count() == match.seq == 2


def test_a_kept_copy_behind_the_clients_seq_is_read_afresh(monkeypatch):
    match = bot_moves_then(bot_table("bazar_blot", {}).matches.get(), 1)
    row = store.match_read(match.pk)
    old_copy = (row, api.from_json(row.state))
    match = bot_moves_then(match, 1)  # as if another process made this move
    store._WRITTEN[match.pk] = old_copy
    reads = counting_reads(monkeypatch)
    match = bot_moves_then(match, 1)
    assert reads == [match.pk]
    assert list(Move.objects.filter(match=match).values_list("seq", flat=True)) == [1, 2, 3]
