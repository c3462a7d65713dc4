"""Friends, blocks and invitations through the services and selectors (real PostgreSQL)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db.models import F
from django.utils import timezone, translation

from apps.core.errors import Refused
from apps.lobby import services as lobby
from apps.protocol.codec import encode
from apps.social import presence, selectors, services
from apps.social.models import FriendRequest, Friendship, Invitation, Presence
from apps.tables import seating
from apps.tables.models import Table
from apps.tables.presence import spectator_presence
from apps.tables.selectors import spectator_count

pytestmark = pytest.mark.django_db


def befriend(a, b) -> None:
    assert services.friend_request(user=a, username=b.username) == "sent"
    request = FriendRequest.objects.get(from_user=a, to_user=b)
    services.friend_accept(user=b, request_id=request.pk)


def fade(channels: list[str]) -> None:
    """Move closed sockets' rows past their grace, as time would."""
    Presence.objects.filter(channel__in=channels).update(
        seen_at=F("seen_at") - timedelta(seconds=presence.GRACE_SECONDS + 1)
    )


def refused(code: str):
    return pytest.raises(Refused, match=rf"^{code}\b")


# ------------------------------------------------------------------------------ friends


def test_a_request_accepted_makes_friends_both_ways(make_user) -> None:
    anna, boris = make_user("anna"), make_user("boris")
    assert services.friend_request(user=anna, username="BORIS ") == "sent"
    assert not selectors.are_friends(anna, boris)
    assert [r.from_user for r in selectors.incoming_requests(boris)] == [anna]
    assert [r.to_user for r in selectors.outgoing_requests(anna)] == [boris]
    # asking twice is no error and makes no second request
    assert services.friend_request(user=anna, username="boris") == "sent"
    assert FriendRequest.objects.count() == 1
    services.friend_accept(user=boris, request_id=selectors.incoming_requests(boris)[0].pk)
    assert selectors.are_friends(anna, boris) and selectors.are_friends(boris.pk, anna.pk)
    assert selectors.friend_ids(anna) == [boris.pk] and selectors.friend_ids(boris) == [anna.pk]
    assert FriendRequest.objects.count() == 0 and Friendship.objects.count() == 1
    with refused("already_friends"):
        services.friend_request(user=boris, username="anna")


def test_asking_someone_who_asked_you_makes_friends_at_once(make_user) -> None:
    anna, boris = make_user("anna"), make_user("boris")
    services.friend_request(user=anna, username="boris")
    assert services.friend_request(user=boris, username="anna") == "friends"
    assert selectors.are_friends(anna, boris) and FriendRequest.objects.count() == 0


def test_bad_requests_are_refused_with_their_codes(make_user) -> None:
    anna, boris = make_user("anna"), make_user("boris")
    with refused("no_such_user"):
        services.friend_request(user=anna, username="nobody")
    with refused("no_such_user"):
        services.friend_request(user=anna, username="  ")
    with refused("yourself"):
        services.friend_request(user=anna, username="anna")
    with refused("no_request"):
        services.friend_accept(user=anna, request_id=12345)
    services.friend_request(user=anna, username="boris")
    request = FriendRequest.objects.get()
    with refused("no_request"):  # only its addressee accepts it
        services.friend_accept(user=anna, request_id=request.pk)
    with refused("not_friends"):
        services.friend_remove(user=anna, friend_id=boris.pk)
    assert not selectors.are_friends(anna, boris) and FriendRequest.objects.count() == 1


def test_declining_withdrawing_and_removing(make_user) -> None:
    anna, boris, _vera = make_user("anna"), make_user("boris"), make_user("vera")
    services.friend_request(user=anna, username="boris")
    services.friend_decline(user=boris, request_id=FriendRequest.objects.get().pk)
    assert FriendRequest.objects.count() == 0 and not selectors.are_friends(anna, boris)
    services.friend_request(user=anna, username="vera")
    services.friend_decline(user=anna, request_id=FriendRequest.objects.get().pk)  # withdrawn
    assert FriendRequest.objects.count() == 0
    befriend(anna, boris)
    services.friend_remove(user=boris, friend_id=anna.pk)
    assert not selectors.are_friends(anna, boris)


