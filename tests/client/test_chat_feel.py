"""The table chat as people feel it (issue #36, chat items), in chromium on the test harness
(the table client mounted with a fake socket: frames go in through ``receive``), on the
360×740 touch phone of the browser pass:

- an over-long message is never lost: a paste is kept whole, the input counts «n/200», sending
  over the limit is refused with a clear message and the text stays; a server refusal puts a
  sent text back into the input (item 6);
- on touch ⊘ and ⚑ are 44×44 px targets, and a report asks for a reason first (item 12);
- on the desktop the chat and the score sheet never overlap: side by side at 1366×800, one
  drawer at a time on a narrower table (item 5);
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.client import views
from tests.client.test_social_feel import chat_frame, durak_in_play, open_harness  # noqa: F401
from tests.client.test_table_render import feed, static_url  # noqa: F401

pytestmark = pytest.mark.browser


def open_chat(page) -> None:
    feed(page, views.frame(durak_in_play(), 0, seq=1, bots={}))
    page.locator('#table-app [data-control="chat"]').tap()
    expect(page.get_by_test_id("chat")).to_be_visible()


def chat_sent(page) -> list[dict]:
    return page.evaluate("() => window.__tableClient.sent.filter(f => f.op === 'chat')")


def test_an_over_long_paste_is_kept_counted_and_refused_with_the_text_kept(open_harness) -> None:  # noqa: F811
    page = open_harness(phone=True)
    open_chat(page)
    chat_input = page.get_by_test_id("chat-input")
    chat_input.focus()
    page.keyboard.insert_text("а" * 180)  # a paste
    expect(page.get_by_test_id("chat-count")).to_have_text("180/200")
    long_text = "б" * 230
    chat_input.fill("")
    chat_input.focus()
    page.keyboard.insert_text(long_text)
    expect(chat_input).to_have_value(long_text)  # not cut to 200 without a word
    expect(page.get_by_test_id("chat-count")).to_have_text("230/200")
    page.get_by_test_id("chat-send").tap()
    expect(page.locator(".toast")).to_contain_text("длиннее 200")
    expect(chat_input).to_have_value(long_text)  # the text stays for shortening
    assert chat_sent(page) == []
    # shortened, it goes; the input empties
    chat_input.fill("б" * 200)
    expect(page.get_by_test_id("chat-count")).to_have_text("200/200")
    page.get_by_test_id("chat-send").tap()
    expect(chat_input).to_have_value("")
    sent = chat_sent(page)
    assert [f["text"] for f in sent] == ["б" * 200]
    # the server refuses it (too fast): the text comes back into the input
    page.evaluate(
        "(id) => window.__tableClient.receive("
        "{op: 'error', id, code: 'rate_limited', message: 'Не так быстро.'})",
        sent[0]["id"],
    )
    expect(chat_input).to_have_value("б" * 200)
    assert not page.js_errors, page.js_errors


def test_on_the_phone_mute_and_report_are_finger_sized_and_a_report_asks_why(open_harness) -> None:  # noqa: F811
    page = open_harness(phone=True)
    open_chat(page)
    page.evaluate("(f) => window.__tableClient.receive(f)", chat_frame("сам дурак", id=41))
    for control in ("chat-mute", "chat-report"):
        box = page.locator(f'[data-control="{control}"]').bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (control, box)
    mute = page.locator('[data-control="chat-mute"]').bounding_box()
    report = page.locator('[data-control="chat-report"]').bounding_box()
    assert mute["x"] + mute["width"] <= report["x"] or report["x"] + report["width"] <= mute["x"]

    def reports() -> list[dict]:
        return page.evaluate("() => window.__tableClient.sent.filter(f => f.op === 'chat_report')")

    # one tap does not send: a dialog asks why; «Отмена» sends nothing
    page.locator('[data-control="chat-report"]').tap()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_be_visible()
    for reason in ("Оскорбления", "Спам", "Подсказки партнёру", "Другое"):
        expect(dialog.get_by_role("button", name=reason)).to_be_visible()
    assert reports() == []
    dialog.get_by_role("button", name="Отмена").tap()
    expect(dialog).to_be_hidden()
    assert reports() == []
    # a reason chosen: the report goes with it
    page.locator('[data-control="chat-report"]').tap()
    page.get_by_role("alertdialog").get_by_role("button", name="Подсказки партнёру").tap()
    assert reports() == [{"op": "chat_report", "id": 41, "reason": "hints"}]
    assert not page.js_errors, page.js_errors


def boxes_intersect(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and (a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])
    )


@pytest.mark.parametrize("width", [1366, 1000])
def test_on_the_desktop_the_chat_and_the_score_sheet_never_overlap(browser, static_url, width) -> None:  # noqa: F811
    """#36, item 5: at 1366×800 the sheet is a column and the chat opens beside it; on a narrower
    table, where both are drawers over the felt, opening one closes the other."""
    context = browser.new_context(viewport={"width": width, "height": 800}, locale="ru-RU")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{static_url}/tests/client/harness.html?lang=ru")
        page.wait_for_function("window.__tableClient !== undefined")
        feed(page, views.frame(durak_in_play(), 0, seq=1, bots={}))
        sheet, chat = page.locator(".sheet"), page.get_by_test_id("chat")
        if width < 1100:
            page.evaluate("() => window.__tableClient.toggleSheet()")
            expect(sheet).to_be_visible()
        page.locator('#table-app [data-control="chat"]').click()
        expect(chat).to_be_visible()
        page.evaluate("(f) => window.__tableClient.receive(f)", chat_frame("привет"))
        if sheet.is_visible():
            assert not boxes_intersect(sheet.bounding_box(), chat.bounding_box())
        else:
            assert width < 1100  # the drawer gave way to the chat
        felt = page.locator(".felt").bounding_box()
        if width >= 1100:
            expect(sheet).to_be_visible()  # both, side by side, and the felt stays uncovered
            assert not boxes_intersect(felt, chat.bounding_box())
        # opening the sheet again: the chat gives way (narrow) or stays beside it (wide)
        page.evaluate("() => window.__tableClient.toggleSheet()")
        expect(sheet).to_be_visible()
        if chat.is_visible():
            assert not boxes_intersect(sheet.bounding_box(), chat.bounding_box())
        else:
            assert width < 1100
        assert not errors, errors
    finally:
        context.close()
