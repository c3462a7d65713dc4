"""Provably fair deals at live tables (docs/rules.md §3, issue #31): the commitment from the waiting
table on, client seeds until the start (refused after it), every deal from the stream, the
server seed in no view before the end, the reveal in the final view and the record."""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta

import pytest
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.core.errors import Refused
from apps.rules import api, fairness
from apps.tables import seating, selectors
from apps.tables.bot_turns import match_bot_move
from apps.tables.models import Match, Table
from apps.tables.timers import timeout_apply
from tests.tables.conftest import MATCH_SETUPS
from tests.tables.helpers import bot_table

pytestmark = pytest.mark.django_db


def _waiting_view(table: Table) -> dict:
    return selectors.table_state(table.pk, None)[1].view


def test_commitment_from_the_waiting_table_to_the_reveal(make_user):
    alice, bob = make_user(), make_user()
    table = seating.table_create(user=alice, game="blot", options={"target": 501})
    table.refresh_from_db()
    committed = _waiting_view(table)["fairness"]
    assert committed == {
        "algorithm": "hmac-sha256-fy-v1",
        "commitment": hashlib.sha256(bytes.fromhex(table.server_seed)).hexdigest(),
    }
    seating.seat_take(table_id=table.pk, user=bob, seat=1)
    seating.ready_set(table_id=table.pk, user=alice, client_seed="alice seed~1")
    assert _waiting_view(table)["fairness"] == committed  # a client seed changes no commitment
    seating.ready_set(table_id=table.pk, user=bob, client_seed="b")
    match = Match.objects.get(table=table)
    assert match.seed == 0 and match.client_seeds == {"0": "alice seed~1", "1": "b"}
    playing = selectors.table_state(table.pk, alice.pk)[1].view
    assert playing["fairness"] == committed
    assert match.server_seed not in json.dumps(playing)
    table.refresh_from_db()
    assert table.server_seed != match.server_seed  # the next match (a rematch) gets a new one
    assert not table.seats.exclude(client_seed="").exists()
    # deal 0 is the stream's deck of the seeds the players sent
    seeds = bytes.fromhex(match.server_seed)
    expected = fairness.deal(seeds, "alice seed~1:b", 0, fairness.canonical_codes(24), [0, 1], 6)
    deal = match.deal_records.get(number=0)
    assert deal.hands == expected["hands"] and deal.stock == expected["stock"]
    seating.seat_leave(table_id=table.pk, user=alice)  # leave: the match ends, the seeds are shown
    final = selectors.table_state(table.pk, bob.pk)[1].view
    assert final["fairness"]["commitment"] == committed["commitment"]
    assert final["fairness"]["server_seed"] == match.server_seed
    assert final["fairness"]["client_seeds"] == {"0": "alice seed~1", "1": "b"}
    assert (
        final["fairness"]["next_commitment"] == hashlib.sha256(bytes.fromhex(table.server_seed)).hexdigest()
    )
    match.refresh_from_db()
    record = selectors.match_record(match)
    assert record["fairness"] == {k: v for k, v in final["fairness"].items()}
    assert all(d["ok"] for d in fairness.verify_deals(record))


def test_a_client_seed_after_the_start_is_refused(make_user):
    alice = make_user()
    table = seating.table_create(user=alice, game="blot", options={}, bots={1: "easy"})
    seating.ready_set(table_id=table.pk, user=alice, client_seed="early")
    match = Match.objects.get(table=table)
    assert match.client_seeds == {"0": "early"}
    with pytest.raises(Refused) as exc:
        seating.ready_set(table_id=table.pk, user=alice, client_seed="late")
    assert exc.value.code == "client_seed_closed"
    match.refresh_from_db()
    assert match.client_seeds == {"0": "early"}


@pytest.mark.parametrize("bad", ["", "a:b", "a|b", "x" * 65, "ключ", "tab\there"])
def test_a_bad_client_seed_is_refused_and_changes_nothing(make_user, bad):
    alice, bob = make_user(), make_user()
    table = seating.table_create(user=alice, game="blot", options={})
    seating.seat_take(table_id=table.pk, user=bob, seat=1)
    with pytest.raises(Refused) as exc:
        seating.ready_set(table_id=table.pk, user=alice, client_seed=bad)
    assert exc.value.code == "bad_client_seed"
    row = table.seats.get(number=0)
    assert row.client_seed == "" and not row.ready


