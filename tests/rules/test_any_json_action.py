"""``api.apply`` refuses, never raises, on any JSON value as an action (issue #20).

Matches of every game are driven to states in each phase by seeded random legal play; at each
such state arbitrary JSON (and well-typed actions with wrongly typed fields) is applied for
every seat. Each must end in ``IllegalAction`` or a legal application, never another exception,
and a refusal leaves the state as it was.
"""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.rules import api
from apps.rules.actions import ACTION_FIELDS, FIELD_TYPES, canonical
from apps.rules.errors import IllegalAction

CONFIGS = [
    ("bazar_blot", {}),
    ("bazar_blot", {"players": 2}),
    ("blot", {}),
    ("deberc", {}),
    ("deberc", {"players": 3}),
    ("deberc", {"players": 4}),
    ("durak", {}),
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
typed_actions = st.builds(
    lambda kind, fields: {"type": kind, **fields},
    st.sampled_from(sorted(ACTION_FIELDS)),
    st.dictionaries(st.sampled_from(sorted(FIELD_TYPES)), json_values, max_size=3),
)


def states_along_a_match(game: str, options: dict, seed: int, every: int = 7) -> list:
    """Copies of the state every ``every`` moves of one random match, the start included."""
    state = api.new_match(game, options, seed=seed)
    rng = random.Random(seed)
    kept = [state.copy()]
    for n in range(1, 600):
        seats = api.to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        api.apply(state, seat, rng.choice(api.legal_actions(state, seat)))
        if n % every == 0:
            kept.append(state.copy())
    return kept


STATES = [(game, s) for game, options in CONFIGS for s in states_along_a_match(game, options, seed=3)]


@pytest.mark.parametrize("game", sorted({g for g, _ in CONFIGS}))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), action=st.one_of(json_values, typed_actions))
def test_apply_refuses_any_json_without_raising_anything_else(game, data, action) -> None:
    candidates = [s for g, s in STATES if g == game]
    state = data.draw(st.sampled_from(candidates)).copy()
    before = api.to_json(state)
    for seat in range(len(api.view(state, None)["seats"])):
        with contextlib.suppress(IllegalAction):
            api.apply(state.copy(), seat, action)
    assert api.to_json(state) == before


def test_canonical_drops_extra_keys_and_refuses_wrong_types() -> None:
    assert canonical({"type": "take", "value": "x" * 12_000, "keep": [[1]], "seat": 0}) == {"type": "take"}
    assert canonical({"type": "play", "card": "Ah", "junk": 1}) == {"type": "play", "card": "Ah"}
    for bad in (
        {"type": "play", "card": ["Ah"]},
        {"type": "defend", "card": "6s", "target": {}},
        {"type": "name", "trump": "s", "keep": [1]},
        {"type": "bid", "value": True, "trump": "s"},
    ):
        with pytest.raises(IllegalAction) as refused:
            canonical(bad)
        assert refused.value.code == "bad_action"
