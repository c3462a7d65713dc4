"""A finished match as a ranking of its sides, and the rating scale (no Django here).

The ranking follows the stored result (docs/rules.md): the winners share the first place; a draw puts
every side first; the losers come after. Durak's fool is last and everybody else won. Деберц
with 3 or 4 each for himself orders the losers by their match totals (the second best beat the
third), unless the match ended by a leave or a surrender, where every opponent of the leaver won.
A leave, a surrender or a disconnect is a loss: the engine already records it as one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: Outcomes that enter a rating (``void``: an admin ended the match, rated nowhere).
RATED_OUTCOMES = frozenset({"win", "loss", "draw", "fool"})
#: Endings after which the losers are not ordered by their totals.
_ACTION_ENDINGS = frozenset({"leave", "surrender", "disconnect"})


#: Who played a seat: ``("user", user id)`` or ``("bot", level)``.
Who = tuple[Literal["user"], int] | tuple[Literal["bot"], str]


@dataclass(frozen=True)
class Participant:
    """One seat of a finished match as the rating needs it."""

    seat: int
    side: int
    outcome: str
    score: int | None
    #: ``("user", id)`` or ``("bot", level)``.
    who: Who


def match_ranking(participants: list[Participant], ending: str) -> tuple[list[list[Participant]], list[int]]:
    """The sides of the match (seats of one side together, sides in order of first seat) and
    each side's rank (0 is the best; equal ranks are ties), as ``openskill``'s ``rate`` takes them.

    Raises ``ValueError`` when a participant's outcome is not rated (``void``)."""
    sides: dict[int, list[Participant]] = {}
    for p in sorted(participants, key=lambda p: p.seat):
        if p.outcome not in RATED_OUTCOMES:
            raise ValueError(f"outcome {p.outcome!r} is not rated")
        sides.setdefault(p.side, []).append(p)
    teams = list(sides.values())
    order_losers = ending not in _ACTION_ENDINGS and len(teams) > 2
    ranks = []
    for team in teams:
        outcome = team[0].outcome
        if outcome in ("win", "draw"):
            ranks.append(0)
        elif outcome == "fool":
            ranks.append(len(teams))  # below every loser (there are none besides in Durak)
        elif order_losers:
            # 1 + how many losing sides scored more: equal totals share a place
            mine = team[0].score if team[0].score is not None else 0
            better = sum(1 for other in teams if other[0].outcome == "loss" and (other[0].score or 0) > mine)
            ranks.append(1 + better)
        else:
            ranks.append(1)
    return teams, ranks


# --------------------------------------------------------------------------- the scale

#: openskill's defaults (Weng-Lin, Plackett-Luce): a new rating is mu 25, sigma 25/3.
MU0 = 25.0
SIGMA0 = 25.0 / 3.0
#: Points of the shown rating per unit of mu: 24 = 200 / sigma0, the width openskill suggests
#: for an Elo-like scale; mu 25 shows as 1500.
SCALE = 200.0 / SIGMA0
BASE = 1500.0
#: A rating is provisional («?») for its first games.
PROVISIONAL_GAMES = 10


def shown(mu: float) -> int:
    """The number a player sees: ``1500 + 24 (mu - 25)`` rounded, i.e. openskill's
    ``ordinal(z=0, alpha=24, target=900)`` (see docs/decisions-ratings.md for why z is 0)."""
    return round(BASE + SCALE * (mu - MU0))


def provisional(games: int) -> bool:
    """Whether a rating after ``games`` rated games is still provisional."""
    return games < PROVISIONAL_GAMES
