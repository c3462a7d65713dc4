"""The table of every game at a desktop and a phone size — in play, at a deal's summary and at
the match's end — lays out without a sideways scroll or a script error; each is saved as a PNG.

``scripts/screenshots.sh`` runs this module with ``KARTOCHKI_SCREENSHOTS=docs/screenshots`` to
renew the pictures in the docs (JPEG); otherwise they go to ``test-artifacts/screenshots`` (PNG).
"""

from __future__ import annotations

import os
import random

import pytest

from apps.rules import api
from tests.client import views
from tests.client.test_table_hold import play_until
from tests.client.test_table_render import DESKTOP, PHONE, feed, open_table, static_url  # noqa: F401
from tests.live import screenshot_dir

pytestmark = pytest.mark.browser

#: name -> (game, options, seats for Durak or None)
GAMES = {
    "bazar-blot-4": ("bazar_blot", {"players": 4}, None),
    "bazar-blot-2": ("bazar_blot", {"players": 2}, None),
    "gambler-4": ("bazar_blot", {"players": 4, "ruleset": "gambler"}, None),
    "blot": ("blot", {}, None),
    "deberc-3": ("deberc", {"players": 3}, None),
    "deberc-2x2": ("deberc", {"players": 4, "teams": True}, None),
    "durak-2": ("durak", {"transfer": True}, [0, 1]),
    "durak-4": ("durak", {}, [0, 1, 2, 3]),
    "durak-6": ("durak", {"deck": 52}, [0, 1, 2, 3, 4, 5]),
}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


def new_state(name: str, seed: int = 3):
    game, options, seats = GAMES[name]
    return api.new_match(game, options, seed=seed, seats=seats)


def in_play(name: str) -> dict:
    """Seat 0's frame with cards on the table and seat 0 to act (seeded random play)."""
    for seed in range(3, 40):
        state, rng = new_state(name, seed), random.Random(seed)
        while api.to_act(state):
            if api.view(state, 0)["table_cards"] and api.to_act(state) == [0]:
                return views.frame(state, 0, seq=9, bots=dict.fromkeys(range(1, 6), "normal"))
            seat = api.to_act(state)[0]
            api.apply(state, seat, rng.choice(api.legal_actions(state, seat)))
    raise AssertionError(f"{name}: no position with cards on the table and seat 0 to act")


def match_over(name: str) -> dict:
    state, rng = new_state(name), random.Random(7)
    while api.to_act(state):
        seat = api.to_act(state)[0]
        api.apply(state, seat, rng.choice(api.legal_actions(state, seat)))
    return views.frame(state, 0, seq=99, bots=dict.fromkeys(range(1, 6), "normal"))


def check_and_save(page, name: str) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    assert "null" not in page.inner_text("#table-app"), name  # a missing part drawn as text
    assert not page.js_errors, page.js_errors
    page.wait_for_timeout(400)  # the deal-in animations end
    stem = screenshot_dir() / f"{name}-{width}x{page.viewport_size['height']}"
    if os.environ.get("KARTOCHKI_SCREENSHOTS"):  # for the docs: small enough to keep in git
        page.screenshot(path=f"{stem}.jpg", type="jpeg", quality=72)
    else:
        page.screenshot(path=f"{stem}.png")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", GAMES)
def test_every_game_lays_out_in_play_and_at_its_end(open_table, name, size):  # noqa: F811
    page = open_table(SIZES[size])
    feed(page, in_play(name))
    assert page.locator(".seat-plate").count() >= 2
    check_and_save(page, f"table-{name}")
    page = open_table(SIZES[size])
    feed(page, match_over(name))
    assert page.locator('[data-summary="match"]').is_visible()
    check_and_save(page, f"match-over-{name}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["bazar-blot-4", "gambler-4", "deberc-3"])
def test_the_deal_summary_lays_out(open_table, name, size):  # noqa: F811
    page = open_table(SIZES[size])
    before, after, _ = play_until(new_state(name), "deal_scored", random.Random(4))
    after["hold_ms"] = 60_000  # held long enough to be looked at
    feed(page, before)
    feed(page, after)
    assert page.locator('.felt-overlay [data-summary="deal"]').is_visible()
    check_and_save(page, f"deal-summary-{name}")
