"""Issue #36, item 0 in chromium (real daphne, Celery worker, PostgreSQL, Redis): quick play
seats anna while she looks at another page — a toast with a link to the table and the tab's
title tell her at once; boris never opens the table: his seat counts down, and 20 s after the
start the match is aborted («Партия прервана», unrated, nobody wins)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from apps.accounts.models import User
from apps.ratings import quick
from apps.stats.models import Result
from apps.tables.models import Match
from tests.client.test_lobby_feel import new_page
from tests.client.test_table_live import PASSWORD, client_view
from tests.live import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.live]


def test_quick_play_tells_the_seated_player_anywhere_and_a_no_show_aborts_the_match(
    live_site: LiveSite, celery_worker, browser
):
    anna = User.objects.create_user(username="anna", password=PASSWORD)
    boris = User.objects.create_user(username="boris", password=PASSWORD)
    page = new_page(browser, live_site, "anna", {"width": 360, "height": 740})
    page.goto(live_site.url + "/lobby/")
    page.wait_for_function("() => window.kartochkiSocial && window.kartochkiSocial.open")
    quick.quick_join(user=anna, mode="durak_2")
    state = quick.quick_join(user=boris, mode="durak_2")  # seated now: anna is on the lobby page
    assert state["status"] == "seated"
    toast = page.get_by_test_id("quick-seated-toast")
    expect(toast).to_contain_text("Игра найдена!")
    expect(page).to_have_title("● Игра найдена! · Лобби · Карточки")
    page.get_by_test_id("quick-seated-open").click()
    page.wait_for_url(f"**/lobby/tables/{state['table']}/")
    page.wait_for_function("() => window.__tableClient && window.__tableClient.view")
    match = Match.objects.get(table_id=state["table"])
    boris_seat = next(p["seat"] for p in match.players if p["user"] == boris.pk)
    gone = next(s for s in client_view(page)["seats"] if s["seat"] == boris_seat)
    assert isinstance(gone["gone_deadline"], int)  # it stayed null for a seat never opened
    expect(page.locator(".seats .seat .tag-offline")).to_contain_text("нет связи")
    # 20 s after the start the no-show aborts the match
    expect(page.get_by_test_id("match-outcome")).to_have_text("Партия прервана", timeout=35_000)
    expect(page.locator('[data-summary="match"]')).to_contain_text("Без рейтинга")
    match.refresh_from_db()
    assert match.result["reason"] == "no_show" and match.result["winners"] == []
    assert set(Result.objects.filter(match=match).values_list("outcome", flat=True)) == {"void"}
