"""The ``hard`` search of Деберц scores a play-out as the engine scores the deal.

The search plays each sampled deal to its end with the ``normal`` card policy and judges it
by what Деберц writes on the sheet (the chooser must score more than every opponent, or
байт; the best side's combinations only if it takes a trick; the бела; hanging points),
not by raw card points. Here all-``normal`` deals run through the engine; at every card
after the first trick (when the combinations have been counted) a play-out from the true
hands — the position built from the seat's view and memory, as the search does — must end
with exactly the engine's recorded scores (our side's minus the others' mean).
"""

from __future__ import annotations

import pytest

from apps.bots import Bot
from apps.bots.belot.search import Situation, _State, normal_card
from apps.rules import api
from apps.rules.cards import CARD

MODES = [
    ("deberc2", {"players": 2}),
    ("deberc3", {"players": 3}),
    ("deberc4", {"players": 4}),
    ("deberc2x2", {"players": 4, "teams": True}),
]


@pytest.mark.parametrize("options", [m[1] for m in MODES], ids=[m[0] for m in MODES])
def test_play_out_scores_the_deal_as_the_engine_does(options):
    checked = outcomes = 0
    seen_outcomes = set()
    for seed in range(30):
        state = api.new_match("deberc", options, seed=seed)
        seats = [s["seat"] for s in api.view(state, 0)["seats"]]
        bots = {s: Bot("normal", seed=s) for s in seats}
        predictions = []
        while True:
            acting = api.to_act(state)
            if not acting or api.summary(state)["deals"]:
                break
            seat = acting[0]
            view = api.view(state, seat)
            action = bots[seat].decide(view)
            if view["phase"] == "play" and action["type"] == "play" and view.get("trick_number", 0) >= 2:
                sit = Situation(view, bots[seat].memory)
                play_out = _State(sit, list(state.hands))
                assert normal_card(view) == action["card"]
                play_out.play(CARD[action["card"]])
                predictions.append((sit.side_of[seat], play_out.rollout(sit)))
            _, events = api.apply(state, seat, action)
            for o in seats:
                bots[o].observe(api.view(state, o), events)
        deal = api.summary(state)["deals"][0]
        if deal.get("redeal") or deal.get("deberc") is not None:
            continue
        outcomes += 1
        seen_outcomes.add(deal["outcome"])
        seen_outcomes.update(k for k in ("combos", "belote") if any(deal[k]))
        scores = deal["scores"]
        for side, value in predictions:
            others = [p for s, p in enumerate(scores) if s != side]
            expected = scores[side] - sum(others) / len(others)
            assert value == expected, (seed, deal, side, value, len(predictions))
            checked += 1
    assert outcomes >= 6 and checked > 40
    assert {"made", "bait", "combos", "belote"} <= seen_outcomes
