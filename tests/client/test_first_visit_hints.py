"""First-visit hints (issue #36, «Beyond the list»): the first time at a table, three short hints
show the controls one after another (the hand, the action buttons, the top bar); once seen or
dismissed they never come back in this browser. A spectator gets none. Chromium on the harness
(``?tour=1``: a browser that never sat at a table), on the 360×740 touch phone and the desktop."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.client import views
from tests.client.test_social_feel import PHONE, durak_in_play
from tests.client.test_table_render import DESKTOP, feed, static_url  # noqa: F401
from tests.live import screenshot_dir

pytestmark = pytest.mark.browser


@pytest.fixture
def first_visit(browser, static_url):  # noqa: F811
    """``first_visit(phone)`` → (context, open()): ``open()`` loads the harness as a first-time
    visitor's page in that browser context (its storage kept between pages)."""
    contexts = []

    def _make(phone: bool = True):
        context = browser.new_context(
            viewport=PHONE if phone else DESKTOP, locale="ru-RU", is_mobile=phone, has_touch=phone
        )
        contexts.append(context)

        def _open():
            page = context.new_page()
            page.goto(f"{static_url}/tests/client/harness.html?tour=1")
            page.wait_for_function("window.__tableClient !== undefined")
            return page

        return _open

    yield _make
    for context in contexts:
        context.close()


def press(page, control: str, phone: bool) -> None:
    button = page.locator(f'[data-control="{control}"]')
    button.tap() if phone else button.click()


@pytest.mark.parametrize("phone", [True, False])
def test_three_hints_show_the_controls_once_and_never_again(first_visit, phone) -> None:
    open_page = first_visit(phone)
    page = open_page()
    feed(page, views.frame(durak_in_play(), 0, seq=1, bots={}))
    tour = page.get_by_test_id("tour")
    app = page.locator("#table-app")
    expect(tour).to_contain_text("1 из 3")
    expect(tour).to_contain_text("Ваши карты — внизу")
    expect(app).to_have_class(re.compile(r"\btour-hand\b"))
    size = "360x740" if phone else "1440x900"
    page.screenshot(path=str(screenshot_dir() / f"first-visit-hints-{size}.png"))
    # the hint lies over nothing: every card of the hand can still be played
    card = page.locator(".hand .hand-card").first
    box, hint = card.bounding_box(), tour.bounding_box()
    assert box["y"] >= hint["y"] + hint["height"] or box["y"] + box["height"] <= hint["y"]
    press(page, "tour-next", phone)
    expect(tour).to_contain_text("2 из 3")
    expect(tour).to_contain_text("кнопки хода")
    expect(app).to_have_class(re.compile(r"\btour-panel\b"))
    press(page, "tour-next", phone)
    expect(tour).to_contain_text("3 из 3")
    expect(page.locator('[data-control="tour-next"]')).to_have_text("Понятно")
    press(page, "tour-next", phone)
    expect(tour).to_be_hidden()
    assert "tour-" not in (app.get_attribute("class") or "")
    # the next table in this browser: no hints
    again = open_page()
    feed(again, views.frame(durak_in_play(), 0, seq=1, bots={}))
    expect(again.locator(".hand .hand-card").first).to_be_visible()
    expect(again.get_by_test_id("tour")).to_be_hidden()


def test_the_cross_ends_the_hints_for_good_and_a_spectator_gets_none(first_visit) -> None:
    open_page = first_visit(True)
    watcher = open_page()
    spectator = views.frame(durak_in_play(), 0, seq=1, bots={})
    spectator["view"]["seat"] = None
    spectator["view"]["hand"], spectator["view"]["legal"] = [], []
    feed(watcher, spectator)
    expect(watcher.locator("#table-app .me")).to_contain_text("Смотрите как зритель")
    expect(watcher.get_by_test_id("tour")).to_be_hidden()
    page = open_page()
    feed(page, views.frame(durak_in_play(), 0, seq=1, bots={}))
    expect(page.get_by_test_id("tour")).to_contain_text("1 из 3")
    page.locator('[data-control="tour-close"]').tap()
    expect(page.get_by_test_id("tour")).to_be_hidden()
    later = open_page()
    feed(later, views.frame(durak_in_play(), 0, seq=1, bots={}))
    expect(later.locator(".hand .hand-card").first).to_be_visible()
    expect(later.get_by_test_id("tour")).to_be_hidden()
