"""The replay page steps forward on a click and on the arrow key, in a real browser on the live
site (daphne, PostgreSQL, Debian's chromium)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.stats.helpers import play_actions, scripted_table

pytestmark = [pytest.mark.browser, pytest.mark.live, pytest.mark.django_db(transaction=True)]

SPEC = Path(__file__).resolve().parents[1] / "rules" / "scenarios" / "durak" / "durak_game_over_fool_2p.json"


def test_the_replay_steps_forward_on_a_click(live_site, page, make_user):
    spec = json.loads(SPEC.read_text())
    # a public table (anyone may watch it) of two people: no bot seat, so a Celery worker left
    # running by an earlier live test has no bot move to make against the scripted actions
    _, match = scripted_table(spec, people=[make_user(), make_user()])
    play_actions(match, spec)
    page.goto(f"{live_site.url}{reverse('stats:match', args=[match.pk])}")
    replay = page.get_by_test_id("replay")
    expect(replay).to_have_attribute("data-step", "0")
    expect(page.get_by_test_id("replay-pos")).to_contain_text("ход 0 из 6")
    seat0 = replay.locator('.replay-seat[data-seat="0"]')
    expect(seat0.locator('[data-card="Qs"]')).to_have_count(1)

    page.get_by_test_id("replay-next").click()
    expect(replay).to_have_attribute("data-step", "1")
    expect(page.get_by_test_id("replay-pos")).to_contain_text("ход 1 из 6")
    expect(page.get_by_test_id("replay-action")).to_contain_text("подкидывает Д♠")
    expect(seat0.locator('[data-card="Qs"]')).to_have_count(0)
    expect(replay.locator('.replay-table [data-card="Qs"]')).to_have_count(1)

    page.keyboard.press("ArrowRight")
    expect(replay).to_have_attribute("data-step", "2")
    page.keyboard.press("End")
    expect(replay).to_have_attribute("data-step", "6")
    expect(page.get_by_test_id("replay-next")).to_be_disabled()


def test_on_a_phone_the_sheet_shows_what_was_written_without_scrolling(live_site, page, make_user):
    """The phone match page hid «Запись» behind a horizontal scroll (issue #19, item 14)."""
    # two people and no bot seat (a Celery worker left by an earlier live test moves bots)
    spec = json.loads((SPEC.parents[1] / "blot" / "match_won_at_target.json").read_text())
    _, match = scripted_table(spec, people=[make_user(), make_user()])
    play_actions(match, spec)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_site.url}{reverse('stats:match', args=[match.pk])}")
    sheet = page.locator(".stats-sheet")
    expect(sheet).to_be_visible()
    assert sheet.evaluate("t => t.scrollWidth") <= sheet.evaluate("t => t.parentElement.clientWidth")
    written = page.locator(".stats-sheet tbody tr").first.locator("td.score")
    expect(written).to_have_count(2)
    for cell in written.all():
        expect(cell).to_be_in_viewport()
    expect(page.locator(".stats-sheet td.detail").first).to_be_hidden()
    page.set_viewport_size({"width": 1366, "height": 800})
    expect(page.locator(".stats-sheet td.detail").first).to_be_visible()