def test_too_many_unanswered_requests_are_refused(make_user, monkeypatch) -> None:
    monkeypatch.setattr(services, "MAX_OUTGOING_REQUESTS", 2)
    anna = make_user("anna")
    for name in ("b1", "b2"):
        make_user(name)
        services.friend_request(user=anna, username=name)
    make_user("b3")
    with refused("too_many_requests"):
        services.friend_request(user=anna, username="b3")
    assert FriendRequest.objects.filter(from_user=anna).count() == 2


# ------------------------------------------------------------------------------ blocks


def test_a_block_ends_the_friendship_and_every_way_between_them(make_user) -> None:
    anna, boris = make_user("anna"), make_user("boris")
    befriend(anna, boris)
    table = seating.table_create(user=anna, game="durak")
    services.invite(user=anna, friend_id=boris.pk, table_id=table.pk)
    services.block(user=boris, username="anna")
    assert selectors.is_blocked(anna, boris) and selectors.is_blocked(boris, anna)
    assert selectors.has_blocked(boris, anna) and not selectors.has_blocked(anna, boris)
    assert not selectors.are_friends(anna, boris)
    assert Invitation.objects.get().status == Invitation.Status.CANCELLED
    assert selectors.pending_invitations(boris) == []
    with refused("blocked"):
        services.friend_request(user=anna, username="boris")
    with refused("blocked"):
        services.friend_request(user=boris, username="anna")
    with refused("blocked"):
        services.invite(user=anna, friend_id=boris.pk, table_id=table.pk)
    assert [u.username for u in selectors.blocked_users(boris)] == ["anna"]
    # only the blocker lifts it
    services.unblock(user=anna, user_id=boris.pk)
    assert selectors.is_blocked(anna, boris)
    services.unblock(user=boris, user_id=anna.pk)
    assert not selectors.is_blocked(anna, boris)


def test_blocking_yourself_or_nobody_is_refused(make_user) -> None:
    anna = make_user("anna")
    with refused("yourself"):
        services.block(user=anna, username="anna")
    with refused("no_such_user"):
        services.block(user=anna, username="ghost")


def test_a_blocked_user_may_not_sit_at_the_blockers_table_nor_beside_him(make_user) -> None:
    owner, pest, other = make_user("owner"), make_user("pest"), make_user("other")
    table = seating.table_create(user=owner, game="durak")
    services.block(user=owner, username="pest")
    with refused("blocked") as info:
        seating.seat_take(table_id=table.pk, user=pest, seat=1)
    assert info.value.as_dict()["code"] == "blocked"
    with translation.override("ru"):
        assert info.value.message() == "Нельзя: один из вас заблокировал другого."
    with translation.override("en"):
        assert info.value.message() == "Not possible: one of you has blocked the other."
    assert table.seats.filter(user=pest).count() == 0
    # the block works both ways: at pest's table the owner may not sit either
    own = seating.table_create(user=pest, game="durak")
    with refused("blocked"):
        seating.seat_take(table_id=own.pk, user=owner, seat=1)
    # someone else sits where he likes
    seating.seat_take(table_id=table.pk, user=other, seat=1)
    assert selectors.blocked_at_table(table.pk, pest) and not selectors.blocked_at_table(table.pk, other)


def test_a_blocked_seat_is_403_on_the_json_api(make_user, client) -> None:
    owner, pest = make_user("owner"), make_user("pest")
    table = seating.table_create(user=owner, game="durak")
    services.block(user=pest, username="owner")
    client.force_login(pest)
    response = client.post(f"/api/tables/{table.pk}/sit/", {"seat": 1}, content_type="application/json")
    assert response.status_code == 403
    assert response.json()["code"] == "blocked"


# ------------------------------------------------------------------------------ invitations


