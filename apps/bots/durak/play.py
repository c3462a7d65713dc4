"""The ``normal`` Дурак player: attack low, defend cheaply, transfer when it is cheap.

Pure functions of the seat's view (hand, bout, trump, stock size, card counts); in Шулер it
plays fair and catches only what is certainly unfair.
"""

from __future__ import annotations

from typing import Any, cast

from . import cards as dc


def stock_left(view: dict[str, Any]) -> int:
    for key in ("stock", "stock_count", "deck"):
        v = view.get(key)
        if isinstance(v, int):
            return v
        if isinstance(v, list):
            return len(v)
    return 0


def fair_actions(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The legal actions that would also be legal without Шулер (all of them otherwise)."""
    legal = view["legal"]
    if not (view.get("options") or {}).get("cheating"):
        return list(legal)
    return [a for a in legal if dc.is_fair(view, a)]


def certain_catch(view: dict[str, Any]) -> dict[str, Any] | None:
    """A ``catch`` of a card that is certainly unfair, if any is legal."""
    unfair = dc.unfair_cards(view)
    for a in view["legal"]:
        if a["type"] == "catch" and a["card"] in unfair:
            return cast("dict[str, Any]", a)
    return None


def lead_cost(card: str, hand: list[str], trump: str | None, stock: int) -> float:
    """Cost of leading ``card``: low plain cards first, pairs to throw in later preferred."""
    same = sum(1 for c in hand if c[0] == card[0] and c[1] != trump) - 1
    return dc.value(card, trump) - 1.5 * same * (1 if card[1] != trump else 0)


def choose(view: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The normal choice among ``actions`` (legal, and fair in Шулер)."""
    trump = dc.trump_suit(view)
    hand = list(view.get("hand") or [])
    stock = stock_left(view)
    by_type: dict[str, list[dict[str, Any]]] = {}
    for a in actions:
        by_type.setdefault(a["type"], []).append(a)
    pairs = dc.table_pairs(view)
    if "defend" in by_type or "transfer" in by_type or ("take" in by_type and pairs):
        return _defend(view, by_type, hand, trump, stock, pairs)
    attacks = by_type.get("attack", [])
    if attacks and not pairs:
        return min(attacks, key=lambda a: (lead_cost(a["card"], hand, trump, stock), a["card"]))
    if attacks:
        limit = 9 if stock == 0 else 3 if stock > 12 else 5  # rank index: throw 6..9 early, more later
        cheap = [a for a in attacks if a["card"][1] != trump and dc.RANK[a["card"][0]] <= limit]
        if stock == 0:
            cheap = cheap or [a for a in attacks if dc.RANK[a["card"][0]] <= 4]
        if cheap:
            return min(cheap, key=lambda a: (dc.value(a["card"], trump), a["card"]))
    if "done" in by_type:
        return by_type["done"][0]
    return (attacks or actions)[0]


def defence_plan(pairs: list[Any], hand: list[str], trump: str | None) -> list[tuple[str, str]] | None:
    """Cheapest beater for each unbeaten attack card (strongest attacks first), or None."""
    free = sorted(hand, key=lambda c: dc.value(c, trump))
    plan = []
    open_cards = sorted([a for a, d in pairs if not d], key=lambda c: -dc.value(c, trump))
    for target in open_cards:
        beater = next((c for c in free if dc.beats(c, target, trump)), None)
        if beater is None:
            return None
        free.remove(beater)
        plan.append((beater, target))
    return plan


def _defend(
    view: dict[str, Any],
    by_type: dict[str, list[dict[str, Any]]],
    hand: list[str],
    trump: str | None,
    stock: int,
    pairs: list[Any],
) -> dict[str, Any]:
    transfers = by_type.get("transfer", [])
    plain_transfers = [a for a in transfers if a["card"][1] != trump]
    if plain_transfers:
        return min(plain_transfers, key=lambda a: dc.value(a["card"], trump))
    plan = defence_plan(pairs, hand, trump)
    defends = by_type.get("defend", [])
    take = by_type.get("take", [None])[0]
    if plan and defends:
        spent = sum(dc.value(b, trump) for b, _ in plan)
        trumps_spent = sum(1 for b, _ in plan if b[1] == trump)
        high_trumps = sum(1 for b, _ in plan if b[1] == trump and dc.RANK[b[0]] >= 6)
        attack_value = sum(dc.value(a, trump) for a, _ in pairs)
        too_dear = stock > 6 and high_trumps >= 1 and trumps_spent >= 2 and attack_value < spent / 2
        if not too_dear or take is None:
            beater, target = plan[0]
            for a in defends:
                if a["card"] == beater and a["target"] == target:
                    return a
            return min(defends, key=lambda a: (dc.value(a["card"], trump), a["card"]))
    if transfers and take is not None and not defends:
        return min(transfers, key=lambda a: dc.value(a["card"], trump))
    if take is not None:
        return take
    if defends:
        return min(defends, key=lambda a: (dc.value(a["card"], trump), a["card"]))
    return (transfers or [a for v in by_type.values() for a in v])[0]
