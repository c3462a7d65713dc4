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


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("bazar_blot", {"ruleset": "gambler", "players": 2, "target": 51}),
        ("bazar_blot", {"ruleset": "gambler", "players": 2, "target": 51, "auto_declare": True}),
        (
            "bazar_blot",
            {"ruleset": "gambler", "target": 51, "auto_declare": True, "combos": "no_carre_hundred"},
        ),
        ("blot", {"parties": 3}),
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_generic_properties_for_option_sets_the_shared_suite_skips(game, options, seed):
    """The shared property suite (tests/rules/test_properties.py) on the option sets it does
    not list: Gambler with 2 players and with auto-declare, blot in parties."""
    from tests.rules.test_properties import play_match

    summary = play_match(game, options, seed, check_every=1)
    assert summary["finished"]
