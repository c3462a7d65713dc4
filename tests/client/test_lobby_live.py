"""End to end through the lobby, by clicking (real daphne, Celery worker, PostgreSQL, Redis,
Debian's chromium): the way a player gets to a table, on a phone and on a desktop.

- Phone (375x812): «Играть с ботами» in one click starts a Деберц game; back in the lobby
  «Продолжить партию» returns to the same match; starting another game with bots (Дурак,
  переводной, from its own form) asks «Начать новую партию?» with the seed's words, and the
  new game replaces the old one, which is recorded as the person's loss.
- Desktop (1440x900): a Базар-блот table created with its options (to 51, the «Кухня» table),
  bots seated with their level from the waiting page, «Готов»: the match starts in front of
  the person, with the options and the bots' levels on the table.

Screenshots of the lobby and the tables at both sizes go to ``test-artifacts/``.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from apps.accounts.models import User
from apps.tables import seating
from apps.tables.models import Match, Table
from tests.client.test_table_live import PASSWORD, client_view, log_in
from tests.live import ARTIFACTS, LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.live]

PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1440, "height": 900}


def new_page(browser, viewport: dict) -> tuple[Page, list[str]]:
    context = browser.new_context(viewport=viewport, locale="ru-RU")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page, errors


def shot(page: Page, name: str) -> None:
    """Save a screenshot; the page must not scroll sideways."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(
        path=str(ARTIFACTS / f"{name}-{width}x{page.viewport_size['height']}.png"), full_page=True
    )


def table_id(page: Page) -> int:
    """The id of the table whose page is open (``/lobby/tables/<id>/``)."""
    return int(re.search(r"/tables/(\d+)/", page.url).group(1))


def table_on(page: Page) -> dict:
    """Wait for the table client to show a match; return its view."""
    expect(page.locator("#table-app .conn")).to_have_class("conn conn-open")
    page.wait_for_function("() => window.__tableClient && window.__tableClient.view")
    return client_view(page)


def test_play_with_bots_continue_and_replace_on_a_phone(live_site: LiveSite, celery_worker, browser) -> None:
    anna = User.objects.create_user(username="anna", password=PASSWORD)
    page, errors = new_page(browser, PHONE)
    log_in(page, live_site, "anna")
    lobby_url = f"{live_site.url}{reverse('lobby:home')}"
    page.goto(lobby_url)
    expect(page.get_by_test_id("continue")).to_have_count(0)
    shot(page, "live-lobby")

    # «Играть с ботами» in one click: a Деберц game with an easy bot
    form = page.get_by_test_id("play-with-bots")
    form.locator("select[name=game]").select_option("deberc")
    form.locator("select[name=level]").select_option("easy")
    form.locator("button[type=submit]").click()
    view = table_on(page)
    first_url = page.url
    assert view["game"] == "deberc" and view["seat"] == 0 and len(view["seats"]) == 2
    bot = next(s for s in view["seats"] if s["seat"] == 1)
    assert bot["bot"] == "easy"
    expect(page.locator('.seat[data-seat="1"]')).to_contain_text("бот · лёгкий")
    shot(page, "live-lobby-deberc-table")

    # back in the lobby: «Продолжить партию» returns to the same match
    page.goto(lobby_url)
    expect(page.get_by_test_id("continue")).to_contain_text("У вас есть незавершённая партия.")
    page.get_by_test_id("continue").get_by_role("link", name="Продолжить партию").click()
    assert table_on(page)["match"] == view["match"]
    assert page.url == first_url

    # another game with bots, from Дурак's own form (переводной): asked first, then replaced
    page.goto(lobby_url)
    page.get_by_test_id("choose-durak").check()
    durak = page.get_by_test_id("create-durak")
    durak.locator("select[name=durak-transfer]").select_option("true")
    durak.get_by_test_id("bots-durak").click()
    confirm = page.get_by_test_id("confirm-new")
    expect(confirm.locator("h1")).to_have_text("Начать новую партию?")
    expect(confirm).to_contain_text("У вас есть незавершённая партия с ботом. Новая партия заменит её.")
    expect(confirm).to_contain_text("Незавершённая партия будет засчитана вам как поражение.")
    shot(page, "live-lobby-confirm-new")
    confirm.get_by_role("button", name="Начать новую").click()
    durak_view = table_on(page)
    assert durak_view["game"] == "durak" and durak_view["options"]["transfer"] is True
    assert page.url != first_url
    expect(page.locator(".tbar-title")).to_contain_text("переводной")
    # the replaced Деберц match is over, lost by the person who left it
    old = Match.objects.get(pk=view["match"])
    assert old.status != Match.Status.PLAYING
    assert old.result and 0 not in old.result.get("winners", [0])
    shot(page, "live-lobby-durak-table")
    assert Table.objects.filter(owner=anna).count() == 2
    assert errors == []
    page.context.close()


