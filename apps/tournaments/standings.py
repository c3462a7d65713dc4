"""The standings of a tournament, computed from its pairings' results.

- Arena: :func:`apps.tournaments.scoring.arena_score` over each entrant's results in the order
  his tables finished (streaks 🔥).
- Swiss: the sum of each match's points (Victory Points between two sides of the belot family,
  else 1 a win, ½ a draw, 0 a loss; a bye scores as :data:`BYE_POINTS` says), tie-breaks
  Buchholz then Sonneborn–Berger.
- Knockout: those still in the bracket first, then by the round they reached.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from apps.ratings.modes import MODES

from . import scoring
from .models import Entrant, Pairing, Tournament

#: What a bye scores in a Swiss: a win's points (12 Victory Points of 20 in the belot family,
#: as bridge's WBF scale gives a bye 12).
BYE_POINTS = {"vp": 12.0, "match": 1.0}
#: A match's share won for Sonneborn–Berger, by outcome.
SHARE = {"win": 1.0, "draw": 0.5, "loss": 0.0}


@dataclass
class Line:
    """One entrant's line of the standings (``place`` from 1)."""

    entrant_id: int
    user_id: int
    partner_id: int | None
    rating: int
    score: float = 0.0
    results: list[scoring.Result] = field(default_factory=list)
    on_fire: bool = False
    buchholz: float = 0.0
    sonneborn_berger: float = 0.0
    played: int = 0
    byes: int = 0
    withdrawn: bool = False
    eliminated: bool = False
    reached: int = 0
    place: int = 0


def match_points(tournament: Tournament) -> str:
    """``"vp"`` when a Swiss of this mode scores Victory Points (two sides of the belot
    family), else ``"match"``."""
    mode = MODES[tournament.mode]
    two_sided = mode.players == 2 or mode.teams
    return "vp" if mode.game != "durak" and two_sided else "match"


def standings(tournament: Tournament) -> list[Line]:
    """Every entrant's line, best first, ``place`` set (equal lines share no place: the order
    of the tie-breaks, then rating, then who joined first decides)."""
    entrants = list(Entrant.objects.filter(tournament=tournament, confirmed=True).order_by("joined_at", "id"))
    lines = {
        e.pk: Line(e.pk, e.user_id, e.partner_id, e.rating, withdrawn=e.withdrawn, eliminated=e.eliminated)
        for e in entrants
    }
    opponents: dict[int, list[int]] = {pk: [] for pk in lines}
    games: dict[int, list[tuple[int, float]]] = {pk: [] for pk in lines}
    # only the three fields read (an arena's pass reads thousands of pairings: no model instances)
    pairings = (
        Pairing.objects.filter(tournament=tournament, finished=True)
        .order_by("finished_at", "id")
        .values_list("round", "entrants", "results")
    )
    for round_, entrants_, results in pairings:
        for key, result in results.items():
            pk = int(key)
            line = lines.get(pk)
            if line is None:
                continue
            line.reached = max(line.reached, round_)
            if result["outcome"] == "bye":
                line.byes += 1
                line.score += result.get("points", 0.0)
                continue
            line.played += 1
            line.results.append(result["outcome"])
            line.score += result.get("points", 0.0)
            others = [int(o) for o in entrants_ if int(o) != pk and int(o) in lines]
            opponents[pk].extend(others)
            games[pk].extend((o, SHARE.get(result["outcome"], 0.0)) for o in others)
    if tournament.format == Tournament.Format.ARENA:
        for line in lines.values():
            arena = scoring.arena_score(line.results)
            line.score, line.on_fire = float(arena.points), arena.on_fire
    scores = {pk: line.score for pk, line in lines.items()}
    for pk, line in lines.items():
        line.buchholz = scoring.buchholz(opponents[pk], scores)
        line.sonneborn_berger = scoring.sonneborn_berger(games[pk], scores)
    order = {e.pk: n for n, e in enumerate(entrants)}
    knockout = tournament.format == Tournament.Format.KNOCKOUT

    def rank(ln: Line) -> tuple:
        first = (ln.eliminated or ln.withdrawn, -ln.reached) if knockout else ()
        return (*first, -ln.score, -ln.buchholz, -ln.sonneborn_berger, -ln.rating, order[ln.entrant_id])

    ranked = sorted(lines.values(), key=rank)
    for place, line in enumerate(ranked, start=1):
        line.place = place
    return ranked
