"""Bots finish a whole match of every game alone, and the stored record replays to it."""

from __future__ import annotations

import pytest

from apps.tables.models import DealRecord, Match, Move
from tests.tables.conftest import game_params
from tests.tables.helpers import assert_replays, bot_table, drive_bots

pytestmark = pytest.mark.django_db(transaction=True)


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
    assert DealRecord.objects.filter(match=match).count() == match.deal_number + 1
    table.refresh_from_db()
    assert table.status == "finished"
    assert_replays(match)
