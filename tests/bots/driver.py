"""Shared helpers of the bot tests: the variants to cover and a match driver.

``VARIANTS`` lists every game and mode whose engine exists in ``apps/rules`` now (a game
whose module is not written yet is not listed, so its tests appear when it lands).
"""

from __future__ import annotations

import random
from importlib import import_module

from apps.bots import Bot
from apps.bots.durak.cards import is_fair
from apps.rules import api

#: (id, game, options, durak seats)
ALL_VARIANTS: list[tuple[str, str, dict, list[int] | None]] = [
    ("bazar4", "bazar_blot", {}, None),
    ("bazar2", "bazar_blot", {"players": 2}, None),
    ("bazar4_nocombos", "bazar_blot", {"combos": "none", "no_trump": False}, None),
    ("gambler4", "bazar_blot", {"ruleset": "gambler"}, None),
    ("gambler2", "bazar_blot", {"ruleset": "gambler", "players": 2}, None),
    ("gambler4_solo", "bazar_blot", {"ruleset": "gambler", "solo_capot": True}, None),
    ("blot", "blot", {}, None),
    ("deberc2", "deberc", {"players": 2}, None),
    ("deberc3", "deberc", {"players": 3}, None),
    ("deberc4", "deberc", {"players": 4}, None),
    ("deberc2x2", "deberc", {"players": 4, "teams": True}, None),
    ("durak2", "durak", {}, [0, 2]),
    ("durak3_transfer", "durak", {"transfer": True}, [0, 1, 3]),
    ("durak4", "durak", {}, None),
    ("durak_pairs", "durak", {"teams": True, "transfer": True}, None),
    ("durak_cheat2", "durak", {"cheating": True}, [0, 1]),
    ("durak_cheat4", "durak", {"cheating": True, "transfer": True}, None),
    # the variants of docs/rules.md: 5 and 6 players, 24 and 52 cards, neighbours' throw-in
    ("durak5_52", "durak", {"deck": 52}, [0, 1, 2, 3, 4]),
    ("durak6_52_transfer", "durak", {"deck": 52, "transfer": True}, [0, 1, 2, 3, 4, 5]),
    ("durak6_36_neighbors", "durak", {"throw": "neighbors"}, [0, 1, 2, 3, 4, 5]),
    ("durak5_neighbors_transfer", "durak", {"throw": "neighbors", "transfer": True}, [0, 2, 3, 4, 5]),
    ("durak24_4", "durak", {"deck": 24}, None),
    ("durak24_2", "durak", {"deck": 24, "transfer": True}, [1, 4]),
    ("durak_pairs_six_seats", "durak", {"teams": True, "deck": 52}, [0, 1, 3, 5]),
    ("durak_cheat6_52", "durak", {"cheating": True, "deck": 52, "throw": "neighbors"}, [0, 1, 2, 3, 4, 5]),
]


def available(game: str, options: dict) -> bool:
    """Whether the engine of ``game`` (with these options) exists and accepts them."""
    try:
        module = api.GAMES[game].split(":")[0]
        import_module(module)
        if options.get("ruleset") == "gambler":
            import_module("apps.rules.bazar_gambler")
        api.normalize_options(game, options)
    except (ImportError, AttributeError, ValueError):
        return False
    return True


VARIANTS = [v for v in ALL_VARIANTS if available(v[1], v[2])]


def only_unfair_throws(view: dict) -> bool:
    """A Шулер thrower whose every move is an unfair throw (it may wait for the defender)."""
    moves = [a for a in view["legal"] if a["type"] != "catch"]
    return (
        bool((view.get("options") or {}).get("cheating"))
        and view.get("seat") != view.get("defender")
        and bool(moves)
        and all(a["type"] == "attack" and not is_fair(view, a) for a in moves)
    )


def seats_of(game: str, options: dict, durak_seats: list[int] | None) -> list[int]:
    if game == "durak":
        return durak_seats or [0, 1, 2, 3]
    state = api.new_match(game, options, seed=0)
    return [s["seat"] for s in api.view(state, 0)["seats"]]


def play(
    game: str,
    options: dict,
    levels: dict[int, str],
    *,
    seed: int,
    max_deals: int = 1,
    max_actions: int = 4000,
    on_decision=None,
    time_limit: float | None = None,
) -> tuple[object, list[dict]]:
    """Play bots through the engine until ``max_deals`` deals are scored (or the match ends).

    Every decision is checked to be one of the view's legal actions and applied (the engine
    refuses anything illegal). ``on_decision(seat, view, action, bot)`` sees each decision.
    Bots search without the CPU-time cap (``time_limit=None``) unless told otherwise.
    Returns the state and the log of ``{"seat", "action", "system"}`` applied.
    """
    seats = sorted(levels)
    state = api.new_match(game, options, seed=seed, seats=seats if game == "durak" else None)
    bots = {s: Bot(levels[s], seed=seed * 7 + s, time_limit=time_limit) for s in seats}
    for s in seats:
        bots[s].observe(api.view(state, s), api.opening_events(state))
    rng = random.Random(seed)
    log: list[dict] = []
    for _ in range(max_actions):
        summary = api.summary(state)
        done_deals = len(summary["deals"]) if game != "durak" else 0
        if summary["finished"] or done_deals >= max_deals:
            break
        acting = api.to_act(state)
        order = list(acting)
        rng.shuffle(order)
        applied = None
        for s in order:
            view = api.view(state, s)
            action = bots[s].decide(view)
            if action is None:
                assert s not in view.get("awaiting", [s]) or only_unfair_throws(view), (
                    "a bot the game waits for must act"
                )
                continue
            assert action in view["legal"], (game, s, action)
            if on_decision is not None:
                on_decision(s, view, action, bots[s])
            applied = (s, action, False)
            break
        if applied is None:
            if api.view(state, None).get("phase") != "check":
                assert not acting, f"seats {acting} could act and none did"
                break
            applied = (None, {"type": "close"}, True)
        seat, action, system = applied
        _, events = api.apply(state, seat, action, system=system)
        log.append({"seat": seat, "action": action, "system": system})
        for s in seats:
            bots[s].observe(api.view(state, s), events)
    return state, log
