"""Result rows of every ending, written in the same transaction as the match's last move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from apps.lobby import services as lobby_services
from apps.rules import api
from apps.rules.scenario import run as scenario_run
from apps.stats.models import GameRecord, Result
from apps.stats.services import results_record
from apps.tables import seating
from apps.tables.models import Match
from apps.tables.presence import seat_disconnect_check
from apps.tables.sweeping import match_end_stuck
from tests.stats.helpers import person_acts, play_actions, play_out, play_through, scripted_table
from tests.tables.helpers import bot_table

pytestmark = pytest.mark.django_db

SCENARIOS = Path(__file__).resolve().parents[1] / "rules" / "scenarios"

#: Scripted matches that end at the target (the cards and actions of the rules' own scenarios).
TARGET_SCENARIOS = [
    pytest.param("bazar_blot/match_over_when_target_reached.json", id="bazar_blot"),
    pytest.param("blot/match_won_at_target.json", id="blot"),
    pytest.param("deberc/hanging_twice_then_bait_2on2.json", id="deberc_2on2"),
]

DURAK_DRAW = {
    "game": "durak",
    "options": {},
    "seats": [0, 1],
    "deals": [
        {
            "hands": {"0": ["7s"], "1": ["Ks", "Kd"]},
            "stock": ["6h"],
            "actions": [
                {"seat": 0, "type": "attack", "card": "7s"},
                {"seat": 1, "type": "defend", "card": "Ks", "target": "7s"},
                {"seat": 1, "type": "attack", "card": "Kd"},
                {"seat": 0, "type": "defend", "card": "6h", "target": "Kd"},
            ],
        }
    ],
}


def rows_of(match: Match) -> dict[int, Result]:
    return {r.seat: r for r in Result.objects.filter(match=match)}


def assert_consistent(match: Match, rows: dict[int, Result]) -> None:
    """One row per player, with the match's game, totals, times and the engine's sides."""
    assert sorted(rows) == sorted(p["seat"] for p in match.players)
    for p in match.players:
        row = rows[p["seat"]]
        assert (row.user_id, row.bot_level, row.name) == (p["user"], p["bot"], p["name"])
        assert row.game == match.game and row.options == match.options
        assert row.totals == match.result["totals"]
        assert row.ending == match.result["reason"]
        assert row.finished_at == match.finished_at and row.started_at == match.created_at
        others = {o["seat"] for o in row.partners} | {o["seat"] for o in row.opponents}
        assert others == {q["seat"] for q in match.players} - {p["seat"]}


def scenario(name: str) -> dict:
    return json.loads((SCENARIOS / name).read_text())


def test_bots_play_a_blot_match_to_its_target(make_user):
    person = make_user()
    table = bot_table("blot", {"target": 501}, people=[person], level="easy")
    match = play_out(table.matches.get())
    assert match.result["reason"] == "target"
    rows = rows_of(match)
    assert_consistent(match, rows)
    winners = set(match.result["winners"])
    assert {s: r.outcome for s, r in rows.items()} == {s: "win" if s in winners else "loss" for s in rows}
    assert rows[0].score == match.result["totals"][0] and rows[1].bot_level == "easy"
    assert rows[0].deals == len(api.summary(api.from_json(match.state))["deals"])
    mine = rows[0]
    assert mine.partners == [] and [p["seat"] for p in mine.opponents] == [1]
    record = GameRecord.objects.get(user=person, game="blot")
    assert (record.played, record.won, record.lost, record.drawn) == (
        1,
        int(mine.outcome == "win"),
        int(mine.outcome == "loss"),
        0,
    )


@pytest.mark.parametrize("name", TARGET_SCENARIOS)
def test_target_ending_rows_of_each_belot_game(name, make_user):
    spec = scenario(name)
    person = make_user()
    _, match = scripted_table(spec, people=[person])
    match = play_actions(match, spec)
    assert match.result["reason"] == "target"
    assert match.result["winners"] == spec["expect"].get("winners", match.result["winners"])
    assert match.result["totals"] == scenario_run(spec)["totals"]
    rows = rows_of(match)
    assert_consistent(match, rows)
    winners = set(match.result["winners"])
    for seat, row in rows.items():
        assert row.outcome == ("win" if seat in winners else "loss")
        assert row.score == match.result["totals"][row.side]
    if len(rows) == 4:
        assert [p["seat"] for p in rows[0].partners] == [2]
        assert [p["seat"] for p in rows[0].opponents] == [1, 3]
        assert rows[0].partners[0]["bot"] == "normal"
        assert rows[1].side == rows[3].side == 1
    else:
        assert rows[0].partners == []
    record = GameRecord.objects.get(user=person, game=spec["game"])
    assert record.played == 1 and record.won == int(0 in winners) and record.lost == int(0 not in winners)


def test_durak_fool_is_the_fools_outcome_others_win(make_user):
    spec = scenario("durak/durak_game_over_fool_2p.json")
    person = make_user()
    _, match = scripted_table(spec, people=[person])
    match = play_actions(match, spec)
    assert match.result["reason"] == "fool"
    rows = rows_of(match)
    assert_consistent(match, rows)
    assert {s: r.outcome for s, r in rows.items()} == {0: "win", 1: "fool"}
    assert rows[0].score is None and rows[0].totals == []
    record = GameRecord.objects.get(user=person, game="durak")
    assert (record.played, record.won, record.lost, record.fool) == (1, 1, 0, 0)


def test_durak_fool_counts_as_a_loss_and_a_fool(make_user):
    spec = scenario("durak/durak_game_over_fool_2p.json")
    people = [make_user(), make_user()]
    _, match = scripted_table(spec, people=people)
    play_actions(match, spec)
    record = GameRecord.objects.get(user=people[1], game="durak")
    assert (record.played, record.won, record.lost, record.fool) == (1, 0, 1, 1)


def test_durak_by_bots_ends_with_a_fool_or_a_draw(make_user):
    person = make_user()
    table = bot_table("durak", {}, people=[person], level="easy")
    match = play_out(table.matches.get())
    rows = rows_of(match)
    assert_consistent(match, rows)
    fool = api.summary(api.from_json(match.state))["deals"][-1]["fool"]
    expected = (
        {s: ("fool" if s == fool else "win") for s in rows}
        if fool is not None
        else dict.fromkeys(rows, "draw")
    )
    assert {s: r.outcome for s, r in rows.items()} == expected


def test_durak_draw_when_both_go_out_at_once(make_user):
    person = make_user()
    _, match = scripted_table(DURAK_DRAW, people=[person])
    match = play_actions(match, DURAK_DRAW)
    assert match.result["reason"] == "draw"
    rows = rows_of(match)
    assert_consistent(match, rows)
    assert {r.outcome for r in rows.values()} == {"draw"}
    record = GameRecord.objects.get(user=person, game="durak")
    assert (record.played, record.won, record.lost, record.drawn) == (1, 0, 0, 1)


def test_deberc_ending_wins_the_match_at_once(make_user):
    spec = scenario("deberc/deberc_2p_non_chooser_wins_match.json")
    person = make_user()
    _, match = scripted_table(spec, people=[person])
    match = play_actions(match, spec)
    assert match.result["reason"] == "deberc"
    rows = rows_of(match)
    assert_consistent(match, rows)
    winners = set(match.result["winners"])
    assert {s: r.outcome for s, r in rows.items()} == {s: "win" if s in winners else "loss" for s in rows}
    assert all(r.ending == "deberc" for r in rows.values())


def test_surrender_loses_for_the_whole_team(make_user):
    person = make_user()
    table = bot_table("bazar_blot", {"players": 4}, people=[person])
    match = person_acts(play_through(table.matches.get()), person, {"type": "surrender"})
    rows = rows_of(match)
    assert_consistent(match, rows)
    assert {s: r.outcome for s, r in rows.items()} == {0: "loss", 1: "win", 2: "loss", 3: "win"}
    assert {r.ending for r in rows.values()} == {"surrender"}
    assert {r.ended_by for r in rows.values()} == {0}


def test_leave_from_the_table_is_a_loss(make_user):
    person = make_user()
    table = bot_table("deberc", {"players": 3}, people=[person])
    play_through(table.matches.get())
    seating.seat_leave(table_id=table.pk, user=person)
    match = table.matches.get()
    rows = rows_of(match)
    assert_consistent(match, rows)
    assert rows[0].outcome == "loss" and rows[0].ending == "leave"
    assert rows[1].outcome == rows[2].outcome == "win"


def test_replaced_bot_game_is_recorded_as_a_loss(make_user):
    person = make_user()
    first = lobby_services.play_with_bots(user=person, game="blot")
    play_through(first.matches.get())
    lobby_services.play_with_bots(user=person, game="blot")
    rows = rows_of(first.matches.get())
    assert rows[0].outcome == "loss" and rows[0].ending == "leave"
    assert GameRecord.objects.get(user=person, game="blot").lost == 1


def test_durak_disconnect_ends_the_match_as_disconnect(make_user):
    from datetime import timedelta

    from django.utils import timezone

    from apps.tables.models import Seat

    person = make_user()
    table = bot_table("durak", {}, people=[person])
    play_through(table.matches.get())
    Seat.objects.filter(table=table, number=0).update(
        connections=0, disconnected_at=timezone.now() - timedelta(hours=1)
    )
    assert seat_disconnect_check(table_id=table.pk, seat=0)
    match = table.matches.get()
    rows = rows_of(match)
    assert_consistent(match, rows)
    assert rows[0].outcome == "loss" and rows[0].ending == "disconnect" and rows[0].ended_by == 0
    assert all(r.outcome == "win" for s, r in rows.items() if s != 0)


def test_admin_end_of_a_stuck_match_is_void_and_not_counted(make_user):
    person = make_user()
    table = bot_table("blot", {}, people=[person])
    match = table.matches.get()
    assert match_end_stuck(match_id=match.pk)
    rows = rows_of(match)
    assert {r.outcome for r in rows.values()} == {"void"}
    assert {r.ending for r in rows.values()} == {"aborted"}
    assert not GameRecord.objects.filter(user=person).exists()


def test_results_are_written_once(make_user):
    person = make_user()
    table = bot_table("blot", {}, people=[person])
    match = person_acts(play_through(table.matches.get()), person, {"type": "surrender"})
    assert results_record(match, api.from_json(match.state)) == []
    assert Result.objects.filter(match=match).count() == 2
    assert GameRecord.objects.get(user=person, game="blot").played == 1


def test_no_results_while_the_match_goes_on(make_user):
    person = make_user()
    table = bot_table("durak", {}, people=[person])
    match = table.matches.get()
    assert results_record(match, api.from_json(match.state)) == []
    assert not Result.objects.exists()
