"""The one write of the stats app: the result rows and counters of a match that just ended.

:func:`results_record` receives :data:`apps.tables.signals.match_finished` (connected in
``StatsConfig.ready``), which the tables' move service (and its admin "end a stuck match"
path) sends inside the transaction that finishes the match, with the match row locked, so a
finished match and its results commit together or not at all.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import F

from apps.rules import api
from apps.rules.base import Game
from apps.rules.base import Outcome as MatchOutcome
from apps.tables.models import Move

from . import signals
from .models import Ending, GameRecord, Outcome, Result

#: Reasons that name the seat whose own action ended the match.
_ENDED_BY_ACTION = frozenset({Ending.SURRENDER, Ending.LEAVE, Ending.DISCONNECT})


def results_record(match, state: Game, **_signal) -> list[Result]:
    """Write one :class:`Result` per participant of the finished ``match`` and bump each
    person's :class:`GameRecord`; ``state`` is the engine state the match ended in. Then sends
    :data:`apps.stats.signals.results_recorded` (apps.ratings rates the match from it).

    Does nothing (returns ``[]``) when the match is not finished or already has results, so a
    second call for the same match never counts twice. Must run inside the transaction that
    marks the match finished (the caller holds the match row lock).
    """
    if match.status != "finished" or match.result is None:
        return []
    if Result.objects.filter(match_id=match.pk).exists():
        return []
    rows = result_rows(match, state)
    Result.objects.bulk_create(rows)
    counters_bump(rows)
    signals.results_recorded.send(sender=Result, match=match, rows=rows)
    return rows


def result_rows(match, state: Game) -> list[Result]:
    """The unsaved result rows of ``match`` (one per seat in ``match.players``). A match that a
    surrender, a leave or a lost connection ended before each side played (:func:`played_through`),
    or a no-show ended (``ended_by`` the no-show's seat), is *aborted*: every row's outcome is
    ``void`` («Партия прервана»: unrated, counted nowhere, not in the completion rate), as
    lichess aborts a game before both sides moved."""
    summary = api.summary(state)
    result = match.result or {}
    ending = result.get("reason") or summary.get("reason") or Ending.ABORTED
    sides = seat_sides(state, [p["seat"] for p in match.players])
    totals = list(result.get("totals") or summary.get("totals") or [])
    ended_by = _ended_by(match) if ending in _ENDED_BY_ACTION or ending == Ending.NO_SHOW else None
    # a no-show (quick play, apps.tables.no_show) aborts the match however far the clock played
    aborted = ending == Ending.NO_SHOW or (ending in _ENDED_BY_ACTION and not played_through(match, sides))
    deals = len(summary.get("deals") or [])
    rows = []
    for player in match.players:
        seat = player["seat"]
        side = sides[seat]
        others = [p for p in match.players if p["seat"] != seat]
        rows.append(
            Result(
                match_id=match.pk,
                user_id=player.get("user"),
                bot_level=player.get("bot") or None,
                name=(player.get("name") or "")[:60],
                game=match.game,
                options=match.options,
                seat=seat,
                side=side,
                partners=[_who(p) for p in others if sides[p["seat"]] == side],
                opponents=[_who(p) for p in others if sides[p["seat"]] != side],
                totals=totals,
                score=totals[side] if 0 <= side < len(totals) else None,
                outcome=Outcome.VOID if aborted else seat_outcome(seat, ending, result, summary),
                ending=ending,
                ended_by=ended_by,
                deals=deals,
                started_at=match.created_at,
                finished_at=match.finished_at or match.updated_at,
            )
        )
    return rows


#: Durak's actions that answer an attack (the defender has played).
_DEFENCES = ("defend", "transfer", "take")


def played_through(match, sides: dict[int, int]) -> bool:
    """Whether each side of ``match`` has played: in the belot family a card by every side; in
    Дурак an attack and a defence (a match ended before that is aborted; docs/security.md)."""
    moves = Move.objects.filter(match_id=match.pk, seat__isnull=False)
    if match.game == "durak":
        return (
            moves.filter(action__type="attack").exists() and moves.filter(action__type__in=_DEFENCES).exists()
        )
    seats = set(moves.filter(action__type="play").values_list("seat", flat=True).distinct())
    return {sides[s] for s in seats if s in sides} == set(sides.values())


def seat_sides(state: Game, seats: list[int]) -> dict[int, int]:
    """Seat -> side: the team index when teams play (the engine's view says so), else the seat."""
    entries = {s.get("seat"): s for s in api.view(state, None).get("seats") or [] if isinstance(s, dict)}
    sides = {}
    for seat in seats:
        team = entries.get(seat, {}).get("team")
        sides[seat] = team if isinstance(team, int) else seat
    return sides


def seat_outcome(seat: int, ending: str, result: dict, summary: MatchOutcome) -> str:
    """Win, loss, draw, fool (Durak's fool) or void (an aborted match) for ``seat``."""
    if ending == Ending.ABORTED:
        return Outcome.VOID
    deals = summary.get("deals") or []
    fool = deals[-1].get("fool") if deals and isinstance(deals[-1], dict) else None
    if ending == Ending.FOOL and fool == seat:
        return Outcome.FOOL
    winners = result.get("winners") or []
    if not winners:
        return Outcome.DRAW
    return Outcome.WIN if seat in winners else Outcome.LOSS


def _who(player: dict) -> dict:
    return {
        "seat": player["seat"],
        "name": player.get("name") or "",
        "user": player.get("user"),
        "bot": player.get("bot") or None,
    }


def _ended_by(match) -> int | None:
    """The seat of the last move (the leave / surrender that ended the match)."""
    return Move.objects.filter(match_id=match.pk).order_by("-seq").values_list("seat", flat=True).first()


def counters_bump(rows: list[Result]) -> None:
    """Add the people's results to their per-game counters (users in id order: no deadlocks
    between two matches finishing at once with the same players)."""
    people = sorted(((r.user_id, r) for r in rows if r.user_id is not None), key=lambda p: p[0])
    for user_id, row in people:
        if row.outcome == Outcome.VOID:
            continue
        _counter_ensure(user_id, row.game)
        GameRecord.objects.filter(user_id=user_id, game=row.game).update(
            played=F("played") + 1,
            won=F("won") + int(row.outcome == Outcome.WIN),
            lost=F("lost") + int(row.outcome in (Outcome.LOSS, Outcome.FOOL)),
            drawn=F("drawn") + int(row.outcome == Outcome.DRAW),
            fool=F("fool") + int(row.outcome == Outcome.FOOL),
        )


def _counter_ensure(user_id: int, game: str) -> None:
    """Create the user's counter row for ``game`` if missing (safe against a concurrent insert)."""
    if GameRecord.objects.filter(user_id=user_id, game=game).exists():
        return
    try:
        with transaction.atomic():
            GameRecord.objects.create(user_id=user_id, game=game)
    except IntegrityError:
        pass  # another transaction created it first; the update below adds to it
