"""Property tests of Дурак over many random seeded games.

Random players pick a random seat of ``to_act`` and a random legal action (in Шулер that
includes unfair cards and catches); the server's part is played too: ``close`` ends the
check phase, now and then a seat the game waits for times out. Checked at every step or on a
sample of steps: no crash, every card in exactly one place, the game ends, a seat that must
act has a legal action, views hide other hands, the stock order and unfair cards,
``to_json``/``from_json`` and ``copy`` are exact, ``apply`` agrees with ``legal_actions`` and a
refused action changes nothing.

The variants (docs/rules.md "Variants beyond the seeds") are played the same way: 24, 36 and 52
cards, 2..6 players on seats 0..5, neighbours' throw-in (only the defender's neighbours ever
throw), the deck used up by the deal (the trump card shown, never more than what was seen).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.rules import api
from apps.rules.cards import cards_of, mask_of
from apps.rules.durak import BOUT, CHECK, LEAD, OVER
from apps.rules.durak_tables import card_tables, deck_cards
from apps.rules.errors import IllegalAction

#: Every card code of any deck (the 52-card deck's codes include the others').
ALL_CODES = frozenset(card_tables(13).codes)


def card_codes(data) -> set[str]:
    """Every string in ``data`` that is a card code of any Durak deck."""
    found: set[str] = set()
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
        elif isinstance(x, str) and x in ALL_CODES:
            found.add(x)
    return found


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
    assert seen == mask_of(deck_cards(state.options["deck"])), "a card went missing"
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
    CODES = state.tab.codes
    table = {CODES[c] for c in cards_of(state.table)}
    trump = {CODES[state.stock[-1]]} if state.stock else set()
    if state.trump_holder >= 0:  # the deck used up by the deal: its last card, shown to all
        assert not state.stock
        trump = {CODES[state.trump_card]}
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
    """A sample of actions a seat might send: legal ones and nonsense around them (cards of
    any deck: a ``2s`` in a 36-card game is nonsense too)."""
    CODES = state.tab.codes
    hand = [CODES[c] for c in cards_of(state.hands[seat])] or ["6s"]
    table = [CODES[c] for c in state.att] or ["Ah"]
    some = [rng.choice(CODES) for _ in range(2)] + [rng.choice(sorted(ALL_CODES))]
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
        check_throwers(state)
        if steps % 4 == 0 or deep_every:
            to_act = api.to_act(state)
            for s in range(len(state.hands)):
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


def neighbours(state, d: int) -> set[int]:
    """The seats still in the game next to ``d`` on either side."""
    inplay = [s for s in state.occupied if state.inplay >> s & 1]
    i = inplay.index(d)
    return {inplay[i - 1], inplay[(i + 1) % len(inplay)]}


def check_throwers(state) -> None:
    """Only the defender's opponents (with neighbours' throw-in: his neighbours) ever throw in."""
    if state.phase != BOUT:
        return
    d = state.defender
    allowed = set(state.throwers)
    assert d not in allowed
    if state.options["throw"] == "neighbors":
        assert allowed <= neighbours(state, d)
        if state.inplay.bit_count() <= 3:
            assert allowed == {s for s in state.occupied if state.inplay >> s & 1} - {d} or state.teams
    for seat in state._throw:
        assert seat in allowed, f"seat {seat} throws at {d}"


def check_result(summary: dict, seats: list[int], teams: bool) -> None:
    (deal,) = summary["deals"]
    assert deal["winners"] == summary["winners"]
    assert sorted(deal["out_order"]) == sorted(set(deal["out_order"]))
    if deal["draw"]:
        assert deal["winners"] == [] and deal["losers"] == [] and deal["fool"] is None
    elif teams:
        assert deal["fool"] is None
        assert sorted(deal["winners"] + deal["losers"]) == seats
        assert deal["winners"] in ([seats[0], seats[2]], [seats[1], seats[3]])
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


# ---------------------------------------------------------------------------- the variants

#: Seatings of 2..6 players on seats 0..5.
VARIANT_SEATS = [[0, 1], [2, 5], [0, 2, 4], [0, 1, 3, 5], [0, 1, 2, 3], [1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5]]


@st.composite
def variant_tables(draw) -> tuple[dict, list[int]]:
    """Options and seats the engine accepts, across every deck and throw-in mode."""
    seats = draw(st.sampled_from(VARIANT_SEATS))
    decks = [36, 52] if len(seats) > 4 else [24, 36, 52]
    options = {
        "deck": draw(st.sampled_from(decks)),
        "throw": draw(st.sampled_from(["all", "neighbors"])),
        "transfer": draw(st.booleans()),
        "cheating": draw(st.booleans()),
        "teams": draw(st.booleans()) if len(seats) <= 4 else False,
    }
    return options, seats


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), table=variant_tables())
def test_variant_games_keep_cards_and_end(seed: int, table: tuple[dict, list[int]]) -> None:
    """Games in every new mode: cards conserved (the whole deck chosen), only the allowed
    throwers throw, the game ends with a proper result."""
    options, seats = table
    for k in range(5):
        summary = play(options, seats, seed + k)
        check_result(summary, seats, options["teams"] and len(seats) == 4)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), table=variant_tables())
def test_variant_games_views_json_and_refusals(seed: int, table: tuple[dict, list[int]]) -> None:
    """Deep checks in the new modes: no hidden card in any view, exact round trips, ``apply``
    agrees with ``legal_actions`` (cards of other decks refused)."""
    options, seats = table
    play(options, seats, seed, deep_every=7)


@pytest.mark.parametrize(
    ("options", "seats"),
    [({"deck": 24}, [0, 1, 2, 3]), ({"deck": 36, "transfer": True}, [0, 1, 2, 3, 4, 5])],
)
def test_deck_used_up_games_show_only_the_trump_card(options: dict, seats: list[int]) -> None:
    """With no stock from the start every view shows the trump card and its holder, and still
    nothing hidden."""
    for seed in range(15):
        state = api.new_match("durak", options, seed=seed, seats=seats)
        assert state.trump_holder == seats[-1] and not state.stock
        play(options, seats, seed, deep_every=5)
