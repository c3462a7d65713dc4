"""End to end: a person plays a Базар-блот deal against three bots by clicking, on the real
site (daphne, Celery worker, PostgreSQL, Redis) in Debian's chromium.

The match's seed is chosen so that the person (seat 0) holds a sequence in the first deal:
the test then bids, declares (the button named after the hand), plays every card by
clicking, looks at «Последняя взятка», and sees the deal on the score sheet. It reloads the
page in the middle of the deal and finds the same table.
"""

from __future__ import annotations

import itertools
import time

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from apps.accounts.models import User
from apps.lobby import services as lobby
from apps.rules import api
from apps.tables import seating
from tests.fair_seeds import find_server_seed, fix_server_seed
from tests.live import ARTIFACTS, LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.live]

PASSWORD = "Kartochki-2026!"
OPTIONS = {"players": 4, "target": 51}
DEAL_SECONDS = 150


def has_sequence(hand: list[str]) -> bool:
    """Three cards in a row of one suit (a tierce or better) in ``hand``."""
    order = "789TJQKA"
    for suit in "scdh":
        ranks = sorted(order.index(c[0]) for c in hand if c[1] == suit)
        run = 1
        for a, b in itertools.pairwise(ranks):
            run = run + 1 if b == a + 1 else 1
            if run >= 3:
                return True
    return False


def seed_with_a_sequence_for_seat_0() -> bytes:
    return find_server_seed(lambda state: has_sequence(api.view(state, 0)["hand"]), "bazar_blot", OPTIONS)


def table_url(live_site: LiveSite, table_id: int) -> str:
    """The table page (the lobby app's ``lobby:table``)."""
    return f"{live_site.url}{reverse('lobby:table', args=[table_id])}"


def log_in(page: Page, live_site: LiveSite, username: str) -> None:
    page.goto(f"{live_site.url}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.get_by_test_id("current-user")).to_have_text(username)


def client_view(page: Page) -> dict | None:
    return page.evaluate("() => window.__tableClient && window.__tableClient.view")


def my_turn(page: Page) -> bool:
    return turn_view(page) is not None


def turn_view(page: Page) -> dict | None:
    """The client's view if this page may act now (nothing pending, a legal action), else None:
    both read at one moment, so the branch taken on the view's phase is the turn's (the bots move
    150 ms apart: a view read before the turn check was an auction's while the turn was a play)."""
    return page.evaluate(
        "() => { const c = window.__tableClient;"
        " return c && c.view && !c.pending && c.view.legal.length ? c.view : null; }"
    )


def choose_bid_trump(view: dict) -> str:
    """The suit the person holds most of (a natural bid)."""
    counts = {s: sum(1 for c in view["hand"] if c[1] == s) for s in "scdh"}
    return max(counts, key=counts.get)


def test_person_plays_a_bazar_blot_deal_against_three_bots(
    live_site: LiveSite, celery_worker, browser, monkeypatch
) -> None:
    user = User.objects.create_user(username="anna", password=PASSWORD)
    seed = seed_with_a_sequence_for_seat_0()
    fix_server_seed(monkeypatch, seed)
    table = lobby.play_with_bots(
        user=user, game="bazar_blot", options=OPTIONS, level="easy", bot_delay_ms=150
    )

    context = browser.new_context(viewport={"width": 1440, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, live_site, "anna")
    page.goto(table_url(live_site, table.pk))
    expect(page.locator("#table-app .conn")).to_have_class("conn conn-open")
    page.wait_for_function("() => window.__tableClient && window.__tableClient.view")

    try:
        _play_the_deal(page)
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "live-bazar-blot-deal-1440x900.png"))
    # the same page on a phone
    page.set_viewport_size({"width": 375, "height": 812})
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.screenshot(path=str(ARTIFACTS / "live-bazar-blot-deal-375x812.png"))
    assert errors == []
    context.close()


