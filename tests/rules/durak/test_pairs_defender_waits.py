"""Durak pairs (2×2): once the defender has beaten every card on the table he has nothing to do —
only attackers may throw in or say «Бито» (issue #19, item 7: the client's hint «Подкиньте карту
или нажмите «Бито»» comes from the seat's legal actions, so the defender must hold none)."""

from __future__ import annotations

import random

from apps.rules import api


def test_after_beating_everything_in_pairs_only_attackers_act() -> None:
    checked = 0
    for seed in range(120):
        state, rng = api.new_match("durak", {"teams": True}, seed=seed), random.Random(seed)
        while api.to_act(state):
            view = api.view(state, None)
            bout = view.get("table_cards") or []
            defender = view.get("defender")
            if defender is not None and bout and all(pair.get("defence") for pair in bout):
                checked += 1
                assert api.legal_actions(state, defender) == []
                partner = (defender + 2) % 4
                assert not [a for a in api.legal_actions(state, partner) if a["type"] == "attack"]
            seat = api.to_act(state)[0]
            api.apply(state, seat, rng.choice(api.legal_actions(state, seat)))
    assert checked > 100
