"""The Durak play-out simulator of ``hard`` makes the moves the engine and ``normal`` make.

``hard`` judges a move by playing the game to its end in :class:`apps.bots.durak.sim.Sim`
with every seat on the ``normal`` heuristics. If the simulator breaks a rule (it once let
players transfer in подкидной) or breaks ties differently from ``normal``, the search
misjudges its opponents. Here all-``normal`` games run through the engine (the defender
acts first, then the throwers in priority order, as the simulator does) and at every step
a simulator built from the true position (the root built from a view, as the search does,
plus the true hands and stock) must make exactly the move the engine saw.
"""

from __future__ import annotations

import pytest

from apps.bots import Bot
from apps.bots.durak.search import _root
from apps.bots.durak.sim import CARD, CODES
from apps.rules import api
from apps.rules.cards import cards_of

MODES = [
    ("podkidnoy2", {}, [0, 2]),
    ("perevodnoy3", {"transfer": True}, [0, 1, 2]),
    ("podkidnoy4", {}, [0, 1, 2, 3]),
    ("pairs", {"teams": True}, [0, 1, 2, 3]),
    ("pairs_transfer", {"teams": True, "transfer": True}, [0, 1, 2, 3]),
    ("six52", {"deck": 52}, [0, 1, 2, 3, 4, 5]),
    ("five_neighbors_transfer", {"throw": "neighbors", "transfer": True}, [0, 1, 2, 4, 5]),
    ("six36_no_stock_neighbors", {"throw": "neighbors"}, [0, 1, 2, 3, 4, 5]),
    ("deck24_4p", {"deck": 24, "transfer": True}, [0, 1, 2, 3]),
    ("pairs_six_seats_52", {"teams": True, "deck": 52}, [0, 1, 3, 5]),
]


def _sim_cards(state, cards) -> list[int]:
    """Engine card ints as the simulator's (one encoding for every deck)."""
    return [CARD[state.tab.codes[c]] for c in cards]


def _sim_move(before, after) -> tuple:
    """The move the simulator made between two positions, in the engine's action terms."""
    if len(after.att) > len(before.att):
        kind = "transfer" if after.defender != before.defender else "attack"
        return (kind, CODES[after.att[-1]])
    if after.att and after.dfn != before.dfn:
        card = next(c for c, old in zip(after.dfn, before.dfn, strict=True) if c != old)
        return ("defend", CODES[card])
    if not after.att and before.att and before.unb == 1 and not before.took:
        return ("defend", None)  # the last defence closed the bout at once: card not kept
    if after.took and not before.took:
        return ("take",)
    if after.done - before.done:
        return ("done",)
    return ("close",)


@pytest.mark.parametrize("options,seats", [m[1:] for m in MODES], ids=[m[0] for m in MODES])
def test_simulator_follows_the_engine_move_by_move(options, seats):
    steps = 0
    for seed in range(6):
        state = api.new_match("durak", options, seed=seed, seats=seats)
        bots = {s: Bot("normal", seed=s) for s in seats}
        for _ in range(3000):
            acting = api.to_act(state)
            if not acting:
                break
            defender, prio = state.defender, state.prio
            ring = len(state.hands)
            order = sorted(acting, key=lambda s: (s != defender, (s - prio) % ring))
            root = _root(api.view(state, order[0]))
            root.hands = {s: _sim_cards(state, cards_of(state.hands[s])) for s in seats}
            root.stock = _sim_cards(state, state.stock)
            sim = root.copy()
            sim.step()
            expected = _sim_move(root, sim)
            for seat in order:
                action = bots[seat].decide(api.view(state, seat))
                if action is not None:
                    break
            real = (action["type"], action.get("card"))
            if expected[0] == "defend" and expected[1] is None:
                assert real[0] == "defend", (seed, steps, real, expected)
            elif expected[0] in ("take", "done"):
                assert real[0] == expected[0], (seed, steps, real, expected)
            else:
                assert real == expected, (seed, steps, real, expected)
            _, events = api.apply(state, seat, action)
            for o in seats:
                bots[o].observe(api.view(state, o), events)
            steps += 1
        assert api.summary(state)["finished"]
    assert steps > 150
