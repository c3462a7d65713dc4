"""Cards, suits and decks shared by every game.

A card is a small int ``suit * 9 + rank`` (0..35) in the hot paths and a two-character
code (``"Th"``) at the edges: JSON, scenarios, views. Ranks run ``6 7 8 9 T J Q K A``
(rank index 0..8), suits ``s c d h`` (index 0..3, the Durak tie order of docs/rules.md).
Decks: 36 cards (Durak), 32 (7..A: Базар-блот, Деберц), 24 (9..A: Обычный блот).
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "6789TJQKA"
SUITS = "scdh"
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
RANK_INDEX = {r: i for i, r in enumerate(RANKS)}

# Rank indices by name, for readable tables in the games.
SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(9)

CODES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
CARD: dict[str, int] = {code: i for i, code in enumerate(CODES)}

#: Russian screen indices (Т К Д В 10 9 8 7 6) by rank index.
RUSSIAN_RANKS = ("6", "7", "8", "9", "10", "В", "Д", "К", "Т")


def card(code: str) -> int:
    """Return the int of a card code; raise ``ValueError`` for anything else."""
    try:
        return CARD[code]
    except (KeyError, TypeError):
        raise ValueError(f"not a card: {code!r}") from None


def code(c: int) -> str:
    """Return the two-character code of card int ``c``."""
    return CODES[c]


def make(rank: int, suit: int) -> int:
    return suit * 9 + rank


def parse_cards(codes: Iterable[str]) -> list[int]:
    """Parse card codes, keeping order; raise ``ValueError`` on a bad code."""
    return [card(c) for c in codes]


def codes(cards: Iterable[int]) -> list[str]:
    return [CODES[c] for c in cards]


def deck(lowest_rank: int) -> list[int]:
    """All cards from ``lowest_rank`` to the ace in every suit, in a fixed order."""
    return [make(r, s) for s in range(4) for r in range(lowest_rank, 9)]


DECK_36 = tuple(deck(SIX))
DECK_32 = tuple(deck(SEVEN))
DECK_24 = tuple(deck(NINE))


def cards_of(mask: int) -> list[int]:
    """The card ints of a bit mask (bit ``c`` set = card ``c``), ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of an iterable of card ints."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m
