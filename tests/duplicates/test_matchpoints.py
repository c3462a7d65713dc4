"""Matchpoints of docs/rules.md «Дубль» on hand-made results."""

from __future__ import annotations

from apps.duplicates.matchpoints import (
    DEBERC_WIN,
    deal_result,
    deal_scores,
    durak_result,
    set_scores,
    tenths,
)


def test_higher_equal_lower_count_two_one_zero():
    a, b, c, d = deal_scores([30, 10, 10, -20])
    assert (a.better, a.equal, a.worse, a.mp) == (0, 0, 3, 6)
    assert a.percent == 100.0
    assert (b.better, b.equal, b.worse, b.mp) == (1, 1, 1, 3)
    assert b.percent == 50.0
    assert (c.mp, c.percent) == (3, 50.0)
    assert (d.better, d.equal, d.worse, d.mp, d.percent) == (3, 0, 0, 0, 0.0)


def test_all_tied_is_fifty_each():
    scores = deal_scores([0, 0, 0])  # a 0 : 0 deal at every table
    assert [s.percent for s in scores] == [50.0, 50.0, 50.0]
    assert [s.equal for s in scores] == [2, 2, 2]


def test_a_lone_result_is_fifty():
    (only,) = deal_scores([-42])
    assert (only.better, only.equal, only.worse, only.mp, only.percent) == (0, 0, 0, 0, 50.0)


def test_durak_draws_and_fools():
    assert durak_result(True, None, 0) == 0
    assert durak_result(False, 0, 0) == -1
    assert durak_result(False, 1, 0) == 1
    win, draw, draw2, fool = deal_scores([1, 0, 0, -1])
    assert (win.percent, draw.percent, draw2.percent, fool.percent) == (100.0, 50.0, 50.0, 0.0)


def test_forfeits_rank_below_everything_and_score_nothing():
    played, forfeit, forfeit2 = deal_scores([-300, None, None])
    assert played.percent == 100.0
    assert (forfeit.better, forfeit.equal, forfeit.worse, forfeit.percent) == (1, 1, 0, 0.0)
    assert forfeit2.percent == 0.0


def test_deal_result_from_the_sheet_line():
    sides2 = [0, 1]
    assert deal_result({"scores": [16, 0]}, 0, sides2) == 16
    assert deal_result({"scores": [16, 0]}, 1, sides2) == -16
    assert deal_result({"redeal": True, "scores": [0, 0]}, 0, sides2) == 0
    teams = [0, 1, 0, 1]
    assert deal_result({"scores": [0, 0], "deberc": 2}, 0, teams) == DEBERC_WIN
    assert deal_result({"scores": [0, 0], "deberc": 1}, 0, teams) == -DEBERC_WIN


def test_set_score_is_the_mean_to_a_tenth_and_ties_go_to_the_earlier_finish():
    # three players, three deals; "b" and "c" end equal, "b" finished first
    ranked = set_scores([("a", [10, 0, -5]), ("b", [20, 0, -10]), ("c", [0, 0, 0])], 3)
    by_key = {e.key: e for e in ranked}
    # a: deal 0 mid (50), deal 1 tie (50), deal 2 mid (50) -> 50.0
    assert by_key["a"].score == 50.0
    # b: 100, 50, 0 -> 50.0 ; c: 0, 50, 100 -> 50.0
    assert by_key["b"].score == 50.0 and by_key["c"].score == 50.0
    assert [e.key for e in ranked] == ["a", "b", "c"]
    assert [e.place for e in ranked] == [1, 2, 3]


def test_unfinished_player_counts_zero_against_him():
    ranked = set_scores([("x", [5, 5]), ("quit", [])], 2)
    assert [(e.key, e.score) for e in ranked] == [("x", 100.0), ("quit", 0.0)]


def test_tenths_round_halves_up():
    assert tenths(62.25) == 62.3
    assert tenths(200 / 3) == 66.7
    assert tenths(50) == 50.0
