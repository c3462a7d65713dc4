"""«Быстрая игра»: pools seat players of similar rating, widen with time, fill with bots."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from apps.core.errors import Refused
from apps.ratings import calibration, quick
from apps.ratings.models import Playban, QuickEntry, Rating
from apps.tables.models import Match, Seat

pytestmark = pytest.mark.django_db


def rate(user, mode: str, value: int) -> None:
    Rating.objects.create(user=user, mode=mode, value=value, mu=25 + (value - 1500) / 24, games=20)


def test_four_people_are_seated_in_balanced_pairs_and_the_match_starts(make_user):
    users = [make_user() for _ in range(4)]
    for user, value in zip(users, (1560, 1500, 1450, 1420), strict=True):
        rate(user, "bazar_4", value)
    for user in users[:3]:
        assert quick.quick_join(user=user, mode="bazar_4")["status"] == "waiting"
    state = quick.quick_join(user=users[3], mode="bazar_4")
    assert state["status"] == "seated"
    match = Match.objects.get(table_id=state["table"])
    assert match.status == "playing" and match.game == "bazar_blot" and match.options["players"] == 4
    by_seat = {p["seat"]: p["user"] for p in match.players}
    # the best (1560) and the weakest (1420) play together, the middle two against them
    assert {by_seat[0], by_seat[2]} == {users[0].pk, users[3].pk}
    assert {by_seat[1], by_seat[3]} == {users[1].pk, users[2].pk}
    assert all(quick.quick_status(user=u)["table"] == state["table"] for u in users)
    assert not QuickEntry.objects.filter(status="waiting").exists()


def test_the_rating_window_widens_with_the_wait(make_user):
    a, b = make_user(), make_user()
    rate(a, "durak_2", 1500)
    rate(b, "durak_2", 1900)
    quick.quick_join(user=a, mode="durak_2")
    assert quick.quick_join(user=b, mode="durak_2")["status"] == "waiting"  # 400 apart, window 150
    entry = QuickEntry.objects.get(user=a)
    assert quick.pool_match("durak_2", now=entry.created_at + timedelta(seconds=10)) == ([], False)  # ±300
    tables, _ = quick.pool_match("durak_2", now=entry.created_at + timedelta(seconds=20))  # ±450
    assert len(tables) == 1
    assert sorted(
        Seat.objects.filter(table_id=tables[0]).exclude(user=None).values_list("user", flat=True)
    ) == [
        a.pk,
        b.pk,
    ]


def test_bots_of_matching_level_fill_after_the_chosen_wait(make_user):
    a = make_user()
    rate(a, "durak_3", calibration.bot_rating("durak_3", "hard") + 10)
    state = quick.quick_join(user=a, mode="durak_3", bots_after=30)
    assert state["status"] == "waiting" and state["bots_after"] == 30
    entry = QuickEntry.objects.get(user=a)
    assert quick.pool_match("durak_3", now=entry.created_at + timedelta(seconds=29))[0] == []
    [table_id], _ = quick.pool_match("durak_3", now=entry.created_at + timedelta(seconds=31))
    seats = list(Seat.objects.filter(table_id=table_id).order_by("number"))
    assert seats[0].user_id == a.pk and [s.bot_level for s in seats[1:3]] == ["hard", "hard"]
    assert seats[3].bot_level is None and seats[3].user_id is None
    match = Match.objects.get(table_id=table_id)
    assert match.table.rated is True and len(match.players) == 3


def test_refusals_and_cancel(make_user):
    a = make_user()
    with pytest.raises(Refused) as refused:
        quick.quick_join(user=a, mode="chess")
    assert refused.value.code == "bad_mode"
    with pytest.raises(Refused):
        quick.quick_join(user=a, mode="durak_2", bots_after=7)
    quick.quick_join(user=a, mode="durak_2")
    quick.quick_join(user=a, mode="blot")  # another pool: the first entry is cancelled
    assert list(QuickEntry.objects.filter(user=a).values_list("mode", "status").order_by("id")) == [
        ("durak_2", "cancelled"),
        ("blot", "waiting"),
    ]
    assert quick.quick_cancel(user=a)["status"] == "none"
    now = timezone.now()
    Playban.objects.create(
        user=a, reason="test", minutes=10, starts_at=now, ends_at=now + timedelta(minutes=10)
    )
    with pytest.raises(Refused) as refused:
        quick.quick_join(user=a, mode="durak_2")
    assert refused.value.code == "playban"


def test_quick_api_and_page(make_user):
    a, b = make_user(), make_user()
    client = Client()
    client.force_login(a)
    assert client.get("/api/quick/").json()["status"] == "none"
    body = client.post(
        "/api/quick/", {"mode": "durak_2", "bots_after": None}, content_type="application/json"
    ).json()
    assert body["status"] == "waiting" and body["mode"] == "durak_2" and 150 <= body["window"] < 250
    assert body["waiting"] == {"durak_2": 1}
    bad = client.post("/api/quick/", {"mode": "chess"}, content_type="application/json")
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_request"
    page = client.get("/quick/").content.decode()
    assert (
        'data-testid="quick-waiting"' in page
        and "hidden" not in page.split('data-testid="quick-waiting"')[1][:20]
    )
    other = Client()
    other.force_login(b)
    response = other.post("/quick/join/", {"mode": "durak_2", "bots_after": ""})
    table = QuickEntry.objects.get(user=b).table_id
    assert response.status_code == 302 and response["Location"] == f"/lobby/tables/{table}/"
    assert client.get("/api/quick/").json()["table"] == table
    assert client.delete("/api/quick/").json()["status"] == "seated"  # nothing to leave


def test_a_player_still_in_a_match_cannot_enter_a_pool(make_user):
    from tests.ratings.helpers import people_match
    from tests.stats.helpers import person_acts

    a, b = make_user(), make_user()
    match = people_match("durak", {}, [a, b])
    with pytest.raises(Refused) as refused:
        quick.quick_join(user=a, mode="durak_2")
    assert refused.value.code == "in_match"
    person_acts(match, b, {"type": "leave"})
    assert quick.quick_join(user=a, mode="durak_2")["status"] == "waiting"
