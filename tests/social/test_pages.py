"""The friends and watch pages and their buttons through Django's test client (real PostgreSQL)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

from apps.social import presence, selectors, services
from apps.social.models import FriendRequest, Invitation
from apps.tables import seating
from apps.tables.presence import spectator_presence
from tests.tables.helpers import bot_table

pytestmark = pytest.mark.django_db


def visible_text(html: str) -> str:
    """The page's text a reader sees (no scripts, styles, tags or JSON data)."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def befriend(a, b) -> None:
    services.friend_request(user=a, username=b.username)
    services.friend_accept(user=b, request_id=FriendRequest.objects.get(from_user=a, to_user=b).pk)


def test_the_header_links_and_the_badge_of_pending_invitations(client, make_user) -> None:
    anna, boris = make_user("anna"), make_user("boris")
    befriend(anna, boris)
    client.force_login(boris)
    html = client.get(reverse("lobby:home")).content.decode()
    assert 'data-nav="watch"' in html and 'data-nav="friends"' in html
    assert re.search(r'data-testid="invitation-badge"[^>]*data-count="0"[^>]*hidden', html)
    table = seating.table_create(user=anna, game="durak")
    services.invite(user=anna, friend_id=boris.pk, table_id=table.pk)
    html = client.get(reverse("lobby:home")).content.decode()
    badge = re.search(r'<a class="invite-badge"[^>]*>', html).group(0)
    assert 'data-count="1"' in badge and "hidden" not in badge
    # on the table's own page the header tells the socket which table this is
    html = client.get(reverse("lobby:table", args=[table.pk])).content.decode()
    assert f'<div id="social-socket" data-table="{table.pk}" hidden>' in html
    lobby_html = client.get(reverse("lobby:home")).content.decode()
    assert '<div id="social-socket" data-table="" hidden>' in lobby_html
    # in play the table hides the site header (and the badge) but keeps the socket
    live = bot_table("bazar_blot", {"players": 2}, people=[boris, make_user("vera")])
    html = client.get(reverse("lobby:table", args=[live.pk])).content.decode()
    assert 'class="invite-badge"' not in html
    assert f'<div id="social-socket" data-table="{live.pk}" hidden>' in html


def test_the_friends_page_buttons_do_what_they_say(client, make_user) -> None:
    anna, boris = make_user("anna"), make_user("boris")
    client.force_login(anna)
    url = reverse("social:friends")
    response = client.post(
        reverse("social:friends_action", args=["request"]), {"username": "boris"}, follow=True
    )
    assert "Заявка отправлена." in response.content.decode()
    response = client.post(
        reverse("social:friends_action", args=["request"]), {"username": "nobody"}, follow=True
    )
    assert "Нет игрока с таким именем." in response.content.decode()
    client.force_login(boris)
    page = client.get(url).content.decode()
    assert 'data-testid="incoming"' in page and "anna" in page
    request = FriendRequest.objects.get()
    response = client.post(
        reverse("social:friends_action", args=["accept"]), {"request": request.pk}, follow=True
    )
    assert "Заявка принята: вы теперь друзья." in response.content.decode()
    assert selectors.are_friends(anna, boris)
    # boris sits at a table: each friend gets «Позвать за стол #N»
    table = seating.table_create(user=boris, game="durak")
    page = client.get(url).content.decode()
    assert f"Позвать за стол #{table.pk}" in page
    response = client.post(
        reverse("social:friends_action", args=["invite"]), {"friend": anna.pk, "table": table.pk}, follow=True
    )
    assert "Приглашение отправлено." in response.content.decode()
    invitation = Invitation.objects.get()
    # anna accepts from her page: she lands on the table
    client.force_login(anna)
    page = client.get(url).content.decode()
    assert 'data-testid="invitations"' in page and f"#{table.pk}" in page
    response = client.post(reverse("social:invitation_answer", args=[invitation.pk, "accept"]))
    assert response.status_code == 302 and response["Location"] == f"/lobby/tables/{table.pk}/"
    # answering again is a clear message, nothing breaks
    response = client.post(reverse("social:invitation_answer", args=[invitation.pk, "accept"]), follow=True)
    assert "Это приглашение уже недействительно." in response.content.decode()
    # garbage in the form is a message too
    response = client.post(reverse("social:friends_action", args=["remove"]), {"friend": "x"}, follow=True)
    assert "Этого игрока нет среди ваших друзей." in response.content.decode()
    assert response.status_code == 200 and selectors.are_friends(anna, boris)
    assert client.post(reverse("social:friends_action", args=["nonsense"])).status_code == 404
    assert client.get(reverse("social:friends_action", args=["request"])).status_code == 405
    # block from the page: the friendship ends, the list shows him
    response = client.post(
        reverse("social:friends_action", args=["block"]), {"username": "boris"}, follow=True
    )
    assert "Игрок заблокирован." in response.content.decode()
    assert 'data-testid="blocked-list"' in response.content.decode()
    assert not selectors.are_friends(anna, boris) and selectors.is_blocked(anna, boris)


def test_the_pages_need_a_signed_in_user(client) -> None:
    for name in ("social:friends", "social:watch"):
        response = client.get(reverse(name))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_watch_page_lists_live_public_tables(client, make_user) -> None:
    anna, boris, vera = make_user("anna"), make_user("boris"), make_user("vera")
    table = bot_table("bazar_blot", {"players": 2}, people=[anna, boris])
    spectator_presence(table_id=table.pk, user_id=vera.pk, delta=+1)
    selectors._WATCH.clear()
    client.force_login(vera)
    html = client.get(reverse("social:watch")).content.decode()
    row = re.search(rf'<li class="watch-row" data-table="{table.pk}">.*?</li>', html, re.S).group(0)
    text = visible_text(row)
    assert f"#{table.pk} Базар-блот" in text and "anna, boris" in text
    assert "0 : 0" in text and "Зрители: 1" in text
    assert f'href="/lobby/tables/{table.pk}/"' in row


def test_the_social_pages_have_no_russian_left_in_english(client, make_user) -> None:
    anna, boris, vera = make_user("anna"), make_user("boris"), make_user("vera")
    befriend(anna, boris)
    services.friend_request(user=vera, username="anna")
    services.block(user=anna, username="vera")
    services.friend_request(user=anna, username=make_user("gleb").username)
    table = seating.table_create(user=boris, game="durak")
    services.invite(user=boris, friend_id=anna.pk, table_id=table.pk)
    live = bot_table("bazar_blot", {"players": 2}, people=[boris, make_user("dima")])
    seating.seat_leave(table_id=live.pk, user=boris)
    bot_table("deberc", {"players": 2}, people=[vera, make_user("egor")])
    presence.socket_opened(channel="boris-page", user_id=boris.pk, table_id=None)
    selectors._WATCH.clear()
    client.force_login(anna)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    pages = {"friends": client.get(reverse("social:friends")), "watch": client.get(reverse("social:watch"))}
    for name, response in pages.items():
        text = visible_text(response.content.decode())
        assert not re.search(r"[А-Яа-яЁё]", text), (name, re.findall(r"\S*[А-Яа-яЁё]+\S*", text)[:10])
    assert "Invitations to a table" in visible_text(pages["friends"].content.decode())
    watch = visible_text(pages["watch"].content.decode())
    assert "Playing now" in watch and "Replay" in watch and "Spectators: 0" in watch
    # the live parts' words come in English too
    words = re.search(
        r'<script id="social-words" type="application/json">(.*?)</script>', pages["watch"].content.decode()
    )
    assert '"online": "online"' in words.group(1)
