"""Дурак before the first move: options, occupied seats, the deal, trumps, the first attacker."""

from __future__ import annotations

from typing import Any

from .errors import InvalidOptions

DEFAULTS: dict[str, Any] = {
    "transfer": False,
    "teams": False,
    "cheating": False,
    "move_time": 30,
    "deck": 36,
    "throw": "all",
}
HAND_SIZE = 6
DECKS = (24, 36, 52)
THROWS = ("all", "neighbors")
#: The most players each deck deals to (docs/rules.md "Variants beyond the seeds").
MAX_PLAYERS = {24: 4, 36: 6, 52: 6}


def normalize_options(options: dict[str, Any]) -> dict[str, Any]:
    """Defaults filled in; ``InvalidOptions`` names every unknown or bad field.

    ``teams`` is accepted here whatever the seats: ``create`` turns it off unless four seats are
    taken (docs/rules.md: pairs only with four players) and :func:`check_table` refuses it with five
    or six.
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
    if "deck" in options:
        value = options["deck"]
        if value in DECKS and not isinstance(value, bool):
            result["deck"] = int(value)
        else:
            errors["deck"] = "must be 24, 36 or 52 (cards)"
    if "throw" in options:
        if options["throw"] in THROWS:
            result["throw"] = options["throw"]
        else:
            errors["throw"] = "must be 'all' or 'neighbors'"
    if errors:
        raise InvalidOptions(errors)
    return result


def check_seats(seats: list[int] | None) -> list[int]:
    """The occupied seats, ascending (default 0..3); ``InvalidOptions`` unless 2..6 distinct
    seats of 0..5."""
    if seats is None:
        return [0, 1, 2, 3]
    if (
        not isinstance(seats, (list, tuple))
        or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 5 for s in seats)
        or len(set(seats)) != len(seats)
        or not 2 <= len(seats) <= 6
    ):
        raise InvalidOptions({"seats": "2 to 6 distinct seats of 0..5"})
    return sorted(seats)


def check_table(options: dict[str, Any], occupied: list[int]) -> None:
    """Refuse options that do not fit the number of players: the 24-card deck deals to at most
    4 (6 cards each), pairs play with exactly 4 people (with 2 or 3 ``teams`` simply turns
    off, as when a seat empties)."""
    errors = {}
    n = len(occupied)
    if n > MAX_PLAYERS[options["deck"]]:
        errors["deck"] = (
            f"{options['deck']} cards deal to at most {MAX_PLAYERS[options['deck']]} players, not {n}"
        )
    if options["teams"] and n > 4:
        errors["teams"] = f"pairs play with 4 people, not {n}"
    if errors:
        raise InvalidOptions(errors)


def deal_cards(
    deal: list[int] | dict[str, Any],
    occupied: list[int],
    size: int,
    card: dict[str, int],
    deck: tuple[int, ...],
) -> tuple[list[list[int]], list[int]]:
    """Hands (a list per seat of a ring of ``size`` seats) and the stock in drawing order.

    ``deal`` is a shuffled deck (dealt one card at a time from the lowest seat, 6 each, the
    rest is the stock) or a scenario's ``{"hands", "stock"}``, whose codes must be cards of
    ``deck`` (``card`` maps codes to the ints of the deck's width).
    """
    hands: list[list[int]] = [[] for _ in range(size)]
    if not isinstance(deal, dict):
        n = len(occupied)
        end = n * HAND_SIZE
        for k, s in enumerate(occupied):  # one card at a time: seat k gets every n-th card from k
            hands[s] = deal[k:end:n]
        return hands, deal[end:]
    allowed = set(deck)

    def parse(codes: list[Any]) -> list[int]:
        out = []
        for c in codes:
            i = card.get(c) if isinstance(c, str) else None
            if i is None or i not in allowed:
                raise InvalidOptions({"deals": f"not a card of the {len(deck)}-card deck: {c!r}"})
            out.append(i)
        return out

    for key, cards in (deal.get("hands") or {}).items():
        try:
            s = int(key)
        except (TypeError, ValueError):
            raise InvalidOptions({"deals": f"not a seat: {key!r}"}) from None
        if not 0 <= s <= 5 or (cards and s not in occupied):
            raise InvalidOptions({"deals": f"cards for seat {key!r}, which is not occupied"})
        hands[s] = parse(cards)
    stock = parse(deal.get("stock") or [])
    every = [c for h in hands for c in h] + stock
    if len(every) != len(set(every)):
        raise InvalidOptions({"deals": "a card is dealt twice"})
    return hands, stock


def last_dealt(hands: list[list[int]], occupied: list[int]) -> int:
    """The seat that got the last card dealt (the highest occupied seat holding cards), or -1."""
    for s in reversed(occupied):
        if hands[s]:
            return s
    return -1


def trump_suit(hands: list[list[int]], stock: list[int], occupied: list[int], width: int) -> int:
    """The suit of the face-up last stock card; with an empty stock, of the last card dealt."""
    if stock:
        return stock[-1] // width
    s = last_dealt(hands, occupied)
    return hands[s][-1] // width if s >= 0 else 0


def first_attacker(hands: list[list[int]], occupied: list[int], trump: int, width: int) -> int:
    """The holder of the lowest trump; when nobody holds a trump, of the lowest card (ties:
    the lowest seat)."""
    trumps = [(c % width, s) for s in occupied for c in hands[s] if c // width == trump]
    if trumps:
        return min(trumps)[1]
    cards = [(c % width, s) for s in occupied for c in hands[s]]
    return min(cards)[1] if cards else occupied[0]


def first_attacker_of_masks(
    masks: list[int], hands: list[list[int]], occupied: list[int], trump: int, width: int
) -> int:
    """:func:`first_attacker` from the hands' card masks: the lowest trump of a hand is its
    mask's lowest bit of the trump suit (the lists ``hands`` only when nobody holds a trump)."""
    suit = ((1 << width) - 1) << trump * width
    best, lowest = -1, 0
    for s in occupied:  # ascending: a tie keeps the lowest seat
        m = masks[s] & suit
        if m:
            low = m & -m
            if best < 0 or low < lowest:
                best, lowest = s, low
    return best if best >= 0 else first_attacker(hands, occupied, trump, width)
