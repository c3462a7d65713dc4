"""Quick play seats nobody with a person he blocked, nor anyone seated or playing elsewhere:
checked in the transaction that seats (issue #30, finding 4)."""

from __future__ import annotations

import pytest
from django.utils import timezone

from apps.ratings import quick
from apps.ratings.models import QuickEntry
from apps.social import services as social
from apps.tables import seating
from apps.tables.models import Seat

pytestmark = pytest.mark.django_db


def test_a_blocked_pair_is_not_seated_together(make_user):
    a, b, c = make_user(), make_user(), make_user()
    social.block(user=b, username=a.username)
    quick.quick_join(user=a, mode="durak_2")
    assert quick.quick_join(user=b, mode="durak_2")["status"] == "waiting"
    assert not Seat.objects.filter(user__in=[a, b]).exists()
    state = quick.quick_join(user=c, mode="durak_2")  # c may sit with either: the oldest, a
    assert state["status"] == "seated"
    table = state["table"]
    assert set(Seat.objects.filter(table_id=table, user__isnull=False).values_list("user_id", flat=True)) == {
        a.pk,
        c.pk,
    }
    assert quick.quick_status(user=b)["status"] == "waiting"


def test_a_player_waiting_at_a_lobby_table_is_not_seated_by_quick_play(make_user):
    waiting_at_table, other = make_user(), make_user()
    table = seating.table_create(user=waiting_at_table, game="durak")
    QuickEntry.objects.create(user=waiting_at_table, mode="durak_2", rating=1500, created_at=timezone.now())
    state = quick.quick_join(user=other, mode="durak_2")
    assert state["status"] == "waiting"
    assert list(Seat.objects.filter(user=waiting_at_table).values_list("table_id", flat=True)) == [table.pk]
    assert quick.quick_status(user=waiting_at_table, match=False)["status"] == "none"  # his entry went
