"""``api.step`` and ``api.legal_count`` keep ``api.apply``'s and ``api.legal_actions``' promises.

Whole seeded matches of every game and option set (Шулер and the Durak deck variants
included), at every move of every seat: ``legal_count`` is the length of ``legal_actions``
(0 for a seat that may not act); ``step(seat, i)`` on one copy and ``apply(seat,
legal_actions(seat)[i])`` on another give the same events and the same state; an index out of
range or a seat that may not act is refused with ``bad_index`` / ``not_your_turn`` and changes
nothing. The match goes on with ``step`` (so its cached legal cards are the ones used next).
"""

from __future__ import annotations

import random

import pytest

from apps.rules import api
from apps.rules.errors import IllegalAction

CASES: list[tuple[str, dict, list[int] | None]] = [
    ("bazar_blot", {}, None),
    ("bazar_blot", {"players": 2}, None),
    ("bazar_blot", {"auto_declare": True, "combos": "no_carre_hundred", "no_trump": False}, None),
    ("bazar_blot", {"ruleset": "gambler"}, None),
    ("bazar_blot", {"ruleset": "gambler", "solo_capot": True}, None),
    ("blot", {}, None),
    ("deberc", {"players": 2}, None),
    ("deberc", {"players": 3}, None),
    ("deberc", {"players": 4, "teams": True}, None),
    ("durak", {}, None),
    ("durak", {"transfer": True}, None),
    ("durak", {"cheating": True}, None),
    ("durak", {"deck": 24}, None),
    ("durak", {"deck": 52}, [0, 1, 2, 3, 4, 5]),
]


def _seats(state: object) -> range:
    """Every seat of the table: a belot game's ``n``, Durak's ring of 4 or 6."""
    n = getattr(state, "n", None)
    return range(n if n is not None else len(state.hands))  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "options", "seats"), CASES)
def test_step_is_apply_of_the_legal_action_at_that_index(
    game: str, options: dict, seats: list[int] | None
) -> None:
    options = api.normalize_options(game, dict(options))
    rng = random.Random(f"{game}{options}")
    for seed in range(3):
        state = api.new_match(game, options, seed=seed, seats=seats)
        for _ in range(3000):
            to_act = api.to_act(state)
            if not to_act:
                try:
                    api.apply(state, None, {"type": "close"}, system=True)
                except IllegalAction:
                    break
                continue
            for seat in _seats(state):
                legal = api.legal_actions(state, seat)
                assert api.legal_count(state, seat) == len(legal)
                before = api.to_json(state)
                for index in (-1, len(legal)):
                    with pytest.raises(IllegalAction) as refused:
                        api.step(state, seat, index)
                    assert refused.value.code == ("bad_index" if legal else "not_your_turn")
                    assert api.to_json(state) == before
            seat = rng.choice(to_act)
            index = rng.randrange(api.legal_count(state, seat))
            applied = state.copy()
            _, expected = api.apply(applied, seat, api.legal_actions(applied, seat)[index])
            assert api.step(state, seat, index) == expected
            assert api.to_json(state) == api.to_json(applied)
        assert api.finished(state) or not api.to_act(state)