def _play_the_deal(page: Page) -> None:
    """Click through the first deal: bid once, declare, play every card, look at the last trick,
    reload once mid-deal; then check the score sheet."""
    did = {"bid": False, "declare": False, "last_trick": False, "reload": False}
    cards_played = 0
    deadline = time.monotonic() + DEAL_SECONDS
    while time.monotonic() < deadline:
        view = client_view(page)
        if view and view.get("deals"):
            break
        if view and not did["last_trick"] and view.get("last_trick") and view["phase"] == "play":
            page.click('[data-control="last-trick"]')
            caption = page.locator(".centre-caption")
            expect(caption).to_have_text("Последняя взятка")
            # what the centre shows and the client's view, read at the same moment (bots keep playing)
            shown, last = page.evaluate(
                "() => [[...document.querySelectorAll('.centre .table-card')].map(e => e.dataset.card),"
                " (window.__tableClient.view.last_trick || []).map(c => c.card)]"
            )
            assert shown == last and len(shown) == 4
            page.click('[data-control="last-trick"]')
            did["last_trick"] = True
            continue
        if view and not did["reload"] and view["phase"] == "play" and cards_played >= 3:
            page.wait_for_function("() => !window.__tableClient.pending")
            before = client_view(page)
            page.reload()
            page.wait_for_function("() => window.__tableClient && window.__tableClient.view")
            after = client_view(page)
            # the same match restored: my hand as it was (at most the card I had just played gone)
            assert after["match"] == before["match"]
            assert set(after["hand"]) <= set(before["hand"])
            assert len(after["hand"]) >= len(before["hand"]) - 1
            did["reload"] = True
            continue
        view = turn_view(page)
        if view is None:
            page.wait_for_timeout(80)
            continue
        if view["phase"] == "auction":
            enabled = page.locator(".bid-values .btn-bid:not([disabled])")
            if not did["bid"] and page.locator('[data-action="pass"]').count():
                page.click(f'.bid-trumps [data-trump="{choose_bid_trump(view)}"]')
                if enabled.count():
                    enabled.first.click()
                    did["bid"] = True
                    continue
            page.click('[data-action="pass"]')
            continue
        declare = page.locator('[data-action="declare"]')
        if declare.count() and declare.is_enabled():
            assert declare.inner_text().startswith("Объявить ")
            declare.click()
            did["declare"] = True
            page.wait_for_function("() => !window.__tableClient.pending")
            continue
        playable = page.locator(".hand-card.is-playable")
        if playable.count():
            playable.first.click()
            cards_played += 1
        else:
            page.wait_for_timeout(80)

    view = client_view(page)
    assert view["deals"], (
        f"the deal was not finished in time: {did}, phase {view['phase']}, seq {view.get('seq')}"
    )
    assert did == {"bid": True, "declare": True, "last_trick": True, "reload": True}
    assert cards_played == 8
    # the score sheet shows the deal and the totals
    sheet = page.inner_text(".sheet")
    assert "Итого" in sheet and str(view["totals"][0]) in sheet


# --------------------------------------------------------------------------- Durak

DURAK_OPTIONS = {"transfer": True, "cheating": True}
NATURAL = "6789TJQKA"


def fair(card: str, target: str, trump: str) -> bool:
    """Does ``card`` beat ``target`` by the rules (same suit higher, or a trump on a plain card)?"""
    if card[1] == target[1]:
        return NATURAL.index(card[0]) > NATURAL.index(target[0])
    return card[1] == trump and target[1] != trump


def durak_seed() -> bytes:
    """A seed where seat 0 leads against seat 1, who holds a card of a rank seat 0 holds too."""

    def fits(state) -> bool:
        mine = api.view(state, 0)
        if api.to_act(state) != [0] or mine.get("defender") != 1:
            return False
        return bool({c[0] for c in mine["hand"]} & {c[0] for c in api.view(state, 1)["hand"]})

    return find_server_seed(fits, "durak", DURAK_OPTIONS, seats=[0, 1, 2, 3])


