"""End to end, two-seat games: a person plays a whole Деберц deal (2 players) and a whole
Обычный блот deal against a bot, on the real site (daphne, Celery worker, PostgreSQL, Redis)
in Debian's chromium, by clicking and pressing keys as a player would.

- Деберц on a 375x812 phone: the first dealer found «до первого туза», «Беру» or naming a
  suit, every card by a tap, the automatic tierce and «Бела» said on the table, the last
  trick and the score sheet through the phone menu; screenshots at 375x812 and 1440x900.
- Блот on a 1440x900 desktop: «Беру»/naming, F2 declares in trick 1 (the button named after
  the hand), F4 shows in trick 2, F8 concedes later with the seed's confirmation; the deal is
  scored with the conceded tricks to the bot; screenshots at 1440x900 and 375x812.

Seeds are chosen so that the person holds what the test needs (a sequence in blot; the king
and queen of the face-up suit in Деберц, which becomes trump whoever takes in round 1).
Bots move after 100 ms; the move clock is the real one (the person never waits on it).
"""

from __future__ import annotations

import itertools
import re
import time

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from apps.accounts.models import User
from apps.lobby import services as lobby
from apps.rules import api
from tests.client.test_table_live import PASSWORD, client_view, log_in, table_url
from tests.fair_seeds import find_server_seed, fix_server_seed
from tests.live import ARTIFACTS, LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.live]

PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1440, "height": 900}
DEAL_SECONDS = 150
SAID = (
    "() => [...document.querySelectorAll('#table-app .banners .banner, #table-app .feed li')]"
    ".map(e => e.textContent)"
)


RU_RANK = {"A": "Т", "K": "К", "Q": "Д", "J": "В", "T": "10", "9": "9", "8": "8", "7": "7", "6": "6"}
SUIT = {"s": "♠", "c": "♣", "d": "♦", "h": "♥"}


def card_label(code: str) -> str:
    """A card as the table writes it: Russian index and suit sign ("Д♠", "10♥")."""
    return RU_RANK[code[0]] + SUIT[code[1]]


def has_run(hand: list[str], order: str, length: int = 3) -> bool:
    """``length`` cards in a row of one suit in ``hand`` (ranks in ``order``, lowest first)."""
    for suit in "scdh":
        ranks = sorted(order.index(c[0]) for c in hand if c[1] == suit)
        run = 1
        for a, b in itertools.pairwise(ranks):
            run = run + 1 if b == a + 1 else 1
            if run >= length:
                return True
    return False


def blot_seed() -> bytes:
    """A seed where seat 0's first six cards hold a sequence (a combination to declare)."""
    return find_server_seed(lambda state: has_run(api.view(state, 0)["hand"], "9TJQKA"), "blot", {})


def deberc_seed() -> bytes:
    """A seed where seat 0 speaks first and holds the king and queen of the face-up card's suit
    (a «Бела» when that suit is trump, which it is once anybody takes in round 1: the person
    always takes)."""

    def fits(state) -> bool:
        view = api.view(state, 0)
        up = view["face_up"]
        return api.to_act(state) == [0] and f"K{up[1]}" in view["hand"] and f"Q{up[1]}" in view["hand"]

    return find_server_seed(fits, "deberc", {"players": 2})


def open_table(browser, live_site: LiveSite, table_id: int, viewport: dict) -> tuple[Page, list[str]]:
    """Log anna in at ``viewport`` and open the table; returns the page and its JS errors."""
    context = browser.new_context(viewport=viewport, locale="ru-RU")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, live_site, "anna")
    page.goto(table_url(live_site, table_id))
    expect(page.locator("#table-app .conn")).to_have_class("conn conn-open")
    page.wait_for_function("() => window.__tableClient && window.__tableClient.view")
    return page, errors


def take_or_name(page: Page) -> str:
    """The person's auction move in a take-or-pass game: «Беру» when it is offered, else the
    first suit offered to name, else «Пас». Returns what was pressed."""
    take = page.locator('.panel [data-action="take"]:not([disabled])')
    if take.count():
        take.click()
        return "take"
    name = page.locator('.panel [data-action^="name-"]:not([disabled])')
    if name.count():
        name.first.click()
        return "name"
    page.click('.panel [data-action="pass"]')
    return "pass"


def snapshot(page: Page) -> dict:
    """The client's view, its seq and whether the person may act on it, read at one moment
    (a view read before a separate "is it my turn?" could be one state older)."""
    return page.evaluate(
        "() => { const c = window.__tableClient;"
        " return { ...c.view, seq: c.seq, my_turn: !c.pending && c.view.legal.length > 0 }; }"
    )


def settle(page: Page, seq: int) -> None:
    """Wait until the client shows a state after ``seq`` (the answer to its action) and is
    free to act again."""
    page.wait_for_function(
        "(seq) => window.__tableClient.seq > seq && !window.__tableClient.pending", arg=seq
    )


