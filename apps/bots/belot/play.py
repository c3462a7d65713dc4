"""The ``normal`` card play of the belot family: keep valuable cards, win the tricks worth it.

A pure function of what the seat sees (its hand, the trick on the table, the trump, the
contract, its side) and the cards it remembers played; see :func:`choose_card`.
"""

from __future__ import annotations

from . import cards as bc
from .knowledge import players_of, team_of


def _unseen(view: dict, played: set[str]) -> set[str]:
    lowest = "9" if view.get("game") == "blot" else "7"
    return set(bc.full_deck(lowest)) - played - set(view.get("hand") or [])


def is_master(card: str, trump: str | None, unseen: set[str]) -> bool:
    """No unseen card of ``card``'s suit ranks above it."""
    s = bc.strength(card, trump)
    return not any(u[1] == card[1] and bc.strength(u, trump) > s for u in unseen)


def keep_value(card: str, trump: str | None, unseen: set[str]) -> float:
    """How much we lose by giving ``card`` away now (points, trump power, mastery)."""
    value = bc.points(card, trump) + bc.strength(card, trump) * 0.5
    if bc.is_trump(card, trump) and trump != "all":
        value += 15
    if is_master(card, trump, unseen):
        value += 8
    return value


def choose_card(view: dict, plays: list[str], played: set[str]) -> str:
    """The card ``normal`` plays among ``plays`` (the legal cards)."""
    trump = view.get("trump")
    trick = [(e["seat"], e["card"]) for e in view.get("table_cards") or [] if e.get("card")]
    me = view["seat"]
    unseen = _unseen(view, played | {c for _, c in trick})
    if not trick:
        return _lead(view, plays, unseen, trump)
    n_players = len(players_of(view)) or 4
    cards = [c for _, c in trick]
    best_i = bc.trick_winner(cards, trump)
    best = cards[best_i]
    led = cards[0][1]
    partner_winning = trick[best_i][0] in team_of(view, me)
    last = len(trick) == n_players - 1
    winners = [c for c in plays if bc.beats(c, best, led, trump)]
    pts = bc.trick_points(cards, trump)

    def cheapest(options: list[str]) -> str:
        return min(options, key=lambda c: (keep_value(c, trump, unseen), c))

    if partner_winning:
        safe = last or (is_master(best, trump, unseen) and (bc.is_trump(best, trump) or led == trump))
        if safe:
            # Give points to the partner, keeping trumps and masters.
            return max(plays, key=lambda c: (bc.points(c, trump) - keep_value(c, trump, unseen) * 0.3, c))
        return cheapest(plays)
    if winners:
        if last:
            return cheapest(winners)
        masters = [c for c in winners if is_master(c, trump, unseen)]
        if masters:
            return cheapest(masters)
        if pts >= 10:
            return max(winners, key=lambda c: (bc.strength(c, trump), c))
        losers = [c for c in plays if c not in winners]
        return cheapest(losers) if losers else cheapest(winners)
    return cheapest(plays)


def _lead(view: dict, plays: list[str], unseen: set[str], trump: str | None) -> str:
    me = view["seat"]
    contract = view.get("contract") or {}
    ours = contract.get("seat") in team_of(view, me) if contract.get("seat") is not None else False
    trumps = [c for c in plays if bc.is_trump(c, trump)] if trump not in (None, "nt", "all") else []
    unseen_trumps = [u for u in unseen if bc.is_trump(u, trump)] if trumps else []
    if trumps and unseen_trumps and ours:
        top = max(trumps, key=lambda c: bc.strength(c, trump))
        if is_master(top, trump, unseen):
            return top
    masters = [c for c in plays if not (trumps and c in trumps) and is_master(c, trump, unseen)]
    if masters:
        return max(masters, key=lambda c: (bc.points(c, trump), c))
    side = [c for c in plays if c not in trumps] or plays

    def lead_cost(c: str) -> tuple:
        # Do not lead away from an unguarded ten or from a king-queen pair.
        same = [x for x in plays if x[1] == c[1]]
        guards_ten = any(x[0] == "T" for x in same) and c[0] != "T"
        return (bc.points(c, trump) + (6 if guards_ten else 0), len(same) * -1, c)

    return min(side, key=lead_cost)
