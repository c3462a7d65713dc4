"""Property tests of Деберц for 2, 3, 4 players and 2 on 2, over random legal play.

At every step of seeded random matches (random legal actions, some timeouts): no crash, every
card in exactly one place, every seat in ``to_act`` has a legal action and no other seat has
one, views show no card their seat may not see, JSON round trip and ``copy`` are exact; after
every deal the points are conserved (scores + hanging after = deal points + hanging before).
"""

from __future__ import annotations

import json
import random

import pytest

from apps.rules import api
from apps.rules.cards import CODES, DECK_32
from apps.rules.deberc import Deberc

CONFIGS = {
    "2p": {"players": 2},
    "3p": {"players": 3},
    "4p": {"players": 4},
    "2on2": {"players": 4, "teams": True},
}
ALL32 = sum(1 << c for c in DECK_32)
CODE_SET = set(CODES)


def _cards_in(value) -> set[str]:
    """Every string in a JSON value that is a card code."""
    if isinstance(value, str):
        return {value} if value in CODE_SET else set()
    if isinstance(value, dict):
        return set().union(*(_cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_cards_in(v) for v in value)) if value else set()
    return set()


def _check_cards(state: Deberc) -> None:
    if state.phase in ("waiting",):
        return
    seen = 0
    for h in state.hands:
        assert not seen & h, "a card in two hands"
        seen |= h
    assert not seen & state.played, "a played card still in a hand"
    seen |= state.played
    given = sum(1 << c for c in state.stock)
    dealt = sum(1 << c for h in state.dealt_hands for c in h)
    assert not given & dealt
    assert given | dealt == ALL32, "the deal holds the 32 cards"
    assert seen | given == ALL32 and seen & ~ALL32 == 0


def _check_turns(state: Deberc) -> None:
    to_act = state.to_act()
    assert to_act == sorted(to_act)
    for seat in range(state.n):
        legal = state.legal_actions(seat)
        assert bool(legal) == (seat in to_act)
        for action in legal:
            assert json.loads(json.dumps(action)) == action


def _check_views(state: Deberc) -> None:
    for seat in [*range(state.n), None]:
        view = state.view(seat)
        json.dumps(view)
        allowed = state.visible_cards(seat)
        leaked = _cards_in(view) - allowed
        assert not leaked, f"seat {seat} sees {leaked}"
        if seat is not None:
            assert sorted(view["hand"]) == sorted(CODES[c] for c in range(36) if state.hands[seat] >> c & 1)
            for other in range(state.n):
                if other != seat:
                    hidden = {CODES[c] for c in range(36) if state.hands[other] >> c & 1} - allowed
                    assert not hidden & _cards_in(view)


def _check_json(state: Deberc) -> None:
    data = api.to_json(state)
    text = json.dumps(data)
    again = api.from_json(json.loads(text))
    assert api.to_json(again) == data
    for seat in range(state.n):
        assert again.legal_actions(seat) == state.legal_actions(seat)


def _own(result: dict) -> list[int]:
    return [
        p + c + b for p, c, b in zip(result["card_points"], result["combos"], result["belote"], strict=True)
    ]


def _check_deal(result: dict, hanging_before: int, n: int) -> None:
    if result["deberc"] is not None:
        assert result["scores"] == [0] * len(result["scores"])
        assert result["hanging"] == hanging_before
        return
    assert sum(result["scores"]) + result["hanging"] == sum(_own(result)) + hanging_before
    if n == 4:
        assert sum(result["card_points"]) == 162, "4 players play all 32 cards"
    else:
        assert 10 <= sum(result["card_points"]) <= 162
    assert result["outcome"] in ("made", "bait", "hanging")
    if result["outcome"] != "hanging":
        assert result["hanging"] == 0


def _random_match(options: dict, seed: int, full_checks: bool) -> Deberc:
    rng = random.Random(seed)
    state = api.new_match(
        "deberc", options, seed=seed, dealer=None if seed % 2 else seed % options["players"]
    )
    hanging, ndeals = 0, 0
    while state.to_act():
        seat = rng.choice(state.to_act())
        if full_checks:
            _check_cards(state)
            _check_turns(state)
            _check_views(state)
            if rng.random() < 0.2:
                _check_json(state)
        if rng.random() < 0.05:
            api.apply(state, seat, {"type": "timeout"}, system=True)
        else:
            before = api.to_json(state) if rng.random() < 0.05 else None
            twin = state.copy() if before is not None else None
            action = rng.choice(state.legal_actions(seat))
            target = twin if twin is not None else state
            api.apply(target, seat, action)
            if twin is not None:
                assert api.to_json(state) == before, "copy shares state with its original"
                state = twin
        while ndeals < len(state.deals):
            _check_deal(state.deals[ndeals], hanging, state.n)
            hanging = state.deals[ndeals]["hanging"]
            ndeals += 1
    summary = api.summary(state)
    assert summary["finished"]
    assert summary["winners"]
    totals = summary["totals"]
    if summary["reason"] == "target":
        best = max(totals)
        assert best >= options.get("target", 301) and totals.count(best) == 1
    return state


@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_random_matches_keep_every_invariant(config: str) -> None:
    for seed in range(3):
        _random_match(CONFIGS[config], seed, full_checks=True)


@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_many_random_matches_finish(config: str) -> None:
    for seed in range(100, 115):
        _random_match(CONFIGS[config], seed, full_checks=False)
