"""The score sheet of one Деберц deal: made, байт or hanging (docs/rules.md ``deberc``).

Pure arithmetic on per-side deal points, kept apart from the game state so each rule is
one readable step:

- made (the chooser's side scores strictly more than every other side): everyone records
  his own points, and points left hanging go to the chooser's side, the single leader;
- байт (less than some opponent): the chooser records 0; his points plus any hanging points
  are split once among the opponents, equally, the remainder one point each to the
  opponents in order after the chooser (2 players or 2 on 2: all to the other side);
- hanging (equal to the best opponent): the chooser records 0, the others their own, and
  his points join the hanging amount for the next deal.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DealPoints:
    """Inputs: ``own[side]`` deal points (cards + counted combinations + бела won),
    the chooser's side and seat, ``side_of[seat]``, and the points hanging before."""

    own: list[int]
    chooser: int
    chooser_seat: int
    side_of: list[int]
    hanging: int


@dataclass(frozen=True)
class Scored:
    outcome: str
    scores: list[int]
    hanging: int


def opponents_after(chooser_seat: int, side_of: list[int]) -> list[int]:
    """The opponent sides in turn order after the chooser (each side once)."""
    n = len(side_of)
    mine = side_of[chooser_seat]
    out: list[int] = []
    for i in range(1, n):
        side = side_of[(chooser_seat + i) % n]
        if side != mine and side not in out:
            out.append(side)
    return out


#: :func:`opponents_after` by ``(chooser_seat, *side_of)``: a table has a few (read only).
_AFTER: dict[tuple[int, ...], list[int]] = {}


def _opponents(chooser_seat: int, side_of: list[int]) -> list[int]:
    """:func:`opponents_after`, remembered (the list is shared: not to be changed)."""
    key = (chooser_seat, *side_of)
    out = _AFTER.get(key)
    if out is None:
        out = _AFTER[key] = opponents_after(chooser_seat, side_of)
    return out


def split(amount: int, sides: list[int], nsides: int) -> list[int]:
    """``amount`` split equally over ``sides``, the remainder one point each in their order."""
    out = [0] * nsides
    share, rest = divmod(amount, len(sides))
    for i, side in enumerate(sides):
        out[side] = share + (1 if i < rest else 0)
    return out


def score_points(deal: DealPoints) -> Scored:
    """What the deal writes on the sheet and what is left hanging after it."""
    own, c = deal.own, deal.chooser
    opponents = _opponents(deal.chooser_seat, deal.side_of)
    best = max(own[s] for s in opponents)
    scores = list(own)
    if own[c] > best:
        scores[c] += deal.hanging
        return Scored("made", scores, 0)
    scores[c] = 0
    if own[c] < best:
        shares = split(own[c] + deal.hanging, opponents, len(own))
        return Scored("bait", [s + x for s, x in zip(scores, shares, strict=True)], 0)
    return Scored("hanging", scores, deal.hanging + own[c])