def test_the_api_ready_carries_the_client_seed(make_user):
    from rest_framework.test import APIClient

    alice, bob = make_user(), make_user()
    table = seating.table_create(user=alice, game="blot", options={})
    seating.seat_take(table_id=table.pk, user=bob, seat=1)
    api_client = APIClient()
    api_client.force_authenticate(alice)
    url = f"/api/tables/{table.pk}/ready/"
    bad = api_client.post(url, {"client_seed": "no:colons"}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "bad_client_seed"
    assert api_client.post(url, {"client_seed": "mine"}, format="json").status_code < 300
    assert table.seats.get(number=0).client_seed == "mine"
    seating.ready_set(table_id=table.pk, user=bob)
    late = api_client.post(url, {"client_seed": "again"}, format="json")
    assert late.status_code == 409 and late.json()["code"] == "client_seed_closed"
    assert Match.objects.get(table=table).client_seeds == {"0": "mine"}


CASES = [(g, MATCH_SETUPS[g]) for g in ("bazar_blot", "blot", "deberc", "durak")] + [
    ("bazar_blot", {"players": 2, "target": 51}),
    ("durak", {"deck": 52, "cheating": True}),
]


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=st.sampled_from(CASES), level=st.sampled_from(["easy", "normal"]))
def test_every_live_deal_is_the_streams_and_no_view_shows_the_seed(case, level):
    game, options = case
    table = bot_table(game, options, level=level, time_scale=10)
    match = table.matches.get()
    secret = match.server_seed
    committed = fairness.commitment(bytes.fromhex(secret))
    info = selectors.seats_info(table.pk)
    for _ in range(3000):
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.PLAYING:
            break
        state = api.from_json(match.state)
        views = selectors.match_views(match, state, [*match.seats, None], info)
        text = json.dumps(views)
        assert secret not in text
        assert all(
            v["fairness"] == {"algorithm": fairness.ALGORITHM, "commitment": committed}
            for v in views.values()
        )
        if not match_bot_move(match_id=match.pk, seq=match.seq):  # Шулер's check: the server closes it
            Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
            assert timeout_apply(match_id=match.pk, seq=match.seq)
    assert match.status == Match.Status.FINISHED
    seats = match.seats
    client = fairness.client_string(match.client_seeds, seats)
    norm = api.normalize_options(game, options)
    size, hand = fairness.deck_size(game, norm), fairness.hand_size(game, norm, seats)
    records = list(match.deal_records.order_by("number"))
    assert records
    for deal in records:
        expected = fairness.deal(
            bytes.fromhex(secret), client, deal.number, fairness.canonical_codes(size), seats, hand
        )
        assert {k: v for k, v in deal.hands.items() if v} == expected["hands"]  # blocks, by seat
        assert deal.stock == expected["stock"]  # the rest, in drawing order
    record = selectors.match_record(match)
    assert record["fairness"]["server_seed"] == secret
    assert record["fairness"]["commitment"] == committed
    assert [d["ok"] for d in fairness.verify_deals(record)] == [True] * len(records)


def test_manage_verify_match_ticks_every_deal_and_catches_a_tampered_one():
    from io import StringIO

    from django.core.management import CommandError, call_command

    from tests.tables.helpers import drive_bots

    table = bot_table("blot", {"target": 501}, time_scale=10)
    match = drive_bots(table.matches.get().pk)
    out = StringIO()
    call_command("verify_match", str(match.pk), stdout=out)
    lines = out.getvalue().splitlines()
    count = match.deal_records.count()
    assert lines[1].endswith("✓") and [line[-1] for line in lines[2 : 2 + count]] == ["✓"] * count
    assert lines[-1] == f"all {count} deals match"
    deal = match.deal_records.order_by("number").last()
    deal.hands["0"][0], deal.hands["1"][0] = deal.hands["1"][0], deal.hands["0"][0]
    deal.save()
    out = StringIO()
    with pytest.raises(CommandError) as exc:
        call_command("verify_match", str(match.pk), stdout=out)
    assert exc.value.returncode == 1
    assert out.getvalue().splitlines()[1 + count].endswith("✗")
    deal.hands["0"][0], deal.hands["1"][0] = deal.hands["1"][0], deal.hands["0"][0]
    deal.save()  # the record is true again (the suite replays every finished match)
    with pytest.raises(CommandError) as exc:
        call_command("verify_match", "999999")
    assert exc.value.returncode == 2
