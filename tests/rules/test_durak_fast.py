"""Дурак's derived caches (h-durak7) against the rules they stand for.

- Who may throw is kept incrementally (``_pool``: the cards of the table's ranks; ``_holders``:
  the throwers holding one; ``_tm``: who may throw now): at every move of seeded games of every
  variant they equal a recount from the state's stored fields, and the seats in ``to_act`` and
  their legal lists follow from them as the rules say.
- ``apply`` from outside keeps every check: at every move, a wide set of actions (every legal
  one, and attacks, transfers, defences, ``done``, ``take`` and catches of random cards for
  every seat) is accepted exactly when it is in the seat's legal list (then it equals ``step``
  at its index) and refused with no change otherwise.
- The first attacker found from the hands' masks is the one of the rules' list-based search.
- Snapshots stored by commit 1beb911 (``durak_snapshots_1beb911.json``, written by
  ``build_durak_snapshots.py`` from an export of that commit) load, give back the very same JSON,
  and play on exactly as 1beb911 played them: the same legal lists, the same events, the same
  final state.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from apps.rules import api
from apps.rules import durak_setup as setup
from apps.rules.durak import BOUT, LEAD, Durak
from apps.rules.durak_tables import deck_cards
from apps.rules.errors import IllegalAction

SNAPSHOTS = Path(__file__).resolve().parent / "durak_snapshots_1beb911.json"

VARIANTS: list[tuple[dict[str, Any], list[int] | None]] = [
    ({}, None),
    ({"transfer": True}, None),
    ({"cheating": True}, None),
    ({"cheating": True, "transfer": True}, None),
    ({"teams": True, "transfer": True}, None),
    ({"deck": 24}, [1, 2, 3]),
    ({"deck": 52, "throw": "neighbors"}, [0, 1, 2, 3, 4, 5]),
    ({"deck": 36, "transfer": True}, [0, 1, 3, 4, 5]),
    ({}, [2, 5]),
]


def _play(options: dict[str, Any], seats: list[int] | None, seed: int, check) -> int:  # type: ignore[no-untyped-def]
    """Random play of one game with ``check(state, seat, index)`` before each move; the moves."""
    options = api.normalize_options("durak", dict(options))
    state = api.new_match("durak", options, seed=seed, seats=seats)
    rng = random.Random(f"durak fast {options} {seats} {seed}")
    moves = 0
    for _ in range(3000):
        seats_now = api.to_act(state)
        if not seats_now:
            try:
                api.apply(state, None, {"type": "close"}, system=True)
            except IllegalAction:
                break
            continue
        seat = rng.choice(seats_now)
        index = rng.randrange(api.legal_count(state, seat))
        check(state, seat, index)
        api.step(state, seat, index)
        moves += 1
    assert api.finished(state)
    return moves


def _expected_throwers(state: Durak) -> dict[int, int]:
    """Who may throw now and with which cards, worked out from the stored fields alone."""
    hands = state.hands
    if state.phase == LEAD:
        return {state.starter: hands[state.starter]}
    if state.phase != BOUT or state.space <= 0:
        return {}
    if state.cheating:
        pool = -1
    else:
        pool = sum(1 << c for c in range(state.tab.n_cards) if state.rankmask >> (c % state.tab.width) & 1)
    if not state.opened:
        return {} if state.done >> state.prio & 1 else {state.prio: hands[state.prio] & pool}
    found = {s: hands[s] & pool for s in state.throwers if not state.done >> s & 1}
    return {s: m for s, m in found.items() if m}


@pytest.mark.parametrize(("options", "seats"), VARIANTS)
def test_who_may_throw_is_the_recount_of_the_stored_fields(options: dict, seats: list[int] | None) -> None:
    checked = 0

    def check(state: Durak, seat: int, index: int) -> None:
        nonlocal checked
        throw = _expected_throwers(state)
        assert state._throw == throw
        if state.phase == BOUT:
            pool = state._pool
            assert state._holders == sum(1 << s for s in state.throwers if state.hands[s] & pool)
            defender_acts = bool(state.open) and not state.took
            expected = {*throw, *([state.defender] if defender_acts else [])}
            catchers = set(state._catches or ())  # Шулер: whoever may catch a card acts too
            assert api.to_act(state) == sorted(expected | catchers)
            for s, mask in throw.items():
                cards = {a["card"] for a in api.legal_actions(state, s) if a["type"] == "attack"}
                assert cards == {state.tab.codes[c] for c in range(state.tab.n_cards) if mask >> c & 1}
            checked += 1

    for seed in range(3):
        _play(options, seats, seed, check)
    assert checked > 100


def _candidates(state: Durak, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """Actions of every kind a client could send for ``seat``: random cards, the table's targets."""
    codes = state.tab.codes
    hand = [codes[c] for c in range(state.tab.n_cards) if state.hands[seat] >> c & 1]
    anything = list(codes)
    targets = [codes[c] for c in state.att] + [codes[c] for c in state.beaten.values()] + ["Xx"]
    out: list[dict[str, Any]] = [{"type": "done"}, {"type": "take"}]
    for _ in range(6):
        card = rng.choice(hand or anything)
        out.append({"type": "attack", "card": rng.choice((card, rng.choice(anything)))})
        out.append({"type": "transfer", "card": card})
        out.append({"type": "defend", "card": card, "target": rng.choice(targets)})
        out.append({"type": "catch", "card": rng.choice(targets)})
    return out


