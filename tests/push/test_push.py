"""Web Push (issue #32): subscriptions, the kinds, the away rule and delivery to the suite's
local push service, which checks the VAPID JWT and decrypts the aes128gcm payload."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from apps.core.errors import Refused
from apps.push import kinds, messages, services, tasks
from apps.push.models import Subscription
from apps.tables.models import Seat
from tests.tables.helpers import bot_table, drive_bots

pytestmark = pytest.mark.django_db


def subscribe(user, push_service, **kwargs) -> Subscription:
    info = push_service.subscription(**kwargs)
    return services.subscribe(user=user, endpoint=info["endpoint"], keys=info["keys"], label="Chrome · Linux")


def test_a_notification_is_encrypted_signed_and_delivered(make_user, push_service) -> None:
    olga = make_user("olga")
    row = subscribe(olga, push_service)
    assert tasks.send(olga.pk, kinds.TEST, {}) == 1
    (delivery,) = push_service.wait(1)
    assert delivery.payload == {
        "title": "Карточки",
        "body": "Уведомления работают: так мы позовём вас за стол.",
        "url": "/accounts/profile/",
        "tag": "test",
    }
    assert (delivery.ttl, delivery.urgency) == (60, "normal")
    assert delivery.claims["aud"] == push_service.origin
    row.refresh_from_db()
    assert row.last_used_at is not None


def test_the_payload_is_in_the_recipients_language_with_the_kinds_ttl(make_user, push_service) -> None:
    host, guest = make_user("host"), make_user("guest")
    guest.language = "en"
    guest.save()
    table = bot_table("durak", {}, people=[host])
    subscribe(guest, push_service)
    assert tasks.send(guest.pk, kinds.INVITATION, {"table_id": table.pk, "from_user_id": host.pk}) == 1
    (delivery,) = push_service.wait(1)
    assert set(delivery.payload) == set(messages.PAYLOAD_KEYS)
    assert delivery.payload["title"] == "Invitation to a table"
    assert delivery.payload["url"] == f"/lobby/tables/{table.pk}/"
    assert (delivery.ttl, delivery.urgency) == (600, "high")


@pytest.mark.parametrize("status", [410, 404])
def test_a_gone_endpoint_is_deleted(make_user, push_service, status) -> None:
    olga = make_user("olga")
    gone = subscribe(olga, push_service, status=status)
    kept = subscribe(olga, push_service)
    assert tasks.send(olga.pk, kinds.TEST, {}) == 1
    assert list(Subscription.objects.filter(user=olga)) == [kept]
    assert not Subscription.objects.filter(pk=gone.pk).exists()


def test_a_failing_service_keeps_the_subscription(make_user, push_service) -> None:
    olga = make_user("olga")
    row = subscribe(olga, push_service, status=500)
    assert tasks.send(olga.pk, kinds.TEST, {}) == 0
    assert Subscription.objects.filter(pk=row.pk).exists()


def test_only_the_five_newest_subscriptions_are_kept(make_user, push_service) -> None:
    olga = make_user("olga")
    rows = [subscribe(olga, push_service) for _ in range(7)]
    assert set(Subscription.objects.filter(user=olga)) == set(rows[2:])


def test_bad_subscriptions_are_refused(make_user, push_service) -> None:
    olga = make_user("olga")
    good = push_service.subscription()
    for endpoint in (
        "http://push.example.com/x",
        "https://10.0.0.1/x",
        "https://localhost/x",
        "ftp://a/b",
        5,
    ):
        with pytest.raises(Refused, match="bad_endpoint"):
            services.subscribe(user=olga, endpoint=endpoint, keys=good["keys"])
    for bad in ({"p256dh": "AAAA", "auth": good["keys"]["auth"]}, {"p256dh": good["keys"]["p256dh"]}, "x"):
        with pytest.raises(Refused, match="bad_keys"):
            services.subscribe(user=olga, endpoint=good["endpoint"], keys=bad)
    assert not Subscription.objects.exists()
    row = services.subscribe(user=olga, endpoint="https://fcm.googleapis.com/fcm/send/abc", keys=good["keys"])
    assert row.pk


def test_a_kind_turned_off_is_not_sent(make_user, push_service) -> None:
    host, guest = make_user("host"), make_user("guest")
    table = bot_table("durak", {}, people=[host])
    subscribe(guest, push_service)
    services.preference_set(user=guest, kind=kinds.INVITATION, on=False)
    assert tasks.send(guest.pk, kinds.INVITATION, {"table_id": table.pk, "from_user_id": host.pk}) == 0
    assert services.preferences(guest.pk)[kinds.DAILY_DUPLICATE] is False  # opt-in
    with pytest.raises(Refused, match="bad_kind"):
        services.preference_set(user=guest, kind="nope", on=True)
    assert push_service.received == []


def test_no_invitation_push_to_someone_with_a_page_of_the_site_open(make_user, push_service) -> None:
    from apps.social import presence

    host, guest = make_user("host"), make_user("guest")
    table = bot_table("durak", {}, people=[host])
    subscribe(guest, push_service)
    presence.socket_opened(channel="chan-1", user_id=guest.pk, table_id=None)
    assert tasks.send(guest.pk, kinds.INVITATION, {"table_id": table.pk, "from_user_id": host.pk}) == 0
    presence.Presence.objects.all().delete()
    assert tasks.send(guest.pk, kinds.INVITATION, {"table_id": table.pk, "from_user_id": host.pk}) == 1


def test_your_turn_only_after_five_seconds_away_once_per_absence(make_user, push_service) -> None:
    person = make_user("pavel")
    table = bot_table("durak", {}, people=[person])
    match = drive_bots(table.matches.get().pk)
    subscribe(person, push_service)
    assert match.deadline is not None
    seat = Seat.objects.get(table=table, user=person)

    seat.connections, seat.disconnected_at = 1, None
    seat.save()
    assert tasks.turn_check(match.pk, person.pk) == 0  # a table socket is open
    seat.connections, seat.disconnected_at = 0, timezone.now() - timedelta(seconds=2)
    seat.save()
    assert tasks.turn_check(match.pk, person.pk) == 0  # away for 2 s only
    seat.disconnected_at = timezone.now() - timedelta(seconds=6)
    seat.save()
    assert tasks.turn_check(match.pk, person.pk) == 1
    assert tasks.turn_check(match.pk, person.pk) == 0  # one per absence
    (delivery,) = push_service.wait(1)
    assert delivery.payload["url"] == f"/lobby/tables/{table.pk}/"
    assert delivery.payload["title"] == "Ваш ход"
    assert (delivery.ttl, delivery.urgency) == (120, "high")
    # the payload says nothing of the game but its name: no cards, no state
    assert set(delivery.payload) == set(messages.PAYLOAD_KEYS)
    assert "♠" not in json.dumps(delivery.payload, ensure_ascii=False)


def test_no_your_turn_when_the_match_does_not_wait_for_him(make_user, push_service) -> None:
    person, other = make_user("pavel"), make_user("other")
    table = bot_table("durak", {}, people=[person])
    match = drive_bots(table.matches.get().pk)
    subscribe(other, push_service)
    assert tasks.turn_check(match.pk, other.pk) == 0


def test_the_endpoints_need_csrf_and_a_user(client, make_user, push_service) -> None:
    from django.test import Client

    olga = make_user("olga")
    info = push_service.subscription()
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(olga)
    assert strict.post("/push/subscribe/", info, content_type="application/json").status_code == 403
    assert client.post("/push/subscribe/", info, content_type="application/json").status_code == 403
    client.force_login(olga)
    response = client.post(
        "/push/subscribe/",
        info,
        content_type="application/json",
        HTTP_USER_AGENT="Mozilla/5.0 (Linux; Android 14) Chrome/130.0",
    )
    assert response.status_code == 201 and response.json()["label"] == "Chrome · Android"
    bad = client.post("/push/subscribe/", {"endpoint": "x"}, content_type="application/json")
    assert bad.status_code == 400 and bad.json() == {"error": "bad_endpoint"}
    assert (
        client.post(
            "/push/preference/", {"kind": "rematch", "on": False}, content_type="application/json"
        ).json()["kinds"]["rematch"]
        is False
    )
    page = client.get("/accounts/profile/").content.decode()
    assert "Включить уведомления" in page and "Chrome · Android" in page
    # «Дубль дня» is sent now (apps.duplicates): its switch is live, off until turned on
    assert "«Дубль дня» открыт" in page and "позже" not in page
    row = Subscription.objects.get(user=olga)
    assert client.post("/push/unsubscribe/", {"id": row.pk}, content_type="application/json").json() == {
        "removed": True
    }
    assert not Subscription.objects.exists()


def test_a_rematch_offer_calls_the_others_who_left_the_table(
    make_user, push_service, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    from apps.push import services as push_services
    from apps.tables import seating
    from apps.tables.models import Table

    olga, pavel = make_user("olga"), make_user("pavel")
    table = bot_table("durak", {}, people=[olga, pavel])
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    subscribe(pavel, push_service)
    queued = []
    monkeypatch.setattr(
        push_services, "_enqueue", lambda name, args, countdown=0: queued.append((name, args))
    )
    with django_capture_on_commit_callbacks(execute=True):
        seating.rematch_vote(table_id=table.pk, user=olga)
    assert queued == [("push.send", (pavel.pk, kinds.REMATCH, {"table_id": table.pk, "by_user_id": olga.pk}))]
    Seat.objects.filter(table=table, user=pavel).update(connections=1)
    assert tasks.send(*queued[0][1]) == 0  # he is at the table: he sees the offer there
    Seat.objects.filter(table=table, user=pavel).update(connections=0)
    assert tasks.send(*queued[0][1]) == 1
    (delivery,) = push_service.wait(1)
    assert delivery.payload["title"] == "Ещё партию?"
    assert (delivery.ttl, delivery.urgency) == (180, "normal")


def test_a_tournament_table_calls_its_players_unless_they_are_at_it(
    make_user, push_service, monkeypatch, django_capture_on_commit_callbacks, settings
) -> None:
    from apps.push import services as push_services
    from apps.tournaments.models import Pairing
    from apps.tournaments.registration import tournament_create, tournament_join
    from apps.tournaments.rounds import tournament_start

    settings.TABLES_SCHEDULER = "none"
    olga, pavel = make_user("olga"), make_user("pavel")
    event = tournament_create(
        user=olga,
        name="Вечерняя арена",
        format="arena",
        mode="durak_2",
        minutes=30,
        starts_at=timezone.now() + timedelta(minutes=1),
    )
    for person in (olga, pavel):
        tournament_join(tournament_id=event.pk, user=person)
    subscribe(pavel, push_service)
    queued = []
    monkeypatch.setattr(
        push_services, "_enqueue", lambda name, args, countdown=0: queued.append((name, args))
    )
    with django_capture_on_commit_callbacks(execute=True):
        tournament_start(event.pk)
    table = Pairing.objects.get(tournament=event).table
    params = {"table_id": table.pk, "tournament_id": event.pk}
    sends = [args for name, args in queued if name == "push.send"]
    assert sends == [(pavel.pk, kinds.TOURNAMENT, params)]  # olga has no device
    Seat.objects.filter(table=table, user=pavel).update(connections=1)
    assert tasks.send(*sends[0]) == 0  # already at the table
    Seat.objects.filter(table=table, user=pavel).update(connections=0)
    assert tasks.send(*sends[0]) == 1
    (delivery,) = push_service.wait(1)
    assert delivery.payload["title"] == "Турнир: ваш стол готов"
    assert delivery.payload["url"] == f"/lobby/tables/{table.pk}/"
    assert (delivery.ttl, delivery.urgency) == (300, "high")


def test_quick_play_calls_the_seated_player_unless_he_is_at_the_table(
    make_user, push_service, monkeypatch, django_capture_on_commit_callbacks, settings
) -> None:
    """#36, item 0: the quick-play no-show rule gives a seated person 20 s: a push calls him
    back wherever he is (the lobby socket's toast only reaches an open page)."""
    from apps.push import services as push_services
    from apps.ratings import quick

    settings.TABLES_SCHEDULER = "none"
    olga, pavel = make_user("olga"), make_user("pavel")
    subscribe(pavel, push_service)
    queued = []
    monkeypatch.setattr(
        push_services, "_enqueue", lambda name, args, countdown=0: queued.append((name, args))
    )
    with django_capture_on_commit_callbacks(execute=True):
        quick.quick_join(user=olga, mode="durak_2")
        state = quick.quick_join(user=pavel, mode="durak_2")
    assert state["status"] == "seated"
    params = {"table_id": state["table"]}
    sends = [args for name, args in queued if name == "push.send"]
    assert sends == [(pavel.pk, kinds.QUICK_SEATED, params)]  # olga has no device
    Seat.objects.filter(table_id=state["table"], user=pavel).update(connections=1)
    assert tasks.send(*sends[0]) == 0  # he opened the table already
    Seat.objects.filter(table_id=state["table"], user=pavel).update(connections=0)
    assert tasks.send(*sends[0]) == 1
    (delivery,) = push_service.wait(1)
    assert delivery.payload["title"] == "Игра найдена!"
    assert delivery.payload["url"] == f"/lobby/tables/{state['table']}/"
    assert (delivery.ttl, delivery.urgency) == (20, "high")
