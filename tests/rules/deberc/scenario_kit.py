"""Helpers to write Деберц scenario files (used by ``build_scenarios.py``).

Hands and stocks are written as space-separated codes; :func:`fill` completes a partial deal
with the unused cards in a fixed order, so a scenario names only the cards that matter.
:func:`build` turns a compact case into the docs/rules.md §2 spec; a deal marked ``finish`` is
played to its end after its listed actions by the engine's own timeout policy
(:func:`apps.rules.autoplay.choose_for_state`), which only chooses legal cards: the
expectations of every case are written by hand in ``build_scenarios.py``.
"""

from __future__ import annotations

import contextlib

from apps.rules import api, autoplay
from apps.rules.cards import CODES, DECK_32
from apps.rules.errors import IllegalAction

ORDER = [CODES[c] for c in DECK_32]


def cards(text: str) -> list[str]:
    return text.split()


def fill(hands: dict[int, str], stock: str, n: int, size: int = 6, stock_len: int | None = None) -> dict:
    """A full deal: ``hands`` completed to ``size`` cards and ``stock`` to the rest of the
    deck (``stock_len`` cards, default all), unused cards taken in deck order."""
    given = {s: cards(h) for s, h in hands.items()}
    st = cards(stock)
    used = {c for h in given.values() for c in h} | set(st)
    assert len(used) == sum(len(h) for h in given.values()) + len(st), "a card is given twice"
    free = [c for c in ORDER if c not in used]
    out = {}
    for s in range(n):
        h = list(given.get(s, []))
        while len(h) < size:
            h.append(free.pop(0))
        out[str(s)] = h
    st = st + free
    if stock_len is not None:
        st = st[:stock_len]
    assert len(st) == 32 - n * size or stock_len is not None
    return {"hands": out, "stock": st}


def act(seat: int, kind: str, value: str | None = None, system: bool = False) -> dict:
    """``act(0, "play", "Js")``, ``act(1, "name", "h")``, ``act(2, "take")``."""
    a: dict = {"seat": seat, "type": kind}
    if kind == "play":
        a["card"] = value
    elif kind == "name":
        a["trump"] = value
    if system:
        a["system"] = True
    return a


def build(case: dict) -> dict:
    """The scenario spec of ``case``: name, game, options, dealer, seed, deals, expect."""
    deals = []
    for d in case["deals"]:
        deal = {"hands": d["hands"], "stock": d["stock"], "actions": list(d.get("actions", []))}
        deals.append((deal, d.get("finish", False)))
    state = api.new_match(
        "deberc",
        case.get("options", {}),
        seed=case.get("seed", 1),
        deals=[{"hands": d["hands"], "stock": d["stock"]} for d, _ in deals],
        dealer=case.get("dealer"),
    )
    for index, (deal, finish) in enumerate(deals):
        for a in deal["actions"]:
            action = {k: v for k, v in a.items() if k not in ("seat", "system")}
            with contextlib.suppress(IllegalAction):  # refusals are part of some cases
                api.apply(state, a["seat"], action, system=bool(a.get("system")))
        while finish and state.number == index and state.to_act():
            seat = state.to_act()[0]
            if state.phase != "play":
                raise AssertionError(f"{case['name']}: deal {index} needs its auction actions")
            card = CODES[autoplay.choose_for_state(state, seat)]
            api.apply(state, seat, {"type": "play", "card": card})
            deal["actions"].append(act(seat, "play", card))
    spec = {
        "name": case["title"],
        "game": "deberc",
        "options": case.get("options", {}),
        "dealer": case.get("dealer"),
        "seed": case.get("seed", 1),
        "deals": [d for d, _ in deals],
        "expect": case["expect"],
    }
    if "dealer" not in case:
        spec.pop("dealer")
    return spec


def play_deal(state, index: int, auction=None) -> list[dict]:
    """Finish deal ``index`` of ``state``: the auction by ``auction(state, seat)`` (default:
    the first legal action, i.e. take / name), the cards by the timeout policy; the actions."""
    out = []
    while state.number == index and state.to_act():
        seat = state.to_act()[0]
        if state.phase == "play":
            a = {"type": "play", "card": CODES[autoplay.choose_for_state(state, seat)]}
        else:
            a = auction(state, seat) if auction else state.legal_actions(seat)[0]
        api.apply(state, seat, a)
        out.append({"seat": seat, **a})
    return out


def find_deals(options: dict, dealer: int, wanted, count: int = 1, start: int = 0, limit: int = 20000):
    """Shuffled deals (seeds ``start``...) whose result satisfies ``wanted(result)``, played
    by :func:`play_deal`: a list of ``(seed, {"hands", "stock", "actions"}, result)``."""
    found = []
    for seed in range(start, start + limit):
        state = api.new_match("deberc", options, seed=seed, dealer=dealer)
        dealt = api.current_deal(state)
        actions = play_deal(state, 0)
        result = state.deals[0] if state.deals else None
        if result is not None and wanted(result):
            found.append(
                (seed, {"hands": dealt["hands"], "stock": dealt["stock"], "actions": actions}, result)
            )
            if len(found) == count:
                break
    return found


def play_match(options: dict, seed: int, dealer: int, stop=None) -> tuple[list[dict], object]:
    """A shuffled match from ``seed`` played by :func:`play_deal` until it ends or
    ``stop(state)`` holds after a deal: its deals (cards and actions) and the state."""
    state = api.new_match("deberc", options, seed=seed, dealer=dealer)
    deals = []
    while state.to_act():
        dealt = api.current_deal(state)
        actions = play_deal(state, state.number)
        deals.append({"hands": dealt["hands"], "stock": dealt["stock"], "actions": actions})
        if stop is not None and stop(state):
            break
    return deals, state


def find_partner_trick_deal(dealer: int, start: int = 0, limit: int = 20000) -> dict:
    """A 2 on 2 deal whose best combination's owner took no trick while his partner took one
    (played by :func:`play_deal`); its ``{"hands", "stock", "actions"}``."""
    from apps.rules.combos import best_key

    options = {"players": 4, "teams": True}
    for seed in range(start, start + limit):
        state = api.new_match("deberc", options, seed=seed, dealer=dealer)
        dealt = api.current_deal(state)
        actions, winners, best_seat = [], set(), None
        while state.number == 0 and state.to_act():
            seat = state.to_act()[0]
            if state.phase == "play":
                a = {"type": "play", "card": CODES[autoplay.choose_for_state(state, seat)]}
            else:
                a = state.legal_actions(seat)[0]
            _, events = api.apply(state, seat, a)
            actions.append({"seat": seat, **a})
            for e in events:
                if e["type"] == "trick":
                    winners.add(e["winner"])
                if e["type"] == "combos":
                    keys = sorted((best_key(state.declared[s] or [], state.trump) or (), s) for s in range(4))
                    if keys[-1][0] > keys[-2][0]:
                        best_seat = keys[-1][1]
        if best_seat is not None and best_seat not in winners and (best_seat + 2) % 4 in winners:
            return {"hands": dealt["hands"], "stock": dealt["stock"], "actions": actions}
    raise AssertionError("no such deal")
