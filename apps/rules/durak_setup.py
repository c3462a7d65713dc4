"""Дурак before the first move: options, occupied seats, the deal, trumps, the first attacker."""

from __future__ import annotations

from typing import Any

from .cards import SUIT_INDEX, parse_cards
from .errors import InvalidOptions

DEFAULTS: dict[str, Any] = {"transfer": False, "teams": False, "cheating": False, "move_time": 30}
HAND_SIZE = 6


def normalize_options(options: dict) -> dict:
    """Defaults filled in; ``InvalidOptions`` names every unknown or bad field.

    ``teams`` is accepted here whatever the seats: ``create`` turns it off unless all four
    seats are taken (RULES.md: pairs only with four players).
    """
    errors = {key: "unknown option" for key in options if key not in DEFAULTS}
    result = dict(DEFAULTS)
    for key in ("transfer", "teams", "cheating"):
        if key in options:
            if isinstance(options[key], bool):
                result[key] = options[key]
            else:
                errors[key] = "must be true or false"
    if "move_time" in options:
        value = options["move_time"]
        if value == 30 and not isinstance(value, bool):
            result["move_time"] = 30
        else:
            errors["move_time"] = "must be 30 (seconds per action)"
    if errors:
        raise InvalidOptions(errors)
    return result


def check_seats(seats: list[int] | None) -> list[int]:
    """The occupied seats, ascending (default all four); ``InvalidOptions`` unless 2..4 distinct
    seats of 0..3."""
    if seats is None:
        return [0, 1, 2, 3]
    if (
        not isinstance(seats, (list, tuple))
        or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 3 for s in seats)
        or len(set(seats)) != len(seats)
        or not 2 <= len(seats) <= 4
    ):
        raise InvalidOptions({"seats": "2 to 4 distinct seats of 0..3"})
    return sorted(seats)


def deal_cards(deal: list[int] | dict, occupied: list[int]) -> tuple[list[list[int]], list[int]]:
    """Hands (a list per seat 0..3) and the stock in drawing order.

    ``deal`` is a shuffled deck (dealt one card at a time from the lowest seat, 6 each, the
    rest is the stock) or a scenario's ``{"hands", "stock"}``.
    """
    hands: list[list[int]] = [[] for _ in range(4)]
    if not isinstance(deal, dict):
        cards = list(deal)
        pos = 0
        for _ in range(HAND_SIZE):
            for s in occupied:
                hands[s].append(cards[pos])
                pos += 1
        return hands, cards[pos:]
    try:
        for key, cards in (deal.get("hands") or {}).items():
            s = int(key)
            if not 0 <= s <= 3 or (cards and s not in occupied):
                raise InvalidOptions({"deals": f"cards for seat {key!r}, which is not occupied"})
            hands[s] = parse_cards(cards)
        stock = parse_cards(deal.get("stock") or [])
    except InvalidOptions:
        raise
    except ValueError as exc:
        raise InvalidOptions({"deals": str(exc)}) from None
    every = [c for h in hands for c in h] + stock
    if len(every) != len(set(every)):
        raise InvalidOptions({"deals": "a card is dealt twice"})
    return hands, stock


def trump_suit(hands: list[list[int]], stock: list[int], occupied: list[int]) -> int:
    """The suit of the face-up last stock card; with an empty stock, of the last card dealt."""
    if stock:
        return stock[-1] // 9
    for s in reversed(occupied):
        if hands[s]:
            return hands[s][-1] // 9
    return SUIT_INDEX["s"]


def first_attacker(hands: list[list[int]], occupied: list[int], trump: int) -> int:
    """The holder of the lowest trump; when nobody holds a trump, of the lowest card (ties:
    the lowest seat)."""
    trumps = [(c % 9, s) for s in occupied for c in hands[s] if c // 9 == trump]
    if trumps:
        return min(trumps)[1]
    cards = [(c % 9, s) for s in occupied for c in hands[s]]
    return min(cards)[1] if cards else occupied[0]