def test_an_invitation_to_my_table_and_its_answers(make_user) -> None:
    anna, boris = make_user("anna"), make_user("boris")
    befriend(anna, boris)
    table = seating.table_create(user=anna, game="durak")
    invitation = services.invite(user=anna, friend_id=boris.pk, table_id=table.pk)
    assert selectors.pending_invitations(boris) == [invitation]
    assert selectors.pending_invitation_count(boris) == 1
    # inviting again renews the same invitation
    again = services.invite(user=anna, friend_id=boris.pk, table_id=table.pk)
    assert again.pk == invitation.pk and Invitation.objects.count() == 1
    frame = selectors.invitation_frame(again)
    assert encode(frame).startswith('{"op":"invitation"')
    assert frame.from_["name"] == "anna" and frame.table == table.pk
    assert frame.url == f"/lobby/tables/{table.pk}/" and frame.count == 1
    assert selectors.invitation_target(invitation) == f"/lobby/tables/{table.pk}/"
    target = services.invitation_answer(user=boris, invitation_id=invitation.pk, accept=True)
    assert target == f"/lobby/tables/{table.pk}/"
    assert Invitation.objects.get().status == Invitation.Status.ACCEPTED
    assert selectors.pending_invitations(boris) == []
    with refused("no_invitation"):  # answered already
        services.invitation_answer(user=boris, invitation_id=invitation.pk, accept=False)
    second = services.invite(user=anna, friend_id=boris.pk, table_id=table.pk)
    assert services.invitation_answer(user=boris, invitation_id=second.pk, accept=False) is None
    assert Invitation.objects.get(pk=second.pk).status == Invitation.Status.DECLINED


def test_an_invitation_to_a_private_table_leads_through_its_invite_link(make_user) -> None:
    anna, boris = make_user("anna"), make_user("boris")
    befriend(anna, boris)
    table = seating.table_create(user=anna, game="durak", private=True)
    table.refresh_from_db()
    assert table.invite_code
    invitation = services.invite(user=anna, friend_id=boris.pk, table_id=table.pk)
    assert services.invitation_answer(user=boris, invitation_id=invitation.pk, accept=True) == (
        f"/t/{table.invite_code}/"
    )


def test_invitations_are_refused_when_they_make_no_sense(make_user) -> None:
    anna, boris, vera = make_user("anna"), make_user("boris"), make_user("vera")
    befriend(anna, boris)
    table = seating.table_create(user=anna, game="durak")
    with refused("not_friends"):
        services.invite(user=anna, friend_id=vera.pk, table_id=table.pk)
    with refused("yourself"):
        services.invite(user=anna, friend_id=anna.pk, table_id=table.pk)
    with refused("no_such_user"):
        services.invite(user=anna, friend_id=987654, table_id=table.pk)
    with refused("not_found"):
        services.invite(user=anna, friend_id=boris.pk, table_id=987654)
    with refused("not_seated"):  # boris's table: anna does not sit there
        other = seating.table_create(user=boris, game="durak")
        services.invite(user=anna, friend_id=boris.pk, table_id=other.pk)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    with refused("table_over"):
        services.invite(user=anna, friend_id=boris.pk, table_id=table.pk)
    assert Invitation.objects.count() == 0


def test_an_old_or_finished_tables_invitation_is_no_longer_pending(make_user) -> None:
    anna, boris = make_user("anna"), make_user("boris")
    befriend(anna, boris)
    table = seating.table_create(user=anna, game="durak")
    invitation = services.invite(user=anna, friend_id=boris.pk, table_id=table.pk)
    Invitation.objects.filter(pk=invitation.pk).update(created_at=timezone.now() - timedelta(hours=1))
    assert selectors.pending_invitations(boris) == []
    with refused("no_invitation"):
        services.invitation_answer(user=boris, invitation_id=invitation.pk, accept=True)
    fresh = services.invite(user=anna, friend_id=boris.pk, table_id=table.pk)
    assert fresh.pk != invitation.pk
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    assert selectors.pending_invitation_count(boris) == 0


