"""Matchpoints of duplicate play (docs/rules.md «Дубль»), pure arithmetic.

A deal's result for a seat is its side's recorded points minus the other side's for that deal
(a Деберц wins the deal outright: :data:`DEBERC_WIN`). On each deal every result is compared
with every other result in the same seat: 2 matchpoints when higher, 1 when equal, 0 when
lower; the deal's percentage is MP / (2 × (results − 1)) × 100, or 50 for a lone result. A
set's score is the mean of its deals' percentages to 0.1; in a ranking equal scores go to the
earlier finish.

A player who had not finished when the set closed counts 0 : K (docs/rules.md): each of his deals
is a forfeit (``None``), below every played result (others score 2 against it, forfeits 1
against each other) and worth 0 % to him.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

#: A Деберц (the seven trumps 8..A, docs/rules.md ``deberc``) wins its deal: worth more than any
#: deal's points, equal to another Деберц.
DEBERC_WIN = 10_000
#: How a forfeit sorts: below any deal result.
_FORFEIT_KEY = -(10**9)

Result = int | None


def deal_result(line: dict, side: int, sides: Sequence[int]) -> int:
    """``side``'s result on one deal from the engine's sheet line (``scores`` per side, Деберц's
    ``deberc`` seat): its points minus the best other side's; a void deal is 0 : 0."""
    seat = line.get("deberc")
    if seat is not None:
        return DEBERC_WIN if sides[seat] == side else -DEBERC_WIN
    scores = list(line.get("scores") or [])
    if not scores:
        return 0
    own = scores[side]
    others = [s for i, s in enumerate(scores) if i != side]
    return own - max(others) if others else own


def durak_result(draw: bool, fool_side: int | None, side: int) -> int:
    """Дурак: +1 a win, 0 a draw, −1 the fool."""
    if draw or fool_side is None:
        return 0
    return -1 if fool_side == side else 1


@dataclass(frozen=True)
class DealScore:
    """One result against the field of its deal: how many did better, equal, worse (the result
    itself not counted), its matchpoints and percentage (``None``: a forfeit, 0 %)."""

    result: Result
    better: int
    equal: int
    worse: int
    mp: int
    percent: float


def _key(result: Result) -> int:
    return _FORFEIT_KEY if result is None else result


def field_keys(results: Sequence[Result]) -> list[int]:
    """One deal's results as sorted keys (a forfeit lowest), for :func:`score_against`."""
    return sorted(_key(r) for r in results)


def score_against(result: Result, keys: Sequence[int]) -> DealScore:
    """``result`` (one of the deal's results, so counted in ``keys``) against the others."""
    n = len(keys)
    k = _key(result)
    below = bisect_left(keys, k)
    equal = bisect_right(keys, k) - below - 1
    better = n - below - equal - 1
    mp = 2 * below + equal
    if result is None:
        percent = 0.0
    elif n == 1:
        percent = 50.0
    else:
        percent = mp * 100 / (2 * (n - 1))
    return DealScore(result, better, equal, below, mp, percent)


def deal_scores(results: Sequence[Result]) -> list[DealScore]:
    """Every result of one deal scored against the others (same order as ``results``)."""
    keys = field_keys(results)
    return [score_against(r, keys) for r in results]


def tenths(value: float) -> float:
    """``value`` to 0.1, halves up (62.25 → 62.3), not Python's round-half-even."""
    return math.floor(value * 10 + 0.5 + 1e-9) / 10


#: The caller's key of an entry (its id, a team's pair...), handed back with its score.
K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class EntryScore(Generic[K]):
    """A player's set: per deal the :class:`DealScore`, the score (%, to 0.1) and his place."""

    key: K
    deals: list[DealScore]
    score: float
    place: int = 0


def set_scores(entries: Sequence[tuple[K, Sequence[Result]]], deals: int) -> list[EntryScore[K]]:
    """Score every finished entry ``(key, results per deal)`` of a set of ``deals`` deals and rank
    them: score descending, equal scores in the given order (pass them by finish time). A
    missing deal at the end of a result list is a forfeit."""
    padded = [(key, [*res, *([None] * (deals - len(res)))][:deals]) for key, res in entries]
    per_deal = [deal_scores([res[d] for _, res in padded]) for d in range(deals)]
    scored = []
    for i, (key, _) in enumerate(padded):
        mine = [per_deal[d][i] for d in range(deals)]
        score = tenths(sum(s.percent for s in mine) / deals) if deals else 0.0
        scored.append((i, key, mine, score))
    scored.sort(key=lambda t: (-t[3], t[0]))
    return [EntryScore(key, mine, score, place) for place, (_, key, mine, score) in enumerate(scored, 1)]
