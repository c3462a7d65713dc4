"""h-engine7's fast paths against what they stand for.

- The trick games keep the auction's legal calls that ``legal_count`` worked out (``_bids``)
  for ``step`` to take by index: whatever changes the auction in between — ``apply`` of a
  call from outside, a refused call, a timeout, a leave — ``step`` must then play exactly what
  a state rebuilt from the JSON (nothing cached) plays.
- The options are normalised once per distinct set of options: the same answer, a fresh dict
  each time, and a refusal every time (``True`` is not taken for ``1``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from apps.rules import api
from apps.rules.bazar_blot import normalize_bazar_options
from apps.rules.blot import normalize_blot_options
from apps.rules.deberc import normalize_deberc_options
from apps.rules.errors import IllegalAction, InvalidOptions

AUCTION_CASES: list[tuple[str, dict]] = [
    ("bazar_blot", {}),
    ("bazar_blot", {"players": 2}),
    ("bazar_blot", {"no_trump": False}),
    ("bazar_blot", {"ruleset": "gambler"}),
    ("bazar_blot", {"ruleset": "gambler", "solo_capot": True}),
    ("bazar_blot", {"ruleset": "gambler", "players": 2}),
    ("blot", {}),
    ("deberc", {"players": 2}),
    ("deberc", {"players": 3}),
    ("deberc", {"players": 4, "teams": True}),
]


def _fresh(state: api.Game) -> api.Game:
    """The state rebuilt from its JSON text: nothing cached."""
    return api.from_json(json.loads(api.to_json_text(state)))


def _same_step(state: api.Game, seat: int, index: int) -> None:
    """``step`` on ``state`` (whatever it has cached) equals ``step`` on a fresh rebuild."""
    twin = _fresh(state)
    try:
        expected = api.step(twin, seat, index)
    except IllegalAction as refused:
        before = api.to_json(state)
        with pytest.raises(IllegalAction) as again:
            api.step(state, seat, index)
        assert again.value.code == refused.code
        assert api.to_json(state) == before
        return
    assert api.step(state, seat, index) == expected
    assert api.to_json(state) == api.to_json(twin)


@pytest.mark.parametrize(("game", "options"), AUCTION_CASES)
def test_step_after_a_change_from_outside_plays_the_new_auction(game: str, options: dict) -> None:
    options = api.normalize_options(game, dict(options))
    rng = random.Random(f"engine7{game}{options}")
    checked = 0
    for seed in range(8):
        state = api.new_match(game, options, seed=seed)
        for _ in range(3000):
            seats = api.to_act(state)
            if not seats:
                break
            seat = rng.choice(seats)
            if state.phase != "auction":
                api.step(state, seat, rng.randrange(api.legal_count(state, seat)))
                continue
            count = api.legal_count(state, seat)  # the calls are kept for ``step``
            roll = rng.random()
            if roll < 0.4:  # a call from outside changes the auction, then ``step`` of another seat
                legal = api.legal_actions(state, seat)
                api.apply(state, seat, dict(legal[rng.randrange(count)]))
                for other in api.to_act(state):
                    _same_step(state.copy(), other, 0)
                    api.legal_count(state, other)
            elif roll < 0.5:  # a refused call changes nothing: the kept calls still hold
                with pytest.raises(IllegalAction):
                    api.apply(state, seat, {"type": "bid", "value": 99, "trump": "s"})
                _same_step(state.copy(), seat, rng.randrange(count))
            elif roll < 0.55:  # the server's timeout for the seat in turn
                api.apply(state, seat, {"type": "timeout"}, system=True)
            elif roll < 0.6:  # a refused index leaves the state as it was
                _same_step(state, seat, count)
                _same_step(state, seat, rng.randrange(count))
            else:
                _same_step(state, seat, rng.randrange(count))
            checked += 1
        assert api.finished(state) or not api.to_act(state)
    assert checked > 30


def test_step_after_a_leave_in_the_auction_is_refused() -> None:
    state = api.new_match("bazar_blot", {}, seed=3)
    seat = api.to_act(state)[0]
    assert api.legal_count(state, seat) > 1
    api.apply(state, 1 - seat % 2, {"type": "leave"})
    before = api.to_json(state)
    with pytest.raises(IllegalAction) as refused:
        api.step(state, seat, 0)
    assert refused.value.code == "not_your_turn"
    assert api.to_json(state) == before


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("bazar_blot", {"players": 2, "target": 101}),
        ("bazar_blot", {"ruleset": "gambler", "solo_capot": True}),
        ("blot", {"parties": 3}),
        ("deberc", {"players": 4, "teams": True}),
    ],
)
def test_normalized_options_are_fresh_and_equal(game: str, options: dict) -> None:
    first = api.normalize_options(game, dict(options))
    first["target"] = "changed"
    second = api.normalize_options(game, dict(options))
    assert second != first
    cls = api.game_class(game)
    if game == "bazar_blot":
        cls = cls.RULESETS.get(options.get("ruleset", "classic"), cls)  # type: ignore[attr-defined]
        assert second == normalize_bazar_options(dict(options), cls.DEFAULT_TARGET)  # type: ignore[attr-defined]
    else:
        assert second == {"blot": normalize_blot_options, "deberc": normalize_deberc_options}[game](
            dict(options)
        )


@pytest.mark.parametrize(
    ("game", "good", "bad"),
    [
        ("bazar_blot", {"no_trump": True}, {"no_trump": 1}),
        ("bazar_blot", {"players": 2}, {"players": 2.0}),
        ("blot", {"parties": 1}, {"parties": True}),
        ("deberc", {"teams": False}, {"teams": 0}),
    ],
)
def test_a_refused_option_is_refused_after_its_equal_was_taken(game: str, good: dict, bad: dict) -> None:
    api.normalize_options(game, dict(good))
    for _ in range(2):
        with pytest.raises(InvalidOptions):
            api.normalize_options(game, dict(bad))


def test_unhashable_options_are_refused() -> None:
    with pytest.raises(InvalidOptions):
        api.normalize_options("deberc", {"players": [4]})


#: Snapshots (``api.to_json_text``) that the engine of 1beb911 wrote mid-deal — in the auction
#: and in the play of a match's second deal — with the moves it then played and their events,
#: and its state after them (made by playing seeded random matches on 1beb911's tree).
SNAPSHOTS = json.loads((Path(__file__).parent / "data" / "snapshots_1beb911.json").read_text())


@pytest.mark.parametrize("case", SNAPSHOTS, ids=lambda c: f"{c['game']}-{c['snapshot']['state']['phase']}")
def test_a_snapshot_of_1beb911_loads_and_plays_on_identically(case: dict) -> None:
    stepped = api.from_json(case["snapshot"])
    applied = api.from_json(json.dumps(case["snapshot"]))
    assert api.to_json(stepped) == case["snapshot"]
    assert case["steps"]
    for seat, index, events in case["steps"]:
        assert api.legal_count(stepped, seat) > index
        assert api.step(stepped, seat, index) == events
        _, applied_events = api.apply(applied, seat, dict(api.legal_actions(applied, seat)[index]))
        assert applied_events == events
    assert api.to_json(stepped) == case["after"]
    assert api.to_json(applied) == case["after"]