def play_a_playable_card(page: Page, seq: int) -> int:
    """Tap the first card the table marks playable and wait for the answer: 1 if one was
    played, 0 (after a short wait) if none is playable yet."""
    playable = page.locator(".hand-card.is-playable")
    if not playable.count():
        page.wait_for_timeout(80)
        return 0
    playable.first.click()
    settle(page, seq)
    return 1


def screenshots(page: Page, name: str, first: dict, second: dict) -> None:
    """Save the page at ``first`` then ``second`` viewport; the page must fit the width."""
    ARTIFACTS.mkdir(exist_ok=True)
    for viewport in (first, second):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(300)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.screenshot(path=str(ARTIFACTS / f"live-{name}-{viewport['width']}x{viewport['height']}.png"))


# --------------------------------------------------------------------------- Деберц


def test_person_plays_a_deberc_deal_for_two_against_a_bot_on_a_phone(
    live_site: LiveSite, celery_worker, browser, monkeypatch
) -> None:
    user = User.objects.create_user(username="anna", password=PASSWORD)
    seed = deberc_seed()
    fix_server_seed(monkeypatch, seed)
    table = lobby.play_with_bots(
        user=user, game="deberc", options={"players": 2}, level="easy", bot_delay_ms=100
    )
    page, errors = open_table(browser, live_site, table.pk, PHONE)

    first = client_view(page)
    assert first["game"] == "deberc" and first["number"] == 0
    # the first dealer was found by dealing to the first ace, and the table says so
    expect(page.locator(".centre .first-dealer")).to_contain_text("До первого туза")
    # the dealer holds the obligation: «обяз» on his plate (the person's own or the bot's)
    dealer = first["dealer"]
    plate = ".me" if dealer == first["seat"] else f'.seat[data-seat="{dealer}"]'
    expect(page.locator(plate)).to_contain_text("обяз")

    did = {"auction": "", "last_trick": False}
    said: set[str] = set()
    cards_played = 0
    deadline = time.monotonic() + DEAL_SECONDS
    try:
        while time.monotonic() < deadline:
            said.update(page.evaluate(SAID))
            view = snapshot(page)
            if view["deals"]:
                break
            if not did["last_trick"] and view["phase"] == "play" and view["last_trick"] and cards_played >= 2:
                # on a phone «Последняя взятка» lives in the menu
                page.click(".tbar-menu-toggle")
                page.click('[data-control="last-trick"]')
                expect(page.locator(".centre-caption")).to_have_text("Последняя взятка")
                assert page.locator(".centre .table-card").count() == 2
                page.click(".tbar-menu-toggle")
                page.click('[data-control="last-trick"]')
                did["last_trick"] = True
                continue
            if not view["my_turn"]:
                page.wait_for_timeout(80)
                continue
            if view["phase"] == "auction":
                did["auction"] += take_or_name(page)[0]
                settle(page, view["seq"])
                continue
            cards_played += play_a_playable_card(page, view["seq"])
        said.update(page.evaluate(SAID))
        view = client_view(page)
        assert view["deals"], f"the deal was not finished in time: {did}, phase {view['phase']}"
        deal = view["deals"][0]
        # the person took (or the bot did first): trump is the face-up suit, and the person played
        # every one of the nine cards by tapping it
        assert deal["trump"] == first["face_up"][1]
        assert cards_played == 9
        assert did["last_trick"]
        # «Бела» was said on the table when the first of the trump king and queen was played
        assert any(line.startswith("Бела") for line in said), said
        assert not any(line.startswith("Блот") for line in said), said  # Деберц says «Бела», not «Блот!»
        # the score sheet through the phone menu: the deal's row and the totals
        page.click(".tbar-menu-toggle")
        page.click('[data-control="sheet"]')
        sheet = page.locator(".sheet .sheet-table").first  # the sheet, not the deal summary
        expect(sheet).to_contain_text("Итого")
        rows = sheet.locator("tbody tr")
        assert rows.count() >= 1
        assert rows.first.locator("td").all_inner_texts() == [str(x) for x in deal["scores"]]
        assert page.locator(".sheet .sheet-table tfoot td").first.inner_text() == str(view["totals"][0])
    finally:
        screenshots(page, "deberc-deal", PHONE, DESKTOP)
    assert errors == []
    page.context.close()


# --------------------------------------------------------------------------- Блот


