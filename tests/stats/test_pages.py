"""«Мои результаты» (content, order, the 30 limit, one indexed query), match page access, admin."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from apps.stats.models import GameRecord, Result
from apps.stats.selectors import RESULTS_LIMIT, records_for_user, result_item, results_for_user, results_sql
from apps.tables.models import Match, Table
from tests.stats.helpers import person_acts, play_actions, scripted_table
from tests.tables.helpers import bot_table

pytestmark = pytest.mark.django_db

SCENARIOS = Path(__file__).resolve().parents[1] / "rules" / "scenarios"


def fill_results(user, count: int, *, game: str = "bazar_blot") -> list[Result]:
    """``count`` finished results of ``user``, one a day apart, outcome cycling win/loss/draw."""
    table = Table.objects.create(game=game, options={}, seat_count=4, status="finished")
    now = timezone.now()
    matches = Match.objects.bulk_create(
        Match(table=table, game=game, seed=i, state={}, status="finished", finished_at=now)
        for i in range(count)
    )
    outcomes = ["win", "loss", "draw"]
    rows = [
        Result(
            match=m,
            user=user,
            name=user.username,
            game=game,
            options={"players": 4, "target": 101},
            seat=0,
            side=0,
            partners=[{"seat": 2, "name": "Бот 2", "user": None, "bot": "hard"}],
            opponents=[
                {"seat": 1, "name": "Оля", "user": None, "bot": None},
                {"seat": 3, "name": "Бот 3", "user": None, "bot": "easy"},
            ],
            totals=[100 + i, 50],
            score=100 + i,
            outcome=outcomes[i % 3],
            ending="target",
            started_at=now - timedelta(days=count - i, minutes=30),
            finished_at=now - timedelta(days=count - i),
        )
        for i, m in enumerate(matches)
    ]
    return Result.objects.bulk_create(rows)


def test_my_results_needs_a_login(client):
    response = client.get(reverse("stats:my_results"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_my_results_lists_the_last_30_newest_first(client, make_user):
    user, other = make_user(), make_user()
    rows = fill_results(user, 35)
    fill_results(other, 3)
    client.force_login(user)
    response = client.get(reverse("stats:my_results"))
    assert response.status_code == 200
    listed = [row["match"] for row in response.context["rows"]]
    newest = sorted(rows, key=lambda r: r.finished_at, reverse=True)[:RESULTS_LIMIT]
    assert listed == [r.match_id for r in newest]
    html = response.content.decode()
    assert html.count('class="result result--') == RESULTS_LIMIT
    assert html.index(f'data-match="{newest[0].match_id}"') < html.index(f'data-match="{newest[1].match_id}"')
    assert f'data-match="{rows[0].match_id}"' not in html  # the oldest five are not shown
    assert reverse("stats:match", args=[newest[0].match_id]) in html
    assert "Базар-блот" in html and "4 игрока · до 101" in html
    assert "Бот 2 (сложный)" in html and "Оля, Бот 3 (лёгкий)" in html
    assert f"{newest[0].score} : 50" in html
    assert 'data-testid="chart"' in html and "<polyline" in html
    coords = re.findall(r'(?:cx|cy|y1)="([^"]*)"', html)  # no decimal commas in the Russian locale
    assert len(coords) > 60 and all(float(c) >= 0 for c in coords)


def test_the_header_counts_come_from_the_counters(client, make_user):
    user = make_user()
    GameRecord.objects.create(user=user, game="durak", played=10, won=6, lost=3, drawn=1, fool=2)
    GameRecord.objects.create(user=user, game="bazar_blot", played=4, won=1, lost=3)
    client.force_login(user)
    html = client.get(reverse("stats:my_results")).content.decode()
    assert [r["game"] for r in records_for_user(user)] == ["bazar_blot", "durak"]
    assert records_for_user(user)[1]["win_rate"] == 60
    assert 'data-game="durak"' in html and "60%" in html and "25%" in html


def test_an_empty_history_says_so(client, make_user):
    client.force_login(make_user())
    response = client.get(reverse("stats:my_results"))
    assert 'data-testid="no-results"' in response.content.decode()


def test_the_list_is_one_query_and_the_counters_one_more(make_user, django_assert_num_queries):
    user = make_user()
    fill_results(user, 40)
    GameRecord.objects.create(user=user, game="bazar_blot", played=40, won=14)
    with django_assert_num_queries(1):
        items = [result_item(r) for r in results_for_user(user)]
    with django_assert_num_queries(1):
        records_for_user(user)
    assert len(items) == RESULTS_LIMIT
    assert set(items[0]) >= {
        "match",
        "game",
        "mode",
        "finished_at",
        "partners",
        "opponents",
        "totals",
        "score",
        "outcome",
        "ending",
    }


def test_the_list_query_uses_the_user_index(make_user):
    from django.db import connection

    user = make_user()
    fill_results(user, 5)
    sql, params = results_sql(), [user.pk, RESULTS_LIMIT]
    with connection.cursor() as cursor:
        # with few rows any index plus a sort costs about the same (earlier tests' statistics
        # decide): ask whether an index serves the query's order at all
        cursor.execute("SET enable_seqscan = off")
        cursor.execute("SET enable_sort = off")
        cursor.execute("EXPLAIN " + sql, params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
        cursor.execute("RESET enable_seqscan")
        cursor.execute("RESET enable_sort")
    assert "stats_result_user_recent" in plan
    assert "Sort" not in plan.split("->")[0]


# --------------------------------------------------------------------------- match page access


@pytest.fixture
def finished_bot_match(make_user):
    """A private table (play with bots) whose person surrendered: a finished match of his."""
    person = make_user()
    table = bot_table("bazar_blot", {"players": 4}, people=[person], private=True)
    match = person_acts(table.matches.get(), person, {"type": "surrender"})
    return person, match


def test_participants_and_staff_open_a_private_match_others_do_not(client, make_user, finished_bot_match):
    person, match = finished_bot_match
    url = reverse("stats:match", args=[match.pk])
    export = reverse("stats:match_record", args=[match.pk])
    anonymous = client.get(url)
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    client.force_login(make_user())
    assert client.get(url).status_code == 404
    assert client.get(export).status_code == 404
    client.force_login(person)
    assert client.get(url).status_code == 200
    assert client.get(export).status_code == 200
    client.force_login(make_user(is_staff=True))
    assert client.get(url).status_code == 200


def test_a_public_match_is_open_to_everyone_once_finished(client, make_user):
    person = make_user()
    table = bot_table("blot", {}, people=[person])
    match = table.matches.get()
    url = reverse("stats:match", args=[match.pk])
    client.force_login(make_user())
    assert client.get(url).status_code == 404  # still being played: nothing to show
    person_acts(match, person, {"type": "surrender"})
    assert client.get(url).status_code == 200
    client.logout()
    assert client.get(url).status_code == 200


def test_the_match_page_shows_the_sheet_and_the_replay(client, make_user):
    spec = json.loads((SCENARIOS / "bazar_blot/match_over_when_target_reached.json").read_text())
    person = make_user()
    _, match = scripted_table(spec, people=[person], private=True)
    match = play_actions(match, spec)
    client.force_login(person)
    response = client.get(reverse("stats:match", args=[match.pk]))
    html = response.content.decode()
    assert 'data-testid="sheet"' in html and 'data-testid="replay"' in html
    assert 'id="replay-data"' in html and "js/pages/replay.js" in html
    rows = response.context["belot_rows"]
    deal = spec["expect"]["deals"][0]
    assert len(rows) == 1 and rows[0]["scores"] == deal["scores"] == [102, 0]
    assert rows[0]["contract"].endswith("8 ♥ реконтра") and rows[0]["outcome"] == "сыграл"
    assert [s["belote"] for s in rows[0]["sides"]] == deal["belote"]
    assert 'data-deal="1"' in html and "<strong>102</strong>" in html
    assert response.context["frame_count"] == match.seq + 1  # the cards dealt + every action


def test_the_durak_sheet_names_the_fool(client, make_user):
    spec = json.loads((SCENARIOS / "durak/durak_game_over_fool_2p.json").read_text())
    person = make_user()
    _, match = scripted_table(spec, people=[person])
    play_actions(match, spec)
    client.force_login(person)
    response = client.get(reverse("stats:match", args=[match.pk]))
    row = response.context["durak_rows"][0]
    bot_name = next(p["name"] for p in match.players if p["seat"] == 1)
    assert bot_name.startswith("Бот")
    assert row["fool"] == bot_name and row["out_order"] == [person.username]
    assert bot_name in response.content.decode()


def test_the_results_link_opens_the_match(client, finished_bot_match):
    person, match = finished_bot_match
    client.force_login(person)
    html = client.get(reverse("stats:my_results")).content.decode()
    assert reverse("stats:match", args=[match.pk]) in html


# --------------------------------------------------------------------------- admin


def test_admin_searches_and_filters_results_read_only(client, make_user, admin_user):
    user = make_user("ivan_petrov")
    fill_results(user, 3, game="deberc")
    fill_results(make_user("someone"), 2, game="durak")
    client.force_login(admin_user)
    url = reverse("admin:stats_result_changelist")
    assert client.get(url, {"q": "ivan_petrov"}).context["cl"].result_count == 3
    assert client.get(url, {"q": "durak"}).context["cl"].result_count == 2
    assert client.get(url, {"outcome__exact": "win"}).context["cl"].result_count == 2
    recent = {"finished_at__gte": (timezone.now() - timedelta(hours=36)).isoformat()}
    assert client.get(url, recent).context["cl"].result_count == 2
    row = Result.objects.first()
    assert client.get(reverse("admin:stats_result_add")).status_code == 403
    change = client.get(reverse("admin:stats_result_change", args=[row.pk]))
    assert change.status_code == 200 and b'name="_save"' not in change.content
    assert (
        client.post(reverse("admin:stats_result_delete", args=[row.pk]), {"post": "yes"}).status_code == 403
    )
    assert Result.objects.filter(pk=row.pk).exists()


def test_the_pages_speak_english_too(client, make_user, settings):
    user = make_user()
    fill_results(user, 2, game="durak")
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = client.get(reverse("stats:my_results"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "My results" in html and "Win" in html and "throw-in" in html
    assert "Мои результаты" not in html.split("<main")[1]


def test_the_replay_is_built_once_per_match(client, finished_bot_match, django_assert_max_num_queries):
    person, match = finished_bot_match
    client.force_login(person)
    url = reverse("stats:match", args=[match.pk])
    first = client.get(url)
    # session, user, match, the header's invitations and friend-request badge: no record read again
    with django_assert_max_num_queries(5):
        second = client.get(url)
    assert second.context["replay"]["frames"] == first.context["replay"]["frames"]
