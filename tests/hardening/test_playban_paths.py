"""A banned player gets no rated match by any path: the check is at the match's start, in one
place (issue #30, finding 3)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.core.errors import Refused
from apps.ratings.models import Playban
from apps.tables import seating
from apps.tables.models import Match, Table
from apps.tables.moves import move_apply
from tests.tables.helpers import bot_table

pytestmark = pytest.mark.django_db


def ban(user) -> Playban:
    now = timezone.now()
    return Playban.objects.create(
        user=user, reason="test", minutes=10, starts_at=now, ends_at=now + timedelta(minutes=10)
    )


def refused(func, **kwargs) -> Refused:
    with pytest.raises(Refused) as info:
        func(**kwargs)
    return info.value


def test_a_rematch_vote_starts_no_rated_match_for_a_banned_player(make_user):
    a, b = make_user(), make_user()
    table = bot_table("bazar_blot", {"players": 2}, people=[a, b], rated=True)  # a rated rematch
    match = table.matches.get()
    move_apply(
        match_id=match.pk, seat=1, action={"type": "surrender"}, seq=match.seq, actor="person", user_id=b.pk
    )
    ban(b)
    seating.rematch_vote(table_id=table.pk, user=b, yes=True)
    assert refused(seating.rematch_vote, table_id=table.pk, user=a, yes=True).code == "playban_seated"
    assert Match.objects.filter(table=table).count() == 1
    assert Table.objects.get(pk=table.pk).status == Table.Status.FINISHED


def test_ready_at_a_casual_table_then_a_bot_swapped_for_a_person_starts_nothing(make_user):
    owner, banned, third, late = make_user(), make_user(), make_user(), make_user()
    table = seating.table_create(user=owner, game="bazar_blot", options={"players": 4}, bots={3: "easy"})
    seating.seat_take(table_id=table.pk, user=banned, seat=1)
    seating.seat_take(table_id=table.pk, user=third, seat=2)
    ban(banned)
    seating.ready_set(table_id=table.pk, user=banned, ready=True)  # casual: a bot at the table
    seating.ready_set(table_id=table.pk, user=third, ready=True)
    seating.bots_set(table_id=table.pk, user=owner, seat=3, level=None)
    seating.seat_take(table_id=table.pk, user=late, seat=3)
    seating.ready_set(table_id=table.pk, user=late, ready=True)
    assert refused(seating.ready_set, table_id=table.pk, user=owner, ready=True).code == "playban_seated"
    assert not Match.objects.filter(table=table).exists()


def test_an_unrated_table_starts_with_a_banned_player(make_user):
    owner, banned = make_user(), make_user()
    table = seating.table_create(user=owner, game="durak", rated=False)
    seating.seat_take(table_id=table.pk, user=banned, seat=1)
    ban(banned)
    seating.ready_set(table_id=table.pk, user=banned, ready=True)
    seating.ready_set(table_id=table.pk, user=owner, ready=True)
    assert Match.objects.filter(table=table).exists()
