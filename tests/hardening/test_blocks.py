"""A block keeps the blocked one out of a private table: page, API and socket (issue #30, 6)."""

from __future__ import annotations

import pytest
from django.test import Client

from apps.social import services as social
from apps.tables import access, seating
from apps.tables.models import Table

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_member_blocked_by_the_owner_gets_404_on_page_and_api(make_user):
    owner, guest, other = make_user(), make_user(), make_user()
    table = seating.table_create(user=owner, game="durak", private=True)
    seating.invite_join(code=table.invite_code, user=guest)
    seating.invite_join(code=table.invite_code, user=other)
    assert signed_in(guest).get(f"/lobby/tables/{table.pk}/").status_code == 200
    social.block(user=guest, username=owner.username)  # either way round
    table = Table.objects.get(pk=table.pk)
    assert not access.table_visible(table, guest)
    assert signed_in(guest).get(f"/lobby/tables/{table.pk}/").status_code == 404
    assert signed_in(guest).get(f"/api/tables/{table.pk}/").status_code == 404
    assert access.table_visible(table, owner) and access.table_visible(table, other)
    social.unblock(user=guest, user_id=owner.pk)
    assert access.table_visible(Table.objects.get(pk=table.pk), guest)


def test_a_block_with_a_seated_guest_hides_the_table_but_not_from_the_seated(make_user):
    owner, seated, watcher = make_user(), make_user(), make_user()
    table = seating.table_create(user=owner, game="durak", private=True)
    seating.seat_take(table_id=table.pk, user=seated, seat=1, invite=table.invite_code)
    seating.invite_join(code=table.invite_code, user=watcher)
    social.block(user=seated, username=watcher.username)
    table = Table.objects.get(pk=table.pk)
    assert not access.table_visible(table, watcher)
    social.block(user=owner, username=seated.username)
    assert access.table_visible(table, seated)  # a block does not stand anybody up
