"""Pairing properties over random fields: Swiss two-sided rounds, tables of 3–6, the arena."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from apps.tournaments.pairing import (
    Entrant,
    arena_tables,
    group_tables,
    pair_two_sided,
    standings_order,
    table_sizes,
)


@st.composite
def fields(draw, min_size=2, max_size=12):
    """A field of entrants with scores, ratings, byes and earlier meetings (symmetric)."""
    n = draw(st.integers(min_size, max_size))
    ids = list(range(n))
    scores = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    ratings = draw(st.lists(st.integers(1000, 2000), min_size=n, max_size=n))
    byes = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    pairs = list(itertools.combinations(ids, 2))
    met_pairs = draw(st.lists(st.sampled_from(pairs), max_size=2 * n, unique=True)) if pairs else []
    met = {i: set() for i in ids}
    for a, b in met_pairs:
        met[a].add(b)
        met[b].add(a)
    return [Entrant(i, score=scores[i], rating=ratings[i], met=frozenset(met[i]), byes=byes[i]) for i in ids]


def _seated(round_) -> list:
    return [who for table in round_.tables for who in table] + list(round_.byes)


def _repeats(tables, by_id) -> int:
    return sum(1 for table in tables for a, b in itertools.combinations(table, 2) if b in by_id[a].met)


def _perfect_matchings(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for k, other in enumerate(rest):
        for tail in _perfect_matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *tail]


@settings(max_examples=150, deadline=None)
@given(fields())
def test_a_swiss_round_seats_everyone_once_with_a_fair_bye(field):
    round_ = pair_two_sided(field)
    assert sorted(_seated(round_)) == sorted(e.id for e in field)
    assert len(round_.byes) == len(field) % 2
    if round_.byes:
        (bye,) = round_.byes
        by_id = {e.id: e for e in field}
        fewest = min(e.byes for e in field)
        assert by_id[bye].byes == fewest
        ordered = standings_order(field)
        lowest_with_fewest = [e.id for e in ordered if e.byes == fewest][-1]
        assert bye == lowest_with_fewest


@settings(max_examples=150, deadline=None)
@given(fields(max_size=9))
def test_a_swiss_round_repeats_no_meeting_that_can_be_avoided_and_keeps_score_groups(field):
    """Against every perfect matching of the same players (brute force): no repeat where a
    matching without repeats exists, and no smaller sum of squared score differences among
    the matchings with as few repeats."""
    round_ = pair_two_sided(field)
    by_id = {e.id: e for e in field}
    playing = [e.id for e in field if e.id not in round_.byes]

    def cost(pairs):
        return (
            _repeats(pairs, by_id),
            sum((by_id[a].score - by_id[b].score) ** 2 for a, b in pairs),
        )

    best = min(cost(m) for m in _perfect_matchings(playing))
    ours = cost(round_.tables)
    assert ours[0] == best[0]
    assert ours[1] == best[1]


def test_a_large_field_is_paired_in_blocks_without_losing_anyone():
    field = [Entrant(i, score=i % 7, rating=1500 + (i * 37) % 400) for i in range(1001)]
    round_ = pair_two_sided(field)
    assert sorted(_seated(round_)) == list(range(1001))
    assert len(round_.tables) == 500
    by_id = {e.id: e for e in field}
    # score order: a pair is never more than one score group apart on this field
    assert max(abs(by_id[a].score - by_id[b].score) for a, b in round_.tables) <= 1


@given(st.integers(0, 60), st.integers(2, 6), st.integers(2, 6))
def test_table_sizes_seat_all_they_can_evenly(count, size, min_size):
    if min_size > size:
        with pytest.raises(ValueError):
            table_sizes(count, size, min_size)
        return
    sizes = table_sizes(count, size, min_size)
    assert all(min_size <= s <= size for s in sizes)
    assert sum(sizes) <= count
    assert not sizes or max(sizes) - min(sizes) <= 1
    # nobody sits out who could have been seated: no larger number fits the sizes
    seatable = [n for n in range(count + 1) if n and -(-n // size) * min_size <= n]
    assert sum(sizes) == (max(seatable) if seatable else 0)


@settings(max_examples=150, deadline=None)
@given(fields(min_size=3, max_size=20), st.integers(3, 6))
def test_tables_of_three_to_six_group_by_score_and_seat_everyone_once(field, size):
    min_size = 3
    round_ = group_tables(field, size=size, min_size=min_size)
    assert sorted(_seated(round_)) == sorted(e.id for e in field)
    assert all(min_size <= len(t) <= size for t in round_.tables)
    by_id = {e.id: e for e in field}
    # score groups: a table's lowest score is at least the next table's highest
    tops = [max(by_id[i].score for i in t) for t in round_.tables]
    bottoms = [min(by_id[i].score for i in t) for t in round_.tables]
    assert all(bottoms[k] >= tops[k + 1] for k in range(len(tops) - 1))


def test_equal_scores_swap_between_tables_to_avoid_a_repeat():
    met = {0: {1}, 1: {0}}
    field = [Entrant(i, score=1, rating=2000 - i, met=frozenset(met.get(i, ()))) for i in range(6)]
    round_ = group_tables(field, size=3, min_size=3)
    by_id = {e.id: e for e in field}
    assert _repeats(round_.tables, by_id) == 0


@settings(max_examples=150, deadline=None)
@given(fields(max_size=14))
def test_the_arena_never_seats_last_tables_opponents_and_seats_as_many_as_can_be(field):
    round_ = arena_tables(field, size=2)
    by_id = {e.id: e for e in field}
    assert sorted(_seated(round_)) == sorted(e.id for e in field)
    assert _repeats(round_.tables, by_id) == 0
    allowed = nx.Graph()
    allowed.add_nodes_from(by_id)
    allowed.add_edges_from((a.id, b.id) for a, b in itertools.combinations(field, 2) if b.id not in a.met)
    assert len(round_.tables) == len(nx.max_weight_matching(allowed, maxcardinality=True))


@settings(max_examples=100, deadline=None)
@given(fields(min_size=3, max_size=16), st.integers(3, 6))
def test_arena_tables_of_three_to_six_keep_last_tables_apart(field, size):
    round_ = arena_tables(field, size=size, min_size=3)
    by_id = {e.id: e for e in field}
    assert sorted(_seated(round_)) == sorted(e.id for e in field)
    assert all(3 <= len(t) <= size for t in round_.tables)
    assert _repeats(round_.tables, by_id) == 0


def test_a_large_arena_field_is_seated_in_blocks_never_against_last_opponents():
    import random

    rng = random.Random(5)
    field = [
        Entrant(i, score=rng.randint(0, 20), rating=rng.gauss(1500, 200), met=frozenset({i ^ 1}))
        for i in range(1001)
    ]
    round_ = arena_tables(field, size=2)
    seated = [who for table in round_.tables for who in table]
    assert len(seated) == len(set(seated)) == 1000 and len(round_.byes) == 1
    assert all(a ^ 1 != b for a, b in round_.tables)
    by_id = {e.id: e for e in field}
    # tables stay among near standings: blocks of 64 in score order
    assert max(abs(by_id[a].score - by_id[b].score) for a, b in round_.tables) <= 3
