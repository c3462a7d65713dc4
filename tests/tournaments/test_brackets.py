"""Knockout brackets: seeding order, byes for the top seeds, rounds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.tournaments.brackets import (
    MAX_REPLAYS,
    WINS_NEEDED,
    bracket_size,
    first_round,
    next_round,
    seeding_order,
    series_score,
    series_winner,
)


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64, 128])
def test_the_seeding_order_keeps_the_top_seeds_apart_until_late(size):
    order = seeding_order(size)
    assert sorted(order) == list(range(1, size + 1))
    # each first-round pair sums to size + 1 (1 v size, 2 v size - 1, ...)
    assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
    # seeds 1 and 2 in different halves; 1-4 in different quarters
    half = size // 2
    assert (order.index(1) < half) != (order.index(2) < half)
    if size >= 4:
        quarters = {order.index(seed) // (size // 4) for seed in (1, 2, 3, 4)}
        assert len(quarters) == 4


@given(st.integers(2, 128))
def test_the_first_round_gives_the_byes_to_the_top_seeds(count):
    seeded = [f"p{k}" for k in range(1, count + 1)]
    pairs = first_round(seeded)
    size = bracket_size(count)
    assert len(pairs) == size // 2
    present = [who for pair in pairs for who in pair if who is not None]
    assert sorted(present) == sorted(seeded)
    with_bye = [a for a, b in pairs if b is None]
    assert len(with_bye) == size - count
    assert sorted(with_bye, key=seeded.index) == seeded[: size - count]


def test_rounds_follow_the_bracket_to_a_final():
    seeded = [f"p{k}" for k in range(1, 9)]
    pairs = first_round(seeded)
    assert pairs == [("p1", "p8"), ("p4", "p5"), ("p2", "p7"), ("p3", "p6")]
    semis = next_round([a for a, _ in pairs])
    assert semis == [("p1", "p4"), ("p2", "p3")]
    assert next_round(["p1", "p2"]) == [("p1", "p2")]
    with pytest.raises(ValueError):
        next_round(["p1", "p2", "p3"])


@pytest.mark.parametrize("count", [0, 1, 129])
def test_a_bracket_holds_two_to_128(count):
    with pytest.raises(ValueError):
        bracket_size(count)


def test_best_of_three_goes_to_the_first_with_two_wins():
    assert series_winner([], ["a", "b"]) == (False, None)
    assert series_winner([["a"]], ["a", "b"]) == (False, None)
    assert series_winner([["a"], ["a"]], ["a", "b"]) == (True, "a")
    assert series_winner([["a"], ["b"]], ["a", "b"]) == (False, None)
    assert series_winner([["a"], ["b"], ["b"]], ["a", "b"]) == (True, "b")
    assert series_score([["a"], ["b"], ["b"]], ["a", "b"]) == {"a": 1, "b": 2}


def test_a_draw_counts_for_neither_and_is_replayed_at_most_twice():
    assert series_winner([[], ["a"]], ["a", "b"]) == (False, None)
    assert series_winner([["a"], [], [], ["b"]], ["a", "b"]) == (False, None)
    assert series_winner([["a"], [], [], ["b"], ["a"]], ["a", "b"]) == (True, "a")
    # a third draw ends it: more wins go through, equal wins leave it to the seed (None)
    assert series_winner([["a"], [], [], []], ["a", "b"]) == (True, "a")
    assert series_winner([[], [], []], ["a", "b"]) == (True, None)
    assert series_winner([["a"], ["b"], [], [], []], ["a", "b"]) == (True, None)


@given(st.lists(st.sampled_from([["a"], ["b"], []]), max_size=8))
def test_a_pairing_is_decided_within_five_matches(games):
    decided_at = None
    for n in range(1, len(games) + 1):
        over, winner = series_winner(games[:n], ["a", "b"])
        if over:
            decided_at = n
            score = series_score(games[:n], ["a", "b"])
            assert winner is None or score[winner] > score["b" if winner == "a" else "a"]
            break
    if decided_at is None:
        assert len(games) < WINS_NEEDED * 2 - 1 + MAX_REPLAYS
    else:
        assert decided_at <= WINS_NEEDED * 2 - 1 + MAX_REPLAYS


def test_best_of_three_has_two_sides():
    with pytest.raises(ValueError):
        series_winner([], ["a", "b", "c"])
