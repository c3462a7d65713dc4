"""End to end on a 360 px phone: a person plays Дурак with five bots at a six-seat table (36
cards, so the deal uses up the deck) on the real site (daphne, Celery worker, PostgreSQL,
Redis) in Debian's chromium.

The five other seats must all be laid out on the felt inside the phone's width, the trump
card shown with its holder («у Бот 5»: the last card dealt), the event said in the feed, and
the person plays by tapping until the game is over.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from apps.accounts.models import User
from apps.lobby import services as lobby
from tests.client.test_table_live import (
    NATURAL,
    PASSWORD,
    client_view,
    fair,
    log_in,
    my_turn,
    press,
    table_url,
    tap_card,
    tap_table,
)
from tests.live import ARTIFACTS, LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.live]

PHONE = {"width": 360, "height": 740}


def step(page: Page) -> None:
    """One decision by tapping: beat the first unbeaten card with the lowest card that beats it,
    else «Беру»; lead the lowest card; as a thrower say «Бито»."""
    if not my_turn(page):
        return
    view = client_view(page)
    legal, trump, bout, hand = view["legal"], view["trump"], view["table_cards"], view["hand"]
    types = {a["type"] for a in legal}
    if "defend" in types or "take" in types:
        for target in [pair["attack"] for pair in bout if not pair["defence"]]:
            beaters = (c for c in hand if fair(c, target, trump))
            options = sorted(beaters, key=lambda c: (c[1] == trump, NATURAL.index(c[0])))
            if options:
                tap_card(page, options[0])
                if page.locator(f'.hand-card.is-selected[data-card="{options[0]}"]').count():
                    tap_table(page, target)
                return
        press(page, '[data-action="take"]')
        return
    if not bout and "attack" in types:
        tap_card(page, min(hand, key=lambda c: (c[1] == trump, NATURAL.index(c[0]))))
        return
    if "done" in types:
        press(page, '[data-action="done"]')


def test_a_person_and_five_bots_play_six_player_durak_on_a_phone(live_site: LiveSite, celery_worker, browser):
    User.objects.create_user(username="vera", password=PASSWORD)
    user = User.objects.get(username="vera")
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    log_in(page, live_site, "vera")
    table = lobby.play_with_bots(
        user=user, game="durak", options={}, level="easy", seats=6, time_scale=0.5, bot_delay_ms=100
    )
    page.goto(table_url(live_site, table.pk))
    page.wait_for_function("() => window.__tableClient && window.__tableClient.view", timeout=20_000)
    view = client_view(page)
    assert [s["seat"] for s in view["seats"]] == [0, 1, 2, 3, 4, 5]
    assert view["stock"] == 0 and view["trump_holder"] == 5 and view["trump_card"]

    # every other seat is on the felt, inside the phone's width, each at its own place (measured
    # in one go: the seats are drawn anew on every change of the table)
    page.screenshot(path=str(ARTIFACTS / "live-durak-six-phone-start.png"))
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('.seats .seat')].map((el) => {
            const r = el.getBoundingClientRect();
            return {cls: el.className, x: r.left, w: r.width, y: r.top, h: r.height};
        })"""
    )
    assert len(boxes) == 5, boxes
    for box in boxes:
        assert box["w"] > 0 and box["x"] >= 0 and box["x"] + box["w"] <= PHONE["width"] + 1, boxes
    for pos in ("pos-left", "pos-top-left", "pos-top", "pos-top-right", "pos-right"):
        assert sum(pos in b["cls"].split() for b in boxes) == 1, (pos, boxes)
    # the trump card and its holder (the trump_shown event went out with the start, before this
    # page connected: play_with_bots starts at once)
    expect(page.locator(".deck-holder")).to_have_text("у Бот 5")
    expect(page.locator(".deck-up")).to_be_visible()
    # both boxes read in one go: the bots play on, and the deck is drawn anew on every change
    boxes = page.wait_for_function(
        """() => {
            const holder = document.querySelector('.deck-holder');
            const card = document.querySelector('.deck-up');
            if (!holder || !card) return null;
            const h = holder.getBoundingClientRect(), c = card.getBoundingClientRect();
            return {holder: h.left, card: c.left, width: c.width};
        }"""
    ).json_value()
    assert boxes["holder"] >= boxes["card"] + boxes["width"] - 2, boxes

    deadline = time.monotonic() + 300
    try:
        while time.monotonic() < deadline:
            current = client_view(page)
            if current.get("result"):
                break
            step(page)
            page.wait_for_timeout(60)
    finally:
        page.screenshot(path=str(ARTIFACTS / "live-durak-six-phone.png"))
    final = client_view(page)
    assert final["result"], "the six-player game did not end in time"
    assert final["phase"] == "match_over"
    expect(page.locator('[data-summary="match"]')).to_contain_text("Партия окончена")
    context.close()