# ------------------------------------------------------------------------------ presence


def test_online_means_a_fresh_page_or_a_connected_seat(make_user) -> None:
    anna, boris, vera, gleb = make_user("anna"), make_user("boris"), make_user("vera"), make_user("gleb")
    for friend in (boris, vera, gleb):
        befriend(anna, friend)
    presence.socket_opened(channel="c-boris", user_id=boris.pk, table_id=None)
    # vera plays at a table through its socket alone (a program): her seat is connected
    table = seating.table_create(user=vera, game="durak")
    table.seats.filter(user=vera).update(connections=1)
    # gleb's page was left by a process that died: not refreshed for too long
    presence.socket_opened(channel="c-gleb", user_id=gleb.pk, table_id=None)
    Presence.objects.filter(channel="c-gleb").update(seen_at=timezone.now() - timedelta(seconds=200))
    statuses = {f["username"]: f for f in selectors.friends_status(anna)}
    assert statuses["boris"]["online"] and statuses["boris"]["table"] is None
    assert statuses["vera"]["online"]
    assert statuses["vera"]["table"]["id"] == table.pk and statuses["vera"]["table"]["role"] == "plays"
    assert statuses["vera"]["table"]["url"] == f"/lobby/tables/{table.pk}/"
    assert not statuses["gleb"]["online"] and statuses["gleb"]["table"] is None
    # online friends come first
    assert [f["username"] for f in selectors.friends_status(anna)][:2] == ["boris", "vera"]
    # the refresh revives gleb's row; closing boris's socket takes him offline
    assert presence.refresh(["c-gleb"]) == 1
    presence.socket_closed(channel="c-boris")
    statuses = {f["username"]: f for f in selectors.friends_status(anna)}
    assert statuses["gleb"]["online"] and statuses["boris"]["online"]  # the next page is on its way
    fade(["c-boris"])
    statuses = {f["username"]: f for f in selectors.friends_status(anna)}
    assert statuses["gleb"]["online"] and not statuses["boris"]["online"]
    presence.refresh([])  # any process's refresh deletes the stale row
    assert not Presence.objects.filter(channel="c-boris").exists()


def test_a_friend_watching_a_table_and_a_private_table_shows_no_link(make_user) -> None:
    anna, boris, vera = make_user("anna"), make_user("boris"), make_user("vera")
    befriend(anna, boris)
    befriend(anna, vera)
    public = seating.table_create(user=anna, game="durak")
    presence.socket_opened(channel="c-boris", user_id=boris.pk, table_id=public.pk)
    private = lobby.play_with_bots(user=vera, game="durak")
    presence.socket_opened(channel="c-vera", user_id=vera.pk, table_id=private.pk)
    statuses = {f["username"]: f for f in selectors.friends_status(anna)}
    assert statuses["boris"]["table"]["role"] == "watches" and statuses["boris"]["table"]["id"] == public.pk
    assert statuses["vera"]["table"]["role"] == "plays" and statuses["vera"]["table"]["private"]
    assert statuses["vera"]["table"]["url"] is None
    assert statuses["vera"]["table"]["id"] is None  # a private table's id is not handed out


def test_spectators_are_the_count_the_players_see(make_user) -> None:
    anna, boris, vera = make_user("anna"), make_user("boris"), make_user("vera")
    table = seating.table_create(user=anna, game="durak")
    spectator_presence(table_id=table.pk, user_id=boris.pk, delta=+1)
    spectator_presence(table_id=table.pk, user_id=boris.pk, delta=+1)  # two tabs: one person
    spectator_presence(table_id=table.pk, user_id=vera.pk, delta=+1)
    assert presence.spectator_counts([table.pk]) == {table.pk: 2} == {table.pk: spectator_count(table.pk)}
    spectator_presence(table_id=table.pk, user_id=vera.pk, delta=-1)
    assert presence.spectator_counts([table.pk]) == {table.pk: 1}
    assert presence.spectator_counts([]) == {}
