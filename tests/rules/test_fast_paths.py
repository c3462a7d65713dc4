"""The engine's fast paths against the slow ones they stand for (h-engine6).

- The trick games' ``legal_count`` works the legal cards out with the common cases inline (a
  table says whether the led suit is a trump); :meth:`TrickGame.play_mask` is the full
  ``legal_mask`` of :mod:`apps.rules.tricks`: they must agree at every card.
- A state rebuilt by ``from_json`` from the JSON text goes on exactly as the original (same
  events, same JSON) whatever is cached on the original (Дурак's derived masks of who may
  throw, h-durak7, included).
- Базар-блот's 4-player auction (classic and Gambler) applies a call of the seat's own legal
  list without the checks (``_take_four``, ``_take_gambler``): ``apply`` of every call of a
  wide set of calls is accepted exactly when the call is in ``legal_actions`` and then equals
  ``step`` at its index.
"""

from __future__ import annotations

import json
import random

import pytest

from apps.rules import api
from apps.rules.cards import CODES
from apps.rules.errors import IllegalAction

TRICK_CASES: list[tuple[str, dict]] = [
    ("bazar_blot", {}),
    ("bazar_blot", {"players": 2}),
    ("bazar_blot", {"no_trump": False, "combos": "none"}),
    ("bazar_blot", {"ruleset": "gambler"}),
    ("blot", {}),
    ("deberc", {"players": 2}),
    ("deberc", {"players": 3}),
    ("deberc", {"players": 4, "teams": True}),
]


def _play(game: str, options: dict, seed: int, check) -> None:  # type: ignore[no-untyped-def]
    options = api.normalize_options(game, dict(options))
    state = api.new_match(game, options, seed=seed)
    rng = random.Random(f"fast{game}{options}{seed}")
    for _ in range(4000):
        seats = api.to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        index = rng.randrange(api.legal_count(state, seat))
        state = check(state, seat, index)


@pytest.mark.parametrize(("game", "options"), TRICK_CASES)
def test_legal_cards_are_the_full_rules(game: str, options: dict) -> None:
    checked = 0

    def check(state, seat, index):  # type: ignore[no-untyped-def]
        nonlocal checked
        if state.phase == "play" and state._mask > 0:
            mask = state.play_mask(seat)
            assert state._mask == mask
            codes = [a["card"] for a in api.legal_actions(state, seat) if a["type"] == "play"]
            assert codes == [CODES[c] for c in range(36) if mask >> c & 1]
            checked += 1
        api.step(state, seat, index)
        return state

    for seed in range(4):
        _play(game, options, seed, check)
    assert checked > 50


DURAK_CASES: list[tuple[str, dict]] = [
    ("durak", {}),
    ("durak", {"transfer": True}),
    ("durak", {"teams": True, "transfer": True}),
    ("durak", {"deck": 24}),
    ("durak", {"cheating": True}),  # up to its first check (the loop sends no close)
]


@pytest.mark.parametrize(("game", "options"), [*TRICK_CASES, *DURAK_CASES])
def test_a_state_from_its_json_goes_on_as_the_original(game: str, options: dict) -> None:
    def check(state, seat, index):  # type: ignore[no-untyped-def]
        twin = api.from_json(json.loads(api.to_json_text(state)))
        assert api.legal_count(twin, seat) == api.legal_count(state, seat)
        assert api.step(twin, seat, index) == api.step(state, seat, index)
        assert api.to_json(twin) == api.to_json(state)
        return twin  # go on with the rebuilt state: its caches are the ones used next

    for seed in range(2):
        _play(game, options, seed, check)


def _calls() -> list[dict]:
    trumps = ["s", "c", "d", "h", "nt", "all", "x"]
    calls: list[dict] = [{"type": t} for t in ("pass", "contra", "recontra", "take", "bid", "capot")]
    calls += [
        {"type": "bid", "value": v, "trump": t} for v in (7, 8, 9, 12, 16, 24, 25, True) for t in trumps
    ]
    calls += [{"type": "capot", "trump": t} for t in trumps]
    calls += [{"type": "capot", "trump": t, "solo": True} for t in trumps]
    calls += [{"type": "bid", "value": "9", "trump": "s"}, {"type": "waive"}]
    calls += [{"type": "bid", "trump": "h", "value": 10}]  # another key order: the same call
    return calls


@pytest.mark.parametrize(
    "options",
    [
        {"no_trump": True},
        {"no_trump": False},
        {"ruleset": "gambler"},
        {"ruleset": "gambler", "solo_capot": True},
    ],
)
def test_auction_apply_accepts_exactly_the_legal_calls(options: dict) -> None:
    calls = _calls()
    seen = 0

    def check(state, seat, index):  # type: ignore[no-untyped-def]
        nonlocal seen
        if state.phase == "auction":
            legal = api.legal_actions(state, seat)
            expected = state.copy()
            expected_events = api.step(expected, seat, index)
            for call in calls:
                other = state.copy()
                if call in legal:
                    events = api.apply(other, seat, call)[1]
                    at = legal.index(call)
                    stepped = state.copy()
                    assert events == api.step(stepped, seat, at)
                    assert api.to_json(other) == api.to_json(stepped)
                else:
                    before = api.to_json(other)
                    with pytest.raises(IllegalAction):
                        api.apply(other, seat, call)
                    assert api.to_json(other) == before
                seen += 1
            assert api.to_json(expected) == api.to_json(api.from_json(api.to_json(expected)))
            api.step(state, seat, index)
            assert api.to_json(state) == api.to_json(expected)
            assert expected_events is not None
            return state
        api.step(state, seat, index)
        return state

    for seed in range(3):
        _play("bazar_blot", options, seed, check)
    assert seen > 1000
