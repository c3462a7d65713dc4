"""Where ratings show: the table's final result, «Мои результаты», the API, the profile, boards."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client

from apps.ratings import calibration, quick
from apps.ratings.models import Rating
from tests.ratings.helpers import people_match
from tests.stats.helpers import person_acts

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _throttles_reset():
    cache.clear()
    yield
    cache.clear()


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_results_page_and_api_show_the_change_of_a_rated_match(make_user):
    a, b = make_user(), make_user()
    rated = people_match("durak", {}, [a, b])
    person_acts(rated, b, {"type": "leave"})
    casual = people_match("durak", {}, [a, b], rated=False)
    person_acts(casual, a, {"type": "leave"})

    body = signed_in(a).get("/api/me/results/").json()
    by_match = {item["match"]: item for item in body}
    change = by_match[rated.pk]["rating"]
    assert change["mode"] == "durak_2" and change["before"] == 1500
    assert change["delta"] == change["after"] - 1500 > 0 and change["delta_text"] == f"+{change['delta']}"
    assert change["provisional"] is True
    assert by_match[casual.pk]["rating"] is None

    page = signed_in(b).get("/results/").content.decode()
    row = re.search(rf'<tr[^>]*data-match="{rated.pk}".*?</tr>', page, re.S).group(0)
    assert 'data-testid="rating-delta"' in row and "rating-delta--down" in row and "−" in row
    casual_row = re.search(rf'<tr[^>]*data-match="{casual.pk}".*?</tr>', page, re.S).group(0)
    assert "rating-delta" not in casual_row


def test_profile_and_player_page_show_ratings_with_a_chart(make_user):
    a, b = make_user(), make_user(display_name="Оля")
    for loser in (b, a, b):
        person_acts(people_match("durak", {}, [a, b]), loser, {"type": "leave"})
    profile = signed_in(a).get("/accounts/profile/").content.decode()
    assert 'data-testid="ratings-section"' in profile and 'data-testid="rating-chart"' in profile
    assert "<polyline points=" in profile and "cdn" not in profile.lower()
    value = Rating.objects.get(user=a, mode="durak_2").value
    assert f"{value}?" in profile  # provisional mark
    assert "Доигрывает партии: 67%" in profile  # a left one of his three

    page = Client().get(f"/ratings/players/{b.username}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Оля" in text and "Дурак, 2 игрока" in text and "Примерно как бот" in text
    assert Client().get("/ratings/players/nobody-here/").status_code == 404


def _board(mode: str, users: list, values: list[int], games: int = 12) -> None:
    """Ratings written directly (as a recompute would), with the board's buckets rebuilt."""
    from apps.ratings.services import buckets_rebuild

    Rating.objects.bulk_create(
        Rating(user=u, mode=mode, value=v, mu=25 + (v - 1500) / 24, games=games)
        for u, v in zip(users, values, strict=True)
    )
    buckets_rebuild()


def test_leaderboard_lists_established_players_and_your_place(make_user):
    users = [make_user() for _ in range(6)]
    _board("deberc_3", users[:4], [1700, 1650, 1650, 1400])
    _board("deberc_3", users[4:5], [1900], games=3)  # provisional: not listed
    me = users[2]
    page = signed_in(me).get("/ratings/deberc_3/").content.decode()
    listed = re.findall(r'<a href="/ratings/players/([^/]+)/">', page)
    assert listed == [users[0].username, users[1].username, users[2].username, users[3].username]
    assert users[4].username not in page
    assert "Ваше место: 3" in page and 'class="is-you"' in page

    body = signed_in(users[4]).get("/api/ratings/deberc_3/").json()
    assert [p["place"] for p in body["players"]] == [1, 2, 3, 4]
    assert body["players"][0] == {
        "place": 1,
        "username": users[0].username,
        "name": users[0].username,
        "rating": 1700,
        "games": 12,
    }
    assert body["you"]["place"] is None and body["you"]["text"] == "1900?"
    assert body["min_games"] == 10
    assert signed_in(me).get("/api/ratings/deberc_3/").json()["you"]["place"] == 3

    assert signed_in(me).get("/api/ratings/chess/").status_code == 404
    assert Client().get("/ratings/chess/").status_code == 404
    assert Client().get("/api/ratings/deberc_3/").status_code == 401


