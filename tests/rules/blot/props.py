"""Property checks shared by the blot and Gambler tests: random legal play over seeded
matches, checking the engine contract of apps/rules/base.py at every step."""

from __future__ import annotations

import json
import random

from apps.rules import api
from apps.rules.errors import IllegalAction


def _all_card_codes(view: dict) -> set[str]:
    """Every card code anywhere in a view (its own hand included)."""
    found: set[str] = set()

    def walk(v):
        if isinstance(v, str) and len(v) == 2 and v[0] in "6789TJQKA" and v[1] in "scdh":
            found.add(v)
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(view)
    return found


def check_random_matches(game: str, options: dict, seeds: range, max_actions: int = 3000) -> dict:
    """Play each seed's match with random legal actions; assert the contract; return counts."""
    stats = {"deals": 0, "matches": 0, "actions": 0}
    for seed in seeds:
        rng = random.Random(seed)
        state = api.new_match(game, options, seed=seed)
        for _ in range(max_actions):
            seats = api.to_act(state)
            if not seats:
                break
            for s in range(state.n):
                legal = api.legal_actions(state, s)
                assert bool(legal) == (s in seats), (seed, s, seats)
            seat = rng.choice(seats)
            legal = api.legal_actions(state, seat)
            # JSON round trip and copy independence.
            data = json.loads(json.dumps(api.to_json(state)))
            back = api.from_json(data)
            assert api.to_json(back) == data
            assert api.legal_actions(back, seat) == legal
            before = api.to_json(state)
            twin = state.copy()
            action = rng.choice(legal)
            # A refused action changes nothing.
            other = next((s for s in range(state.n) if s not in seats), None)
            if other is not None:
                try:
                    api.apply(twin, other, {"type": "pass"})
                    raise AssertionError("a seat out of turn acted")
                except IllegalAction as exc:
                    assert exc.code == "not_your_turn"
                assert api.to_json(twin) == before
            api.apply(twin, seat, dict(action))
            assert api.to_json(state) == before, "copy shares state"
            public_before = state.visible_cards(None)
            _, events = api.apply(state, seat, dict(action))
            assert api.to_json(state) == api.to_json(twin)
            # Events carry only cards the whole table may see.
            # (A deal's end also shows the counted combinations of that deal.)
            allowed = public_before | state.visible_cards(None) | {action.get("card")}
            ended = any(e["type"] == "deal_scored" for e in events)
            checked = [e for e in events if not (ended and e["type"] == "combos")]
            assert _all_card_codes(checked) <= allowed, (seed, events)
            # Views never show a card the seat may not see.
            for viewer in [*range(state.n), None]:
                view = api.view(state, viewer)
                assert _all_card_codes(view) <= state.visible_cards(viewer), (seed, viewer)
            stats["actions"] += 1
        summary = api.summary(state)
        assert summary["finished"], seed
        stats["matches"] += 1
        stats["deals"] += sum(1 for d in summary["deals"] if not d["redeal"])
        totals = [0] * len(summary["totals"])
        for d in summary["deals"]:
            totals = [t + s for t, s in zip(totals, d["scores"], strict=True)]
        if game != "blot":
            assert totals == summary["totals"]
    return stats
