"""The ``hard`` Дурак player: determinized play-outs of a few candidate moves.

Each sample deals the unseen cards (the other hands and the stock order; the face-up
trump stays last) consistently with what the seat knows — the cards each player took from
the table are in his hand until he plays them, the discard is gone — and plays every
candidate to the end of the game with :class:`~apps.bots.durak.sim.Sim`. The candidate
with the best average outcome (+1 win, -1 fool) wins; ties keep the ``normal`` order.

In Шулер ``hard`` also considers unfair moves when the table has rarely caught a cheat
(:func:`catch_rate`), and it catches every card that is certainly unfair.
"""

from __future__ import annotations

import random
import time
from typing import Any, cast

from . import cards as dc
from .play import choose, fair_actions, lead_cost, stock_left
from .sim import CARD, Sim

SAMPLES = 30
MAX_CANDIDATES = 5
#: Budget of simulated moves per decision (deterministic; the clock is only a safety cap).
STEP_BUDGET = 30000
#: Prior of the catch rate: as if 4 of 5 unfair cards had been caught.
PRIOR_CAUGHT, PRIOR_SEEN = 4.0, 5.0
CHEAT_BELOW = 0.2


def catch_rate(memory: dict[str, Any], me: int) -> float:
    """Estimated chance that an unfair card of ours is caught: how often the others caught
    the unfair cards seen on the table (ours included; those we caught ourselves excluded)."""
    stats = ((memory.get("game_data") or {}).get("match") or {}).get("cheats") or {}
    seen = caught = 0
    for n_unfair, n_caught in stats.values():
        seen += n_unfair
        caught += n_caught
    return (PRIOR_CAUGHT + caught) / (PRIOR_SEEN + seen)


def candidates(view: dict[str, Any], memory: dict[str, Any]) -> list[dict[str, Any]]:
    """A few promising actions: the normal choice first, then its alternatives."""
    legal = [a for a in view["legal"] if a["type"] != "catch"]
    fair = [a for a in fair_actions(view) if a["type"] != "catch"] or legal
    pool = fair
    if (view.get("options") or {}).get("cheating") and catch_rate(memory, view["seat"]) < CHEAT_BELOW:
        pool = legal
    if not pool:
        return []
    first = choose(view, fair)
    trump = dc.trump_suit(view)
    hand = list(view.get("hand") or [])
    stock = stock_left(view)

    def rank(a: dict[str, Any]) -> tuple[Any, ...]:
        kind = a["type"]
        card: str = a.get("card", "")
        fair_bonus = 0 if dc.is_fair(view, a) else 5
        if kind == "attack":
            return (fair_bonus + lead_cost(card, hand, trump, stock), card)
        if kind in ("defend", "transfer"):
            return (fair_bonus + dc.value(card, trump), card)
        return (2.0, kind)

    out = [first]
    seen_targets = set()
    for a in sorted(pool, key=rank):
        if a in out:
            continue
        if a["type"] == "defend":
            key = (a["target"], a["card"][1] == trump)
            if key in seen_targets:
                continue
            seen_targets.add(key)
        out.append(a)
        if len(out) >= MAX_CANDIDATES:
            break
    for kind in ("take", "done"):
        extra = next((a for a in pool if a["type"] == kind), None)
        if extra is not None and extra not in out:
            out.append(extra)
    return out


def _root(view: dict[str, Any]) -> Sim:
    sim = object.__new__(Sim)
    seats = view["seats"]
    options = view.get("options") or {}
    occupied = [s["seat"] for s in seats]
    sim.playing = {s["seat"]: bool(s.get("playing", True)) for s in seats}
    teams = bool(options.get("teams")) and len(occupied) == 4
    sim.setup_seats(occupied, teams, options.get("throw") == "neighbors")
    sim.transfers = bool(options.get("transfer"))
    sim.trump = "scdh".index(cast(str, dc.trump_suit(view)))  # None: TypeError, caught below
    sim.att = [CARD[p["attack"]] for p in view.get("table_cards") or []]
    sim.dfn = [CARD[p["defence"]] if p.get("defence") else -1 for p in view.get("table_cards") or []]
    sim.owners = [o.get("attack") for o in view.get("table_seats") or []]
    sim.starter = cast(int, view.get("attacker"))
    sim.defender = cast(int, view.get("defender"))
    sim.prio = cast(int, view.get("priority"))
    sim.took = bool(view.get("took"))
    sim.done = set(view.get("done") or [])
    throwers = view.get("throwers") or []
    sim.opened = any(t != sim.prio for t in throwers) or sim.prio in sim.done
    sim.phase = "bout" if sim.att else "lead"
    sim.unb = sum(1 for d in sim.dfn if d < 0)
    sim.steps = 0
    sim.out_order = list(view.get("out_order") or [])
    sim.hands = {}
    sim.stock = []
    return sim


