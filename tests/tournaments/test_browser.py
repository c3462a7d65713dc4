"""Tournaments in chromium (real daphne, Celery worker, PostgreSQL, Redis): four players join an
arena on its page, the worker starts it and seats them, each follows «За стол» to his table, the
matches are played and the standings change on the page without a reload; a pair registers by
invitation (the partner's live notice, then «Играю в паре»)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from celery import current_app
from django.utils import timezone
from playwright.sync_api import expect

from apps.accounts.models import User
from apps.tables.models import Match
from apps.tournaments.models import Entrant, Pairing, Tournament
from apps.tournaments.registration import tournament_create
from apps.tournaments.rounds import tournament_advance
from apps.tournaments.selectors import series_games
from apps.tournaments.standings import standings
from tests.client.test_lobby_feel import PHONE, new_page
from tests.client.test_table_live import PASSWORD
from tests.live import LiveSite
from tests.stats.helpers import play_out
from tests.tournaments.helpers import final_of_two

pytestmark = [pytest.mark.browser, pytest.mark.live]

NAMES = ("anna", "boris", "vera", "gleb")


def _rows(page) -> list[list[str]]:
    return page.eval_on_selector_all(
        "#standings-rows tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent.trim()))"
    )


def test_four_players_join_an_arena_are_seated_play_and_watch_the_standings(
    live_site: LiveSite, celery_worker, browser, settings
):
    settings.TABLES_SCHEDULER = "none"  # the moves played here queue no timers; beat's tick is sent
    users = {name: User.objects.create_user(username=name, password=PASSWORD) for name in NAMES}
    arena = tournament_create(
        user=users["anna"], name="Ночная арена", format="arena", mode="durak_2", minutes=20,
        starts_at=timezone.now() + timedelta(minutes=5),
    )  # fmt: skip
    url = f"{live_site.url}/tournaments/{arena.pk}/"
    pages = {}
    for n, name in enumerate(NAMES):
        page = new_page(browser, live_site, name, PHONE if n == 3 else {"width": 1366, "height": 800})
        page.goto(url)
        page.get_by_test_id("tournament-join").click()
        expect(page.get_by_test_id("tournament-leave")).to_be_visible()
        pages[name] = page
    assert Entrant.objects.filter(tournament=arena).count() == 4
    expect(pages["anna"].locator("#standings-rows tr")).to_have_count(4)

    # the time comes: beat's tick (sent here by hand) starts the arena in the worker
    Tournament.objects.filter(pk=arena.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    current_app.send_task("tournaments.tick")
    for name, page in pages.items():
        link = page.get_by_test_id("your-table-link")
        expect(link).to_be_visible(timeout=20_000)  # the page's poll shows «Ваш стол готов»
        link.click()
        page.wait_for_url("**/lobby/tables/*/")
        page.wait_for_function("() => window.__tableClient && window.__tableClient.view")
        table_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
        seated = Match.objects.get(table_id=table_id).table.seats.values_list("user", flat=True)
        assert users[name].pk in seated
    first = list(Pairing.objects.filter(tournament=arena).order_by("id"))
    assert len(first) == 2 and all(p.table_id for p in first)

    # anna's table is played out (a bot's choices for both players); she goes back to the event
    anna_entrant = Entrant.objects.get(tournament=arena, user=users["anna"])
    mine = next(p for p in first if anna_entrant.pk in p.entrants)
    other = next(p for p in first if p is not mine)
    play_out(Match.objects.get(table=mine.table, status=Match.Status.PLAYING))
    current_app.send_task("tournaments.tick")
    anna = pages["anna"]
    expect(anna.get_by_test_id("match-outcome")).to_be_visible(timeout=20_000)
    anna.goto(url)
    rows = _rows(anna)
    played = {r[1]: int(r[3]) for r in rows}
    assert sorted(played.values()) == [0, 0, 1, 1]
    assert rows[0][2] in ("2", "1")  # the winner's 2 points (or a draw's 1) lead

    # the other table ends: her page's standings change without a reload, and the arena seats
    # the four again, never against their last opponents
    play_out(Match.objects.get(table=other.table, status=Match.Status.PLAYING))
    current_app.send_task("tournaments.tick")
    played_cells = anna.locator("#standings-rows tr td:nth-child(4)")
    expect(played_cells).to_have_text(["1", "1", "1", "1"], timeout=20_000)
    expect(anna.get_by_test_id("your-table-link")).to_be_visible(timeout=20_000)
    second = Pairing.objects.filter(tournament=arena).exclude(pk__in=[p.pk for p in first])
    assert second.count() == 2
    assert {frozenset(p.entrants) for p in second}.isdisjoint({frozenset(p.entrants) for p in first})
    expected = [[str(line.place), f"{line.score:g}"] for line in standings(arena)]
    assert [[r[0], r[2]] for r in _rows(anna)] == expected
    phone = pages["gleb"]
    phone.goto(url)
    expect(phone.locator("#standings-rows tr")).to_have_count(4)
    assert phone.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_a_pair_registers_by_invitation(live_site: LiveSite, celery_worker, browser):
    anna = User.objects.create_user(username="anna", password=PASSWORD)
    boris = User.objects.create_user(username="boris", password=PASSWORD)
    event = tournament_create(
        user=anna, name="Парный кубок", format="swiss", mode="durak_pairs", rounds=3,
        starts_at=timezone.now() + timedelta(minutes=30),
    )  # fmt: skip
    url = f"{live_site.url}/tournaments/{event.pk}/"
    boris_page = new_page(browser, live_site, "boris")
    boris_page.goto(f"{live_site.url}/lobby/")
    boris_page.wait_for_function("() => window.kartochkiSocial && window.kartochkiSocial.open")
    anna_page = new_page(browser, live_site, "anna")
    anna_page.goto(url)
    anna_page.get_by_test_id("partner-name").fill("boris")
    anna_page.get_by_test_id("tournament-join").click()
    expect(anna_page.get_by_test_id("pair-pending")).to_be_visible()
    entrant = Entrant.objects.get(tournament=event)
    assert (entrant.user_id, entrant.partner_id, entrant.confirmed) == (anna.pk, boris.pk, False)
    # boris, on another page, is told at once and follows the notice to the tournament
    toast = boris_page.get_by_test_id("tournament-pair-toast")
    expect(toast).to_contain_text("Вас зовут в пару на турнир", timeout=15_000)
    boris_page.get_by_test_id("tournament-pair-open").click()
    boris_page.wait_for_url(f"**/tournaments/{event.pk}/**")
    boris_page.get_by_test_id("pair-accept").click()
    expect(boris_page.get_by_test_id("tournament-leave")).to_be_visible()
    entrant.refresh_from_db()
    assert entrant.confirmed
    expect(boris_page.locator("#standings-rows tr")).to_have_count(1)
    expect(boris_page.locator("#standings-rows tr")).to_contain_text("anna + boris")


def test_the_bracket_and_standings_follow_the_socket_without_a_reload(
    live_site: LiveSite, celery_worker, browser, settings
):
    """A knockout «до двух побед» watched by a signed-in visitor: each match's result reaches
    his page as ``tournament_changed`` on the lobby socket, and the bracket's wins («1:0») and
    then the standings change in place."""
    settings.TABLES_SCHEDULER = "none"  # the moves played here queue no timers
    anna, boris = (User.objects.create_user(username=n, password=PASSWORD) for n in ("anna", "boris"))
    User.objects.create_user(username="vera", password=PASSWORD)
    cup, final = final_of_two(anna, boris, name="Кубок до двух побед", best_of=3)

    page = new_page(browser, live_site, "vera")
    changed: list[str] = []
    page.on(
        "websocket",
        lambda ws: ws.on(
            "framereceived", lambda text: changed.append(text) if "tournament_changed" in text else None
        ),
    )
    page.goto(f"{live_site.url}/tournaments/{cup.pk}/")
    page.wait_for_function("() => window.kartochkiSocial && window.kartochkiSocial.open")
    expect(page.get_by_test_id("bracket")).to_contain_text("anna")
    expect(page.get_by_test_id("bracket-games")).to_have_count(0)
    page.evaluate("() => { window.notReloaded = true; }")

    play_out(Match.objects.get(table=final.table, status=Match.Status.PLAYING))
    final.refresh_from_db()
    score = series_games(final)
    assert score is not None and not final.finished
    expect(page.get_by_test_id("bracket-games")).to_have_text(score)
    assert any(f'"tournament":{cup.pk}' in text for text in changed)
    assert page.evaluate("() => window.notReloaded") is True

    while not final.finished:  # the next matches start at the same table until two wins
        tournament_advance(cup.pk)
        play_out(Match.objects.get(table=final.table, status=Match.Status.PLAYING))
        final.refresh_from_db()
        if not final.finished:
            expect(page.get_by_test_id("bracket-games")).to_have_text(series_games(final))
    assert page.evaluate("() => window.notReloaded") is True
    winner = next(
        e for e in Entrant.objects.filter(tournament=cup) if final.results[str(e.pk)]["outcome"] == "win"
    )
    name = User.objects.get(pk=winner.user_id).username
    expect(page.locator("#standings-rows tr").first).to_contain_text(name)
