"""Bots finish a whole match of every game alone, and the stored record replays to it."""

from __future__ import annotations

import itertools

import pytest

from apps.bots import memory
from apps.rules import api
from apps.tables.bot_turns import match_bot_move
from apps.tables.models import DealRecord, Match, Move
from apps.tables.moves import move_apply
from tests.tables.conftest import game_params
from tests.tables.helpers import assert_replays, bot_table, drive_bots

pytestmark = pytest.mark.django_db(transaction=True)

PASS = {"type": "pass"}
DECK = {"bazar_blot": 32, "blot": 24, "deberc": 32, "durak": 36}


@pytest.mark.parametrize(("game", "options"), game_params())
def test_bots_finish_a_match_alone_and_the_record_replays(game, options):
    table = bot_table(game, options)
    match = drive_bots(table.matches.get().pk)
    assert match.status == Match.Status.FINISHED
    assert match.result["reason"]
    assert match.seq == Move.objects.filter(match=match).count()
    assert list(Move.objects.filter(match=match).values_list("seq", flat=True)) == list(
        range(1, match.seq + 1)
    )
    deals = list(DealRecord.objects.filter(match=match).order_by("number"))
    assert [d.number for d in deals] == list(range(match.deal_number + 1))
    assert deals[0].start_seq == 0
    assert all(a.start_seq < b.start_seq for a, b in itertools.pairwise(deals))
    for deal in deals:
        assert sum(len(h) for h in deal.hands.values()) + len(deal.stock) == DECK[game]
    table.refresh_from_db()
    assert table.status == "finished"
    assert_replays(match)


def test_each_bot_keeps_a_memory_of_what_it_saw(make_user):
    person = make_user()
    match = bot_table("bazar_blot", {"players": 4}, people=[person], level="hard").matches.get()
    assert set(match.bot_memory) == {"1", "2", "3"}
    for _ in range(6):
        match.refresh_from_db()
        state = api.from_json(match.state)
        if 0 in api.to_act(state):
            legal = api.legal_actions(state, 0)  # the auction may be over: a hard bot's bid stood
            move_apply(
                match_id=match.pk,
                seat=0,
                action=PASS if PASS in legal else legal[0],
                seq=match.seq,
                actor="person",
                user_id=person.pk,
            )
        else:
            assert match_bot_move(match_id=match.pk, seq=match.seq)
    match.refresh_from_db()
    assert match.seq == 6
    assert match.bot_memory["1"] != memory.empty()  # it saw the others' calls
    assert "0" not in match.bot_memory  # the person's seat has none