def sample_worlds(
    view: dict[str, Any], memory: dict[str, Any], rng: random.Random, count: int
) -> list[tuple[dict[int, list[int]], list[int]]]:
    """``count`` guesses of (other hands, stock order) consistent with what the seat knows."""
    me = view["seat"]
    data = memory.get("game_data") or {}
    hand = [CARD[c] for c in view.get("hand") or []]
    table = [CARD[p[k]] for p in view.get("table_cards") or [] for k in ("attack", "defence") if p.get(k)]
    trump_card = view.get("trump_card")
    stock_n = stock_left(view)
    counts = {s["seat"]: s["cards"] for s in view["seats"]}
    known = {}
    used = set(hand) | set(table)
    if trump_card and stock_n:
        used.add(CARD[trump_card])
    for seat, cards in (data.get("known") or {}).items():
        s = int(seat)
        if s == me or s not in counts:
            continue
        mine = [CARD[c] for c in cards if CARD[c] not in used][: counts[s]]
        known[s] = mine
        used.update(mine)
    used.update(CARD[c] for c in data.get("discard") or [] if CARD[c] not in used)
    holder = view.get("trump_holder")
    if trump_card and not stock_n and isinstance(holder, int) and holder != me and holder in counts:
        # the deal used up the deck: its last card, shown to all, is in its holder's hand
        # until it is seen again (played, so on the table or gone to the discard or a taker)
        c = CARD[trump_card]
        if c not in used and len(known.get(holder, [])) < counts[holder]:
            known.setdefault(holder, []).append(c)
            used.add(c)
    pool = [CARD[c] for c in dc.DECK_CODES[dc.deck_size(view)] if CARD[c] not in used]
    need = {s: counts[s] - len(known.get(s, [])) for s in counts if s != me}
    stock_need = max(stock_n - 1, 0) if trump_card else stock_n
    if sum(need.values()) + stock_need > len(pool):
        return []
    worlds = []
    for _ in range(count):
        rng.shuffle(pool)
        pos = 0
        hands = {me: list(hand)}
        for s in sorted(need):
            hands[s] = known.get(s, []) + pool[pos : pos + need[s]]
            pos += need[s]
        stock = pool[pos : pos + stock_need]
        if trump_card and stock_n:
            stock.append(CARD[trump_card])
        worlds.append((hands, stock))
    return worlds


def _apply(sim: Sim, me: int, action: dict[str, Any]) -> None:
    kind = action["type"]
    if kind == "attack":
        sim.attack(me, CARD[action["card"]])
    elif kind == "defend":
        sim.defend(CARD[action["card"]], CARD[action["target"]])
        if not sim.unbeaten() and (len(sim.att) >= 6 or not sim.hands[me]):
            sim.finish(True)
    elif kind == "transfer":
        sim.transfer(CARD[action["card"]])
    elif kind == "take":
        sim.took = True
    elif kind == "done":
        sim.done.add(me)
        if me == sim.prio:
            sim.opened = True


def search_action(
    view: dict[str, Any], memory: dict[str, Any], rng: random.Random, deadline: float | None
) -> dict[str, Any] | None:
    """The action ``hard`` takes now, or None to fall back on the normal policy."""
    if view.get("phase") != "play" or view.get("defender") is None:
        return None
    cands = candidates(view, memory)
    if len(cands) <= 1:
        return cands[0] if cands else None
    me = view["seat"]
    try:
        root = _root(view)
        worlds = sample_worlds(view, memory, rng, SAMPLES)
    except (KeyError, ValueError, TypeError):
        return None
    if not worlds:
        return None
    totals = [0.0] * len(cands)
    n = 0
    steps = 0
    for hands, stock in worlds:
        base = root.copy()
        base.hands = {s: list(h) for s, h in hands.items()}
        base.stock = list(stock)
        for i, a in enumerate(cands):
            sim = base.copy()
            try:
                _apply(sim, me, a)
                value = sim.run(me)
                steps += sim.steps
            except (ValueError, IndexError, KeyError):
                return None
            if not dc.is_fair(view, a):
                value -= 2 * catch_rate(memory, me)
            totals[i] += value
        n += 1
        if steps > STEP_BUDGET or (deadline is not None and time.thread_time() > deadline):
            break
    best = max(range(len(cands)), key=lambda i: (round(totals[i] / n, 6), -i))
    return cands[best]
