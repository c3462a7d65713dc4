"""Bots always return a legal action, in every game and mode whose engine exists.

The default run plays a few deals per variant with every level at the table, and a few
whole matches of easy and normal. ``BOTS_LEGALITY_MATCHES=60 pytest tests/bots`` plays 60
whole matches per variant instead (thousands of deals; minutes of CPU).
"""

from __future__ import annotations

import os

import pytest

from apps.rules import api
from tests.bots.driver import VARIANTS, play, seats_of

LEVEL_CYCLE = ("hard", "easy", "normal", "easy")


def _levels(seats: list[int], shift: int) -> dict[int, str]:
    return {s: LEVEL_CYCLE[(i + shift) % len(LEVEL_CYCLE)] for i, s in enumerate(seats)}


@pytest.mark.parametrize(("name", "game", "options", "durak_seats"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_every_decision_is_legal(name, game, options, durak_seats):
    seats = seats_of(game, options, durak_seats)
    decisions = []

    def keep(seat, view, action, bot):
        decisions.append(action["type"])

    # Every level at the table for the first 120 moves, then easy and normal for whole deals.
    _, log = play(game, options, _levels(seats, 0), seed=0, max_deals=1, max_actions=120, on_decision=keep)
    assert log, "the bots made no move"
    cheap = {s: ("normal" if i % 2 else "easy") for i, s in enumerate(seats)}
    for seed in (1, 2):
        play(game, options, cheap, seed=seed, max_deals=3, on_decision=keep)
    assert len(decisions) >= 20
    # Every kind of move the bots made is a canonical action type of docs/rules.md §2.
    assert set(decisions) <= {
        "pass", "bid", "capot", "contra", "recontra", "take", "name", "declare", "show", "play",
        "concede", "attack", "defend", "transfer", "done", "catch",
    }  # fmt: skip


MATCHES = int(os.environ.get("BOTS_LEGALITY_MATCHES", "2"))


@pytest.mark.parametrize(("name", "game", "options", "durak_seats"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_whole_matches_of_easy_and_normal_are_legal(name, game, options, durak_seats):
    seats = seats_of(game, options, durak_seats)
    finished = 0
    for seed in range(100, 100 + MATCHES):
        levels = {s: ("normal" if (i + seed) % 2 else "easy") for i, s in enumerate(seats)}
        state, _ = play(game, options, levels, seed=seed, max_deals=60, max_actions=20000)
        finished += api.summary(state)["finished"]
    assert finished >= MATCHES - MATCHES // 10
