"""The social loop as people feel it at the table (issue #36), in chromium with the table
client mounted on the test harness (no socket: frames go in through ``receive``).

- the chat's «×» closes the chat (it clears the table's open flag), and on the phone the
  open chat never covers the match-over box: «Ещё партию» can be tapped (item 1);
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from apps.rules import api
from tests.client import views
from tests.client.test_table_render import DESKTOP, feed, static_url  # noqa: F401

pytestmark = pytest.mark.browser

#: The embedded default of the browser pass: a 360×740 touch phone.
PHONE = {"width": 360, "height": 740}


@pytest.fixture
def open_harness(browser, static_url):  # noqa: F811
    """``open_harness(phone=True)`` → the harness page on a 360×740 touch phone (or the desktop)."""
    contexts = []

    def _open(*, phone: bool = True, lang: str = "ru"):
        context = browser.new_context(
            viewport=PHONE if phone else DESKTOP, locale="ru-RU", is_mobile=phone, has_touch=phone
        )
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
        page.goto(f"{static_url}/tests/client/harness.html?lang={lang}")
        page.wait_for_function("window.__tableClient !== undefined")
        page.js_errors = errors
        return page

    yield _open
    for context in contexts:
        context.close()


def durak_in_play(seed: int = 5):
    return api.new_match("durak", {}, seed=seed)


def durak_finished(seed: int = 2):
    state = api.new_match("durak", {}, seed=seed)
    rng = random.Random(seed)
    while api.to_act(state):
        seat = api.to_act(state)[0]
        api.apply(state, seat, rng.choice(api.legal_actions(state, seat)))
    return state


def chat_frame(text: str, *, id: int = 1, user: int = 2, name: str = "boris") -> dict:
    return {
        "op": "chat", "id": id, "user": user, "name": name, "text": text, "phrase": None, "channel": "players"
    }  # fmt: skip


def test_the_chat_cross_closes_the_chat(open_harness) -> None:
    page = open_harness(phone=True)
    feed(page, views.frame(durak_in_play(), 0, seq=1, bots={}))
    app = page.locator("#table-app")
    page.locator('#table-app [data-control="chat"]').tap()
    expect(page.get_by_test_id("chat")).to_be_visible()
    page.locator('[data-control="chat-close"]').tap()
    expect(page.get_by_test_id("chat")).to_be_hidden()
    assert "chat-open" not in (app.get_attribute("class") or "")
    expect(page.locator('#table-app [data-control="chat"]')).to_have_attribute("aria-pressed", "false")
    # closed for real: a new message counts as unread, one tap opens the chat again
    page.evaluate("(f) => window.__tableClient.receive(f)", chat_frame("ты тут?"))
    expect(page.get_by_test_id("chat-unread")).to_have_text("1")
    page.locator('#table-app [data-control="chat"]').tap()
    expect(page.get_by_test_id("chat")).to_be_visible()
    assert not page.js_errors, page.js_errors


def test_on_the_phone_the_open_chat_does_not_cover_the_match_over_box(open_harness) -> None:
    page = open_harness(phone=True)
    feed(page, views.frame(durak_in_play(), 0, seq=1, bots={}))
    page.locator('#table-app [data-control="chat"]').tap()
    expect(page.get_by_test_id("chat")).to_be_visible()
    page.evaluate("(f) => window.__tableClient.receive(f)", chat_frame("хорошая партия"))
    feed(page, views.frame(durak_finished(), 0, seq=99, bots={}))
    rematch = page.locator('[data-control="rematch"]')
    expect(rematch).to_be_visible()
    rematch.tap(timeout=3000)  # would fail: the chat lay over the box and took the tap
    assert page.evaluate("() => window.__tableClient.sent.some(f => f.op === 'rematch' && f.yes)")
    # the chat opens again over the result on a tap, and its «×» gives the box back
    page.locator('#table-app [data-control="chat"]').tap()
    expect(page.get_by_test_id("chat")).to_be_visible()
    page.locator('[data-control="chat-close"]').tap()
    page.locator('[data-control="rematch"]').tap(timeout=3000)
    assert not page.js_errors, page.js_errors
