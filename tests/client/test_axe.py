"""Accessibility (issue #36, «Beyond the list»): axe-core (npm ``axe-core``, pinned in
package.json) runs in chromium over every page of the site — signed out and signed in, the
social pages, the waiting table and the table in play, a match record — at both sizes (the
1366×800 desktop and the 360×740 touch phone): no serious or critical violation.

axe is put into each page through the DevTools protocol (``page.evaluate``), which the site's
Content-Security-Policy does not apply to: the pages are tested as served."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from apps.accounts.models import User
from apps.lobby import services as lobby
from apps.social import services as social
from apps.social.models import FriendRequest
from apps.tables import seating
from apps.tables.models import Match
from tests.client.test_table_live import PASSWORD, log_in
from tests.live import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.live]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {
    "desktop": {"viewport": {"width": 1366, "height": 800}},
    "phone": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True},
}
BAD = ("serious", "critical")


def axe_violations(page: Page) -> list[dict]:
    """axe's serious and critical violations of the page as it is now (each with its nodes)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text())
    found = page.evaluate(
        """async () => {
          const result = await window.axe.run(document, { resultTypes: ["violations"] });
          return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.filter((n) => ["serious", "critical"].includes(n.impact))
              .map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })).slice(0, 5) }));
        }"""
    )
    return [v for v in found if v["impact"] in BAD]


def check(page: Page, url: str, report: dict, ready: str | None = None) -> None:
    page.goto(url)
    if ready:
        page.wait_for_function(ready, timeout=20_000)
    page.wait_for_load_state("networkidle")
    bad = axe_violations(page)
    if bad:
        report[url.split("//", 1)[-1].split("/", 1)[-1]] = bad


def the_site(live_site: LiveSite) -> dict:
    """People, a friendship, a waiting table, a table in play, a finished match."""
    anna = User.objects.create_user(username="anna", password=PASSWORD)
    boris = User.objects.create_user(username="boris", password=PASSWORD)
    social.friend_request(user=anna, username="boris")
    social.friend_accept(user=boris, request_id=FriendRequest.objects.get().pk)
    waiting = seating.table_create(user=boris, game="blot", options={})
    finished = lobby.play_with_bots(user=anna, game="durak", options={}, level="easy")
    seating.match_leave(table=finished, user=anna)
    match = Match.objects.get(table=finished)
    playing = lobby.play_with_bots(user=anna, game="bazar_blot", options={}, level="easy")
    return {"waiting": waiting.pk, "playing": playing.pk, "match": match.pk}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", list(SIZES))
def test_every_page_has_no_serious_accessibility_violation(live_site: LiveSite, celery_worker, browser, size):
    ids = the_site(live_site)
    context = browser.new_context(locale="ru-RU", **SIZES[size])
    context.set_default_timeout(20_000)
    page = context.new_page()
    report: dict = {}
    try:
        base = live_site.url
        for path in ("/", "/accounts/login/", "/accounts/signup/", "/ratings/", "/tournaments/", "/nowhere/"):
            check(page, base + path, report)
        log_in(page, live_site, "anna")
        for path in (
            "/",
            "/lobby/",
            "/quick/",
            "/friends/",
            "/watch/",
            "/ratings/",
            "/ratings/durak_2/",
            "/ratings/players/anna/",
            "/results/",
            f"/matches/{ids['match']}/",
            f"/matches/{ids['match']}/verify/",
            "/accounts/profile/",
            "/tournaments/",
            "/tournaments/new/",
            "/duplicates/",
            f"/lobby/tables/{ids['waiting']}/",
            "/offline/ru/",
        ):
            check(page, base + path, report)
        check(
            page,
            f"{base}/lobby/tables/{ids['playing']}/",
            report,
            ready="() => window.__tableClient && window.__tableClient.view",
        )
        # the table's chat and menu open, too
        page.locator('#table-app [data-control="chat"]').click()
        expect(page.get_by_test_id("chat")).to_be_visible()
        bad = axe_violations(page)
        if bad:
            report["table with the chat open"] = bad
    finally:
        context.close()
    assert not report, json.dumps(report, ensure_ascii=False, indent=1)
