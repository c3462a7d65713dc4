"""The creator of a private table keeps it; only her invitations let anyone in, and a revoke
ends them all (issue #30, findings 7 and 8)."""

from __future__ import annotations

import pytest
from django.test import Client

from apps.core.errors import Refused
from apps.social import services as social
from apps.social.models import FriendRequest, Invitation
from apps.tables import access, seating
from apps.tables.models import Table

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def befriend(a, b) -> None:
    social.friend_request(user=a, username=b.username)
    social.friend_accept(user=b, request_id=FriendRequest.objects.get(from_user=a, to_user=b).pk)


def refused(func, **kwargs) -> Refused:
    with pytest.raises(Refused) as info:
        func(**kwargs)
    return info.value


def test_the_creator_who_stands_up_keeps_her_private_table(make_user):
    creator, guest = make_user(), make_user()
    table = seating.table_create(user=creator, game="bazar_blot", options={"players": 2}, private=True)
    code = table.invite_code
    seating.seat_take(table_id=table.pk, user=guest, seat=1, invite=code)
    seating.seat_leave(table_id=table.pk, user=creator)
    table = Table.objects.get(pk=table.pk)
    assert table.owner_id == creator.pk
    assert access.table_visible(table, creator)
    assert signed_in(creator).get(f"/lobby/tables/{table.pk}/").status_code == 200
    assert refused(seating.invite_renew, table_id=table.pk, user=guest).code == "not_owner"
    assert code not in signed_in(guest).get(f"/lobby/tables/{table.pk}/").content.decode()
    assert seating.invite_renew(table_id=table.pk, user=creator).invite_code != code


def test_a_public_table_still_passes_to_the_first_seated(make_user):
    creator, guest = make_user(), make_user()
    table = seating.table_create(user=creator, game="bazar_blot", options={"players": 2})
    seating.seat_take(table_id=table.pk, user=guest, seat=1)
    seating.seat_leave(table_id=table.pk, user=creator)
    assert Table.objects.get(pk=table.pk).owner_id == guest.pk


def test_only_the_owners_invitations_let_in_and_a_revoke_ends_them(make_user):
    owner, guest, his_friend, her_friend = make_user(), make_user(), make_user(), make_user()
    table = seating.table_create(user=owner, game="durak", private=True)
    seating.seat_take(table_id=table.pk, user=guest, seat=1, invite=table.invite_code)
    befriend(guest, his_friend)
    befriend(owner, her_friend)
    code = refused(social.invite, user=guest, friend_id=his_friend.pk, table_id=table.pk).code
    assert code == "not_owner"
    invitation = social.invite(user=owner, friend_id=her_friend.pk, table_id=table.pk)
    seating.invite_renew(table_id=table.pk, user=owner)
    assert Invitation.objects.get(pk=invitation.pk).status == Invitation.Status.CANCELLED
    code = refused(social.invitation_answer, user=her_friend, invitation_id=invitation.pk, accept=True).code
    assert code == "no_invitation"
    assert not access.table_visible(Table.objects.get(pk=table.pk), her_friend)
