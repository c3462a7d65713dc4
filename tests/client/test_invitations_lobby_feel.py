"""Issue #36, item 11, in chromium on a 360×740 touch phone (real daphne, PostgreSQL, Redis,
Celery worker): invitations and the lobby.

- «Принять» on an invitation seats the guest at the table (a free seat), it does not only open it;
- a waiting table leaves the lobby's list once its people have left its page for a while;
- nobody sits at (or creates) a table while a match of his with people is being played at another:
  the refusal says to finish that match.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from apps.accounts.models import User
from apps.core.errors import Refused
from apps.lobby import selectors as lobby_selectors
from apps.social import services as social
from apps.social.models import FriendRequest
from apps.tables import seating
from apps.tables.models import Seat
from tests.client.test_lobby_feel import PHONE, new_page
from tests.client.test_table_live import PASSWORD
from tests.live import LiveSite, screenshot_dir

pytestmark = [pytest.mark.browser, pytest.mark.live, pytest.mark.django_db(transaction=True)]


def people(*names: str) -> list[User]:
    return [User.objects.create_user(username=name, password=PASSWORD) for name in names]


def friends(a: User, b: User) -> None:
    social.friend_request(user=a, username=b.username)
    social.friend_accept(user=b, request_id=FriendRequest.objects.get(from_user=a, to_user=b).pk)


def test_accepting_an_invitation_seats_the_guest(live_site: LiveSite, celery_worker, browser) -> None:
    anna, boris = people("anna", "boris")
    friends(anna, boris)
    table = seating.table_create(user=anna, game="durak", options={}, seats=2)
    page = new_page(browser, live_site, "boris", PHONE)
    page.goto(f"{live_site.url}/lobby/")
    page.wait_for_function("() => window.kartochkiSocial && window.kartochkiSocial.open")
    social.invite(user=anna, friend_id=boris.pk, table_id=table.pk)
    toast = page.get_by_test_id("invitation-toast")
    expect(toast).to_contain_text(f"anna зовёт вас за стол #{table.pk}")
    toast.get_by_test_id("toast-accept").tap()
    page.wait_for_url(f"**/lobby/tables/{table.pk}/")
    expect(page.get_by_test_id("seats")).to_contain_text("boris")
    expect(page.get_by_test_id("ready")).to_be_visible()  # seated: «Готов» is his to press
    expect(page.get_by_test_id("sit")).to_have_count(0)
    assert table.seats.filter(user=boris).exists()


def test_a_waiting_table_leaves_the_lobby_when_its_people_left_it(live_site: LiveSite, browser) -> None:
    anna, _boris = people("anna", "boris")
    table = seating.table_create(user=anna, game="durak", options={}, seats=2)
    page = new_page(browser, live_site, "boris", PHONE)
    page.goto(f"{live_site.url}/lobby/")
    listed = page.get_by_test_id("lobby-tables").locator(f'li[data-table="{table.pk}"]')
    expect(listed).to_have_count(1)  # new: anna is on her way to it
    # anna opened the table, then closed it three minutes ago and never came back
    Seat.objects.filter(table=table, user=anna).update(
        connections=0, disconnected_at=timezone.now() - timedelta(minutes=3)
    )
    page.reload()
    expect(page.get_by_test_id("lobby-tables")).to_contain_text("Пока нет открытых столов.")
    expect(listed).to_have_count(0)
    assert lobby_selectors.open_table(table.pk) is None
    # she comes back: listed again
    Seat.objects.filter(table=table, user=anna).update(connections=1, disconnected_at=None)
    page.reload()
    expect(listed).to_have_count(1)


def test_nobody_sits_at_a_table_while_playing_at_another(live_site: LiveSite, celery_worker, browser) -> None:
    anna, boris, vera = people("anna", "boris", "vera")
    playing = seating.table_create(user=boris, game="durak", options={}, seats=2)
    seating.seat_take(table_id=playing.pk, user=vera, seat=1)
    for person in (boris, vera):
        seating.ready_set(table_id=playing.pk, user=person, ready=True)
    playing.refresh_from_db()
    assert playing.status == "playing"
    waiting = seating.table_create(user=anna, game="durak", options={}, seats=2)
    page = new_page(browser, live_site, "boris", PHONE)
    page.goto(f"{live_site.url}/lobby/tables/{waiting.pk}/")
    # no «Сесть»: the page says why and links to his match
    expect(page.get_by_test_id("playing-elsewhere")).to_contain_text("Сначала доиграйте начатую партию.")
    expect(page.get_by_test_id("sit")).to_have_count(0)
    page.screenshot(path=str(screenshot_dir() / "playing-elsewhere-360x740.png"))
    # a sit sent anyway (another tab, the API) is refused the same way
    page.evaluate(
        """(url) => { const f = document.createElement("form"); f.method = "post"; f.action = url;
        const t = document.createElement("input"); t.type = "hidden"; t.name = "csrfmiddlewaretoken";
        t.value = document.querySelector("input[name=csrfmiddlewaretoken]").value;
        const s = document.createElement("input"); s.type = "hidden"; s.name = "seat"; s.value = "1";
        f.append(t, s); document.body.append(f); f.submit(); }""",
        f"/lobby/tables/{waiting.pk}/sit/",
    )
    expect(page.locator(".message--error")).to_have_text("Сначала доиграйте начатую партию.")
    assert not waiting.seats.filter(user=boris).exists()
    with pytest.raises(Refused) as refused:
        seating.table_create(user=boris, game="durak", options={}, seats=2)
    assert refused.value.code == "in_match"
    page.get_by_test_id("playing-elsewhere-link").tap()
    page.wait_for_url(f"**/lobby/tables/{playing.pk}/")
