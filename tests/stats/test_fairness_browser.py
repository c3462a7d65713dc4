"""«Проверить раздачи» in a real browser (issue #31): static/js/fairness.js passes docs/rules.md §3's
test vectors with WebCrypto, and the page of a finished live match marks every deal ✓, and ✗
for a tampered record."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from apps.tables.models import Match
from apps.tables.selectors import match_record
from tests.tables.helpers import bot_table, drive_bots

pytestmark = [pytest.mark.browser, pytest.mark.live, pytest.mark.django_db(transaction=True)]


def _finished_bot_match() -> Match:
    table = bot_table("durak", {}, level="easy", time_scale=10)
    match = drive_bots(table.matches.get().pk)
    assert match.status == Match.Status.FINISHED
    return match


def test_the_browser_code_passes_the_fairness_vectors(live_site, page):
    match = _finished_bot_match()
    page.goto(f"{live_site.url}{reverse('stats:match_verify', args=[match.pk])}")
    results = page.evaluate(
        """async () => {
            const m = await import("/static/js/fairness.js");
            return await m.selfTest();
        }"""
    )
    assert [r["name"] for r in results] == [
        "commitment",
        '24/""/0',
        '32/"alice:"/0',
        '36/"x:y:"/1',
        '52/""/dealer',
    ]
    assert all(r["ok"] for r in results), results
    # the same code recomputes a deal as the server does: its client string and layout
    record = match_record(match)
    got = page.evaluate(
        """async (record) => {
            const m = await import("/static/js/fairness.js");
            return (await m.verifyRecord(record)).deals.map((d) => d.expected);
        }""",
        record,
    )
    assert got[0]["stock"] == record["deals"][0]["stock"]


def test_the_verify_page_shows_a_tick_per_deal_and_a_cross_for_a_tampered_record(live_site, page):
    match = _finished_bot_match()
    page.goto(f"{live_site.url}{reverse('stats:match', args=[match.pk])}")
    expect(page.get_by_test_id("fairness-server-seed")).to_have_text(match.server_seed)
    page.get_by_test_id("verify-link").click()
    status = page.get_by_test_id("verify-status")
    expect(status).to_have_attribute("data-done", "1")
    expect(status).to_have_attribute("data-ok", "1")
    deals = page.get_by_test_id("verify-deal")
    expect(deals).to_have_count(match.deal_records.count())
    for row in deals.all():
        expect(row).to_have_attribute("data-ok", "1")
        expect(row).to_contain_text("✓")
    expect(page.get_by_test_id("verify-commitment")).to_have_text("✓")

    record = match_record(match)
    hands = record["deals"][0]["hands"]
    a, b = sorted(k for k, v in hands.items() if v)[:2]
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]  # one card moved to another hand
    page.get_by_text("Проверить другую запись").click()
    page.get_by_test_id("verify-input").fill(json.dumps(record))
    page.get_by_test_id("verify-run").click()
    expect(status).to_have_attribute("data-ok", "0")
    expect(page.get_by_test_id("verify-deal").first).to_have_attribute("data-ok", "0")
    expect(page.get_by_test_id("verify-deal").first).to_contain_text("✗")

    record = match_record(match)
    record["fairness"]["server_seed"] = "00" * 32  # another seed: the commitment fails
    page.get_by_test_id("verify-input").fill(json.dumps(record))
    page.get_by_test_id("verify-run").click()
    expect(page.get_by_test_id("verify-commitment")).to_have_text("✗")
    expect(status).to_have_attribute("data-ok", "0")
