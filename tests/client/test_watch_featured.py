"""Issue #36, item 9: «Смотреть» is never empty. When no public table with people is played, the
page features a match of hard bots at a public table of their own, which anyone can open and
watch; the lobby does not list it, and it gives way to the people's tables once they play.
Chromium on a 360×740 touch phone; real daphne, PostgreSQL, Redis, Celery worker."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from apps.accounts.models import User
from apps.lobby import selectors as lobby_selectors
from apps.social import selectors as social_selectors
from apps.tables import seating
from apps.tables.models import Match, Table
from tests.client.test_lobby_feel import PHONE, new_page
from tests.client.test_table_live import PASSWORD
from tests.live import LiveSite, screenshot_dir

pytestmark = [pytest.mark.browser, pytest.mark.live, pytest.mark.django_db(transaction=True)]


def test_a_quiet_site_features_a_match_of_strong_bots(live_site: LiveSite, celery_worker, browser) -> None:
    for name in ("anna", "boris", "vera"):
        User.objects.create_user(username=name, password=PASSWORD)
    page = new_page(browser, live_site, "anna", PHONE)
    try:
        page.goto(f"{live_site.url}/watch/")
        featured = page.get_by_test_id("watch-featured")
        expect(featured).to_have_count(1)
        expect(featured).to_contain_text("играют сильные боты")
        table = Table.objects.get(owner__isnull=True)
        assert table.private is False and table.rated is False
        assert all(seat.bot_level == "hard" and seat.user_id is None for seat in table.seats.all())
        # the suite's bots move without a pause, so the whole match could end before the spectator
        # opens it below (CI: no move in 30 s); a watcher's pace, as the site's bots have
        Match.objects.filter(table=table).update(bot_delay_ms=300)
        page.screenshot(path=str(screenshot_dir() / "watch-featured-360x740.png"))
        # the live list (the page's socket asks every 5 s) keeps showing the same one
        page.wait_for_function("() => window.kartochkiSocial && window.kartochkiSocial.open")
        page.wait_for_timeout(5_500)
        expect(page.get_by_test_id("watch-featured")).to_have_count(1)
        assert Table.objects.filter(owner__isnull=True).count() == 1
        # nobody can sit there: the lobby does not list it
        assert lobby_selectors.open_table(table.pk) is None
        # open it: the bots play on under the spectator's eyes
        page.get_by_test_id("watch-open").first.tap()
        page.wait_for_url(f"**/lobby/tables/{table.pk}/")
        page.wait_for_function("() => window.__tableClient && window.__tableClient.view")
        expect(page.locator("#table-app .me")).to_contain_text("Смотрите как зритель")
        first = page.evaluate("() => window.__tableClient.seq")
        page.wait_for_function(f"() => window.__tableClient.seq > {first}", timeout=30_000)
        # people play at a public table: theirs is the page now
        boris, vera = User.objects.get(username="boris"), User.objects.get(username="vera")
        people = seating.table_create(user=boris, game="durak", options={}, seats=2)
        seating.seat_take(table_id=people.pk, user=vera, seat=1)
        for person in (boris, vera):
            seating.ready_set(table_id=people.pk, user=person, ready=True)
        social_selectors._WATCH.clear()  # the list is built at most every 2 s: no wait for it here
        assert [t["id"] for t in social_selectors.watch_list()["tables"]] == [people.pk]
        # the site's own process holds its copy of the list for 2 s: open the page once it is stale
        page.wait_for_timeout(social_selectors._WATCH_SECONDS * 1000 + 200)
        page.goto(f"{live_site.url}/watch/")
        expect(page.get_by_test_id("watch-featured")).to_have_count(0, timeout=10_000)
        expect(page.get_by_test_id("watch-live")).to_contain_text(f"#{people.pk}")
    finally:
        page.context.close()  # its socket asks for «Смотреть» every 5 s: it must not outlive the test
