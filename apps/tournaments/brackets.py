"""Knockout brackets: seeding by rating, byes for the missing places.

The bracket's size is the smallest power of two holding every entrant (events offer 8 to 128
places; a bracket not full is played with byes); seed 1 and
seed 2 can meet only in the final, seeds 1–4 only from the semi-finals on (the standard
seeding order), and the missing places are byes given to the top seeds.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

MAX_SIZE = 128

#: An entrant (or his id) in a bracket.
K = TypeVar("K", bound=Hashable)


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


def first_round(seeded: Sequence[K]) -> list[tuple[K, K | None]]:
    """The first round's pairs of ``seeded`` (best first); ``None`` is a bye.

    >>> first_round(["a", "b", "c", "d", "e", "f"])
    [('a', None), ('d', 'e'), ('b', None), ('c', 'f')]
    """
    size = bracket_size(len(seeded))
    slots = [seeded[seed - 1] if seed <= len(seeded) else None for seed in seeding_order(size)]
    pairs: list[tuple[K, K | None]] = []
    for a, b in zip(slots[::2], slots[1::2], strict=True):
        first = a if a is not None else b
        assert first is not None, "two byes never meet: the byes go to the top seeds"
        pairs.append((first, b if a is not None else None))
    return pairs


def next_round(winners: Sequence[K]) -> list[tuple[K, K]]:
    """The next round's pairs from the winners of the last round, in bracket order."""
    if len(winners) < 2 or len(winners) % 2:
        raise ValueError("a knockout round needs an even number of winners, at least 2")
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


#: A best-of-3 pairing: two wins go through.
WINS_NEEDED = 2
#: Draws count for neither side and are replayed, at most this many times in a pairing (so a
#: pairing plays at most 5 matches); after that the side with more wins goes through, and on
#: equal wins the higher seed (as after a drawn single match).
MAX_REPLAYS = 2


def series_score(games: Sequence[Sequence[K]], sides: Sequence[K]) -> dict[K, int]:
    """Wins of each of ``sides`` in a pairing's ``games`` (each the winners of one match, empty
    for a draw).

    >>> series_score([["a"], [], ["b"], ["a"]], ["a", "b"])
    {'a': 2, 'b': 1}
    """
    return {side: sum(1 for winners in games if side in winners) for side in sides}


def series_winner(games: Sequence[Sequence[K]], sides: Sequence[K]) -> tuple[bool, K | None]:
    """``(over, winner)`` of a best-of-3 pairing of two ``sides`` after ``games`` (each the
    winners of one match, empty for a draw): over once a side has two wins, or when the draws
    allowed to be replayed are used up; then the winner is the side with more wins, or ``None``
    when the wins are equal (the caller sends the higher seed through).

    >>> series_winner([["a"], ["b"]], ["a", "b"])
    (False, None)
    >>> series_winner([["a"], [], ["a"]], ["a", "b"])
    (True, 'a')
    """
    if len(sides) != 2:
        raise ValueError("a best-of-3 pairing has two sides")
    score = series_score(games, sides)
    a, b = sides
    draws = sum(1 for winners in games if not winners)
    if max(score.values()) >= WINS_NEEDED or draws > MAX_REPLAYS:
        if score[a] == score[b]:
            return True, None
        return True, a if score[a] > score[b] else b
    return False, None
