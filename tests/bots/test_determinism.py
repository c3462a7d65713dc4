"""Same seed, view and memory: the same decision, also after a JSON round trip of the memory."""

from __future__ import annotations

import json

import pytest

from apps.bots import Bot, choose_action
from tests.bots.driver import VARIANTS, play, seats_of


@pytest.mark.parametrize(("name", "game", "options", "durak_seats"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_hard_decides_the_same_from_its_stored_memory(name, game, options, durak_seats):
    seats = seats_of(game, options, durak_seats)
    me = seats[0]
    levels = {s: ("hard" if i == 0 else "normal") for i, s in enumerate(seats)}
    compared = 0

    def check(seat, view, action, bot):
        nonlocal compared
        if seat != me or len(view["legal"]) < 2 or compared >= 4:
            return
        stored = json.loads(json.dumps(bot.to_json()))  # what a table keeps between tasks
        again = Bot.from_json(stored, time_limit=None).decide(view)
        assert again == action
        memory = json.loads(json.dumps(bot.memory))
        via_function = choose_action(view, "hard", memory=memory, seed=bot.seed, time_limit=None)
        assert via_function == action
        compared += 1

    play(game, options, levels, seed=9, max_deals=1, max_actions=80, on_decision=check)
    assert compared > 0


def test_different_seeds_can_differ_for_easy():
    """The seed matters: easy bots with other seeds choose other moves somewhere in a deal."""
    game, options, durak_seats = VARIANTS[0][1], VARIANTS[0][2], VARIANTS[0][3]
    seats = seats_of(game, options, durak_seats)
    differ = 0

    def check(seat, view, action, bot):
        nonlocal differ
        if len(view["legal"]) > 2:
            others = {json.dumps(Bot("easy", seed=k).decide(view), sort_keys=True) for k in range(8)}
            differ += len(others) > 1

    play(game, options, dict.fromkeys(seats, "easy"), seed=1, max_deals=1, on_decision=check)
    assert differ > 0