def press(page: Page, selector: str, **kwargs) -> bool:
    """Click ``selector`` if it is there and enabled within a moment; False when the table moved
    on meanwhile (a bot or the other person acted): the loop looks again."""
    try:
        page.locator(selector).click(timeout=3000, **kwargs)
    except PlaywrightTimeoutError:
        return False
    return True


def tap_card(page: Page, card: str) -> bool:
    return press(page, f'.hand-card[data-card="{card}"]')


def tap_table(page: Page, card: str) -> bool:
    """Tap a bout card where it shows: a defence card is on top, an attack card shows its corner."""
    selector = f'.bout [data-card="{card}"]'
    try:
        classes = page.locator(selector).get_attribute("class", timeout=3000) or ""
    except PlaywrightTimeoutError:
        return False  # the bout was cleared meanwhile: the loop looks again
    if "bout-defence" in classes:
        return press(page, selector)
    return press(page, selector, position={"x": 8, "y": 10})


def lies_unfairly(bout: list[dict], card: str, trump: str) -> bool:
    """Whether ``card`` lies in ``bout`` on an attack card it does not beat."""
    return any(pair.get("defence") == card and not fair(card, pair["attack"], trump) for pair in bout)


def laid_unfairly(page: Page, card: str, trump: str) -> bool:
    """Whether ``card`` now lies in the bout on an attack card it does not beat. The bout can
    change between the look and the tap (a bot throws in, cards shift on a phone), so the tap
    may land on another attack card: then the cheat did not happen and is tried again later."""
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        bout = client_view(page)["table_cards"]
        if any(pair.get("defence") == card for pair in bout):
            return lies_unfairly(bout, card, trump)
        page.wait_for_timeout(100)
    return False


def durak_step(page: Page, who: str, plan: dict) -> None:
    """One decision of a person at the Durak table, made by clicking like a player.

    Anna (seat 0) opens with a card whose rank Boris holds; Boris transfers it once, later
    lays one unfair card on an attack card it does not beat, which Anna catches («Поймать!»).
    Otherwise both play fair: beat when they can, else «Беру»; throwers say «Бито»."""
    view = turn_view(page)
    if view is None:
        return
    legal, trump, bout = view["legal"], view["trump"], view["table_cards"]
    types = {a["type"] for a in legal}
    if who == "anna" and plan["cheat"] and not plan["caught"]:
        if not lies_unfairly(bout, plan["cheat"], trump):
            # a bot caught it first, or the bout ended unnoticed: Boris cheats again later
            plan["cheat"] = None
        elif any(a["type"] == "catch" and a["card"] == plan["cheat"] for a in legal):
            if press(page, '[data-action="catch"]') and tap_table(page, plan["cheat"]):
                plan["caught"] = True
            return
    if view["phase"] == "check":
        return
    hand = view["hand"]
    if who == "anna" and not bout and not plan["opened"]:
        other = {c[0] for c in plan["boris_hand"]}
        card = next(c for c in hand if c[0] in other)
        plan["opened"] = tap_card(page, card)
        return
    ranks = {pair["attack"][0] for pair in bout}
    transfer = next((a for a in legal if a["type"] == "transfer" and a["card"][0] in ranks), None)
    if who == "boris" and not plan["transferred"] and transfer:  # a fair transfer
        if tap_card(page, transfer["card"]) and press(page, '[data-action="transfer"]'):
            plan["transferred"] = True
        return
    if "defend" in types or "take" in types:
        unbeaten = [pair["attack"] for pair in bout if not pair["defence"]]
        if who == "boris" and plan["transferred"] and not plan["cheat"] and unbeaten:
            # the planned cheat: a card that does not beat the target, laid on it anyway
            target = unbeaten[0]
            card = next((c for c in hand if not fair(c, target, trump)), None)
            if card:
                if tap_card(page, card) and tap_table(page, target):
                    plan["cheat"] = card if laid_unfairly(page, card, trump) else None
                return
        for target in unbeaten:
            options = [c for c in hand if fair(c, target, trump)]
            if options:
                tap_card(page, options[0])
                if page.locator(f'.hand-card.is-selected[data-card="{options[0]}"]').count():
                    tap_table(page, target)
                return
        press(page, '[data-action="take"]')
        return
    if not bout and "attack" in types:
        tap_card(page, min(hand, key=lambda c: (c[1] == trump, NATURAL.index(c[0]))))
        return
    if "done" in types:
        press(page, '[data-action="done"]')


