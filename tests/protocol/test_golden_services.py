"""The services write the frames of ``frames_more.jsonl`` with its keys, in its order.

Those golden lines were written by hand (their ops came after the recorded fixture); here the
real services build each frame from real rows (PostgreSQL), and its JSON must have the golden
line's keys at every level, in the same order. Values (ids, names, URLs) differ from run to run.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.cache import cache

from apps.lobby.notices import quick_seated_frame
from apps.lobby.services import lobby_diff
from apps.protocol import encode
from apps.social import selectors, services
from apps.social.models import FriendRequest
from apps.tables import seating
from tests.protocol.golden import of_kind

pytestmark = pytest.mark.django_db(transaction=True)

#: Payloads whose keys depend on the game (a table's options): compared as "an object".
OPAQUE = {"options"}


def keys(value: Any) -> Any:
    """The keys of ``value`` at every level, in order (a list's first item stands for all)."""
    if isinstance(value, dict):
        return [(k, "{}" if k in OPAQUE else keys(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [keys(value[0])] if value else []
    return None


def golden_keys(case: str) -> list:
    lines = [line for line in of_kind("lobby") if line["case"] == case]
    assert lines, case
    return [keys(json.loads(line["text"])) for line in lines]


def test_the_lobby_and_social_services_write_the_golden_keys(django_user_model) -> None:
    anna = django_user_model.objects.create_user(username="anna", password="pw-secret-123")
    boris = django_user_model.objects.create_user(username="boris", password="pw-secret-123")
    services.friend_request(user=anna, username=boris.username)
    request = FriendRequest.objects.get(from_user=anna, to_user=boris)
    assert keys(json.loads(encode(selectors.friend_request_frame(request)))) in golden_keys("friend_request")
    services.friend_accept(user=boris, request_id=request.pk)

    table = seating.table_create(user=anna, game="durak")
    cache.clear()  # the row creating the table pushed; as if it was never pushed
    added = lobby_diff(table.pk)
    assert added is not None and added.added
    assert keys(json.loads(encode(added))) in golden_keys("tables_diff")

    invitation = services.invite(user=anna, friend_id=boris.pk, table_id=table.pk)
    assert keys(json.loads(encode(selectors.invitation_frame(invitation)))) in golden_keys("invitation")
    assert keys(json.loads(encode(quick_seated_frame(table.pk)))) in golden_keys("quick_seated")

    table_id = table.pk
    table.delete()
    removed = lobby_diff(table_id)
    assert removed is not None and removed.removed == [table_id]
    assert keys(json.loads(encode(removed))) in golden_keys("tables_diff")
