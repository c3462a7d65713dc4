"""The export is a self-checking scenario; the replay frames step through every action."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from django.urls import reverse

from apps.rules import api, scenario
from apps.stats.replay import final_view, replay_frames, replay_state
from apps.tables.selectors import match_record
from tests.stats.helpers import play_actions, play_out, scripted_table
from tests.tables.helpers import bot_table

pytestmark = pytest.mark.django_db

SCENARIOS = Path(__file__).resolve().parents[1] / "rules" / "scenarios"


def subset(expect, result) -> bool:
    """The scenario comparison of docs/rules.md §2: every key of ``expect`` equals the result's
    (dicts key by key)."""
    if isinstance(expect, dict):
        return isinstance(result, dict) and all(
            k in result and subset(v, result[k]) for k, v in expect.items()
        )
    if isinstance(expect, list):
        return isinstance(result, list) and len(expect) == len(result) and all(map(subset, expect, result))
    return expect == result


@pytest.fixture(params=["blot_by_bots", "deberc_2on2", "durak_fool", "durak_six_52_by_bots"])
def finished_match(request, make_user):
    """A bot-played blot match, a scripted Деберц 2 on 2 match with hanging points, a scripted
    Durak game with a fool, or a bot-played six-player Durak with 52 cards and neighbours'
    throw-in (the variants' options and seats carried by the record)."""
    return _finished(request.param, make_user())


def _finished(kind: str, person):
    if kind == "blot_by_bots":
        return play_out(bot_table("blot", {}, people=[person], level="easy").matches.get())
    if kind == "durak_six_52_by_bots":
        options = {"deck": 52, "throw": "neighbors", "transfer": True}
        table = bot_table("durak", options, people=[person], level="easy", seat_count=6)
        match = play_out(table.matches.get())
        assert match.seats == [0, 1, 2, 3, 4, 5] and match.options["deck"] == 52
        record = match_record(match)
        assert record["options"]["deck"] == 52 and record["options"]["throw"] == "neighbors"
        assert record["seats"] == [0, 1, 2, 3, 4, 5]
        assert len(record["deals"][0]["stock"]) == 52 - 36
        return match
    name = {
        "deberc_2on2": "deberc/hanging_twice_then_bait_2on2.json",
        "durak_fool": "durak/durak_game_over_fool_2p.json",
    }
    spec = json.loads((SCENARIOS / name[kind]).read_text())
    _, match = scripted_table(spec, people=[person])
    return play_actions(match, spec)


def test_the_export_runs_through_the_scenario_runner_to_the_same_scores(client, finished_match):
    match = finished_match
    client.force_login(_user(match))
    response = client.get(reverse("stats:match_record", args=[match.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    assert f"match-{match.pk}-{match.game}.json" in response["Content-Disposition"]
    spec = json.loads(response.content)
    assert spec["game"] == match.game and spec["expect"]["finished"] is True
    result = scenario.run(spec)
    assert subset(spec["expect"], result), (spec["expect"], result)
    assert result["totals"] == match.result["totals"]
    assert sorted(result["winners"]) == sorted(match.result["winners"])
    assert result["deals"] == api.summary(api.from_json(match.state))["deals"]


def _user(match):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(pk=next(p["user"] for p in match.players if p["user"]))


def test_replay_frames_count_actions_plus_one_per_deal_and_end_in_the_final_state(finished_match):
    match = finished_match
    record = match_record(match)
    frames = replay_frames(record)
    assert len(frames) == len(record["deals"])
    for deal, deal_frames in zip(record["deals"], frames, strict=True):
        assert len(deal_frames) == len(deal["actions"]) + 1
        assert deal_frames[0]["action"] is None
        assert [f["action"] for f in deal_frames[1:]] == deal["actions"]
        assert all(f["rejected"] is None for f in deal_frames)
    final = api.from_json(match.state)
    last = frames[-1][-1]
    assert {"hands": last["hands"], "totals": last["totals"]} == final_view(final)
    assert last["phase"] == "match_over"
    assert final_view(final) == final_view(_replayed(record))


def _replayed(record: dict):
    state = replay_state(record)
    for deal in record["deals"]:
        for raw in deal["actions"]:
            action = {k: v for k, v in raw.items() if k not in ("seat", "system")}
            api.apply(state, raw["seat"], action, system=bool(raw.get("system")))
    return state


def test_each_frame_shows_every_hand_and_the_cards_leave_them_one_by_one(make_user):
    match = _finished("blot_by_bots", make_user())  # 2 players, several deals
    record = match_record(match)
    frames = replay_frames(record)
    for deal, deal_frames in zip(record["deals"], frames, strict=True):
        first = deal_frames[0]["hands"]
        assert {s: sorted(h) for s, h in first.items()} == {s: sorted(h) for s, h in deal["hands"].items()}
        for before, after in itertools.pairwise(deal_frames):
            action = after["action"]
            if action["type"] == "play":
                seat = str(action["seat"])
                assert action["card"] in before["hands"][seat]
                assert action["card"] not in after["hands"][seat]
                assert len(after["hands"][seat]) == len(before["hands"][seat]) - 1
        if len(record["deals"]) > 1 and deal is not record["deals"][-1]:
            closing = deal_frames[-1]
            assert closing["phase"] == "deal_over" and "deal_result" in closing


def test_replay_of_a_deal_that_used_up_the_deck_shows_the_trump_card_and_its_holder():
    name = "durak_variant_deck24_four_players_no_stock_last_card_dealt_is_trump.json"
    spec = json.loads((SCENARIOS / "durak" / name).read_text())
    (frames,) = replay_frames(spec)
    assert frames[0]["events"] == [{"type": "trump_shown", "seat": 3, "card": "9d"}]
    assert all(f["trump_card"] == "9d" and f["trump_holder"] == 3 and f["stock"] == 0 for f in frames)
    assert "9d" in frames[0]["hands"]["3"] and "9d" not in frames[-1]["hands"]["3"]