def test_two_people_and_two_bots_play_durak_to_the_end(
    live_site: LiveSite, celery_worker, browser, monkeypatch
):
    anna = User.objects.create_user(username="anna", password=PASSWORD)
    boris = User.objects.create_user(username="boris", password=PASSWORD)
    seed = durak_seed()
    fix_server_seed(monkeypatch, seed)
    table = seating.table_create(
        user=anna,
        game="durak",
        options=DURAK_OPTIONS,
        bots={2: "easy", 3: "easy"},
        time_scale=0.5,
        bot_delay_ms=100,
    )
    seating.seat_take(table_id=table.pk, user=boris, seat=1)

    # both open the table while it waits, then say «Готов»: the match starts in front of them
    pages = {}
    for name, viewport in (
        ("anna", {"width": 1440, "height": 900}),
        ("boris", {"width": 375, "height": 812}),
    ):
        context = browser.new_context(viewport=viewport)
        context.set_default_timeout(15_000)
        page = context.new_page()
        log_in(page, live_site, name)
        page.goto(table_url(live_site, table.pk))
        pages[name] = page
    seating.ready_set(table_id=table.pk, user=boris)
    seating.ready_set(table_id=table.pk, user=anna)
    for page in pages.values():
        page.wait_for_function("() => window.__tableClient && window.__tableClient.view", timeout=20_000)
    plan = {
        "opened": False,
        "transferred": False,
        "cheat": None,
        "caught": False,
        "seen": False,
        "wrong": 0,
        "boris_hand": client_view(pages["boris"])["hand"],
    }
    deadline = time.monotonic() + 240
    try:
        while time.monotonic() < deadline:
            if client_view(pages["anna"]).get("result"):
                break
            for name, page in pages.items():
                durak_step(page, name, plan)
            if plan["caught"] and not plan["seen"]:
                # everyone at the table is told who caught whom (the feed keeps what a banner said:
                # banners queue up and the oldest are dropped when many come at once)
                try:
                    said = (
                        pages["boris"]
                        .wait_for_function(
                            """(wrong) => {
                            const text = document.querySelector('.feed').textContent;
                            if (text.includes('anna ловит шулера!')) return 'caught';
                            return text.split('Ложное обвинение — anna').length - 1 > wrong ? 'wrong' : null;
                        }""",
                            arg=plan["wrong"],
                        )
                        .json_value()
                    )
                except PlaywrightTimeoutError:
                    # neither: a bot caught the card first (its «ловит шулера!») and Anna's catch,
                    # of a card no longer there, was refused (seen once in a 3-worker run). The
                    # end still asserts her catch was seen in the feed.
                    said = "missed"
                if said in ("wrong", "missed"):
                    # a bot caught the card between Anna's look and her tap: she accused a fair
                    # card (or one already caught), and Boris cheats again later
                    plan.update(wrong=plan["wrong"] + (said == "wrong"), cheat=None, caught=False)
                else:
                    plan["seen"] = True
            pages["anna"].wait_for_timeout(60)
    finally:
        for name, page in pages.items():
            page.screenshot(path=str(ARTIFACTS / f"live-durak-{name}.png"))
    view = client_view(pages["anna"])
    assert view["result"], f"the game did not end in time: {plan}"
    assert plan["transferred"] and plan["caught"] and plan["seen"], plan
    for page in pages.values():
        expect(page.locator('[data-summary="match"]')).to_contain_text("Партия окончена")
