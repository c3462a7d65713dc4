"""Fair play: abandoning rated matches escalates bans (lichess's playban), shown and lifted."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from apps.core.errors import Refused
from apps.ratings import fairplay
from apps.ratings.models import Playban, RatingChange
from apps.tables import seating
from apps.tables.models import Match, Table
from tests.ratings.helpers import people_match
from tests.stats.helpers import person_acts

pytestmark = pytest.mark.django_db

MONDAY = datetime(2026, 11, 30, 10, 0, tzinfo=__import__("datetime").UTC)


class Player:
    """A user's rated games at chosen moments (a bare match each), as the hook records them."""

    def __init__(self, user) -> None:
        self.user = user
        self.table = Table.objects.create(game="durak", options={}, seat_count=4, status="finished")

    def game(self, at: datetime, *, abandoned: bool) -> Playban | None:
        match = Match.objects.create(table=self.table, game="durak", seed=1, state={}, status="finished")
        RatingChange.objects.create(
            user=self.user,
            match=match,
            seat=0,
            mode="durak_2",
            before=1500,
            after=1490,
            mu=25,
            sigma=8,
            games=1,
            abandoned=abandoned,
            finished_at=at,
        )
        if abandoned:
            return fairplay.abandonment_record(self.user.pk, match_id=match.pk, now=at)
        return None


def test_escalation_over_a_simulated_week(make_user):
    user = make_user(date_joined=MONDAY - timedelta(days=30))
    p = Player(user)
    t = MONDAY
    # Monday: two abandoned of four is not yet a ban; the third is (3 of 5)
    assert p.game(t, abandoned=False) is None
    assert p.game(t + timedelta(minutes=30), abandoned=True) is None
    assert p.game(t + timedelta(minutes=60), abandoned=False) is None
    assert p.game(t + timedelta(minutes=90), abandoned=True) is None
    first = p.game(t + timedelta(minutes=120), abandoned=True)
    assert first.minutes == 10 and first.ends_at == t + timedelta(minutes=130)
    assert "3" in first.reason and "5" in first.reason
    assert fairplay.active_ban(user.pk, t + timedelta(minutes=125)) == first
    assert fairplay.active_ban(user.pk, t + timedelta(minutes=131)) is None
    # a match abandoned during the ban (begun before it) adds no second ban
    assert p.game(t + timedelta(minutes=128), abandoned=True) is None
    # right after the first ban: ×2.2 (lichess: prev × (132 − h) / 60 with h = 0)
    second = p.game(t + timedelta(minutes=140), abandoned=True)
    assert second.minutes == 22
    third = p.game(second.ends_at + timedelta(minutes=5), abandoned=True)
    assert third.minutes == 48
    # Tuesday, 23 hours after the third ended: ×(132 − 23) / 60
    fourth = p.game(third.ends_at + timedelta(hours=23, minutes=10), abandoned=True)
    assert fourth.minutes == 48 * 109 // 60 == 87
    # Wednesday to Saturday: fifteen clean games; one abandoned match then is no ban …
    day = fourth.ends_at + timedelta(days=1)
    for i in range(15):
        assert p.game(day + timedelta(hours=i), abandoned=False) is None
    saturday = fourth.ends_at + timedelta(days=4, hours=2)
    assert p.game(saturday, abandoned=True) is None
    assert p.game(saturday + timedelta(minutes=30), abandoned=True) is None
    # … but three in a row are, and the long pause since the last ban (over 72 h) shrinks it
    fifth = p.game(saturday + timedelta(minutes=60), abandoned=True)
    hours = int((fifth.starts_at - fourth.ends_at).total_seconds() // 3600)
    assert hours > 72
    assert fifth.minutes == max(10, int(55.6 * 87 / ((5.56 * 87 - 54.6) ** (hours / 720) + 54.6)))
    assert 10 <= fifth.minutes < fourth.minutes
    durations = [b.minutes for b in Playban.objects.filter(user=user).order_by("starts_at")]
    assert durations == [10, 22, 48, 87, fifth.minutes]


def test_a_new_account_is_banned_twice_as_long_and_never_over_three_days(make_user):
    user = make_user(date_joined=MONDAY - timedelta(hours=5))
    p = Player(user)
    for i in range(2):
        p.game(MONDAY + timedelta(minutes=i), abandoned=True)
    ban = p.game(MONDAY + timedelta(minutes=3), abandoned=True)
    assert ban.minutes == 20
    assert fairplay.ban_minutes((4000, MONDAY), MONDAY, MONDAY - timedelta(days=9)) == 3 * 24 * 60


def test_leaving_a_rated_match_counts_and_a_ban_blocks_rated_play_until_lifted(make_user, admin_user):
    a, b = make_user(), make_user()
    for _ in range(3):
        person_acts(people_match("durak", {}, [a, b]), a, {"type": "leave"})
    ban = Playban.objects.get(user=a)
    assert RatingChange.objects.filter(user=a, abandoned=True).count() == 3
    assert not RatingChange.objects.filter(user=b, abandoned=True).exists()

    # a rated table refuses his «Готов» with the reason and the end; a casual one does not
    table = seating.table_create(user=b, game="durak", options={})
    seating.seat_take(table_id=table.pk, user=a, seat=1)
    with pytest.raises(Refused) as refused:
        seating.ready_set(table_id=table.pk, user=a, ready=True)
    assert refused.value.code == "playban" and refused.value.errors["ends_at"] == ban.ends_at.isoformat()
    with pytest.raises(Refused):
        seating.table_create(user=a, game="durak", options={}, rated=True)
    casual = seating.table_create(user=a, game="durak", options={}, rated=False)
    seating.ready_set(table_id=casual.pk, user=a, ready=True)

    # he sees it, with the reason and the end
    client = Client()
    client.force_login(a)
    profile = client.get("/accounts/profile/").content.decode()
    assert 'data-testid="playban"' in profile and ban.reason in profile

    # staff see it in the admin and lift it
    staff = Client()
    staff.force_login(admin_user)
    listing = staff.get("/admin/ratings/playban/?active=yes").content.decode()
    assert a.username in listing
    staff.post("/admin/ratings/playban/", {"action": "lift", "_selected_action": [ban.pk]})
    ban.refresh_from_db()
    assert ban.lifted_by == admin_user and fairplay.active_ban(a.pk) is None
    seating.ready_set(table_id=table.pk, user=a, ready=True)
    assert get_user_model().objects.get(pk=a.pk).is_active
