"""Knockout brackets: seeding by rating, byes for the missing places.

The bracket's size is the smallest power of two holding every entrant (events offer 8 to 128
places; a bracket not full is played with byes); seed 1 and
seed 2 can meet only in the final, seeds 1–4 only from the semi-finals on (the standard
seeding order), and the missing places are byes given to the top seeds.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

MAX_SIZE = 128


def bracket_size(entrants: int) -> int:
    """The smallest power of two holding ``entrants`` (2 to 128)."""
    if not 2 <= entrants <= MAX_SIZE:
        raise ValueError(f"a knockout holds 2 to {MAX_SIZE} entrants, not {entrants}")
    size = 2
    while size < entrants:
        size *= 2
    return size


def seeding_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket order: neighbours in pairs play the first round.

    >>> seeding_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    order = [1]
    while len(order) < size:
        places = len(order) * 2
        order = [seed for first in order for seed in (first, places + 1 - first)]
    return order


def first_round(seeded: Sequence[Hashable]) -> list[tuple[Hashable, Hashable | None]]:
    """The first round's pairs of ``seeded`` (best first); ``None`` is a bye.

    >>> first_round(["a", "b", "c", "d", "e", "f"])
    [('a', None), ('d', 'e'), ('b', None), ('c', 'f')]
    """
    size = bracket_size(len(seeded))
    slots = [seeded[seed - 1] if seed <= len(seeded) else None for seed in seeding_order(size)]
    pairs = [(slots[i], slots[i + 1]) for i in range(0, size, 2)]
    return [(a, b) if a is not None else (b, None) for a, b in pairs]


def next_round(winners: Sequence[Hashable]) -> list[tuple[Hashable, Hashable]]:
    """The next round's pairs from the winners of the last round, in bracket order."""
    if len(winners) < 2 or len(winners) % 2:
        raise ValueError("a knockout round needs an even number of winners, at least 2")
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