def test_user_ratings_api_and_the_bot_level_you_play_at(make_user):
    a = make_user()
    hard = calibration.bot_rating("durak_2", "hard")
    _board("durak_2", [a], [hard + 5])
    body = signed_in(a).get(f"/api/users/{a.username}/ratings/").json()
    assert body["username"] == a.username
    assert body["ratings"][0]["mode"] == "durak_2" and body["ratings"][0]["level"] == "hard"
    assert body["completion"] == {"played": 0, "abandoned": 0, "rate": None}
    assert signed_in(a).get("/api/users/nobody-here/ratings/").status_code == 404

    index = signed_in(a).get("/ratings/").content.decode()
    assert "вы играете примерно на уровне бота «сложный»" in index
    assert str(calibration.bot_rating("gambler_2", "easy")) in index  # the bots' published ratings


def test_ratings_pages_have_no_russian_left_in_english(make_user):
    from django.conf import settings

    from tests.lobby.test_pages import _visible_text

    a, b = make_user("anna"), make_user("boris")
    for loser in (b, a):
        person_acts(people_match("durak", {}, [a, b]), loser, {"type": "leave"})
    _board("deberc_3", [make_user("carl")], [1600])
    client = signed_in(a)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    quick.quick_join(user=a, mode="durak_3", bots_after=30)
    pages = {
        "index": client.get("/ratings/"),
        "board": client.get("/ratings/deberc_3/"),
        "mine": client.get("/ratings/durak_2/"),
        "player": client.get("/ratings/players/anna/"),
        "profile": client.get("/accounts/profile/"),
        "quick": client.get("/quick/"),
        "results": client.get("/results/"),
    }
    for name, response in pages.items():
        assert response.status_code == 200, name
        text = re.sub(r"Русский|Бот \d", "", _visible_text(response.content.decode()))  # names, not words
        assert not re.search(r"[А-Яа-яЁё]", text), (name, re.findall(r"\S*[А-Яа-яЁё]+\S*", text)[:10])
    assert "you play at about the level of" in _visible_text(pages["index"].content.decode())
    assert "Looking for opponents" in _visible_text(pages["quick"].content.decode())


def test_names_at_the_table_and_in_the_lobby_carry_ratings(make_user):
    from apps.lobby.selectors import open_tables
    from apps.tables import seating
    from apps.tables.selectors import seats_info, table_state

    a, b = make_user(), make_user()
    _board("durak_3", [a], [1620])
    table = seating.table_create(user=a, game="durak", options={}, bots={2: "hard"})
    seating.seat_take(table_id=table.pk, user=b, seat=1)
    by_seat = {s["seat"]: s["rating"] for s in seats_info(table.pk)}
    hard = calibration.bot_rating("durak_3", "hard")
    assert by_seat == {0: "1620", 1: "1500?", 2: str(hard), 3: None}
    listed = next(t for t in open_tables() if t["id"] == table.pk)
    assert [s["rating"] for s in listed["seats"]] == ["1620", "1500?", str(hard), None]
    _seat, state = table_state(table.pk, a.pk)
    assert [s.get("rating") for s in state.view["seats"]] == ["1620", "1500?", str(hard), None]
    lobby = signed_in(a).get("/lobby/").content.decode()
    assert f"{a.username} (1620)" in lobby
    # a waiting table shows the ratings of the mode its match will have (блот: always for two)
    casual = seating.table_create(user=b, game="blot", options={})
    assert {s["seat"]: s["rating"] for s in seats_info(casual.pk)} == {0: "1500?", 1: None}


def test_a_playban_refusal_in_the_lobby_says_until_when_with_the_time_zone_and_what_to_do(client, make_user):
    """#36, items 10 and 13: no raw ``ends_at: 2026-…`` fields in the message."""
    from datetime import timedelta

    from django.urls import reverse
    from django.utils import timezone

    from apps.ratings.models import Playban

    user = make_user()
    now = timezone.now()
    ends = now + timedelta(minutes=10)
    Playban.objects.create(user=user, reason="Брошено 3 из последних 3 рейтинговых партий", minutes=10,
                           starts_at=now, ends_at=ends)  # fmt: skip
    client.force_login(user)
    page = client.post(reverse("lobby:create"), {"game": "durak", "rated": "true"}, follow=True)
    text = page.content.decode()
    end = timezone.localtime(ends).strftime("%d.%m.%Y %H:%M")
    assert f"Запрет до {end} MSK." in text and "ends_at" not in text
    assert "Брошено 3 из последних 3 рейтинговых партий." in text
    assert "выберите «без рейтинга»" in text