@pytest.mark.parametrize(("options", "seats"), VARIANTS)
def test_apply_accepts_exactly_the_legal_actions(options: dict, seats: list[int] | None) -> None:
    accepted = refused = 0
    rng = random.Random(f"durak apply {options}")

    def check(state: Durak, seat: int, index: int) -> None:
        nonlocal accepted, refused
        before = api.to_json(state)
        for s in range(len(state.hands)):
            legal = api.legal_actions(state, s)
            for action in [*legal, *_candidates(state, s, rng)]:
                if action in legal:
                    other = state.copy()
                    events = api.apply(other, s, dict(action))[1]
                    stepped = state.copy()
                    assert api.step(stepped, s, legal.index(action)) == events
                    assert api.to_json(other) == api.to_json(stepped)
                    accepted += 1
                else:
                    with pytest.raises(IllegalAction):
                        api.apply(state, s, dict(action))
                    refused += 1
        assert api.to_json(state) == before

    _play(options, seats, 0, check)
    assert accepted > 100 and refused > 1000


def _normal(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("case", json.loads(SNAPSHOTS.read_text()), ids=lambda case: case["name"])
def test_a_1beb911_snapshot_loads_and_plays_on_as_1beb911_did(case: dict[str, Any]) -> None:
    snapshot = case["snapshot"]
    stepped = api.from_json(json.loads(json.dumps(snapshot)))
    applied = api.from_json(json.dumps(snapshot))
    assert api.to_json(stepped) == snapshot
    for move in case["moves"]:
        seat = move["seat"]
        if seat is None:
            assert api.to_act(stepped) == [] and api.to_act(applied) == []
            assert _normal(api.apply(stepped, None, move["action"], system=True)[1]) == move["events"]
            assert _normal(api.apply(applied, None, move["action"], system=True)[1]) == move["events"]
            continue
        assert seat in api.to_act(stepped)
        assert api.legal_count(stepped, seat) == move["legal"]
        assert api.legal_actions(applied, seat)[move["index"]] == move["action"]
        assert _normal(api.step(stepped, seat, move["index"])) == move["events"]
        assert _normal(api.apply(applied, seat, dict(move["action"]))[1]) == move["events"]
    assert api.to_json(stepped) == case["final"]
    assert api.to_json(applied) == case["final"]
    assert api.finished(stepped)


def test_the_first_attacker_from_the_masks_is_the_rules_one() -> None:
    rng = random.Random("first attacker")
    for deck, width in ((24, 9), (36, 9), (52, 13)):
        cards = list(deck_cards(deck))
        for _ in range(400):
            occupied = sorted(rng.sample(range(6), rng.randint(2, 6)))
            rng.shuffle(cards)
            per_hand = rng.choice((0, 1, 2, 6))  # small hands: often nobody holds a trump
            hands: list[list[int]] = [[] for _ in range(6)]
            for k, s in enumerate(occupied):
                hands[s] = cards[k * per_hand : (k + 1) * per_hand]
            trump = rng.randrange(4)
            masks = [sum(1 << c for c in h) for h in hands]
            expected = setup.first_attacker(hands, occupied, trump, width)
            assert setup.first_attacker_of_masks(masks, hands, occupied, trump, width) == expected
