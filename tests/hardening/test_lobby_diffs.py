"""The lobby socket sends the whole list once, then only what changed (issue #30, finding 5: every
create pushed a ~30 KB ``tables`` frame to every lobby socket)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from apps.accounts.models import User
from apps.tables import seating
from tests.client.test_table_live import PASSWORD, log_in
from tests.tables.live_clients import TableSocket, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def size(frame: dict) -> int:
    """The frame's length as the server wrote it (compact JSON, UTF-8)."""
    sent = {k: v for k, v in frame.items() if k != "_at"}
    return len(json.dumps(sent, ensure_ascii=False, separators=(",", ":")).encode())


@pytest.mark.live
def test_a_create_sends_a_small_diff_not_the_whole_list(live_site, make_user):
    for _ in range(10):
        person = make_user()
        for game in ("durak", "durak", "bazar_blot"):
            seating.table_create(user=person, game=game, bots={1: "easy"})
    watcher = TableSocket(live_site, "/ws/lobby/", session_cookie(make_user()))
    full = watcher.wait_for(lambda m: m.get("op") == "tables")
    assert len(full["tables"]) == 30
    start = len(watcher.messages)
    table = seating.table_create(user=make_user(), game="durak")
    diff = watcher.wait_for(lambda m: m.get("op") == "tables_diff", start=start)
    assert [t["id"] for t in diff["added"]] == [table.pk] and diff["changed"] == diff["removed"] == []
    assert size(diff) < 1024 and size(diff) * 10 < size(full)
    seating.bots_set(table_id=table.pk, user=table.owner, seat=2, level="hard")
    changed = watcher.wait_for(lambda m: m.get("op") == "tables_diff" and m["changed"], start=start)
    assert [t["id"] for t in changed["changed"]] == [table.pk] and size(changed) < 1024
    assert [m["op"] for m in watcher.messages[start:]].count("tables") == 0
    watcher.close()


@pytest.mark.live
@pytest.mark.browser
def test_the_lobby_page_applies_the_diffs(live_site, browser):
    viewer = User.objects.create_user(username="viewer", password=PASSWORD)
    owner = User.objects.create_user(username="owner", password=PASSWORD)
    old = seating.table_create(user=owner, game="durak")
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="ru-RU")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        log_in(page, live_site, viewer.username)
        with page.expect_websocket(lambda ws: ws.url.endswith("/ws/lobby/")) as info:
            page.goto(f"{live_site.url}/lobby/")
        socket = info.value
        socket.wait_for_event("framereceived")  # the full list
        rows = page.locator("#lobby-tables li[data-table]")
        expect(rows).to_have_count(1)
        new = seating.table_create(user=owner, game="bazar_blot", options={"players": 2})
        expect(rows).to_have_count(2)
        expect(rows.first).to_have_attribute("data-table", str(new.pk))  # newest first
        expect(rows.first.locator("a")).to_have_attribute("href", f"/lobby/tables/{new.pk}/")
        seating.bots_set(table_id=new.pk, user=owner, seat=1, level="easy")
        expect(rows.first).to_contain_text("Бот 1")
        seating.seat_leave(table_id=old.pk, user=owner)  # nobody sits there: it leaves the list
        expect(rows).to_have_count(1)
        seating.seat_leave(table_id=new.pk, user=owner)
        expect(page.get_by_test_id("lobby-tables")).to_contain_text("Пока нет открытых столов.")
        assert errors == []
    finally:
        context.close()
