"""Property tests of Дурак over many random seeded games.

Random players pick a random seat of ``to_act`` and a random legal action (in Шулер that
includes unfair cards and catches); the server's part is played too: ``close`` ends the
check phase, now and then a seat the game waits for times out. Checked at every step or on a
sample of steps: no crash, every card in exactly one place, the game ends, a seat that must
act has a legal action, views hide other hands, the stock order and unfair cards,
``to_json``/``from_json`` and ``copy`` are exact, ``apply`` agrees with ``legal_actions`` and a
refused action changes nothing.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.rules import api
from apps.rules.cards import CODES, cards_of
from apps.rules.durak import BOUT, CHECK, LEAD, OVER
from apps.rules.errors import IllegalAction
from tests.rules.test_properties import card_codes

ALL_CARDS = (1 << 36) - 1

SEAT_SETS = [[0, 1], [0, 1, 2], [0, 1, 2, 3], [1, 3], [0, 2, 3], [0, 2]]
options_strategy = st.fixed_dictionaries(
    {"transfer": st.booleans(), "teams": st.booleans(), "cheating": st.booleans()}
)


def card_places(state) -> list[int]:
    """The masks of every place a card can be: hands, stock, discard, table."""
    stock = 0
    for c in state.stock:
        stock |= 1 << c
    return [*state.hands, stock, state.discard, state.table]


def check_cards(state) -> None:
    """Every card of the deck in exactly one place."""
    places = card_places(state)
    seen = 0
    for m in places:
        assert not seen & m, "a card is in two places"
        seen |= m
    assert seen == ALL_CARDS, "a card went missing"
    table = 0
    for c in [*state.att, *state.beaten.values()]:
        table |= 1 << c
    assert table == state.table
    assert len(state.att) <= 6
    if state.phase in (LEAD, BOUT):
        room = min(6 - len(state.att), state.hands[state.defender].bit_count() - len(state.open))
        assert state.space == room


def check_views(state) -> None:
    """A seat sees its own hand, the table and the face-up trump, nothing else; a view does not
    depend on which table cards were unfair."""
    table = {CODES[c] for c in cards_of(state.table)}
    trump = {CODES[state.stock[-1]]} if state.stock else set()
    for seat in [None, *state.occupied]:
        view = api.view(state, seat)
        json.dumps(view)
        own = {CODES[c] for c in cards_of(state.hands[seat])} if seat is not None else set()
        assert set(view["hand"]) == own
        assert card_codes(view) <= own | table | trump | legal_codes(state, seat)
        assert view["stock"] == len(state.stock)
        if state.unfair:
            honest = state.copy()
            honest.unfair = set()
            assert api.view(honest, seat) == view, "a view shows which cards were unfair"


def legal_codes(state, seat) -> set[str]:
    return card_codes(api.legal_actions(state, seat)) if seat is not None else set()


def check_round_trip(state) -> None:
    data = api.to_json(state)
    again = api.from_json(json.loads(json.dumps(data)))
    assert api.to_json(again) == data
    assert api.to_act(again) == api.to_act(state)
    for s in state.occupied:
        assert api.legal_actions(again, s) == api.legal_actions(state, s)


def universe(state, seat: int, rng: random.Random) -> list[dict]:
    """A sample of actions a seat might send: legal ones and nonsense around them."""
    hand = [CODES[c] for c in cards_of(state.hands[seat])] or ["6s"]
    table = [CODES[c] for c in state.att] or ["Ah"]
    some = [rng.choice(CODES) for _ in range(3)]
    acts = [{"type": "take"}, {"type": "done"}, {"type": "close"}, {"type": "bogus"}]
    for card in [*hand, *some]:
        acts.append({"type": "attack", "card": card})
        acts.append({"type": "transfer", "card": card})
        acts.append({"type": "catch", "card": card})
        acts.append({"type": "defend", "card": card, "target": rng.choice(table)})
    acts.extend({"type": "catch", "card": card} for card in table)
    acts.append({"type": "attack", "card": "Xx"})
    return acts


def check_apply_agrees_with_legal(state, rng: random.Random) -> None:
    """For every seat and a sample of actions: ``apply`` succeeds exactly for the legal ones,
    and a refused action leaves the state untouched."""
    before = api.to_json(state)
    for seat in [*state.occupied, 7]:
        legal = api.legal_actions(state, seat) if seat in state.occupied else []
        keys = {json.dumps(a, sort_keys=True) for a in legal}
        for action in universe(state, seat if seat in state.occupied else 0, rng):
            twin = state.copy()
            try:
                api.apply(twin, seat, action)
                accepted = True
            except IllegalAction as exc:
                accepted = False
                assert exc.code and exc.code.islower()
                assert api.to_json(twin) == before, f"refused {action} changed the state"
            assert accepted == (json.dumps(action, sort_keys=True) in keys), (seat, action, legal)
    assert api.to_json(state) == before


def random_step(state, rng: random.Random, *, timeouts: float = 0.02) -> None:
    """One step of the random players (and of the server: close, timeout)."""
    seats = api.to_act(state)
    if state.phase == CHECK and (not seats or rng.random() < 0.5):
        api.apply(state, None, {"type": "close"}, system=True)
        return
    assert seats, "the game waits for nobody"
    awaiting = state.awaiting()
    if awaiting and rng.random() < timeouts:
        api.apply(state, rng.choice(awaiting), {"type": "timeout"}, system=True)
        return
    seat = rng.choice(seats)
    legal = api.legal_actions(state, seat)
    assert legal, f"seat {seat} is to act with no legal action"
    api.apply(state, seat, rng.choice(legal))


def play(options: dict, seats: list[int], seed: int, *, deep_every: int = 0) -> dict:
    """Play a random game to its end; return its summary."""
    rng = random.Random(seed)
    state = api.new_match("durak", options, seed=seed, seats=seats)
    steps = 0
    while state.phase != OVER:
        check_cards(state)
        if steps % 4 == 0 or deep_every:
            to_act = api.to_act(state)
            for s in range(4):
                assert bool(api.legal_actions(state, s)) == (s in to_act)
        if deep_every and steps % deep_every == 0:
            check_views(state)
            check_round_trip(state)
            check_apply_agrees_with_legal(state, rng)
        random_step(state, rng)
        steps += 1
        assert steps < 5000, "the game does not end"
    check_cards(state)
    summary = api.summary(state)
    assert summary["finished"] and summary["reason"] in ("fool", "draw")
    assert api.to_act(state) == []
    return summary


def check_result(summary: dict, seats: list[int], teams: bool) -> None:
    (deal,) = summary["deals"]
    assert deal["winners"] == summary["winners"]
    assert sorted(deal["out_order"]) == sorted(set(deal["out_order"]))
    if deal["draw"]:
        assert deal["winners"] == [] and deal["losers"] == [] and deal["fool"] is None
    elif teams:
        assert deal["fool"] is None
        assert sorted(deal["winners"] + deal["losers"]) == [0, 1, 2, 3]
        assert deal["winners"] in ([0, 2], [1, 3])
    else:
        assert deal["losers"] == [deal["fool"]]
        assert sorted([*deal["winners"], deal["fool"]]) == seats
        assert deal["fool"] not in deal["out_order"]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), options=options_strategy, seats=st.sampled_from(SEAT_SETS))
def test_many_random_games_keep_cards_and_end(seed: int, options: dict, seats: list[int]) -> None:
    """Thousands of games overall (10 per example): cards conserved, turns, results."""
    for k in range(10):
        summary = play(options, seats, seed + k)
        check_result(summary, seats, options["teams"] and len(seats) == 4)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), options=options_strategy, seats=st.sampled_from(SEAT_SETS))
def test_random_games_views_json_and_refusals(seed: int, options: dict, seats: list[int]) -> None:
    play(options, seats, seed, deep_every=9)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), seats=st.sampled_from(SEAT_SETS))
def test_cheating_games_with_transfer(seed: int, seats: list[int]) -> None:
    """Шулер with transfer: the most moving parts at once, checked deeply."""
    play({"transfer": True, "cheating": True}, seats, seed, deep_every=6)


@pytest.mark.parametrize("seed", range(3))
def test_copy_is_independent(seed: int) -> None:
    rng = random.Random(seed)
    state = api.new_match("durak", {"transfer": True, "cheating": True}, seed=seed)
    while state.phase != OVER:
        before = api.to_json(state)
        twin = state.copy()
        random_step(twin, rng)
        assert api.to_json(state) == before
        random_step(state, random.Random(rng.random()))


def test_leave_mid_game_then_nothing_more() -> None:
    state = api.new_match("durak", {}, seed=11)
    for _ in range(15):
        random_step(state, random.Random(1), timeouts=0)
    api.apply(state, 2, {"type": "leave"})
    summary = api.summary(state)
    assert summary["finished"] and summary["reason"] == "leave" and summary["winners"] == [0, 1, 3]
    assert api.to_act(state) == []
    check_cards(state)
    with pytest.raises(IllegalAction):
        api.apply(state, 0, {"type": "leave"})