def test_create_a_table_seat_bots_and_start_on_a_desktop(live_site: LiveSite, celery_worker, browser) -> None:
    anna = User.objects.create_user(username="anna", password=PASSWORD)
    page, errors = new_page(browser, DESKTOP)
    log_in(page, live_site, "anna")
    page.goto(f"{live_site.url}{reverse('lobby:home')}")
    shot(page, "live-lobby")

    # a Базар-блот table to 51 on the «Кухня» table
    form = page.get_by_test_id("create-bazar_blot")
    form.locator("select[name=bazar_blot-target]").select_option("51")
    form.get_by_test_id("more-options").locator("summary").click()
    form.locator("select[name=bazar_blot-theme]").select_option("kitchen")
    form.get_by_role("button", name="Создать стол").click()
    seats = page.get_by_test_id("seats")
    expect(seats).to_be_visible()
    expect(seats.locator('[data-seat="0"]')).to_contain_text("anna")
    # the owner seats bots with their level from this page
    for seat, level in ((1, "hard"), (2, "normal")):
        row = page.get_by_test_id("seats").locator(f'[data-seat="{seat}"]')
        row.locator("select[name=level]").select_option(level)
        row.get_by_role("button", name="Посадить бота").click()
        expect(page.get_by_test_id("seats").locator(f'[data-seat="{seat}"]')).to_contain_text(f"Бот {seat}")
    # the page stays put while nothing changes (its own connection is no reason to reload)...
    page.evaluate("() => { window.__stayed = true; }")
    page.wait_for_timeout(1500)
    assert page.evaluate("() => window.__stayed === true")
    # ...and follows a change made elsewhere (the same owner in another tab seats the last bot)
    seating.bots_set(table_id=table_id(page), user=anna, seat=3, level="easy")
    expect(page.get_by_test_id("seats").locator('[data-seat="3"]')).to_contain_text("Бот 3")
    assert page.evaluate("() => window.__stayed === undefined")  # reloaded by itself
    shot(page, "live-waiting-table")
    # «Готов»: everyone is seated and bots are always ready, so the match starts
    page.get_by_test_id("ready").click()
    view = table_on(page)
    assert view["game"] == "bazar_blot" and view["options"]["target"] == 51
    assert view["options"]["theme"] == "kitchen"
    assert page.get_attribute("#table-app", "data-theme") == "kitchen"
    assert {s["seat"]: s["bot"] for s in view["seats"] if s["bot"]} == {1: "hard", 2: "normal", 3: "easy"}
    expect(page.locator('.seat[data-seat="1"]')).to_contain_text("бот · сложный")
    expect(page.locator(".tbar-title")).to_contain_text("до 51")
    shot(page, "live-lobby-bazar-kitchen-table")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    shot(page, "live-lobby-bazar-kitchen-table")
    assert errors == []
    page.context.close()


def test_the_new_table_form_asks_the_game_first_and_fits_a_phone_screen(live_site: LiveSite, browser) -> None:
    """«Новый стол» was a ~2,400 px wall of 19 selects (issue #19, item 15): the game first, then
    only its main options, the rest under «Ещё настройки»; one screen on a 360×740 phone."""
    User.objects.create_user(username="anna", password=PASSWORD)
    page, errors = new_page(browser, {"width": 360, "height": 740})
    log_in(page, live_site, "anna")
    page.goto(f"{live_site.url}{reverse('lobby:home')}")
    section = page.locator(".new-table")
    forms = section.locator("form[data-game]")
    expect(forms).to_have_count(4)
    for game in ("bazar_blot", "blot", "deberc", "durak"):
        page.get_by_test_id(f"choose-{game}").check()
        shown = [f.get_attribute("data-game") for f in forms.all() if f.is_visible()]
        assert shown == [game]
        form = page.get_by_test_id(f"create-{game}")
        top = section.locator(".game-choice").bounding_box()["y"]
        bottom = form.locator(".form-actions").bounding_box()
        assert bottom["y"] + bottom["height"] - top <= 740, (game, bottom, top)
        # the game's main choices (the bot level beside «Играть с ботами» aside)
        visible = [s for s in form.locator("select:not(.form-actions select)").all() if s.is_visible()]
        assert 1 <= len(visible) <= 6, (game, len(visible))
    # Gambler's own option appears with Gambler only
    page.get_by_test_id("choose-bazar_blot").check()
    form = page.get_by_test_id("create-bazar_blot")
    form.get_by_test_id("more-options").locator("summary").click()
    solo = form.locator("select[name=bazar_blot-solo_capot]")
    expect(solo).to_be_hidden()
    form.locator("select[name=bazar_blot-ruleset]").select_option("gambler")
    expect(solo).to_be_visible()
    # a Durak table from its form, with a deck chosen among the main options
    page.get_by_test_id("choose-durak").check()
    durak = page.get_by_test_id("create-durak")
    durak.locator("select[name=durak-deck]").select_option("24")
    durak.get_by_role("button", name="Создать стол").click()
    expect(page.get_by_test_id("seats")).to_be_visible()
    table = Table.objects.get(owner__username="anna")
    assert table.game == "durak" and table.options["deck"] == 24
    assert errors == []
    page.context.close()
