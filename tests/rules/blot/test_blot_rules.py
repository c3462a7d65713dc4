"""Обычный блот rules that scenarios reach awkwardly: options, the strict-majority edge, equal
totals at the target, a run of six, and the view of declarations and the face-up card."""

from __future__ import annotations

import pytest

from apps.rules import api
from apps.rules.cards import mask_of, parse_cards
from apps.rules.combos import BLOT_RULES, find_combos
from apps.rules.errors import InvalidOptions


def cards(text: str) -> list[str]:
    """Card codes from a space-separated string."""
    return text.split()


D3 = {
    "hands": {"0": cards("Kh 9s Ts Ks Ad 9d"), "1": cards("Qh Ah Jc Qc Kc Tc")},
    "stock": cards("Th 9h Js Jh As Qs Qd Td Jd Kd Ac 9c"),
}


def test_options_defaults_and_refusals():
    assert api.normalize_options("blot", {}) == {"target": 501, "parties": 1, "move_time": 20}
    for bad in ({"target": 101}, {"parties": 2}, {"players": 4}, {"target": True}):
        with pytest.raises(InvalidOptions):
            api.normalize_options("blot", bad)


def _played_to_end(state, taker_points, other_points, taker_combos=0):
    """Force the end-of-deal figures of a started deal (seat 0 took) and score it."""
    state.points = [taker_points, other_points]
    state.tricks = [5, 4]
    if taker_combos:
        state.combo_side = 0
        state.declared = [[(0, taker_combos, 3, 5, 0, 0)], None]
        state.shown = [True, False]
    return state.score_deal()


def test_equal_points_is_a_failed_contract():
    state = api.new_match("blot", {}, deals=[D3], dealer=1)
    api.apply(state, 0, {"type": "take"})
    result = _played_to_end(state, 66, 66)
    assert result["made"] is False
    assert result["scores"] == [0, 162]
    result = _played_to_end(state, 67, 65)
    assert result["made"] is True
    assert result["scores"] == [162 - 65, 65]


def test_equal_totals_at_target_play_on():
    state = api.new_match("blot", {}, deals=[D3, D3], dealer=1)
    state.totals = [520, 520]
    assert state.match_result() is None
    state.totals = [520, 510]
    assert state.match_result() == {"winners": [0], "reason": "target"}


def test_run_of_six_compares_as_a_five_card_hundred():
    hand = mask_of(parse_cards(cards("9h Th Jh Qh Kh Ah")))
    (run,) = find_combos(hand, 0, BLOT_RULES)
    assert (run.value, run.length) == (100, 5)


def test_view_hides_declared_cards_until_shown():
    state = api.new_match("blot", {}, deals=[D3], dealer=1)
    for seat, action in [
        (0, {"type": "take"}),
        (0, {"type": "declare"}),
        (0, {"type": "play", "card": "9h"}),
        (1, {"type": "play", "card": "Jh"}),
    ]:
        api.apply(state, seat, action)
    view = api.view(state, 1)
    assert view["declarations"] == [
        {"seat": 0, "kinds": ["tierce"], "counted": False, "cards": [], "shown": False}
    ]
    assert view["face_up"] == "Th"
    api.apply(state, 1, {"type": "play", "card": "Ah"})
    _, events = api.apply(state, 0, {"type": "show"})
    assert events[0]["type"] == "show"
    view = api.view(state, 1)
    assert view["declarations"][0]["shown"] is True
    assert sorted(view["declarations"][0]["cards"]) == ["9s", "Js", "Ts"]
