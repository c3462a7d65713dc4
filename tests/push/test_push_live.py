"""Web Push end to end (issue #32): a site event, the Celery task in a real worker, pywebpush's
encryption and VAPID signature, delivery to the suite's local push service (which checks both
and decrypts). Real PostgreSQL, Redis and ``celery worker``; no network beyond 127.0.0.1."""

from __future__ import annotations

import time

import pytest

from apps.push import services
from apps.social import services as social
from apps.tables import presence
from tests.tables.helpers import bot_table, drive_bots

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _no_bot_tasks(settings):
    settings.TABLES_SCHEDULER = "none"  # this process drives the bots; the worker sends pushes


def subscribe(user, push_service):
    info = push_service.subscription()
    return services.subscribe(user=user, endpoint=info["endpoint"], keys=info["keys"])


def test_friend_accepted_and_invitation_reach_the_device(make_user, push_service, celery_worker) -> None:
    olga, pavel = make_user("olga"), make_user("pavel")
    subscribe(olga, push_service)
    subscribe(pavel, push_service)
    assert social.friend_request(user=olga, username="pavel") == "sent"
    from apps.social.models import FriendRequest

    request_id = FriendRequest.objects.get(from_user=olga, to_user=pavel).pk
    social.friend_accept(user=pavel, request_id=request_id)
    (accepted,) = push_service.wait(1)
    assert accepted.payload["title"] == "Новый друг"
    assert accepted.payload["url"] == "/friends/"

    table = bot_table("durak", {}, people=[olga])
    social.invite(user=olga, friend_id=pavel.pk, table_id=table.pk)
    invited = push_service.wait(2)[1]
    assert invited.payload["title"] == "Приглашение за стол"
    assert invited.payload["url"] == f"/lobby/tables/{table.pk}/"
    assert (invited.ttl, invited.urgency) == (600, "high")


def test_your_turn_waits_five_seconds_without_a_table_socket(make_user, push_service, celery_worker) -> None:
    person = make_user("pavel")
    table = bot_table("durak", {}, people=[person])
    drive_bots(table.matches.get().pk)
    subscribe(person, push_service)

    # on the table: his socket opens and closes again at once (a reload) — no push
    presence.seat_presence(table_id=table.pk, user_id=person.pk, delta=1)
    presence.seat_presence(table_id=table.pk, user_id=person.pk, delta=-1)
    presence.seat_presence(table_id=table.pk, user_id=person.pk, delta=1)
    time.sleep(7)
    assert push_service.received == []

    # he closes the tab: one push, some 5 s later
    closed = time.monotonic()
    presence.seat_presence(table_id=table.pk, user_id=person.pk, delta=-1)
    (delivery,) = push_service.wait(1, timeout=20)
    assert time.monotonic() - closed >= 5
    assert delivery.payload["title"] == "Ваш ход"
    assert delivery.payload["url"] == f"/lobby/tables/{table.pk}/"
    time.sleep(2)
    assert len(push_service.received) == 1
