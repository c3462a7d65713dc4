"""Arena points and streaks, Victory Points and the Swiss tie-breaks on hand-made results."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.tournaments import brackets, pairing, scoring
from apps.tournaments.scoring import arena_score, buchholz, sonneborn_berger, victory_points


@pytest.mark.parametrize("module", [scoring, pairing, brackets], ids=lambda m: m.__name__)
def test_the_docstring_examples_hold(module):
    failed, attempted = doctest.testmod(module)
    assert attempted > 0 and failed == 0


@pytest.mark.parametrize(
    ("results", "per_match", "on_fire"),
    [
        ([], (), False),
        (["win"], (2,), False),
        (["win", "win"], (2, 2), True),
        (["win", "win", "win"], (2, 2, 4), True),
        (["win", "win", "win", "loss", "win", "win", "win", "win"], (2, 2, 4, 0, 2, 2, 4, 4), True),
        (["win", "win", "draw", "win", "win", "win"], (2, 2, 1, 2, 2, 4), True),
        (["draw", "draw", "draw"], (1, 1, 1), False),
        (["win", "win", "win", "draw"], (2, 2, 4, 1), False),
        (["loss", "win", "loss", "win", "win"], (0, 2, 0, 2, 2), True),
    ],
)
def test_arena_points_double_from_the_third_win_in_a_row(results, per_match, on_fire):
    score = arena_score(results)
    assert score.per_match == per_match
    assert score.points == sum(per_match)
    assert score.on_fire is on_fire


def test_an_unknown_result_is_refused():
    with pytest.raises(ValueError):
        arena_score(["win", "forfeit"])


@given(st.lists(st.sampled_from(["win", "draw", "loss"]), max_size=40))
def test_arena_points_lie_between_the_plain_and_the_all_doubled_sum(results):
    plain = sum(scoring.ARENA_POINTS[r] for r in results)
    assert plain <= arena_score(results).points <= 2 * plain


@pytest.mark.parametrize(
    ("score", "other", "target", "expected"),
    [
        (101, 100, 101, (11, 9)),  # the narrowest win
        (100, 101, 101, (9, 11)),
        (151, 50, 101, (20, 0)),  # a win by the whole target
        (300, 10, 101, (20, 0)),  # by more: still 20
        (80, 80, 101, (10, 10)),  # a draw
        (0, 0, 101, (10, 10)),
        (151, 100, 101, (16, 4)),  # 51 of 101: 10 + ceil(10 * 51 / 101) = 10 + 6
        (510, 501, 501, (11, 9)),
        (1000, 750, 501, (15, 5)),  # 250 of 501: 10 + ceil(4.99)
    ],
)
def test_victory_points_grow_with_the_margin_and_share_twenty(score, other, target, expected):
    assert victory_points(score, other, target) == expected


@given(st.integers(0, 2000), st.integers(0, 2000), st.integers(1, 1500))
def test_victory_points_sum_to_twenty_and_the_winner_has_more(score, other, target):
    mine, theirs = victory_points(score, other, target)
    assert mine + theirs == 20
    assert (mine > theirs) == (score > other) and (mine == theirs) == (score == other)
    assert 0 <= mine <= 20


def test_victory_points_need_a_target():
    with pytest.raises(ValueError):
        victory_points(10, 5, 0)


def test_buchholz_and_sonneborn_berger_on_a_small_swiss():
    # A beat B and drew C; B beat C; C had a bye in round 2 (no opponent).
    scores = {"A": 1.5, "B": 1.0, "C": 0.5}
    assert buchholz(["B", "C"], scores) == 1.5
    assert buchholz(["A", "C"], scores) == 2.0
    assert buchholz(["A", "B"], scores) == 2.5
    assert buchholz([], scores) == 0
    assert sonneborn_berger([("B", 1.0), ("C", 0.5)], scores) == 1.0 + 0.25
    assert sonneborn_berger([("A", 0.0), ("C", 1.0)], scores) == 0.5
    assert sonneborn_berger([("A", 0.5), ("B", 0.0)], scores) == 0.75
