"""The table socket's ``ready`` op carries a client seed (docs/rules.md §3, issue #31): accepted until
the start, ``bad_client_seed`` for a bad one, ``client_seed_closed`` after the start; the view
shows the commitment from the waiting table on and never the server seed while playing."""

from __future__ import annotations

import json

import pytest

from apps.rules import fairness
from apps.tables import seating
from apps.tables.models import Match, Table
from tests.tables.live_clients import TableSocket, session_cookie

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]


def is_state(message: dict) -> bool:
    return message.get("op") == "state"


def test_the_ready_op_carries_the_client_seed_until_the_start(live_site, make_user):
    anna, boris = make_user(), make_user()
    table = seating.table_create(user=anna, game="blot", options={})
    seating.seat_take(table_id=table.pk, user=boris, seat=1)
    server_seed = Table.objects.get(pk=table.pk).server_seed
    sock = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(anna))
    waiting = sock.wait_for(lambda m: is_state(m) and m["view"]["match"] is None)
    commitment = fairness.commitment(bytes.fromhex(server_seed))
    assert waiting["view"]["fairness"] == {"algorithm": fairness.ALGORITHM, "commitment": commitment}

    sock.send({"op": "ready", "client_seed": "a|b", "id": "bad"})
    error = sock.wait_for(lambda m: m.get("op") == "error")
    assert error["code"] == "bad_client_seed" and error["id"] == "bad"
    sock.send({"op": "ready", "client_seed": "anna's seed"})
    sock.wait_for(lambda m: is_state(m) and m["view"]["seats"][0]["ready"])
    seating.ready_set(table_id=table.pk, user=boris)
    playing = sock.wait_for(lambda m: is_state(m) and m["view"]["match"] is not None)
    assert playing["view"]["fairness"]["commitment"] == commitment
    assert server_seed not in json.dumps(playing)
    assert Match.objects.get(table=table).client_seeds == {"0": "anna's seed"}

    before = len(sock.messages)
    sock.send({"op": "ready", "client_seed": "too late", "id": 7})
    late = sock.wait_for(lambda m: m.get("op") == "error", start=before)
    assert late["code"] == "client_seed_closed" and late["id"] == 7
    assert Match.objects.get(table=table).client_seeds == {"0": "anna's seed"}
    sock.close()
