"""The trick's last card and the deal's summary are shown (issue #19, item 3), in chromium.

The last card of a trick arrives in the frame that also clears the table (and, at a deal's
end, starts the next auction). With the server's ``hold_ms`` the client shows the full trick
with who took it, and the deal's summary, for that long, then the view that follows. Real engine
states (a random Базар-блот with seeded legal play) go in through the fake transport.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from apps.rules import api
from apps.tables import clock
from tests.client import views
from tests.client.test_table_render import DESKTOP, PHONE, feed, open_table, shot, static_url  # noqa: F401

pytestmark = pytest.mark.browser


def play_until(state, wanted: str, rng: random.Random):
    """Play seeded legal moves until the next one (played by a card) produces event ``wanted``;
    return (frame of seat 0 before it, frame of seat 0 after it with the server's hold)."""
    seq = 1
    for _ in range(2000):
        seat = api.to_act(state)[0]
        legal = api.legal_actions(state, seat)
        action = rng.choice(legal)
        trial = state.copy()
        _, events = api.apply(trial, seat, action)
        if "card" in action and any(e["type"] == wanted for e in events):
            before = views.frame(state, 0, seq)
            moved = {"type": "move", "seat": seat, "action": action, "by": "bot"}
            after = views.frame(trial, 0, seq + 1, events=[moved, *events])
            after["hold_ms"] = clock.hold_ms(events)
            return before, after, action
        api.apply(state, seat, action)
        seq += 1
    raise AssertionError(f"no {wanted} event")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_completed_trick_then_the_deal_summary_are_held_on_screen(open_table, viewport):  # noqa: F811
    state = api.new_match("bazar_blot", {}, seed=4)
    rng = random.Random(4)
    page = open_table(viewport)
    before, after, action = play_until(state, "trick", rng)
    assert len(before["view"]["table_cards"]) == 3 and after["view"]["table_cards"] == []
    feed(page, before)
    feed(page, after)
    held = page.get_by_test_id("held-trick")
    expect(held).to_be_visible()
    assert page.locator(".centre .trick-slot").count() == 4
    assert page.locator(f'.centre .trick-slot [data-card="{action["card"]}"]').count() == 1
    shot(page, f"table-held-trick-{viewport['width']}x{viewport['height']}")
    expect(held).to_have_count(0, timeout=clock.TRICK_HOLD_MS + 2000)
    assert page.locator(".centre .trick-slot").count() == 0

    before, after, _ = play_until(state, "deal_scored", rng)
    assert after["view"]["phase"] != "deal_over"  # the next deal started in the same frame
    feed(page, before)
    feed(page, after)
    summary = page.locator('.felt-overlay [data-summary="deal"]')
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("Сдача окончена")
    shot(page, f"table-deal-summary-{viewport['width']}x{viewport['height']}")
    expect(summary).to_have_count(0, timeout=clock.DEAL_HOLD_MS + 2000)
    assert not page.js_errors, page.js_errors