def test_person_plays_a_blot_deal_against_a_bot_with_f2_f4_f8(
    live_site: LiveSite, celery_worker, browser, monkeypatch
) -> None:
    user = User.objects.create_user(username="anna", password=PASSWORD)
    seed = blot_seed()
    fix_server_seed(monkeypatch, seed)
    # a normal bot: it plays its cards with a purpose, so the deal lasts until the person concedes
    table = lobby.play_with_bots(user=user, game="blot", options={}, level="normal", bot_delay_ms=100)
    page, errors = open_table(browser, live_site, table.pk, DESKTOP)

    did: dict = {"auction": "", "declare": None, "show": False, "concede": False}
    said: set[str] = set()
    cards_played = 0
    deadline = time.monotonic() + DEAL_SECONDS
    try:
        while time.monotonic() < deadline:
            said.update(page.evaluate(SAID))
            view = snapshot(page)
            if view["deals"]:
                break
            if not view["my_turn"]:
                page.wait_for_timeout(80)
                continue
            types = {a["type"] for a in view["legal"]}
            if view["phase"] == "auction":
                did["auction"] += take_or_name(page)[0]
                settle(page, view["seq"])
                continue
            if "declare" in types:
                # F2 in trick 1, before the card; the button says what is declared
                label = page.inner_text('[data-action="declare"]')
                assert re.fullmatch(r"Объявить (терц|50|сто|каре)( \+ (терц|50|сто|каре))*", label), label
                page.keyboard.press("F2")
                settle(page, view["seq"])
                mine = [d for d in client_view(page)["declarations"] if d["seat"] == view["seat"]]
                assert mine and not mine[0]["shown"], mine  # declared: the kind is public, not the cards
                did["declare"] = label
                continue
            if "show" in types:
                page.keyboard.press("F4")  # trick 2, before the card
                settle(page, view["seq"])
                mine = [d for d in client_view(page)["declarations"] if d["seat"] == view["seat"]]
                assert mine and mine[0]["shown"] and mine[0]["cards"], mine  # now the cards are public
                shown = " ".join(card_label(c) for c in mine[0]["cards"])
                expect(page.locator(".me")).to_contain_text(shown)  # on my plate
                expect(page.locator(".feed")).to_contain_text(f"anna: {shown}")  # and said on the table
                did["show"] = True
                continue
            if did["show"] and "concede" in types and len(view["hand"]) <= 5:
                page.keyboard.press("F8")  # asks first, with the seed's words
                modal = page.locator(".modal")
                expect(modal).to_contain_text("Отдать все оставшиеся взятки сопернику?")
                page.click(".modal .btn-danger")
                settle(page, view["seq"])
                did["concede"] = True
                continue
            cards_played += play_a_playable_card(page, view["seq"])
        said.update(page.evaluate(SAID))
        view = client_view(page)
        assert view["deals"], f"the deal was not finished in time: {did}, phase {view['phase']}"
        assert did["declare"] and did["show"] and did["concede"], (did, cards_played, view["deals"], said)
        # the declaration and the show were said on the table
        assert any(line.startswith("anna: ") for line in said), said
        # the concede gave the rest of the deal to the bot: it took the trick on the table and
        # every later one, so the deal is scored although the person played only a few cards
        deal = view["deals"][0]
        assert sum(deal["tricks"]) == 9
        assert deal["tricks"][1] >= 9 - cards_played
        assert 3 <= cards_played <= 5
        assert "Сдача записана" in said
        page.click('[data-control="sheet"]')
        sheet = page.locator(".sheet .sheet-table").first  # the sheet, not the deal summary
        expect(sheet).to_contain_text("Итого")
        assert sheet.locator("tbody tr").first.locator("td").all_inner_texts() == [
            str(x) for x in deal["scores"]
        ]
        page.click('[data-control="sheet"]')  # closed again (on a phone it covers the felt)

        # «Выйти» asks with the seed's words; «Отмена» keeps the person at the table
        page.click('[data-control="leave"]')
        modal = page.locator(".modal")
        expect(modal).to_contain_text("Выйти из комнаты?")
        expect(modal).to_contain_text("Вы покинете стол. Незавершённая партия будет засчитана как поражение.")
        modal.get_by_role("button", name="Отмена").click()
        expect(modal).to_have_count(0)
        assert client_view(page)["result"] is None
        # «Сдаться» asks too; «Да» ends the match at once: the bot wins, the summary says so
        page.click('[data-control="surrender"]')
        expect(modal).to_contain_text("Сдаться?")
        expect(modal).to_contain_text("Сопернику будет записана победа.")
        page.click(".modal .btn-danger")
        summary = page.locator('[data-summary="match"]')
        expect(summary).to_contain_text("Партия окончена")
        expect(summary).to_contain_text("Победа: Бот 1")
        expect(summary).to_contain_text("сдался")
        expect(page.locator('[data-control="surrender"]')).to_be_disabled()
        screenshots(page, "blot-match-over", DESKTOP, PHONE)
        # the match is over: «Выйти» asks nothing and goes to the lobby
        page.set_viewport_size(DESKTOP)
        page.click('[data-control="leave"]')
        page.wait_for_url(f"{live_site.url}{reverse('lobby:home')}")
    finally:
        if page.locator("#table-app").count():  # still at the table (a failure before the end)
            screenshots(page, "blot-deal", DESKTOP, PHONE)
    assert errors == []
    page.context.close()
