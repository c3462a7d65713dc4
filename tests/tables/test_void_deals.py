"""A deal void as dealt (Gambler: four sevens in one hand) is dealt again at once, inside the
action that ended the deal before it, or inside the match's start. The record must keep every
deal's cards, the void one's too, or the replay deals the next cards in its place and the
score sheet loses a line (a CI failure of test_live_solo_capot found it)."""

from __future__ import annotations

import pytest

from apps.rules import api, fairness
from apps.rules.cards import DECK_32, codes
from apps.stats.replay import replay_frames
from apps.tables.fairness import match_seeds
from apps.tables.models import DealRecord, Match
from apps.tables.selectors import match_record
from tests.tables.helpers import assert_replays, bot_table, drive_bots

pytestmark = pytest.mark.django_db

OPTIONS = {"players": 4, "ruleset": "gambler"}
SEATS = [0, 1, 2, 3]


def _void(server_seed: str, number: int) -> bool:
    """Whether deal ``number`` of a match dealt from ``server_seed`` (no client seeds) has four
    sevens in one hand."""
    seeds = match_seeds(server_seed, {}, SEATS)
    deal = fairness.deal(seeds.server_seed, seeds.client, number, codes(DECK_32), SEATS, 8)
    return any(sum(c[0] == "7" for c in hand) == 4 for hand in deal["hands"].values())


def _seed(void: list[int], clean: list[int]) -> str:
    """The first server seed (64 hex digits) whose deals ``void`` are void and ``clean`` are not."""
    for n in range(100_000):
        seed = f"{n:064x}"
        if all(_void(seed, k) for k in void) and not any(_void(seed, k) for k in clean):
            return seed
    raise AssertionError("no such seed")


def _numbers(match: Match) -> list[int]:
    return list(DealRecord.objects.filter(match=match).order_by("number").values_list("number", flat=True))


def test_a_first_deal_void_at_the_start_is_recorded_before_the_one_dealt_again():
    table = bot_table("bazar_blot", OPTIONS, server_seed=_seed(void=[0], clean=[1]))
    match = Match.objects.get(table=table)
    assert match.deal_number == 1 and _numbers(match) == [0, 1]
    record = match_record(match)
    hands = record["deals"][0]["hands"]
    assert any(sum(c[0] == "7" for c in h) == 4 for h in hands.values())
    assert record["deals"][0]["actions"] == []
    assert record["dealer"] == api.deals_dealt(api.from_json(match.state), None)[0]["dealer"]
    assert_replays(match)
    finished = drive_bots(match.pk)
    assert_replays(finished)
    assert all(d["ok"] for d in fairness.verify_deals(match_record(finished)))


def test_a_void_deal_dealt_by_a_move_is_recorded_between_its_neighbours():
    table = bot_table("bazar_blot", OPTIONS, server_seed=_seed(void=[1], clean=[0, 2]))
    match = drive_bots(Match.objects.get(table=table).pk)
    numbers = _numbers(match)
    assert numbers == list(range(len(numbers))) and len(numbers) >= 3
    record = match_record(match)
    assert record["deals"][1]["actions"] == []
    assert record["deals"][0]["actions"] and record["deals"][2]["actions"]
    summary = api.summary(api.from_json(match.state))
    assert summary["deals"][1]["redeal"] is True
    assert_replays(match)
    # the revealed seeds deal every recorded deal, the void one and those after it included
    assert match.status == Match.Status.FINISHED
    checked = fairness.verify_deals(record)
    assert len(checked) == len(numbers) and all(d["ok"] for d in checked)


def test_the_replay_shows_the_void_deal_as_dealt():
    table = bot_table("bazar_blot", OPTIONS, server_seed=_seed(void=[0], clean=[1]))
    record = match_record(Match.objects.get(table=table))
    frames = replay_frames(record)
    assert len(frames) == 2 and len(frames[0]) == 1
    assert frames[0][0]["hands"] == record["deals"][0]["hands"] and frames[0][0]["to_act"] == []
    assert frames[1][0]["hands"] != frames[0][0]["hands"]
