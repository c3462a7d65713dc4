"""The optimistic move write (apps.tables.store): a row changed between the read and the write
is never overwritten; the move is read again and applied or refused as a fresh one would be."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.tables import services, store
from apps.tables.errors import Refused
from apps.tables.models import Match, Move
from tests.tables.helpers import person_turn

pytestmark = pytest.mark.django_db(transaction=True)


def read_then(change):
    """``store.match_read`` that runs ``change`` right after its first read (another process
    writing the row in between), then reads normally."""
    real = store.match_read
    calls = []

    def read(match_id: int):
        match = real(match_id)
        calls.append(match_id)
        if len(calls) == 1:
            change(match_id)
        return match

    return read, calls


def test_a_timer_rearmed_between_read_and_write_is_kept_and_the_move_applies(durak_match, monkeypatch):
    person, match = durak_match
    match, action = person_turn(match)
    due = timezone.now() + timedelta(hours=1)
    read, calls = read_then(lambda pk: Match.objects.filter(pk=pk).update(timer_due=due))
    monkeypatch.setattr(store, "match_read", read)

    seq = services.move_apply(
        match_id=match.pk, seat=0, action=action, seq=match.seq, actor="person", user_id=person.pk
    )

    assert len(calls) == 2  # the first write found the row changed and wrote nothing
    assert seq == match.seq + 1
    assert Move.objects.filter(match=match).count() == seq
    match.refresh_from_db()
    assert match.seq == seq
    # the move saw the pending timer of the second read: no earlier one was promised
    assert match.timer_due is not None and match.timer_due <= due


def test_a_match_ended_between_read_and_write_refuses_the_move(durak_match, monkeypatch):
    person, match = durak_match
    match, action = person_turn(match)
    read, _ = read_then(lambda pk: services.match_end_stuck(match_id=pk))
    monkeypatch.setattr(store, "match_read", read)

    with pytest.raises(Refused) as info:
        services.move_apply(
            match_id=match.pk, seat=0, action=action, seq=match.seq, actor="person", user_id=person.pk
        )

    assert info.value.code == "match_over"
    match.refresh_from_db()
    assert match.status == "finished" and match.result["reason"] == "aborted"
    assert Move.objects.filter(match=match).count() == match.seq


def test_a_move_by_someone_else_between_read_and_write_makes_this_one_stale(durak_match, monkeypatch):
    person, match = durak_match
    match, action = person_turn(match)
    seq = match.seq

    def other_move(pk: int) -> None:
        services.move_apply(match_id=pk, seat=0, action=action, seq=seq, actor="person", user_id=person.pk)

    read, _ = read_then(other_move)
    monkeypatch.setattr(store, "match_read", read)

    with pytest.raises(Refused) as info:
        services.move_apply(
            match_id=match.pk, seat=0, action=action, seq=seq, actor="person", user_id=person.pk
        )

    assert info.value.code == "stale"
    assert list(Move.objects.filter(match=match, seq__gt=seq).values_list("seq", flat=True)) == [seq + 1]


@pytest.mark.parametrize("writer", ["_move_write_statement", "_move_write_orm"])
def test_both_writers_save_the_same_row_and_refuse_a_changed_one(durak_match, writer):
    """The PostgreSQL statement and the ORM path (other databases) write the same thing."""
    _, match = durak_match
    write = getattr(store, writer)
    read = store.match_read(match.pk)
    read_seq, read_due = read.seq, read.timer_due
    now = timezone.now()
    read.seq += 1
    read.deadline = now + timedelta(seconds=30)
    read.bot_memory = {"1": {"seen": ["6S"]}}
    read.result = None
    read.updated_at = now
    move = {"seat": 2, "action": {"type": "pass"}, "system": True, "actor": "timer", "user_id": None}

    assert write(read, read_seq, read_due, move, now) is True
    assert write(read, read_seq, read_due, move, now) is False  # seq moved on: nothing written

    saved = Match.objects.get(pk=match.pk)
    assert (saved.seq, saved.deadline, saved.bot_memory) == (read_seq + 1, read.deadline, read.bot_memory)
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


def test_match_read_gives_the_row_as_the_orm_does(durak_match):
    _, match = durak_match
    mine, orm = store.match_read(match.pk), Match.objects.get(pk=match.pk)
    for field in Match._meta.concrete_fields:
        assert getattr(mine, field.attname) == getattr(orm, field.attname), field.name
    assert store.match_read(match.pk + 10_000) is None
