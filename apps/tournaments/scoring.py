"""Points of a tournament: arena points with streaks, Swiss tie-breaks, Victory Points.

Pure functions over plain values; the event services feed them the results of finished
matches. The formulas are published on the tournament pages and in
docs/decisions-tournaments.md.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from math import ceil
from typing import Literal, TypeVar

#: An entrant's id in the tie-breaks' tables.
K = TypeVar("K", bound=Hashable)

Result = Literal["win", "draw", "loss"]

#: Arena points of one match before the streak doubling.
ARENA_POINTS: Mapping[str, int] = {"win": 2, "draw": 1, "loss": 0}
#: The win of a streak from which wins count double (lichess: the third in a row).
STREAK_FROM = 3
#: Victory Points of one match, shared between the two sides.
VP_TOTAL = 20


@dataclass(frozen=True, slots=True)
class ArenaScore:
    """An arena entrant's points, each match's points in order, and whether he is on fire 🔥
    (his last two results were wins, so his next win counts double)."""

    points: int
    per_match: tuple[int, ...]
    on_fire: bool


def arena_score(results: Iterable[Result]) -> ArenaScore:
    """Arena points of a sequence of results in the order they were played.

    Win 2, draw 1, loss 0; from the third win in a row each win counts double (4) until a
    result that is not a win, which ends the streak.

    >>> arena_score(["win", "win", "win", "win", "draw", "win"]).per_match
    (2, 2, 4, 4, 1, 2)
    >>> arena_score(["win", "win"]).on_fire
    True
    """
    per_match: list[int] = []
    streak = 0
    for result in results:
        if result not in ARENA_POINTS:
            raise ValueError(f"unknown result {result!r}")
        streak = streak + 1 if result == "win" else 0
        points = ARENA_POINTS[result]
        per_match.append(points * 2 if streak >= STREAK_FROM else points)
    return ArenaScore(sum(per_match), tuple(per_match), streak >= STREAK_FROM - 1)


def victory_points(score: int, other: int, target: int) -> tuple[int, int]:
    """Victory Points of a belot-family match: (this side's, the other side's), summing to 20.

    A draw is 10 : 10. The winner, ahead by a margin ``m`` of match points, gets
    ``10 + ceil(10 · min(m, target) / target)`` (11 for the narrowest win, 20 for a win by
    the match's whole target or more); the loser the rest.

    >>> victory_points(101, 100, 101)
    (11, 9)
    >>> victory_points(40, 160, 101)
    (0, 20)
    >>> victory_points(70, 70, 101)
    (10, 10)
    """
    if target <= 0:
        raise ValueError("target must be positive")
    margin = abs(score - other)
    if margin == 0:
        return VP_TOTAL // 2, VP_TOTAL // 2
    winner = VP_TOTAL // 2 + ceil(VP_TOTAL // 2 * min(margin, target) / target)
    return (winner, VP_TOTAL - winner) if score > other else (VP_TOTAL - winner, winner)


def buchholz(opponents: Iterable[K], scores: Mapping[K, float]) -> float:
    """The Buchholz tie-break: the sum of the final scores of every opponent met (a bye is no
    opponent and adds nothing)."""
    return sum(scores[opponent] for opponent in opponents)


def sonneborn_berger(games: Iterable[tuple[K, float]], scores: Mapping[K, float]) -> float:
    """The Sonneborn–Berger tie-break over one entrant's games as (opponent, share won: 1 a
    win, 0.5 a draw, 0 a loss): each opponent's final score times the share won of him."""
    return sum(scores[opponent] * won for opponent, won in games)
