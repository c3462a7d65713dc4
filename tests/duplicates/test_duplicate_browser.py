"""End to end: two people play the same «Дубль» set in Debian's chromium on the real site
(daphne, Celery worker, PostgreSQL, Redis) — one at desktop size, one at phone size — each
sees «Сдача n из K» at his table, then the comparison with both results."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from apps.accounts.models import User
from apps.duplicates import services
from tests.live import ARTIFACTS, LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.live]

PASSWORD = "Kartochki-2026!"
SET_SECONDS = 240


def log_in(page: Page, live_site: LiveSite, username: str) -> None:
    page.goto(f"{live_site.url}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.get_by_test_id("current-user")).to_have_text(username)


def play_the_set(page: Page, deals: int) -> None:
    """Click a playable card when there is one; any other decision (take, pass, name a trump)
    through the table client's own ``act`` (its socket); until the match is over."""
    seen = set()
    deadline = time.monotonic() + SET_SECONDS
    while time.monotonic() < deadline:
        state = page.evaluate(
            "() => { const c = window.__tableClient; if (!c || !c.view) return null;"
            " const p = document.querySelector('[data-testid=duplicate-progress]');"
            " return {phase: c.view.phase, pending: c.pending, legal: c.view.legal || [],"
            " progress: p ? p.textContent : null}; }"
        )
        if state is None:
            page.wait_for_timeout(100)
            continue
        if state["progress"]:
            seen.add(state["progress"].strip(" ·"))
        if state["phase"] == "match_over":
            break
        if state["pending"] or not state["legal"]:
            page.wait_for_timeout(80)
            continue
        playable = page.locator(".hand-card.is-playable")
        if any("card" in a for a in state["legal"]) and playable.count():
            playable.first.click()
        else:
            page.evaluate("() => window.__tableClient.act(window.__tableClient.view.legal[0])")
        page.wait_for_timeout(60)
    else:
        raise AssertionError("the set was not finished in time")
    assert f"Сдача 1 из {deals}" in seen and f"Сдача {deals} из {deals}" in seen, seen


def test_two_people_play_the_same_set_and_see_the_comparison(
    live_site: LiveSite, celery_worker, browser
) -> None:
    anna = User.objects.create_user(username="anna", password=PASSWORD)
    User.objects.create_user(username="boris", password=PASSWORD)
    dset = services.set_create(user=anna, mode="blot", deals=2, open_minutes=60, private=True)
    link = f"{live_site.url}{reverse('duplicates:link', args=[dset.code])}"
    ARTIFACTS.mkdir(exist_ok=True)
    boards = {}
    for name, size in (("anna", {"width": 1280, "height": 800}), ("boris", {"width": 375, "height": 812})):
        context = browser.new_context(viewport=size)
        context.set_default_timeout(20_000)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        log_in(page, live_site, name)
        page.goto(link)
        if name == "anna":
            expect(page.get_by_test_id("duplicate-link")).to_contain_text(dset.code)
        expect(page.get_by_test_id("duplicate-commitment")).to_have_text(dset.commitment)
        page.get_by_test_id("duplicate-play").click()
        page.wait_for_function("() => window.__tableClient && window.__tableClient.view")
        expect(page.get_by_test_id("duplicate-progress")).to_contain_text("Сдача 1 из 2")
        play_the_set(page, 2)
        page.screenshot(path=str(ARTIFACTS / f"duplicate-table-{name}-{size['width']}.png"))
        # no «Ещё партию» at a set's table (each set is played once): its results instead
        expect(page.locator('[data-control="duplicate-results"]')).to_be_visible()
        expect(page.locator('[data-control="rematch"]')).to_have_count(0)
        page.locator('[data-control="duplicate-results"]').click()
        page.wait_for_url(link)
        expect(page.get_by_test_id("duplicate-score")).to_contain_text("%")
        board = page.get_by_test_id("duplicate-board")
        expect(board.locator("tbody tr.is-you")).to_contain_text(name)
        boards[name] = board.inner_text()
        assert page.get_by_test_id("best-replay").count() == 2
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"] + 1
        page.screenshot(path=str(ARTIFACTS / f"duplicate-results-{name}-{size['width']}.png"), full_page=True)
        assert errors == []
        context.close()
    # anna finished alone first: only her line; boris sees both of them
    assert "anna" in boards["anna"] and "boris" not in boards["anna"]
    assert "anna" in boards["boris"] and "boris" in boards["boris"]
