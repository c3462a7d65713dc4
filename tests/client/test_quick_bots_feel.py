"""Issue #36, item 4: quick play with bots keeps its promise. «добавить ботов моего уровня через
15 с» seats the player with bots 15 ± 2 s after he asked, and the page counts the seconds down
(chromium on a 360×740 touch phone; real daphne, PostgreSQL, Redis, Celery worker)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from apps.accounts.models import User
from apps.ratings.models import QuickEntry
from tests.client.test_lobby_feel import PHONE, new_page
from tests.client.test_table_live import PASSWORD
from tests.live import LiveSite, screenshot_dir

pytestmark = [pytest.mark.browser, pytest.mark.live]


def test_bots_in_15_s_come_in_15_s_and_the_page_counts_down(
    live_site: LiveSite, celery_worker, browser
) -> None:
    User.objects.create_user(username="anna", password=PASSWORD)
    page = new_page(browser, live_site, "anna", PHONE)
    page.goto(live_site.url + "/quick/")
    page.get_by_test_id("quick-mode").select_option("durak_2")
    page.get_by_test_id("quick-bots").select_option("15")
    page.get_by_test_id("quick-join").tap()
    countdown = page.get_by_test_id("quick-bots-in")
    expect(countdown).to_be_visible()
    page.screenshot(path=str(screenshot_dir() / "quick-bots-countdown-360x740.png"))
    entry = QuickEntry.objects.get(user__username="anna")
    asked = entry.created_at.timestamp()
    seen = []
    while "/quick/" in page.url and time.time() - asked < 40:
        try:
            text = countdown.text_content(timeout=500) or ""
        except PlaywrightError:  # the page moved on to the table meanwhile
            break
        found = re.search(r"через\s+(\d+)\s+с", text)
        if found and countdown.is_visible():
            seen.append(int(found.group(1)))
        page.wait_for_timeout(400)
    page.wait_for_url("**/lobby/tables/*/", timeout=10_000, wait_until="commit")
    # The server's promise: seated 15 ± 2 s after asking.
    entry.refresh_from_db()
    assert entry.status == QuickEntry.Status.SEATED
    seated = entry.seated_at.timestamp()
    assert 13 <= seated - asked <= 17, f"seated {seated - asked:.1f} s after asking for bots in 15 s"
    # The page's: it leaves for the table as soon as it is seated. Timed by the browser itself
    # (the table document's navigation start), not by this test's polling of the countdown nor
    # the table page's load, which took seconds on a loaded box (17.0-18.7 s measured so).
    left = page.evaluate("performance.timeOrigin") / 1000
    assert seated - 0.5 <= left <= seated + 2, f"the page left {left - seated:+.1f} s after the seat"
    assert seen and seen[0] >= 13 and min(seen) <= 3, seen  # counted down from 15 towards 0
    assert seen == sorted(seen, reverse=True), seen
    page.wait_for_function("() => window.__tableClient && window.__tableClient.view", timeout=20_000)
