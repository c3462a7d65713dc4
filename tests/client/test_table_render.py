"""Rendering tests of the table client (static/js/table.js) in Debian's chromium.

A tiny HTTP server serves the repository's files; ``tests/client/harness.html`` mounts the
client with ``data-transport="fake"`` (no socket). Real engine views (``views.py``) go in
through ``window.__tableClient.receive(frame)``; the frames the client would send are read
back from ``window.__tableClient.sent``. This checks what a user sees and what a click
sends; the end-to-end tests against the real server live in ``test_table_live.py``.
Screenshots at 375x812 and 1440x900 go to ``test-artifacts/``.
"""

from __future__ import annotations

import functools
import json
import re
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import parse_qs, urlsplit

import pytest
from django.conf import settings
from django.test import RequestFactory
from django.urls import resolve, reverse
from playwright.sync_api import expect

from tests.client import views

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1440, "height": 900}

pytestmark = pytest.mark.browser

# Russian screen order of a suit, strongest first (belot family): plain and trump.
PLAIN = "ATKQJ987"
TRUMP = "J9ATKQ87"
RU = {"A": "Т", "K": "К", "Q": "Д", "J": "В", "T": "10", "9": "9", "8": "8", "7": "7", "6": "6"}


class _QuietHandler(SimpleHTTPRequestHandler):
    """The repository's files, and ``/jsi18n/?lang=xx``: Django's JavaScript catalog of ``xx``."""

    catalogs: ClassVar[dict[str, bytes]] = {}

    def do_GET(self):
        url = urlsplit(self.path)
        if url.path != "/jsi18n/":
            return super().do_GET()
        lang = parse_qs(url.query).get("lang", ["ru"])[0]
        body = self.catalogs.get(lang, self.catalogs["ru"])
        self.send_response(200)
        self.send_header("Content-Type", "text/javascript; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return None

    def log_message(self, format, *args):
        pass


def javascript_catalogs() -> dict[str, bytes]:
    """What the site's ``javascript-catalog`` view answers in each language."""
    catalogs = {}
    for lang, _ in settings.LANGUAGES:
        url = reverse("javascript-catalog", args=[lang])
        match = resolve(url)
        catalogs[lang] = match.func(RequestFactory().get(url), **match.kwargs).content
    return catalogs


@pytest.fixture(scope="module")
def static_url():
    """Serve the repository (and the JavaScript catalogs) over HTTP on 127.0.0.1 for the module's tests."""
    _QuietHandler.catalogs = javascript_catalogs()
    handler = functools.partial(_QuietHandler, directory=str(ROOT))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def open_table(browser, static_url):
    """``open_table(viewport, lang="ru")`` → a page with the client mounted and no socket."""
    contexts = []

    def _open(viewport=DESKTOP, lang="ru"):
        context = browser.new_context(viewport=viewport, locale="ru-RU")
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


def feed(page, frame: dict) -> None:
    """Give the client one server frame, as the socket would; the view's clock is moved on to
    now, as if the server had just sent it (a slow machine must not eat the move time)."""
    frame = json.loads(json.dumps(frame))
    made = frame.pop("_made", None)
    view = frame.get("view") or {}
    if made is not None:
        shift = int(time.time() * 1000) - made
        for key in ("deadline", "move_deadline"):
            if isinstance(view.get(key), int):
                view[key] += shift
    page.evaluate("(f) => window.__tableClient.receive(f)", frame)


def sent(page) -> list[dict]:
    return page.evaluate("() => window.__tableClient.sent")


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.wait_for_timeout(350)  # let the deal-in animations finish
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def expected_order(hand: list[str], trump: str | None) -> list[str]:
    """The hand as the client must sort it: suits alternate in colour, trump last;
    inside a suit the belot order, strongest first."""
    if trump in ("s", "c", "d", "h"):
        same = {"s": "c", "c": "s", "d": "h", "h": "d"}[trump]
        other = ["s", "c"] if trump in "dh" else ["h", "d"]
        suits = [other[0], same, other[1], trump]
    else:
        suits = ["s", "h", "c", "d"]
    return sorted(hand, key=lambda c: (suits.index(c[1]), (TRUMP if c[1] == trump else PLAIN).index(c[0])))


def hand_cards(page) -> list[str]:
    return page.eval_on_selector_all(".hand-card", "els => els.map(e => e.dataset.card)")


def test_auction_enables_only_legal_bids_and_sends_the_bid(open_table):
    state, events = views.bazar_auction()
    frame = views.frame(state, 0, seq=5, events=events)
    legal = frame["view"]["legal"]
    page = open_table(DESKTOP)
    feed(page, frame)

    # the hand: sorted, Russian indices on the faces
    hand = frame["view"]["hand"]
    assert hand_cards(page) == expected_order(hand, None)
    labels = page.eval_on_selector_all(
        ".hand-card .card-svg", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert labels[0][:-1] in RU.values()
    assert {label[:-1] for label in labels} == {RU[c[0]] for c in hand}

    # every value button is enabled exactly when that bid (in the chosen trump) is legal
    for trump in ("s", "c", "d", "h", "nt"):
        page.click(f'.bid-trumps [data-trump="{trump}"]')
        enabled = {
            int(x)
            for x in page.eval_on_selector_all(
                ".bid-values .btn-bid:not([disabled])", "els => els.map(e => e.textContent)"
            )
        }
        wanted = {a["value"] for a in legal if a["type"] == "bid" and a["trump"] == trump}
        assert enabled == wanted, trump
    assert page.is_disabled('[data-action="bid-8"]')  # 8♥ was bid: 8 is no longer legal
    assert page.is_enabled('[data-action="contra"]')
    assert page.is_disabled('[data-action="recontra"]')
    assert page.is_enabled('[data-action="pass"]')
    # the last call of the bidder shows in its bubble
    assert page.inner_text('.seat[data-seat="3"] .seat-bubble') == "8 ♥"
    shot(page, "table-bazar-auction-1440x900")

    page.click('.bid-trumps [data-trump="nt"]')
    page.click('[data-action="bid-10"]')
    assert sent(page) == [
        {"op": "act", "seq": 5, "action": {"type": "bid", "value": 10, "trump": "nt"}, "id": "a1"}
    ]
    # inputs are locked until the next state: a second click sends nothing
    page.click('[data-action="pass"]', force=True)
    assert len(sent(page)) == 1
    assert page.js_errors == []


def test_auction_on_a_phone(open_table):
    state, events = views.bazar_auction()
    page = open_table(PHONE)
    feed(page, views.frame(state, 0, seq=5, events=events))
    # every part fits the 375 px width: nothing scrolls sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = page.locator(".hand").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    shot(page, "table-bazar-auction-375x812")


def test_play_hand_trick_and_last_trick(open_table):
    state, events = views.bazar_play()
    frame = views.frame(state, 0, seq=23, events=events)
    view = frame["view"]
    for viewport, name in ((DESKTOP, "1440x900"), (PHONE, "375x812")):
        page = open_table(viewport)
        feed(page, frame)
        assert hand_cards(page) == expected_order(view["hand"], view["trump"])
        # the trick on the table shows the cards of the view, each from its seat's side
        on_table = page.eval_on_selector_all(".trick .table-card", "els => els.map(e => e.dataset.card)")
        assert on_table == [c["card"] for c in view["table_cards"]]
        # hints on (the default): legal cards raised, the rest dimmed
        legal_cards = {a["card"] for a in view["legal"] if a["type"] == "play"}
        raised = set(
            page.eval_on_selector_all(".hand-card.is-playable", "els => els.map(e => e.dataset.card)")
        )
        dimmed = set(page.eval_on_selector_all(".hand-card.is-dimmed", "els => els.map(e => e.dataset.card)"))
        assert raised == legal_cards
        assert dimmed == set(view["hand"]) - legal_cards
        # whose turn: my plate is lit and shows the countdown
        assert page.locator(".me .seat-plate.is-turn .countdown").is_visible()
        assert re.fullmatch(r"0:\d\d · запас 0:30", page.inner_text(".me .countdown"))
        # the contract (8♠) is in the bar
        assert "8 ♠" in page.inner_text(".tbar-info")
        shot(page, f"table-bazar-play-{name}")
        if viewport is PHONE:
            page.click(".tbar-menu-toggle")
        page.click('[data-control="last-trick"]')
        last = page.eval_on_selector_all(".centre .table-card", "els => els.map(e => e.dataset.card)")
        assert last == [c["card"] for c in view["last_trick"]]
        assert "Последняя взятка" in page.inner_text(".centre-caption")
        shot(page, f"table-bazar-last-trick-{name}")
        page.keyboard.press("Escape")
        assert page.locator(".centre-caption").count() == 0

    # clicking a legal card sends the play on the current seq, once
    card = sorted(legal_cards)[0]
    page.click(f'.hand-card[data-card="{card}"]')
    page.click(f'.hand-card[data-card="{card}"]', force=True)
    assert sent(page) == [{"op": "act", "seq": 23, "action": {"type": "play", "card": card}, "id": "a1"}]
    # the next state unlocks the hand
    feed(page, {**frame, "seq": 24})
    assert page.locator(".is-pending").count() == 0
    assert page.js_errors == []


def test_declare_button_is_named_after_the_hand(open_table):
    state = views.bazar_declare()
    page = open_table(DESKTOP)
    feed(page, views.frame(state, 0, seq=4))
    button = page.locator('[data-action="declare"]')
    assert button.inner_text() == "Объявить терц"
    button.click()
    assert sent(page)[-1]["action"] == {"type": "declare"}
    # a declaration by another seat shows as a banner and in its bubble
    _, events = views.api.apply(state, 0, {"type": "declare"})
    feed(page, views.frame(state, 0, seq=5, events=events))
    expect(page.locator(".banners")).to_contain_text("терц")
    assert "терц" in page.inner_text(".me .seat-bubble")


def test_events_banners_errors_and_gaps(open_table):
    state, _ = views.bazar_play()
    page = open_table(DESKTOP)
    frame = views.frame(state, 0, seq=10)
    feed(page, frame)
    feed(page, {**frame, "seq": 11, "events": [{"type": "belote", "seat": 1, "suit": "s", "word": "belote"}]})
    expect(page.locator(".banners")).to_contain_text("Блот!")
    feed(
        page, {**frame, "seq": 12, "events": [{"type": "belote", "seat": 1, "suit": "s", "word": "rebelote"}]}
    )
    expect(page.locator(".banners")).to_contain_text("Реблот!")
    # an error frame: the server's message as a toast; nothing else changes
    feed(page, {"op": "error", "code": "illegal", "message": "Так ходить нельзя: нужно в масть"})
    assert "нужно в масть" in page.inner_text(".toasts")
    # an older state is ignored; a gap in seq asks for the full state
    feed(page, {**frame, "seq": 3})
    assert page.evaluate("window.__tableClient.seq") == 12
    feed(page, {**frame, "seq": 15})
    assert sent(page)[-1] == {"op": "sync"}
    # «Сдаться» asks with the seed's text (its 2 on 2 form here: #36, item 13) and sends
    # `surrender` only when confirmed
    page.click('[data-control="surrender"]')
    assert "Победа будет записана соперникам, поражение — вам и партнёру." in page.inner_text(".modal")
    page.click(".modal .btn:not(.btn-danger)")
    assert all(f.get("action", {}).get("type") != "surrender" for f in sent(page))
    page.click('[data-control="surrender"]')
    page.click(".modal .btn-danger")
    assert sent(page)[-1]["action"] == {"type": "surrender"}
    assert sent(page)[-1]["seq"] == 15
    feed(page, {**frame, "seq": 16})
    page.click('[data-control="leave"]')
    assert "Незавершённая партия будет засчитана как поражение." in page.inner_text(".modal")
    page.keyboard.press("Escape")
    assert page.js_errors == []


def test_deal_summary_and_score_sheet(open_table):
    state, events = views.bazar_deal_over()
    frame = views.frame(state, 0, seq=40, events=events)
    view = frame["view"]
    assert view["phase"] == "deal_over"
    page = open_table(DESKTOP)
    feed(page, frame)
    summary = page.inner_text('[data-summary="deal"]')
    assert "Сдача окончена" in summary
    scores = view["deals"][0]["scores"]
    assert all(str(s) in summary for s in scores)
    # said in the feed; no banner sits on the summary (issue #19, item 4)
    expect(page.locator(".feed")).to_contain_text("Сдача записана", timeout=10_000)
    expect(page.locator(".banners")).to_be_hidden()
    sheet = page.inner_text(".sheet")
    assert "Мы" in sheet and "Они" in sheet and str(view["totals"][0]) in sheet
    shot(page, "table-bazar-deal-over-1440x900")


def durak_frame(seq=30, **kw):
    state = views.durak_bout()
    return views.frame(state, 3, seq=seq, bots={0: "normal", 1: "easy", 2: "hard"}, **kw)


def test_durak_beat_by_tapping(open_table):
    frame = durak_frame()
    view = frame["view"]
    legal = view["legal"]
    page = open_table(DESKTOP)
    feed(page, frame)
    # natural order, trump (♠) last
    assert hand_cards(page)[-1][1] == view["trump"] or all(c[1] != view["trump"] for c in view["hand"])
    one_target = [c for c in view["hand"] if len([a for a in legal if a.get("card") == c]) == 1]
    two_targets = [c for c in view["hand"] if len([a for a in legal if a.get("card") == c]) > 1]
    useless = [c for c in view["hand"] if not any(a.get("card") == c for a in legal)]
    assert one_target and two_targets and useless  # the position has all three kinds
    # hints on: playable raised, others dimmed, beatable table cards lit
    assert "is-dimmed" in page.get_attribute(f'.hand-card[data-card="{useless[0]}"]', "class")
    lit = set(page.eval_on_selector_all(".bout .is-beatable", "els => els.map(e => e.dataset.card)"))
    assert lit == {a["target"] for a in legal if a["type"] == "defend"}
    assert page.is_enabled('[data-action="take"]')
    assert "Отбейтесь" in page.inner_text(".hint-line")
    shot(page, "table-durak-bout-1440x900")

    # a card with one target: one tap beats it
    page.click(f'.hand-card[data-card="{one_target[0]}"]')
    target = next(a["target"] for a in legal if a.get("card") == one_target[0])
    assert sent(page)[-1]["action"] == {"type": "defend", "card": one_target[0], "target": target}

    # a card with two targets: tap it, the targets light up, tap the one to beat
    feed(page, {**frame, "seq": 31})
    card = two_targets[0]
    page.click(f'.hand-card[data-card="{card}"]')
    targets = sorted(a["target"] for a in legal if a.get("card") == card)
    lit = sorted(page.eval_on_selector_all(".bout .is-target", "els => els.map(e => e.dataset.card)"))
    assert lit == targets
    page.click(f'.bout [data-card="{targets[-1]}"]')
    assert sent(page)[-1] == {
        "op": "act",
        "seq": 31,
        "action": {"type": "defend", "card": card, "target": targets[-1]},
        "id": "a2",
    }
    feed(page, {**frame, "seq": 32})
    page.click('[data-action="take"]')
    assert sent(page)[-1]["action"] == {"type": "take"}
    assert page.js_errors == []


def test_durak_hints_switch_persists_and_off_means_two_taps(open_table):
    frame = durak_frame()
    legal = frame["view"]["legal"]
    page = open_table(PHONE)
    feed(page, frame)
    assert page.locator(".hand-card.is-playable").count() > 0
    page.click(".tbar-menu-toggle")
    switch = page.locator('[data-control="hints"]')
    assert switch.is_checked()  # on by default
    page.click(".switch")
    assert not switch.is_checked()
    # off: nothing lit, nothing dimmed
    assert page.locator(".hand-card.is-playable, .hand-card.is-dimmed, .bout .is-beatable").count() == 0
    # remembered across a reload
    page.reload()
    page.wait_for_function("window.__tableClient !== undefined")
    feed(page, frame)
    assert not page.locator('[data-control="hints"]').is_checked()
    assert page.locator(".hand-card.is-playable, .hand-card.is-dimmed").count() == 0
    shot(page, "table-durak-hints-off-375x812")
    # off: a card with one way to play needs two taps (the first only raises it)
    card = next(c for c in frame["view"]["hand"] if len([a for a in legal if a.get("card") == c]) == 1)
    page.click(f'.hand-card[data-card="{card}"]')
    assert sent(page) == []
    assert "is-selected" in page.get_attribute(f'.hand-card[data-card="{card}"]', "class")
    page.click(f'.hand-card[data-card="{card}"]')
    assert sent(page)[-1]["action"]["card"] == card
    # switching back on is remembered too
    feed(page, {**frame, "seq": 31})
    page.click(".tbar-menu-toggle")
    page.click(".switch")
    page.reload()
    page.wait_for_function("window.__tableClient !== undefined")
    feed(page, frame)
    assert page.locator('[data-control="hints"]').is_checked()
    assert page.locator(".hand-card.is-playable").count() > 0


def test_keyboard_play(open_table):
    state, _ = views.bazar_play()
    frame = views.frame(state, 0, seq=23)
    legal_cards = {a["card"] for a in frame["view"]["legal"] if a["type"] == "play"}
    page = open_table(DESKTOP)
    feed(page, frame)
    cards = hand_cards(page)
    index = next(i for i, c in enumerate(cards) if c in legal_cards)
    page.keyboard.press(str(index + 1))
    assert sent(page)[-1]["action"] == {"type": "play", "card": cards[index]}


def test_themes_and_english(open_table):
    state, events = views.bazar_auction()
    frame = views.frame(state, 0, seq=5, events=events)
    backgrounds = set()
    for theme in ("club", "yard", "kitchen"):
        page = open_table(DESKTOP, lang="en" if theme == "kitchen" else "ru")
        frame["view"]["options"]["theme"] = theme
        feed(page, frame)
        assert page.get_attribute("#table-app", "data-theme") == theme
        backgrounds.add(page.eval_on_selector(".felt", "e => getComputedStyle(e).backgroundImage"))
        shot(page, f"table-theme-{theme}-1440x900")
    assert len(backgrounds) == 3  # three different tables
    # the English page
    assert page.inner_text('[data-action="pass"]') == "Pass"
    assert "Move hints" in page.inner_text(".tbar-menu")


def test_blot_naming_with_keep_and_f2_f4_f8(open_table):
    page = open_table(PHONE)
    state = views.blot_name()
    feed(page, views.frame(state, 0, seq=2, bots={1: "normal"}))
    # two players: the opponent sits on top; the face-up card lies on the table
    assert page.get_attribute('.seat[data-seat="1"]', "class").split()[1] == "pos-top"
    assert page.locator(".deck-up").count() == 1
    keep = page.locator('[data-action="keep"]')
    assert not keep.is_checked()
    shot(page, "table-blot-name-375x812")
    keep.check()
    page.click('[data-action="name-c"]')
    assert sent(page)[-1]["action"] == {"type": "name", "trump": "c", "keep": True}

    page = open_table(DESKTOP)
    state = views.blot_declare()
    feed(page, views.frame(state, 0, seq=3, bots={1: "normal"}))
    assert page.inner_text('[data-action="declare"]') == "Объявить 50"
    page.keyboard.press("F2")
    assert sent(page)[-1]["action"] == {"type": "declare"}
    feed(page, views.frame(state, 0, seq=4, bots={1: "normal"}))
    page.keyboard.press("F8")  # concede asks first
    assert "Отдать все оставшиеся взятки сопернику?" in page.inner_text(".modal")
    page.click(".modal .btn-danger")
    assert sent(page)[-1] == {"op": "act", "seq": 4, "action": {"type": "concede"}, "id": "a2"}

    state = views.blot_show()
    feed(page, views.frame(state, 0, seq=9, bots={1: "normal"}))
    page.keyboard.press("F4")
    assert sent(page)[-1]["action"] == {"type": "show"}
    shot(page, "table-blot-show-1440x900")
    assert page.js_errors == []


def test_deberc_take_or_pass_with_obligation(open_table):
    page = open_table(PHONE)
    state = views.deberc_auction()
    frame = views.frame(state, 0, seq=1, bots={1: "hard"})
    feed(page, frame)
    view = frame["view"]
    # the dealer holds the obligation: his name is marked «обяз»
    plate = page.inner_text(f'.seat[data-seat="{view["dealer"]}"] .seat-plate')
    assert "обяз" in plate
    assert page.get_attribute(".deck-up .card-svg", "aria-label")[:-1] in RU.values()
    assert "До первого туза" in page.inner_text(".centre")
    page.click('[data-action="take"]')
    assert sent(page)[-1]["action"] == {"type": "take"}
    shot(page, "table-deberc-take-375x812")


def test_sharper_check_and_catch(open_table):
    state = views.durak_check()
    frame = views.frame(state, 1, seq=30, bots={0: "hard"})
    catchable = {a["card"] for a in frame["view"]["legal"] if a["type"] == "catch"}
    assert catchable
    page = open_table(DESKTOP)
    # the 4-second check, counted from now (the page may take a while to open)
    page.evaluate("(f) => { f.view.deadline = Date.now() + 4000; window.__tableClient.receive(f); }", frame)
    assert re.fullmatch(r"Проверка: [1-4] с", page.inner_text(".countdown-check"))
    catch = page.locator('[data-action="catch"]')
    assert catch.inner_text() == "Поймать!" and catch.is_enabled()
    catch.click()
    lit = set(page.eval_on_selector_all(".bout .is-catchable", "els => els.map(e => e.dataset.card)"))
    assert lit == catchable
    assert "ловите" in page.inner_text(".hint-line")
    shot(page, "table-durak-check-1440x900")
    card = sorted(catchable)[0]
    page.click(f'.bout [data-card="{card}"]', position={"x": 8, "y": 10})  # its visible corner
    assert sent(page)[-1]["action"] == {"type": "catch", "card": card}
    # the catch as the others see it: a banner
    _, events = views.api.apply(state, 1, {"type": "catch", "card": card})
    feed(page, views.frame(state, 1, seq=31, events=events, bots={0: "hard"}))
    assert page.locator(".banners .banner").count() >= 1


def test_match_over_summary(open_table):
    state, _ = views.bazar_play()
    _, events = views.api.apply(state, 1, {"type": "surrender"})
    page = open_table(PHONE)
    feed(page, views.frame(state, 0, seq=50, events=events))
    summary = page.inner_text('[data-summary="match"]')
    assert "Партия окончена" in summary
    assert "Победа: Вы, Бот 3" in summary
    assert "сдался" in summary
    assert page.get_attribute('[data-summary="match"] a', "href") == "/lobby/"
    # the match is over: nothing to surrender any more, «Выйти» just goes to the lobby
    assert page.is_disabled('[data-control="surrender"]')
    shot(page, "table-match-over-375x812")


def test_durak_transfer_with_the_button(open_table):
    state = views.durak_transfer()
    frame = views.frame(state, 1, seq=2, bots={0: "normal", 2: "easy"})
    legal = frame["view"]["legal"]
    card = next(a["card"] for a in legal if a["type"] == "transfer")
    page = open_table(PHONE)
    feed(page, frame)
    # the card may beat or transfer: the first tap only selects it
    page.click(f'.hand-card[data-card="{card}"]')
    assert sent(page) == []
    assert page.is_enabled('[data-action="transfer"]')
    shot(page, "table-durak-transfer-375x812")
    page.click('[data-action="transfer"]')
    assert sent(page)[-1]["action"] == {"type": "transfer", "card": card}
    # the keys help lists the keyboard
    feed(page, {**frame, "seq": 3})
    page.click(".tbar-menu-toggle")
    page.click('[data-control="keys"]')
    assert "F2 / F4 / F8" in page.inner_text(".modal")
    page.keyboard.press("Escape")
    assert page.locator(".modal").count() == 0


def test_a_surrender_refused_as_stale_is_sent_again_on_the_fresh_state(open_table):
    state, _ = views.bazar_play()
    page = open_table(DESKTOP)
    frame = views.frame(state, 0, seq=20)
    feed(page, frame)
    page.click('[data-control="surrender"]')
    page.click(".modal .btn-danger")
    assert sent(page)[-1] == {"op": "act", "seq": 20, "action": {"type": "surrender"}, "id": "a1"}
    # a bot moved first: the server refuses the act as stale, the client asks for the state...
    feed(page, {"op": "error", "code": "stale", "message": "Ход устарел", "id": "a1"})
    assert sent(page)[-1] == {"op": "sync"}
    # ...and gives up again on it, with the new seq: the confirmed «Сдаться» is not lost
    feed(page, {**frame, "seq": 21})
    assert sent(page)[-1]["action"] == {"type": "surrender"} and sent(page)[-1]["seq"] == 21
    # once a newer state comes without a refusal, nothing more is sent
    count = len(sent(page))
    feed(page, {**frame, "seq": 22})
    feed(page, {**frame, "seq": 23})
    assert len(sent(page)) == count
    assert page.js_errors == []
