"""Generic engine properties for Базар-белот (Gambler) under random legal play, 4 and 2 players."""

from __future__ import annotations

import pytest

from apps.rules import api
from tests.rules.blot.props import check_random_matches


@pytest.mark.parametrize(
    "options",
    [
        {"ruleset": "gambler", "target": 101},
        {"ruleset": "gambler", "players": 2, "target": 51},
        {"ruleset": "gambler", "target": 51, "auto_declare": True, "no_trump": False},
    ],
)
def test_random_matches_keep_the_contract(options):
    stats = check_random_matches("bazar_blot", options, range(3))
    assert stats["matches"] == 3
    assert stats["deals"] >= 3


def test_gambler_state_is_the_gambler_class_after_round_trip():
    state = api.new_match("bazar_blot", {"ruleset": "gambler"}, seed=3)
    back = api.from_json(api.to_json(state))
    assert type(back).__name__ == "BazarGambler"
    assert back.options["target"] == 301
