"""One person cannot fill the lobby: at most ``LOBBY_WAITING_TABLES_PER_USER`` waiting tables that
he owns and sits at, on every create path (issue #30, finding 5)."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from apps.api import tokens
from apps.core.errors import Refused
from apps.lobby import services as lobby
from apps.lobby.selectors import open_tables
from apps.tables import seating
from apps.tables.models import Table

pytestmark = pytest.mark.django_db


def test_a_fourth_waiting_table_is_refused_and_a_started_or_left_one_frees_a_place(make_user, settings):
    settings.LOBBY_WAITING_TABLES_PER_USER = 3
    user, other = make_user(), make_user()
    tables = [seating.table_create(user=user, game="durak") for _ in range(2)]
    seating.table_create(user=user, game="durak", private=True)  # a private one waits too
    with pytest.raises(Refused) as info:
        seating.table_create(user=user, game="bazar_blot", options={"players": 2})
    assert info.value.code == "too_many_tables" and "ждут игроков" in info.value.message()
    assert Table.objects.filter(owner=user).count() == 3
    seating.table_create(user=other, game="durak")  # the cap is per person
    bot_game = lobby.play_with_bots(user=user, game="durak")  # a bot game starts at once: never waits
    seating.match_leave(table=bot_game, user=user)  # one match at a time (issue #36, item 11)
    seating.seat_leave(table_id=tables[0].pk, user=user)  # he stood up: that table frees a place
    assert tables[0].pk not in [t["id"] for t in open_tables()]  # and nobody sits there: not listed
    fourth = seating.table_create(user=user, game="durak", bots={1: "easy"}, seats=2)
    fourth = seating.ready_set(table_id=fourth.pk, user=user)  # its match starts: a place frees
    assert Table.objects.get(pk=fourth.pk).status == "playing"
    seating.match_leave(table=fourth, user=user)
    seating.table_create(user=user, game="durak")
    with pytest.raises(Refused) as info:
        seating.table_create(user=user, game="durak")
    assert info.value.code == "too_many_tables"


def test_the_api_answers_409_too_many_tables(make_user, settings):
    settings.LOBBY_WAITING_TABLES_PER_USER = 2
    user = make_user()
    _token, key = tokens.token_create(user=user, name="test")
    client = Client(HTTP_AUTHORIZATION=f"Token {key}")

    def create():
        return client.post("/api/tables/", json.dumps({"game": "durak"}), content_type="application/json")

    assert [create().status_code for _ in range(2)] == [201, 201]
    refused = create()
    assert refused.status_code == 409 and refused.json()["code"] == "too_many_tables"
    assert Table.objects.filter(owner=user).count() == 2


def test_the_lobby_form_shows_the_refusal(client, make_user, settings):
    settings.LOBBY_WAITING_TABLES_PER_USER = 1
    client.force_login(make_user())
    client.post(reverse("lobby:create"), {"game": "durak"})
    page = client.post(reverse("lobby:create"), {"game": "durak"}, follow=True)
    assert page.redirect_chain[-1][0] == reverse("lobby:home")
    assert "ждут игроков" in page.content.decode() and Table.objects.count() == 1
    client.cookies["django_language"] = "en"
    page = client.post(reverse("lobby:create"), {"game": "durak"}, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "You already have tables waiting for players" in page.content.decode()
