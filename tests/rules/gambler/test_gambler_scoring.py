"""Gambler scoring branches that whole-deal scenarios reach only with long card plays: the
all-trumps game of 26, capots worth 25/35 (made, failed, contra), and options."""

from __future__ import annotations

import pytest

from apps.rules import api
from apps.rules.errors import InvalidOptions

G = {
    "hands": {
        "0": ["Js", "9s", "Jh", "7h", "Qd", "7d", "Kc", "Qc"],
        "1": ["As", "Ks", "Ah", "Qh", "Td", "9d", "Jc", "8c"],
        "2": ["Ts", "7s", "Kh", "8h", "Ad", "8d", "9c", "7c"],
        "3": ["Qs", "8s", "Th", "9h", "Kd", "Jd", "Ac", "Tc"],
    },
    "stock": [],
}


def started(*calls: tuple[int, dict]):
    """A Gambler match on deal G (dealer 0) after the given auction calls."""
    state = api.new_match("bazar_blot", {"ruleset": "gambler"}, deals=[G], dealer=0)
    for seat, action in calls:
        api.apply(state, seat, action)
    assert state.phase == "play"
    return state


def scored(state, tricks: list[int], points: list[int]) -> dict:
    """Score the deal as if play had ended with these tricks and card points per pair."""
    state.tricks = tricks
    state.points = points
    return state.score_deal()


PASSES = [(2, {"type": "pass"}), (3, {"type": "pass"}), (0, {"type": "pass"}), (1, {"type": "pass"})]


def test_all_trumps_game_is_26():
    state = started((1, {"type": "bid", "value": 12, "trump": "all"}), *PASSES)
    # 258 in all: defenders 128 -> 13, contracting 26 - 13 = 13; 130 >= 120 made.
    result = scored(state, [4, 4], [128, 130])
    assert result["made"] is True
    # Belote in all-trumps: 0 holds Kc Qc (team 0), 20 -> 2.
    assert result["belote"] == [20, 0]
    assert result["scores"] == [13 + 2, 13]


def test_all_trumps_failed_gives_26():
    state = started((1, {"type": "bid", "value": 14, "trump": "all"}), *PASSES)
    result = scored(state, [4, 4], [128, 130])
    assert result["made"] is False
    assert result["scores"] == [26 + 2, 0]


def test_capot_all_trumps_made_is_35():
    state = started((1, {"type": "capot", "trump": "all"}), *PASSES)
    assert state.contract["value"] == 25
    result = scored(state, [0, 8], [0, 258])
    assert result["made"] is True
    assert result["scores"] == [2, 35]


def test_failed_capot_gives_the_capot_game():
    state = started((1, {"type": "capot", "trump": "s"}), *PASSES)
    result = scored(state, [1, 7], [20, 142])
    assert result["made"] is False
    assert result["scores"] == [25, 0]
    state = started((1, {"type": "capot", "trump": "all"}), *PASSES)
    result = scored(state, [1, 7], [30, 228])
    assert result["scores"] == [35 + 2, 0]


def test_failed_capot_under_contra_is_doubled():
    state = started(
        (1, {"type": "capot", "trump": "s"}),
        (0, {"type": "contra"}),
        (1, {"type": "pass"}),
        (3, {"type": "pass"}),
    )
    result = scored(state, [1, 7], [20, 142])
    assert result["scores"] == [50, 0]


def test_defenders_capot_without_capot_contract():
    state = started((1, {"type": "bid", "value": 8, "trump": "all"}), *PASSES)
    result = scored(state, [8, 0], [258, 0])
    assert result["made"] is False
    assert result["scores"] == [35 + 2, 0]


def test_four_eights_are_seen_at_the_start_of_play():
    deal = {
        "hands": {
            "0": ["8s", "8c", "8d", "8h", "As", "Ks", "Qs", "7h"],
            "1": ["Ah", "Kh", "Qh", "7s", "7c", "7d", "Jd", "9d"],
            "2": ["Ts", "9s", "Js", "Th", "9h", "Jh", "Tc", "9c"],
            "3": ["Ac", "Kc", "Qc", "Jc", "Ad", "Kd", "Qd", "Td"],
        },
        "stock": [],
    }
    state = api.new_match("bazar_blot", {"ruleset": "gambler"}, deals=[deal], dealer=0)
    for seat, action in [(1, {"type": "bid", "value": 8, "trump": "h"}), *PASSES]:
        api.apply(state, seat, action)
    assert api.view(state, 0)["four_eights"] is True
    assert {"type": "declare"} in api.legal_actions(state, 1)


def test_options():
    options = api.normalize_options("bazar_blot", {"ruleset": "gambler"})
    assert options["target"] == 301
    assert api.normalize_options("bazar_blot", {"ruleset": "gambler", "players": 2})["target"] == 301
    with pytest.raises(InvalidOptions):
        api.normalize_options("bazar_blot", {"ruleset": "gambler", "target": 201})


def test_view_awaits_only_the_seat_in_turn():
    state = api.new_match("bazar_blot", {"ruleset": "gambler"}, deals=[G], dealer=0)
    api.apply(state, 1, {"type": "bid", "value": 8, "trump": "c"})
    view = api.view(state, 0)
    assert view["to_act"] == [0, 2]
    assert view["awaiting"] == [2]
    assert view["legal"] == [{"type": "contra"}]
