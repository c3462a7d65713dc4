"""Friends and watching end to end in Debian's chromium (real daphne, PostgreSQL, Redis), with
two and three browser contexts:

- Desktop: Анна asks Борис to be friends by his username; his open «Друзья» page shows the
  request at once, he accepts, and each sees the other «в сети». Анна sits down at a new table:
  Борис's page shows, live, that she plays there. She invites him from her «Друзья» page; the
  invitation pops up on his lobby page and in the header's badge, «Принять» takes him to the
  table and he sits. Вера, whom Анна blocked, is refused the seat with the `blocked` message.
- Phone (360x740): on «Смотреть» Вера sees a live public table with its players and score, the
  spectator count rises while she has it open, and the table opens for her as a spectator
  with no hand; when the match ends it moves to «Недавно закончились» with its replay.

Screenshots of the friends and watch pages go to ``tests.live.screenshot_dir()``
(docs/screenshots/ when scripts/screenshots.sh runs it).
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from apps.accounts.models import User
from apps.social import selectors
from apps.tables import seating
from apps.tables.models import Match, Table
from tests.client.test_table_live import PASSWORD, client_view, log_in
from tests.live import LiveSite, screenshot_dir
from tests.tables.helpers import bot_table

pytestmark = [pytest.mark.browser, pytest.mark.live]

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 360, "height": 740}


def person(browser, live_site: LiveSite, username: str, viewport: dict) -> tuple[Page, list[str]]:
    User.objects.create_user(username=username, password=PASSWORD)
    context = browser.new_context(viewport=viewport, locale="ru-RU")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, live_site, username)
    return page, errors


def personal_socket_open(page: Page) -> None:
    page.wait_for_function("() => window.kartochkiSocial && window.kartochkiSocial.open")


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def friend_row(page: Page, name: str):
    return page.get_by_test_id("friends-list").locator("li", has_text=name)


@pytest.mark.django_db(transaction=True)
def test_friends_see_each_other_online_and_an_invitation_arrives_live(live_site: LiveSite, browser) -> None:
    anna, anna_errors = person(browser, live_site, "anna", DESKTOP)
    boris, boris_errors = person(browser, live_site, "boris", DESKTOP)
    vera, vera_errors = person(browser, live_site, "vera", DESKTOP)
    friends_url = f"{live_site.url}{reverse('social:friends')}"
    boris.goto(friends_url)
    personal_socket_open(boris)
    expect(boris.get_by_test_id("incoming")).to_have_count(0)

    # Анна asks by username; Борис's open page shows the request by itself
    anna.goto(friends_url)
    form = anna.get_by_test_id("add-friend")
    form.locator("input[name=username]").fill("Boris")
    form.get_by_role("button", name="Отправить заявку").click()
    expect(anna.locator(".message")).to_have_text("Заявка отправлена.")
    expect(anna.get_by_test_id("outgoing")).to_contain_text("boris")
    expect(boris.get_by_test_id("incoming")).to_contain_text("anna")
    personal_socket_open(anna)
    boris.get_by_test_id("request-accept").click()
    expect(boris.locator(".message")).to_have_text("Заявка принята: вы теперь друзья.")

    # both online: each sees the other «в сети» (Анна's page reloads when he accepts)
    expect(friend_row(anna, "boris").get_by_test_id("friend-status")).to_have_text("в сети")
    expect(friend_row(boris, "anna").get_by_test_id("friend-status")).to_have_text("в сети")
    expect(friend_row(boris, "anna")).to_have_class(re.compile(r"\bis-online\b"))

    # Анна sits at a new table in another tab: Борис's page shows it live (the 15 s refresh)
    table_page = anna.context.new_page()
    table_page.goto(f"{live_site.url}{reverse('lobby:home')}")
    table_page.get_by_test_id("choose-durak").check()
    table_page.get_by_test_id("create-durak").get_by_role("button", name="Создать стол").click()
    table_page.wait_for_url(re.compile(r"/lobby/tables/\d+/$"))
    table = Table.objects.get(owner__username="anna")
    expect(friend_row(boris, "anna").get_by_test_id("friend-status")).to_have_text(
        f"в сети · играет — стол #{table.pk}, Дурак", timeout=25_000
    )
    expect(friend_row(boris, "anna").get_by_role("link", name=f"стол #{table.pk}")).to_have_attribute(
        "href", f"/lobby/tables/{table.pk}/"
    )
    anna.reload()
    anna.screenshot(path=str(screenshot_dir() / "friends.png"), full_page=True)

    # the invitation: Борис is in the lobby; it pops up there and in the header's badge
    boris.goto(f"{live_site.url}{reverse('lobby:home')}")
    personal_socket_open(boris)
    badge = boris.get_by_test_id("invitation-badge")
    expect(badge).to_be_hidden()
    friend_row(anna, "boris").get_by_role("button", name=f"Позвать за стол #{table.pk}").click()
    expect(anna.locator(".message")).to_have_text("Приглашение отправлено.")
    toast = boris.get_by_test_id("invitation-toast")
    expect(toast).to_contain_text(f"anna зовёт вас за стол #{table.pk} — Дурак")
    expect(badge).to_be_visible()
    expect(boris.get_by_test_id("invitation-count")).to_have_text("1")
    boris.screenshot(path=str(screenshot_dir() / "invitation.png"))
    # the badge is on every page, rendered by the server too
    other = boris.context.new_page()
    other.goto(f"{live_site.url}/")
    expect(other.get_by_test_id("invitation-count")).to_have_text("1")
    other.close()
    # «Принять» takes him to the table and seats him there (#36, item 11)
    toast.get_by_test_id("toast-accept").click()
    boris.wait_for_url(f"{live_site.url}/lobby/tables/{table.pk}/")
    expect(boris.get_by_test_id("invitation-badge")).to_be_hidden()
    expect(boris.get_by_test_id("seats")).to_contain_text("boris")
    assert table.seats.filter(user__username="boris").exists()

    # Вера, blocked by Анна, is refused a seat at her table with the clear message
    anna.get_by_test_id("block-user").locator("input[name=username]").fill("vera")
    anna.get_by_test_id("block-user").get_by_role("button", name="Заблокировать").click()
    expect(anna.locator(".message")).to_have_text("Игрок заблокирован.")
    expect(anna.get_by_test_id("blocked-list")).to_contain_text("vera")
    vera.goto(f"{live_site.url}/lobby/tables/{table.pk}/")
    vera.get_by_test_id("sit").first.click()
    expect(vera.locator(".message--error")).to_have_text("Нельзя: один из вас заблокировал другого.")
    assert not table.seats.filter(user__username="vera").exists()

    for page in (anna, boris, vera):
        no_sideways_scroll(page)
    assert anna_errors == [] and boris_errors == [] and vera_errors == []
    for page in (anna, boris, vera):
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_the_watch_page_on_a_phone_opens_a_live_table_as_a_spectator_with_no_hand(
    live_site: LiveSite, browser
) -> None:
    anna = User.objects.create_user(username="anna", password=PASSWORD)
    boris = User.objects.create_user(username="boris", password=PASSWORD)
    table = bot_table("bazar_blot", {"players": 2}, people=[anna, boris])
    match = Match.objects.get(table=table)
    vera, errors = person(browser, live_site, "vera", PHONE)
    watch_url = f"{live_site.url}{reverse('social:watch')}"
    vera.goto(watch_url)
    row = vera.get_by_test_id("watch-live").locator(f'li[data-table="{table.pk}"]')
    expect(row).to_contain_text(f"#{table.pk} Базар-блот")
    expect(row).to_contain_text("anna, boris")
    expect(row.get_by_test_id("watch-score")).to_have_text("0 : 0")
    expect(row.get_by_test_id("watch-spectators")).to_have_text("Зрители: 0")
    no_sideways_scroll(vera)
    vera.screenshot(path=str(screenshot_dir() / "watch.png"), full_page=True)

    # the table opens in another tab for her as a spectator: public view, no hand, ever
    spectator = vera.context.new_page()
    spectator.goto(f"{live_site.url}{row.get_by_test_id('watch-open').get_attribute('href')}")
    spectator.wait_for_function("() => window.__tableClient && window.__tableClient.view")
    view = client_view(spectator)
    assert view["seat"] is None and view["hand"] == [] and view["legal"] == []
    assert view["match"] == match.pk
    expect(spectator.locator(".hand-card")).to_have_count(0)
    from apps.rules import api

    hands = [api.view(api.from_json(match.state), seat)["hand"] for seat in (0, 1)]
    html = spectator.content()
    assert not [card for hand in hands for card in hand if f'data-card="{card}"' in html]
    no_sideways_scroll(spectator)
    # her watch page counts her as a spectator within its 5 s refresh
    expect(row.get_by_test_id("watch-spectators")).to_have_text("Зрители: 1", timeout=15_000)

    # the match ends (Анна leaves): the row moves to «Недавно закончились» with its replay
    seating.seat_leave(table_id=table.pk, user=anna)
    finished = vera.get_by_test_id("watch-finished").locator(f'li[data-match="{match.pk}"]')
    expect(finished).to_contain_text("Базар-блот", timeout=15_000)
    expect(vera.get_by_test_id("watch-live").locator(f'li[data-table="{table.pk}"]')).to_have_count(0)
    view = client_view(spectator)
    assert view["hand"] == [] and view["seat"] is None
    finished.get_by_test_id("watch-replay").click()
    vera.wait_for_url(f"{live_site.url}/matches/{match.pk}/")
    assert errors == []
    assert selectors.watch_list()["finished"][0]["match"] == match.pk
    vera.context.close()
