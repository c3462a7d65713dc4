"""Play with friends, end to end by clicking (real daphne, Celery worker, PostgreSQL, Redis,
Debian's chromium; issue #21).

Anna (desktop, 1280x800) creates a closed Дурак table in the lobby and copies its invite link;
Boris (a phone, 360x740) opens the copied link, sits, and both press «Готов». Viktor (desktop)
opens the link after the start and watches: the players see «👁 1». They chat both ways (a
``<script>`` message shows as text), Viktor's remark never reaches the players mid-match, they
play the whole match by clicking, and «Ещё партию» from both starts a second match with the
same seats. Ivan, a stranger who only knows the table's id, gets 404 on the page and the API
and 4404 on the socket. Screenshots of the chat and the rematch prompt go to
tests.live.screenshot_dir() (docs/screenshots/ when scripts/screenshots.sh runs it).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from apps.accounts.models import User
from apps.stats.models import Result
from apps.tables.models import Match, Table
from tests.client.test_table_live import PASSWORD, client_view, log_in
from tests.live import LiveSite, screenshot_dir

pytestmark = [pytest.mark.browser, pytest.mark.live]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
MATCH_SECONDS = 300
XSS = '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2"> привет'


def new_page(browser, live_site: LiveSite, viewport: dict, *, phone: bool = False) -> tuple[Page, list[str]]:
    context = browser.new_context(
        viewport=viewport, locale="ru-RU", is_mobile=phone, has_touch=phone, device_scale_factor=1
    )
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_site.url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page, errors


def shot(page: Page, name: str) -> Path:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    path = screenshot_dir() / f"{name}-{width}x{page.viewport_size['height']}.png"
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path))
    return path


def chat_lines(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        '#table-app [data-testid="chat-log"] .chat-msg', "els => els.map(e => e.textContent)"
    )


def open_chat(page: Page) -> None:
    if "chat-open" not in (page.get_attribute("#table-app", "class") or ""):
        page.click('#table-app [data-control="chat"]')
    expect(page.locator('#table-app [data-testid="chat"]')).to_be_visible()


def close_chat(page: Page) -> None:
    if "chat-open" in (page.get_attribute("#table-app", "class") or ""):
        page.click('#table-app [data-control="chat"]')


def press(page: Page, selector: str, **kwargs) -> bool:
    try:
        page.locator(selector).first.click(timeout=2500, **kwargs)
    except PlaywrightTimeoutError:
        return False
    return True


def play_one_step(page: Page) -> bool:
    """If it is this page's turn, make one legal move by clicking like a player (defend when
    possible, else take; throwers say «Бито»; attack with the first card that may go)."""
    state = page.evaluate(
        "() => { const c = window.__tableClient;"
        " if (!c || !c.view || c.pending || c.hold || !c.view.legal.length) return null;"
        " return {legal: c.view.legal, seq: c.seq}; }"
    )
    if not state:
        return False
    legal = state["legal"]
    types = {a["type"] for a in legal}
    if "defend" in types:
        action = next(a for a in legal if a["type"] == "defend")
        if not press(page, f'.hand-card[data-card="{action["card"]}"]'):
            return False
        if page.evaluate("() => window.__tableClient.ui.selected") == action["card"]:
            target = f'.bout [data-card="{action["target"]}"]'
            classes = page.locator(target).get_attribute("class", timeout=2500) or ""
            press(page, target, **({} if "bout-defence" in classes else {"position": {"x": 8, "y": 10}}))
        return True
    if "take" in types:
        return press(page, '[data-action="take"]')
    if "done" in types:
        return press(page, '[data-action="done"]')
    action = next((a for a in legal if "card" in a), None)
    if action is None:
        return press(page, f'[data-action="{legal[0]["type"]}"]')
    if not press(page, f'.hand-card[data-card="{action["card"]}"]'):
        return False
    if page.evaluate("() => window.__tableClient.ui.selected") == action["card"]:
        press(page, ".bout", position={"x": 5, "y": 5})
    return True


def play_the_match(pages: list[Page]) -> None:
    deadline = time.monotonic() + MATCH_SECONDS
    while time.monotonic() < deadline:
        views = [client_view(p) for p in pages]
        if all(v and v["phase"] == "match_over" for v in views):
            return
        if not any(play_one_step(p) for p in pages):
            pages[0].wait_for_timeout(100)
    raise AssertionError(
        f"the match did not end in {MATCH_SECONDS} s: {[client_view(p)['phase'] for p in pages]}"
    )


def test_friends_play_by_invite_link_chat_and_play_again(live_site: LiveSite, celery_worker, browser) -> None:
    for name in ("anna", "boris", "viktor", "ivan"):
        User.objects.create_user(username=name, password=PASSWORD)
    anna, anna_errors = new_page(browser, live_site, DESKTOP)
    boris, boris_errors = new_page(browser, live_site, PHONE, phone=True)
    viktor, viktor_errors = new_page(browser, live_site, DESKTOP)
    ivan, _ = new_page(browser, live_site, DESKTOP)
    for page, name in ((anna, "anna"), (boris, "boris"), (viktor, "viktor"), (ivan, "ivan")):
        log_in(page, live_site, name)

    # Anna creates a closed table in the lobby and copies the link
    anna.goto(f"{live_site.url}/lobby/")
    anna.get_by_test_id("choose-durak").check()
    form = anna.get_by_test_id("create-durak")
    form.get_by_test_id("private-durak").check()
    form.get_by_role("button", name="Создать стол").click()
    expect(anna.get_by_test_id("invite")).to_be_visible()
    table = Table.objects.get(owner__username="anna")
    assert table.private and table.invite_code
    # the clipboard is the focused page's only: four contexts share one headless chromium, and
    # the last one opened has the focus (writeText and readText refuse an unfocused document)
    anna.bring_to_front()
    anna.get_by_test_id("invite-copy").click()
    expect(anna.get_by_test_id("invite-copied")).to_be_visible()
    link = anna.evaluate("() => navigator.clipboard.readText()")
    assert link == f"{live_site.url}/t/{table.invite_code}/"
    anna.get_by_test_id("waiting-chat").locator('[data-phrase="hello"]').click()

    # Ivan knows only the id: 404 on the page, the API and the socket
    assert ivan.goto(f"{live_site.url}/lobby/tables/{table.pk}/").status == 404
    api = ivan.request.get(f"{live_site.url}/api/tables/{table.pk}/")
    assert api.status == 404 and api.json()["code"] == "not_found"
    assert ivan.request.post(
        f"{live_site.url}/api/tables/{table.pk}/sit/", data={"seat": 1},
        headers={"X-CSRFToken": next(c["value"] for c in ivan.context.cookies() if c["name"] == "csrftoken")},
    ).status == 404  # fmt: skip
    ivan.goto(f"{live_site.url}/lobby/")
    code = ivan.evaluate(
        f"() => new Promise(r => {{ const ws = new WebSocket(`ws://${{location.host}}/ws/tables/{table.pk}/`);"
        " ws.onclose = (e) => r(e.code); })"
    )
    assert code == 4404

    # Boris opens the copied link on his phone, sits, sees Anna's «Привет!», and both are ready
    boris.goto(link)
    assert boris.url.endswith(f"/lobby/tables/{table.pk}/")
    expect(boris.get_by_test_id("waiting-chat").locator(".chat-msg")).to_contain_text(["anna: Привет!"])
    boris.get_by_test_id("sit").first.click()
    expect(boris.get_by_test_id("ready")).to_be_visible()
    boris.get_by_test_id("ready").click()
    expect(boris.get_by_test_id("not-ready")).to_be_visible()
    # Anna's waiting page reloads by itself when Boris sits and gets ready
    # (the seat shows his rating between his name and «готов»)
    boris_seat = anna.locator('[data-testid="seats"] li[data-seat="1"]')
    expect(boris_seat).to_contain_text(re.compile(r"boris\b.* — готов"))
    anna.wait_for_load_state("load")
    anna.get_by_test_id("ready").click()
    for page in (anna, boris):
        page.wait_for_function(
            "() => window.__tableClient && window.__tableClient.view && window.__tableClient.view.match"
        )
    first = Match.objects.get(table=table)
    # the owner shares the link from the live table's menu too; the guest has no such item
    assert anna.locator('[data-control="invite"]').count() == 1
    assert boris.locator('[data-control="invite"]').count() == 0
    assert [(p["seat"], p["name"]) for p in first.players] == [(0, "anna"), (1, "boris")]

    # Viktor opens the link too and watches: the players see one spectator
    viktor.goto(link)
    viktor.wait_for_function(
        "() => window.__tableClient && window.__tableClient.view && window.__tableClient.view.match"
    )
    assert client_view(viktor)["seat"] is None and client_view(viktor)["hand"] == []
    for page in (anna, boris):
        expect(page.get_by_test_id("spectators")).to_have_text("1")
        expect(page.get_by_test_id("spectators")).to_have_attribute("title", "Зрителей: 1")

    # chat both ways; the <script> message is text, nothing of it runs
    open_chat(anna)
    anna.get_by_test_id("chat-input").fill(XSS)
    anna.get_by_test_id("chat-send").click()
    expect(boris.get_by_test_id("chat-unread")).to_have_text("1")
    open_chat(boris)
    expect(boris.locator('#table-app [data-testid="chat-log"] .chat-msg').last).to_have_text(f"anna: {XSS}⊘⚑")
    boris.locator('#table-app .chat-phrase[data-phrase="good_luck"]').click()
    expect(anna.locator('#table-app [data-testid="chat-log"] .chat-msg').last).to_contain_text(
        "boris: Удачи!"
    )
    for page in (anna, boris, viktor):
        assert page.evaluate("() => window.__xss") is None
        assert page.locator('[data-testid="chat-log"] script, [data-testid="chat-log"] img').count() == 0

    # Viktor's remark reaches the spectators, never the players during the match
    open_chat(viktor)
    viktor.get_by_test_id("chat-input").fill("у Бориса одни козыри")
    viktor.get_by_test_id("chat-send").click()
    expect(viktor.locator('#table-app [data-testid="chat-log"] .chat-msg').last).to_contain_text(
        "viktor: у Бориса одни козыри"
    )
    expect(viktor.locator('#table-app [data-testid="chat-log"]')).to_contain_text(XSS)  # he reads the players
    anna.get_by_test_id("chat-input").fill("ход за тобой")
    anna.get_by_test_id("chat-send").click()  # sent after Viktor's: when it arrives, his would have
    expect(boris.locator('#table-app [data-testid="chat-log"] .chat-msg').last).to_contain_text(
        "ход за тобой"
    )
    for page in (anna, boris):
        assert not any("козыри" in line for line in chat_lines(page))
    boris.reload()  # the history after a reconnect has no spectators' remark either
    boris.wait_for_function("() => window.__tableClient && window.__tableClient.chat.ids.size >= 4")
    assert not any("козыри" in line for line in chat_lines(boris))
    open_chat(boris)
    assert "null" not in anna.inner_text("#table-app .me-row")  # no stray «null» beside the plate
    shot(anna, "table-chat")
    shot(boris, "table-chat")
    close_chat(anna)
    close_chat(boris)

    # the whole match, by clicking
    play_the_match([anna, boris])
    first.refresh_from_db()
    assert first.status == Match.Status.FINISHED
    assert set(Result.objects.filter(match=first).values_list("user__username", flat=True)) == {
        "anna",
        "boris",
    }

    # «Ещё партию»: the prompt for both, who agreed shows, the second match has the same seats
    for page in (anna, boris):
        expect(page.locator('[data-control="rematch"]')).to_have_text("Ещё партию")
    expect(viktor.get_by_test_id("rematch")).to_be_visible()
    assert viktor.locator('[data-control="rematch"]').count() == 0  # spectators only watch
    anna.click('[data-control="rematch"]')
    expect(boris.get_by_test_id("rematch").locator('[data-seat="0"]')).to_have_text("anna — за")
    expect(anna.locator('[data-control="rematch"]')).to_have_text("Передумал")
    shot(anna, "table-rematch")
    shot(boris, "table-rematch")
    boris.click('[data-control="rematch"]')
    for page in (anna, boris, viktor):
        page.wait_for_function(
            f"() => {{ const v = window.__tableClient.view; return v && v.match && v.match !== {first.pk}"
            " && v.phase !== 'match_over'; }"
        )
    second = Match.objects.filter(table=table).exclude(pk=first.pk).get()
    assert [(p["seat"], p["name"]) for p in second.players] == [(0, "anna"), (1, "boris")]
    assert second.options == first.options
    assert client_view(anna)["seat"] == 0 and client_view(boris)["seat"] == 1
    assert client_view(boris)["hand"] and client_view(viktor)["hand"] == []
    assert Result.objects.filter(match=first).count() == 2  # the first match stays in the history
    assert anna_errors == [] and boris_errors == [] and viktor_errors == []
    for page in (anna, boris, viktor, ivan):
        page.context.close()
