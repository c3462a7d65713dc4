"""Issue #36 in chromium: the lobby's create form and its refusals as a person meets them
(real daphne, Celery worker, PostgreSQL, Redis).

- Item 7: a Дурак table for two from the form: two seats, no empty third or fourth seat with
  bot buttons, and the two people play it to the end.
- Item 8: a closed table (for friends) is casual by default; «На рейтинг» stays one choice away.
- Item 10: quick play refused for an unfinished match links to it and keeps the chosen mode;
  under a playban the «Искать игру» form is disabled with the ban's end (with its time zone) and
  a way to play meanwhile.
"""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from apps.accounts.models import User
from apps.lobby import services as lobby
from apps.ratings.models import Playban
from apps.tables import seating
from apps.tables.models import Match, Table
from tests.client.test_table_live import PASSWORD, client_view, log_in, table_url
from tests.client.test_table_live_six import step
from tests.live import ARTIFACTS, LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.live]

DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 360, "height": 740}


def new_page(browser, live_site: LiveSite, username: str, viewport: dict = DESKTOP) -> Page:
    phone = viewport["width"] < 500
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(15_000)
    page = context.new_page()
    log_in(page, live_site, username)
    return page


def test_a_two_seat_durak_table_from_the_lobby_form_starts_and_plays_to_the_end(
    live_site: LiveSite, celery_worker, browser
):
    User.objects.create_user(username="anna", password=PASSWORD)
    boris = User.objects.create_user(username="boris", password=PASSWORD)
    anna_page = new_page(browser, live_site, "anna")
    anna_page.goto(live_site.url + "/lobby/")
    anna_page.get_by_test_id("choose-durak").check()
    form = anna_page.get_by_test_id("create-durak")
    seats = form.locator('select[name="durak-seats"]')
    assert seats.locator("option").all_inner_texts() == ["2", "3", "4", "5", "6"]
    assert seats.input_value() == "4"  # the seed's table stays the default
    seats.select_option("2")
    form.get_by_role("button", name="Создать стол").click()
    anna_page.wait_for_url("**/tables/*/")
    table = Table.objects.get()
    assert table.seat_count == 2 and table.seats.count() == 2
    # the waiting table shows two seats: anna's and one free (no third and fourth with bot buttons)
    expect(anna_page.locator("[data-seat]")).to_have_count(2)

    boris_page = new_page(browser, live_site, "boris", PHONE)
    boris_page.goto(table_url(live_site, table.pk))
    seating.seat_take(table_id=table.pk, user=boris, seat=1)
    seating.ready_set(table_id=table.pk, user=boris)
    # both waiting pages reload by themselves on every seating change and at the start:
    # wait for them instead of reloading over a navigation already under way
    expect(anna_page.locator('[data-testid="seats"] li[data-seat="1"]')).to_contain_text("готов")
    anna_page.wait_for_load_state("load")
    anna_page.get_by_test_id("ready").click()
    pages = [anna_page, boris_page]
    for page in pages:
        page.wait_for_function(
            "() => window.__tableClient && window.__tableClient.view && window.__tableClient.view.match",
            timeout=20_000,
        )
    match = Match.objects.get(table=table)
    assert match.seats == [0, 1]
    # one opponent, face to face
    expect(boris_page.locator(".seats .seat")).to_have_count(1)
    expect(boris_page.locator(".seats .seat.pos-top")).to_have_count(1)

    deadline = time.monotonic() + 240
    try:
        while time.monotonic() < deadline:
            if client_view(anna_page).get("result"):
                break
            for page in pages:
                step(page)
            anna_page.wait_for_timeout(60)
    finally:
        boris_page.screenshot(path=str(ARTIFACTS / "durak-two-seats-phone.png"))
    assert client_view(anna_page)["result"], "the one-on-one game did not end in time"
    for page in pages:
        expect(page.locator('[data-summary="match"]')).to_contain_text("Партия окончена")
    match.refresh_from_db()
    assert match.status == "finished"


def test_a_closed_table_is_casual_by_default_and_rated_one_choice_away(live_site: LiveSite, browser):
    User.objects.create_user(username="anna", password=PASSWORD)
    page = new_page(browser, live_site, "anna", PHONE)
    page.goto(live_site.url + "/lobby/")
    page.get_by_test_id("choose-durak").check()
    form = page.get_by_test_id("create-durak")
    rated = page.get_by_test_id("rated-durak")
    assert rated.input_value() == ""  # a public table: rated when only people play
    page.get_by_test_id("private-durak").check()
    assert rated.input_value() == "false"
    assert rated.evaluate("(s) => s.selectedOptions[0].textContent") == "без рейтинга"
    form.get_by_role("button", name="Создать стол").click()
    page.wait_for_url("**/tables/*/")
    table = Table.objects.get()
    assert table.private and table.rated is False
    expect(page.get_by_test_id("table-rated")).to_have_text("без рейтинга")

    # rated is one choice away; the person's own choice stays when the box is ticked after it
    page.goto(live_site.url + "/lobby/")
    page.get_by_test_id("choose-durak").check()
    rated.select_option("true")
    page.get_by_test_id("private-durak").check()
    assert rated.input_value() == "true"
    form.get_by_role("button", name="Создать стол").click()
    page.wait_for_url("**/tables/*/")
    assert Table.objects.order_by("-id").first().rated is True


def test_quick_play_refused_for_an_unfinished_match_links_to_it_and_keeps_the_choice(
    live_site: LiveSite, browser
):
    anna = User.objects.create_user(username="anna", password=PASSWORD)
    table = lobby.play_with_bots(user=anna, game="durak", options={}, level="easy")
    page = new_page(browser, live_site, "anna", PHONE)
    page.goto(live_site.url + "/quick/")
    page.get_by_test_id("quick-mode").select_option("blot")
    page.get_by_test_id("quick-bots").select_option("30")
    page.get_by_test_id("quick-join").click()
    notice = page.get_by_test_id("quick-in-match")
    expect(notice).to_contain_text("Сначала доиграйте начатую партию.")
    expect(page.get_by_test_id("quick-mode")).to_have_value("blot")  # the choice stays
    expect(page.get_by_test_id("quick-bots")).to_have_value("30")
    expect(page.locator(".messages")).to_have_count(0)  # said once, where the link is
    page.get_by_test_id("quick-in-match-link").click()
    page.wait_for_url(f"**/lobby/tables/{table.pk}/")


def test_under_a_playban_the_quick_play_form_is_disabled_with_the_end_and_its_time_zone(
    live_site: LiveSite, browser
):
    boris = User.objects.create_user(username="boris", password=PASSWORD)
    now = timezone.now()
    ends = now + timedelta(minutes=10)
    Playban.objects.create(user=boris, reason="тест", minutes=10, starts_at=now, ends_at=ends)
    page = new_page(browser, live_site, "boris", DESKTOP)
    page.goto(live_site.url + "/quick/")
    expect(page.get_by_test_id("quick-join")).to_be_disabled()
    expect(page.get_by_test_id("quick-mode")).to_be_disabled()
    end = timezone.localtime(ends).strftime("%d.%m.%Y %H:%M")
    banned = page.get_by_test_id("quick-banned")
    expect(banned).to_contain_text(f"Снова можно будет {end} MSK.")
    expect(page.get_by_test_id("playban")).to_contain_text(f"Запрет до {end} MSK.")  # item 13 too
    page.get_by_test_id("quick-banned-lobby").click()
    page.wait_for_url("**/lobby/")
