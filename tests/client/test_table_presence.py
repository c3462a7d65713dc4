"""The table client and presence frames: a ``state`` of the same seq (someone connected or
left; PROTOCOL extension in docs/protocol.md) refreshes the seats but is not the answer to a
pending act, so a second tap cannot send a second act on the same seq."""

from __future__ import annotations

import pytest

from tests.client import views
from tests.client.test_table_render import feed, open_table, sent, static_url  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser


def test_a_presence_state_does_not_unlock_a_pending_act(open_table) -> None:  # noqa: F811
    state, _ = views.bazar_play()
    frame = views.frame(state, 0, seq=7, bots={})  # four people
    page = open_table()
    feed(page, frame)
    playable = page.locator(".hand-card.is-playable")
    playable.first.click()
    assert len(sent(page)) == 1
    assert page.evaluate("() => window.__tableClient.pending") is True
    # the same seq again, with a seat gone offline: shown, but the act is still pending
    presence = views.frame(state, 0, seq=7, bots={})
    presence["view"]["seats"][1]["connected"] = False
    feed(page, presence)
    assert page.evaluate("() => window.__tableClient.pending") is True
    assert "нет связи" in page.inner_text('.seat[data-seat="1"]')
    # a second tap sends nothing (the page keeps the hand disabled; the client refuses anyway)
    card = page.get_attribute(".hand-card.is-playable", "data-card")
    page.evaluate("(card) => window.__tableClient.tapCard(card)", card)
    assert len(sent(page)) == 1
    # the answer (the next seq) unlocks
    feed(page, views.frame(state, 0, seq=8, bots={}))
    assert page.evaluate("() => window.__tableClient.pending") is False
    assert page.js_errors == []
