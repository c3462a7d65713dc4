"""Properties of random Gambler matches with «капо на 1 руке» on (option ``solo_capot``).

The play is random among the legal actions, but an offered solo capot is bid often, so most
deals are solo deals. At every step: only seats in ``to_act`` have legal actions and the sitting
partner never does; every card is in exactly one place and the sitting partner keeps his 8;
no view (any seat's, the spectator's) and no event shows a card its viewer may not see — in
particular the sitting partner's hand is never shown to anybody else; the state survives JSON
and ``copy``. Each solo deal's result is checked against the ruling (docs/rules.md "Variants beyond
the seeds").
"""

from __future__ import annotations

import json
import random

import pytest

from apps.rules import api
from apps.rules.errors import IllegalAction
from tests.rules.blot.props import _all_card_codes

OPTIONS = {"ruleset": "gambler", "solo_capot": True}


def pick(rng: random.Random, legal: list[dict]) -> dict:
    """A random legal action; an offered solo capot a third of the time, and passes favoured in
    the auction so that deals reach the play."""
    solos = [a for a in legal if a.get("solo")]
    if solos and rng.random() < 0.3:
        return rng.choice(solos)
    passes = [a for a in legal if a["type"] == "pass"]
    if passes and rng.random() < 0.6:
        return passes[0]
    return rng.choice(legal)


def check_cards(state) -> None:
    """Every card of the deal in exactly one place; the sitting seat keeps all his cards."""
    if state.dealt_hands is None:
        return
    seen = state.played
    total = state.played.bit_count()
    for h in state.hands:
        seen |= h
        total += h.bit_count()
    assert total == seen.bit_count() == 32, "a card is lost or in two places"
    if state.phase == "play" and state.sitting >= 0:
        dealt = sum(1 << c for c in state.dealt_hands[state.sitting])
        assert state.hands[state.sitting] == dealt, "the sitting partner's hand changed"
        assert len(state.trick_cards) < 3


def check_views(state) -> None:
    sitting = state.sitting if state.phase == "play" else -1
    hidden = state.hands[sitting] if sitting >= 0 else 0
    hidden_codes = {c for c in api.view(state, sitting)["hand"]} if sitting >= 0 else set()
    assert len(hidden_codes) == hidden.bit_count()
    for viewer in [0, 1, 2, 3, None]:
        view = api.view(state, viewer)
        shown = _all_card_codes(view)
        assert shown <= state.visible_cards(viewer), (viewer, shown - state.visible_cards(viewer))
        if viewer != sitting:
            assert not shown & hidden_codes, f"{viewer} sees the sitting partner's {shown & hidden_codes}"
        if sitting >= 0:
            assert view["sitting"] == sitting
            assert view["seats"][sitting]["cards"] == 8


def check_solo_result(deal: dict) -> None:
    contract = deal["contract"]
    assert contract["capot"] is True and contract["value"] == 25
    ct = contract["team"]
    made = deal["tricks"][ct] == 8
    assert deal["made"] is made
    base = 70 if contract["trump"] == "all" else 50
    value = (base + (sum(deal["combos"]) + sum(deal["belote"])) // 10) * contract["multiplier"]
    side = ct if made else 1 - ct
    assert deal["scores"][side] == value and deal["scores"][1 - side] == 0
    # Only the three players' 24 cards are in the tricks (+10 for the last).
    assert sum(deal["tricks"]) == 8
    assert sum(deal["card_points"]) < 258


def play(seed: int, *, check_every: int = 1) -> dict:
    rng = random.Random(seed)
    state = api.new_match("bazar_blot", OPTIONS, seed=seed)
    stats = {"solo_deals": 0, "deals": 0, "steps": 0}
    while True:
        seats = api.to_act(state)
        for s in range(4):
            assert bool(api.legal_actions(state, s)) == (s in seats)
        if not seats:
            break
        if state.phase == "play" and state.sitting >= 0:
            assert state.sitting not in seats
            with pytest.raises(IllegalAction) as err:
                api.apply(
                    state.copy(),
                    state.sitting,
                    {"type": "play", "card": api.view(state, state.sitting)["hand"][0]},
                )
            assert err.value.code == "not_your_turn"
        seat = rng.choice(seats)
        legal = api.legal_actions(state, seat)
        action = pick(rng, legal)
        if stats["steps"] % check_every == 0:
            data = json.loads(json.dumps(api.to_json(state)))
            back = api.from_json(data)
            assert api.to_json(back) == data and api.legal_actions(back, seat) == legal
            twin = state.copy()
            before = api.to_json(state)
            api.apply(twin, seat, dict(action))
            assert api.to_json(state) == before, "copy shares state"
            check_views(state)
        public_before = state.visible_cards(None)
        _, events = api.apply(state, seat, dict(action))
        allowed = public_before | state.visible_cards(None) | {action.get("card")}
        ended = any(e["type"] == "deal_scored" for e in events)
        assert _all_card_codes([e for e in events if not (ended and e["type"] == "combos")]) <= allowed
        check_cards(state)
        stats["steps"] += 1
        assert stats["steps"] < 20000
    summary = api.summary(state)
    assert summary["finished"]
    for deal in summary["deals"]:
        if deal["redeal"]:
            continue
        stats["deals"] += 1
        if deal["contract"].get("solo"):
            stats["solo_deals"] += 1
            check_solo_result(deal)
        else:
            assert sum(deal["card_points"]) in (162, 258)
    totals = [sum(d["scores"][i] for d in summary["deals"]) for i in (0, 1)]
    assert totals == summary["totals"]
    return stats


@pytest.mark.parametrize("seed", range(4))
def test_random_solo_matches_keep_the_contract(seed):
    stats = play(seed)
    assert stats["solo_deals"] >= 1, stats


def test_many_random_solo_deals():
    solo = 0
    for seed in range(100, 112):
        solo += play(seed, check_every=37)["solo_deals"]
    assert solo >= 12


def test_timeouts_in_a_solo_deal_play_for_the_three():
    """A system timeout in a solo deal plays for the seat in turn, never for the sitting one."""
    rng = random.Random(7)
    state = api.new_match("bazar_blot", OPTIONS, seed=7)
    played_solo = 0
    while api.to_act(state) and played_solo < 40:
        (seat, *_) = api.to_act(state)
        if state.phase == "play" and state.sitting >= 0:
            api.apply(state, seat, {"type": "timeout"}, system=True)
            played_solo += 1
            check_cards(state)
            check_views(state)
        else:
            legal = api.legal_actions(state, seat)
            api.apply(state, seat, pick(rng, legal))
    assert played_solo >= 24
