"""The table client and «Капо на 1 руке» (Gambler ``solo_capot``), in Debian's chromium.

Real engine views go into the client mounted on ``tests/client/harness.html`` (no socket, as in
``test_table_render.py``): the auction offers the solo capot next to the capot and sends the
right one; in the play the sitting partner's hand lies face down and out of play, for himself
and for the others; the top bar names the contract. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from apps.rules import api
from tests.client import test_table_render as render
from tests.client import views
from tests.client.test_table_render import DESKTOP, PHONE, feed, sent, shot

#: The harness fixtures of the rendering tests (the server of the repository's files, a page).
static_url = render.static_url
open_table = render.open_table

pytestmark = pytest.mark.browser

OPTIONS = {"ruleset": "gambler", "solo_capot": True}
DEAL = {
    "hands": {
        "0": ["Th", "Jh", "Td", "Jd", "Qd", "9c", "8c", "7c"],
        "1": ["Ah", "Kh", "Qh", "7h", "7d", "8d", "9d", "Ac"],
        "2": ["7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As"],
        "3": ["Kc", "Qc", "Jc", "Tc", "8h", "9h", "Ad", "Kd"],
    },
    "stock": [],
}


def auction_after_a_capot():
    """Dealer 2: seat 3 speaks first and bids a capot in spades; seat 0 (the person) speaks."""
    state = api.new_match("bazar_blot", OPTIONS, deals=[DEAL], dealer=2)
    _, events = api.apply(state, 3, {"type": "capot", "trump": "s"})
    assert api.to_act(state) == [0, 2]
    return state, events


def solo_play():
    """Dealer 3: seat 2 bids a solo capot in spades, everybody passes: seat 0 (his partner)
    sits out, seat 1 leads."""
    state = api.new_match("bazar_blot", OPTIONS, deals=[DEAL], dealer=3)
    for seat, action in [
        (0, {"type": "pass"}),
        (1, {"type": "pass"}),
        (2, {"type": "capot", "trump": "s", "solo": True}),
        (3, {"type": "pass"}),
        (0, {"type": "pass"}),
        (1, {"type": "pass"}),
        (2, {"type": "pass"}),
        (1, {"type": "play", "card": "Ah"}),
    ]:
        _, events = api.apply(state, seat, action)
    assert state.sitting == 0 and api.to_act(state) == [2]
    return state, events


def test_the_auction_offers_the_solo_capot_and_sends_it(open_table):
    state, events = auction_after_a_capot()
    page = open_table(DESKTOP)
    feed(page, views.frame(state, 0, seq=3, events=events))
    page.click('.bid-trumps [data-trump="s"]')
    expect(page.locator('[data-action="solo-capot"]')).to_have_text("Капо на 1 руке ♠")
    # After a capot in spades a plain spade capot is not legal; the solo capot is.
    assert page.is_disabled('[data-action="capot"]')
    assert page.is_enabled('[data-action="solo-capot"]')
    assert page.inner_text('.seat[data-seat="3"] .seat-bubble') == "Капот ♠"
    shot(page, "table-solo-capot-auction-1440x900")
    page.click('[data-action="solo-capot"]')
    assert sent(page) == [
        {"op": "act", "seq": 3, "action": {"type": "capot", "trump": "s", "solo": True}, "id": "a1"}
    ]
    assert page.js_errors == []


def test_the_plain_capot_button_sends_a_plain_capot(open_table):
    state = api.new_match("bazar_blot", OPTIONS, deals=[DEAL], dealer=3)
    page = open_table(DESKTOP)
    feed(page, views.frame(state, 0, seq=1))
    page.click('.bid-trumps [data-trump="h"]')
    expect(page.locator('[data-action="capot"]')).to_have_text("Капот ♥")
    page.click('[data-action="capot"]')
    assert sent(page)[0]["action"] == {"type": "capot", "trump": "h"}


def test_no_solo_button_where_the_option_is_off(open_table):
    state = api.new_match("bazar_blot", {"ruleset": "gambler"}, deals=[DEAL], dealer=3)
    page = open_table(DESKTOP)
    feed(page, views.frame(state, 0, seq=1))
    expect(page.locator('[data-action="capot"]')).to_be_visible()
    assert page.locator('[data-action="solo-capot"]').count() == 0


def test_the_sitting_partner_sees_his_hand_face_down(open_table):
    state, events = solo_play()
    page = open_table(PHONE)
    feed(page, views.frame(state, 0, seq=9, events=events))
    cards = page.locator(".hand-card")
    expect(cards).to_have_count(8)
    assert page.locator(".hand-card.is-face-down").count() == 8
    assert page.locator(".hand.is-out-of-play").count() == 1
    # Nothing to play, no face on the cards.
    assert page.locator(".hand-card .card-face, .hand-card.is-playable").count() == 0
    expect(page.locator(".me .tag-sitting")).to_have_text("не играет")
    expect(page.locator(".tbar-info")).to_contain_text("Капо на 1 руке")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "table-solo-capot-partner-375x812")
    assert page.js_errors == []


def test_the_others_see_the_partner_out_of_play(open_table):
    state, events = solo_play()
    page = open_table(DESKTOP)
    feed(page, views.frame(state, 2, seq=9, events=events, bots={0: "normal", 1: "normal", 3: "hard"}))
    partner = page.locator('.seat[data-seat="0"]')
    expect(partner).to_have_class(re.compile(r"\bis-sitting\b"))
    expect(partner.locator(".tag-sitting")).to_have_text("не играет")
    expect(partner.locator(".seat-backs.is-out-of-play .seat-count")).to_have_text("8")
    assert page.locator('.seat[data-seat="1"] .seat-backs.is-out-of-play').count() == 0
    # The bidder plays: his cards are playable, the trick shows seat 1's ace.
    assert page.locator(".hand-card").count() == 8
    expect(page.locator(".tbar-info")).to_contain_text("Капо на 1 руке ♠")
    shot(page, "table-solo-capot-bidder-1440x900")
    assert page.js_errors == []


def test_english_labels(open_table):
    state, events = auction_after_a_capot()
    page = open_table(DESKTOP, lang="en")
    feed(page, views.frame(state, 0, seq=3, events=events))
    page.click('.bid-trumps [data-trump="s"]')
    expect(page.locator('[data-action="solo-capot"]')).to_have_text("Solo capot ♠")
    state, events = solo_play()
    feed(page, views.frame(state, 0, seq=9, events=events))
    expect(page.locator(".me .tag-sitting")).to_have_text("sits out")
