"""Precomputed tables for Дурак's hot paths: action dicts, beating masks, rank bits.

Every action dict here is shared by all states and immutable by convention: the engine
returns these very objects from ``legal_actions`` so that listing moves allocates nothing
but the list.
"""

from __future__ import annotations

from .cards import CODES, DECK_36

N_CARDS = len(DECK_36)

#: ``{"type": "attack", "card": code}`` by card int (leading or throwing in).
ATTACK: tuple[dict, ...] = tuple({"type": "attack", "card": CODES[c]} for c in range(N_CARDS))
#: ``{"type": "transfer", "card": code}`` by card int.
TRANSFER: tuple[dict, ...] = tuple({"type": "transfer", "card": CODES[c]} for c in range(N_CARDS))
#: ``{"type": "catch", "card": code}`` by card int.
CATCH: tuple[dict, ...] = tuple({"type": "catch", "card": CODES[c]} for c in range(N_CARDS))
#: ``{"type": "defend", "card": code, "target": code}`` at index ``card * 36 + target``.
DEFEND: tuple[dict, ...] = tuple(
    {"type": "defend", "card": CODES[c], "target": CODES[t]} for c in range(N_CARDS) for t in range(N_CARDS)
)
TAKE: dict = {"type": "take"}
DONE: dict = {"type": "done"}

#: ``1 << rank`` by card int: a card may be thrown in when ``RANK_BIT[c] & table_ranks``.
RANK_BIT: tuple[int, ...] = tuple(1 << (c % 9) for c in range(N_CARDS))


def _beats(card: int, target: int, trump: int) -> bool:
    """Whether ``card`` beats ``target``: same suit and higher, or a trump on a non-trump."""
    if card // 9 == target // 9:
        return card % 9 > target % 9
    return card // 9 == trump


#: ``BEATERS[trump][target]``: bit mask (bit = card int) of the cards that beat ``target``.
BEATERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << c for c in range(N_CARDS) if _beats(c, t, trump)) for t in range(N_CARDS))
    for trump in range(4)
)


def beats(card: int, target: int, trump: int) -> bool:
    """Whether ``card`` beats ``target`` with ``trump`` (suit index) as trumps."""
    return bool(BEATERS[trump][target] >> card & 1)


def lead_key(card: int) -> tuple[int, int]:
    """Sort key "lowest card first": rank, then suit in the order s c d h."""
    return card % 9, card // 9
