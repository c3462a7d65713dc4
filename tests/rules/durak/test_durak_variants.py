"""Дурак's variants (docs/rules.md "Variants beyond the seeds") where scenarios cannot look: option
refusals as a whole, the seeded deals of every deck and seat count, views of the trump card
when the deal uses up the deck, the opening event, pairs on six seats, old stored states."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from apps.rules import actions, api
from apps.rules.base import DealSource
from apps.rules.durak_tables import card_tables, deck_cards
from apps.rules.errors import InvalidOptions
from apps.rules.scenario import run

ROOT = Path(__file__).resolve().parents[3]
INVALID = sorted((ROOT / "tests" / "rules" / "invalid_scenarios" / "durak").glob("*.json"))
SIX = [0, 1, 2, 3, 4, 5]


def test_refusal_files_exist() -> None:
    assert len(INVALID) >= 8


@pytest.mark.parametrize("path", INVALID, ids=[p.stem for p in INVALID])
def test_refused_spec_names_its_fields(path: Path) -> None:
    spec = json.loads(path.read_text(encoding="utf-8"))
    with pytest.raises(InvalidOptions) as exc:
        run(spec)
    assert sorted(exc.value.errors) == sorted(spec["expect_invalid"])
    assert all(isinstance(v, str) and v for v in exc.value.errors.values())


def test_cli_exits_2_on_a_refused_spec() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "apps.rules.scenario", str(INVALID[0])],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert INVALID[0].name in proc.stderr


def test_refusal_texts_say_why() -> None:
    with pytest.raises(InvalidOptions) as exc:
        api.new_match("durak", {"deck": 24, "teams": True}, seed=1, seats=[0, 1, 2, 3, 4])
    assert exc.value.errors == {
        "deck": "24 cards deal to at most 4 players, not 5",
        "teams": "pairs play with 4 people, not 5",
    }
    with pytest.raises(InvalidOptions) as exc:
        api.normalize_options("durak", {"deck": True, "throw": None})
    assert set(exc.value.errors) == {"deck", "throw"}


def test_teams_with_two_or_three_still_just_turn_off() -> None:
    state = api.new_match("durak", {"teams": True, "deck": 52}, seed=1, seats=[0, 3, 5])
    assert state.options["teams"] is False


@pytest.mark.parametrize(
    ("deck", "seats"),
    [
        (24, [0, 1]),
        (24, [0, 1, 2, 3]),
        (36, [0, 2, 4]),
        (36, SIX),
        (52, [1, 5]),
        (52, [0, 1, 2, 3, 4]),
        (52, SIX),
    ],
)
def test_seeded_deal_of_every_deck(deck: int, seats: list[int]) -> None:
    state = api.new_match("durak", {"deck": deck}, seed=7, seats=seats)
    tab = card_tables(13 if deck == 52 else 9)
    shuffled = DealSource(7).next_deal(0, deck_cards(deck))
    assert sorted(shuffled) == sorted(deck_cards(deck)) and len(shuffled) == deck
    dealt = api.current_deal(state)
    for k, seat in enumerate(seats):
        assert dealt["hands"][str(seat)] == [tab.codes[shuffled[i * len(seats) + k]] for i in range(6)]
    assert dealt["stock"] == [tab.codes[c] for c in shuffled[6 * len(seats) :]]
    every = [c for h in dealt["hands"].values() for c in h] + dealt["stock"]
    assert len(every) == len(set(every)) == deck
    view = api.view(state, None)
    assert view["stock"] == deck - 6 * len(seats)
    assert [s["seat"] for s in view["seats"]] == seats
    assert view["options"]["deck"] == deck


def test_deck_used_up_shows_the_last_card_dealt_with_its_holder() -> None:
    for deck, seats in ((24, [0, 1, 2, 3]), (36, SIX)):
        for seed in range(20):
            state = api.new_match("durak", {"deck": deck}, seed=seed, seats=seats)
            dealt = api.current_deal(state)
            last = dealt["hands"][str(seats[-1])][-1]
            assert dealt["stock"] == []
            assert api.opening_events(state) == [{"type": "trump_shown", "seat": seats[-1], "card": last}]
            for seat in [None, *seats]:
                view = api.view(state, seat)
                assert view["trump_card"] == last and view["trump_holder"] == seats[-1]
                assert view["trump"] == last[1]
                assert view["stock"] == 0
            assert last in api.view(state, seats[-1])["hand"]
            assert last not in api.view(state, seats[0])["hand"]


def test_trump_card_stays_shown_all_game_and_never_a_stock_card() -> None:
    import random

    from tests.rules.durak.test_durak_properties import random_step

    state = api.new_match("durak", {"deck": 24}, seed=3)
    first = api.view(state, None)["trump_card"]
    rng = random.Random(3)
    while not api.summary(state)["finished"]:
        random_step(state, rng)
        view = api.view(state, None)
        assert view["trump_card"] == first and view["stock"] == 0
    assert api.view(state, 0)["trump_holder"] == 3


def test_with_a_stock_there_is_no_holder_and_no_opening_event() -> None:
    for deck, seats in ((36, [0, 1, 2, 3]), (52, SIX), (24, [0, 1])):
        state = api.new_match("durak", {"deck": deck}, seed=5, seats=seats)
        view = api.view(state, 0)
        assert view["trump_holder"] is None
        assert view["trump_card"] == api.current_deal(state)["stock"][-1]
        assert api.opening_events(state) == []


def test_pairs_on_six_seats_by_position() -> None:
    state = api.new_match("durak", {"teams": True}, seed=2, seats=[0, 1, 3, 5])
    assert state.options["teams"] is True
    assert [s["team"] for s in api.view(state, 0)["seats"]] == [0, 1, 0, 1]


def test_action_schema_takes_the_new_card_codes() -> None:
    assert actions.canonical({"type": "attack", "card": "2s", "seat": 1}) == {"type": "attack", "card": "2s"}
    assert actions.canonical({"type": "defend", "card": "5h", "target": "3h"}) == {
        "type": "defend",
        "card": "5h",
        "target": "3h",
    }


def test_a_state_stored_before_the_variants_loads() -> None:
    state = api.new_match("durak", {"transfer": True}, seed=9)
    data = json.loads(json.dumps(api.to_json(state)))
    for key in ("trump_card", "trump_holder"):
        del data["state"][key]
    for key in ("deck", "throw"):
        del data["state"]["options"][key]
    old = api.from_json(data)
    assert api.to_act(old) == api.to_act(state)
    for s in range(4):
        assert api.legal_actions(old, s) == api.legal_actions(state, s)
    assert api.view(old, 1)["trump_holder"] is None


def test_round_trip_in_the_new_modes() -> None:
    for options, seats in (({"deck": 52, "throw": "neighbors"}, SIX), ({"deck": 24}, [0, 1, 2, 3])):
        state = api.new_match("durak", options, seed=4, seats=seats)
        data = json.loads(json.dumps(api.to_json(state)))
        again = api.from_json(data)
        assert api.to_json(again) == data
        assert api.view(again, 2) == api.view(state, 2)
