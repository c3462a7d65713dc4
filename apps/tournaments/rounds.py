"""Running a tournament: its start, each round's tables, counting results, its end.

- :func:`tournament_start` closes registration (an arena keeps taking entrants) and pairs the
  first round (an arena: its first pass).
- :func:`round_next` pairs the next Swiss or knockout round with :mod:`.pairing` /
  :mod:`.brackets`, creates its tables seated and started in one batch
  (:func:`tables_create_seated`, rated in the mode), and finishes the tournament after its last round.
- :func:`arena_pass` seats the arena's free entrants at new tables, until 30 s before the end.
- :func:`results_count` (on ``results_recorded``) writes a tournament table's results (a
  knockout «до двух побед»: each match's winners, until a side has two wins; the next match
  at the same table starts in :func:`tournament_advance`); once
  written, :func:`tournament_advance` runs after the commit (a Celery task) and starts what
  comes next. ``tournaments.tick`` (beat, every 2 s) does the same for every running event.
"""

from __future__ import annotations

import functools
import logging
from datetime import datetime, timedelta

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from apps.protocol.server import TournamentSeated
from apps.ratings.models import Playban
from apps.ratings.modes import MODES, quick_options
from apps.social.services import send_to_users
from apps.tables import conf as table_conf
from apps.tables.bulk import Seated, tables_create_seated
from apps.tables.models import Table
from apps.tables.seating import match_next, normalized_options

from . import brackets, live, pairing, penalties, scoring, signals
from .models import Entrant, Pairing, Tournament
from .schedule import reminders_send, schedules_open
from .standings import BYE_POINTS, match_points, standings

log = logging.getLogger(__name__)

#: An arena starts no table in its last seconds (lichess: 30 s).
ARENA_LAST_SECONDS = 30
#: Match points of a Swiss or knockout match by outcome (Victory Points replace them between two
#: sides of the belot family).
POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def _active(tournament: Tournament) -> list[Entrant]:
    entrants = Entrant.objects.filter(
        tournament=tournament, withdrawn=False, eliminated=False, confirmed=True
    )
    return list(entrants.order_by("joined_at", "id"))


def no_show_ms() -> int:
    """How long a tournament table waits for a player before a bot takes his seat and he loses
    the match (the ``TOURNAMENTS_NO_SHOW_SECONDS`` setting, 60 s as the issue asks)."""
    return int(getattr(settings, "TOURNAMENTS_NO_SHOW_SECONDS", 60)) * 1000


def _busy(tournament: Tournament) -> set[int]:
    """Entrants at a table of the event whose match is not over."""
    busy: set[int] = set()
    for ids in Pairing.objects.filter(tournament=tournament, finished=False).values_list(
        "entrants", flat=True
    ):
        busy.update(int(i) for i in ids)
    return busy


def _met(tournament: Tournament, *, last_only: bool) -> dict[int, set[int]]:
    """Who met whom in the event (``last_only``: only at each entrant's last table)."""
    met: dict[int, set[int]] = {}
    seen: set[int] = set()
    played = Pairing.objects.filter(tournament=tournament)
    for ids in played.order_by("-created_at", "-id").values_list("entrants", flat=True):
        ids = [int(i) for i in ids]
        if len(ids) < 2:
            continue  # a bye
        for pk in ids:
            if last_only and pk in seen:
                continue
            met.setdefault(pk, set()).update(o for o in ids if o != pk)
        seen.update(ids)
    return met


def _seats(
    mode: str, table: tuple[int, ...], by_id: dict[int, Entrant]
) -> list[tuple[int | None, str | None]]:
    """The table's seats: in 2 on 2 each side's pair at seats 0 and 2, 1 and 3."""
    if MODES[mode].teams:
        a, b = (by_id[pk] for pk in table)
        return [(a.user_id, None), (b.user_id, None), (a.partner_id, None), (b.partner_id, None)]
    return [(by_id[pk].user_id, None) for pk in table]


def _open_tables(
    tournament: Tournament, tables: tuple[tuple[int, ...], ...], by_id: dict[int, Entrant]
) -> None:
    """Create, seat and start the tables of ``tables`` (entrant ids by table) in one batch
    (:func:`apps.tables.bulk.tables_create_seated`: a few queries however many tables, under the
    tournament's lock), write their pairings, and after the commit tell the seated people."""
    mode = MODES[tournament.mode]
    options = normalized_options(mode.game, quick_options(tournament.mode))
    banned_all = _banned([by_id[pk] for ids in tables for pk in ids])
    playing: list[tuple[int, ...]] = []
    specs: list[Seated] = []
    for ids in tables:
        banned = banned_all & set(ids)
        if banned:
            _forfeit(tournament, ids, banned)
            continue
        seats = _seats(tournament.mode, ids, by_id)
        playing.append(ids)
        specs.append(Seated(seats=seats, owner_id=seats[0][0]))
    created = tables_create_seated(
        game=mode.game,
        options=options,
        tables=specs,
        rated=True,
        show_ms=no_show_ms(),
        absent_bot=True,
    )
    Pairing.objects.bulk_create(
        Pairing(tournament=tournament, round=tournament.round, table=table, entrants=list(ids))
        for table, ids in zip(created, playing, strict=True)
    )
    seated = [
        (table.pk, [user_id for user_id, _bot in spec.seats if user_id])
        for table, spec in zip(created, specs, strict=True)
    ]
    transaction.on_commit(functools.partial(seated_notify_many, tournament, seated))


def _banned(entrants: list[Entrant]) -> set[int]:
    """The ids of ``entrants`` one of whose players is banned from rated play now (one query):
    a rated match would not start with him (apps.ratings' start guard)."""
    people = {pk: e.pk for e in entrants for pk in (e.user_id, e.partner_id) if pk}
    if not people:
        return set()
    now = timezone.now()
    bans = Playban.objects.filter(
        user_id__in=people, lifted_at__isnull=True, starts_at__lte=now, ends_at__gt=now
    ).values_list("user_id", flat=True)
    return {people[user_id] for user_id in bans}


def _forfeit(tournament: Tournament, ids: tuple[int, ...], banned: set[int]) -> None:
    """A table that cannot start because a player at it is banned from rated play (a playban
    since the event began): no table; the banned lose it, the others win it as by a bye."""
    win = BYE_POINTS[match_points(tournament)] if tournament.format == Tournament.Format.SWISS else 1.0
    results = {
        str(pk): {"outcome": "loss", "score": None, "points": 0.0}
        if pk in banned
        else {"outcome": "win", "score": None, "points": win}
        for pk in ids
    }
    pairing_ = Pairing.objects.create(
        tournament=tournament,
        round=tournament.round,
        entrants=list(ids),
        results=results,
        finished=True,
        finished_at=timezone.now(),
    )
    if tournament.format == Tournament.Format.KNOCKOUT:
        _eliminate(pairing_)


def seated_notify(tournament: Tournament, table_id: int, user_ids: list[int]) -> None:
    """Each person seated at a tournament table gets the lobby socket's ``tournament_seated``
    frame wherever he is on the site (a toast leading to the table)."""
    frame = TournamentSeated(
        tournament=tournament.pk,
        name=tournament.name,
        table=table_id,
        url=reverse("lobby:table", args=[table_id]),
    )
    send_to_users(user_ids, frame)
    signals.table_seated.send_robust(
        sender=Tournament, tournament_id=tournament.pk, table_id=table_id, user_ids=list(user_ids)
    )


def seated_notify_many(tournament: Tournament, seated: list[tuple[int, list[int]]]) -> None:
    """:func:`seated_notify` for each ``(table id, user ids)`` of a batch (one after-commit
    callback for the batch)."""
    for table_id, user_ids in seated:
        seated_notify(tournament, table_id, user_ids)


def _byes(tournament: Tournament, ids: tuple[int, ...]) -> None:
    points = BYE_POINTS[match_points(tournament)] if tournament.format == Tournament.Format.SWISS else 1.0
    now = timezone.now()
    for pk in ids:
        Pairing.objects.create(
            tournament=tournament,
            round=tournament.round,
            entrants=[pk],
            results={str(pk): {"outcome": "bye", "points": points}},
            finished=True,
            finished_at=now,
        )
        Entrant.objects.filter(pk=pk).update(byes=F("byes") + 1)


def _table_size(tournament: Tournament) -> int:
    mode = MODES[tournament.mode]
    return 2 if mode.teams else mode.players


def tournament_start(tournament_id: int, now: datetime | None = None) -> Tournament:
    """Start a tournament in registration whose time has come (or now, if staff asks): fewer
    than two entrants (or than a table in its mode) cancel it."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.status != Tournament.Status.REGISTRATION:
            return tournament
        entrants = _active(tournament)
        if len(entrants) < _table_size(tournament):
            tournament.status = Tournament.Status.CANCELLED
            tournament.finished_at = now or timezone.now()
            tournament.save(update_fields=["status", "finished_at"])
            live.changed(tournament.pk)
            return tournament
        tournament.status = Tournament.Status.RUNNING
        tournament.started_at = now or timezone.now()
        tournament.save(update_fields=["status", "started_at"])
        if tournament.format == Tournament.Format.ARENA:
            arena_pass(tournament, now=now)
        else:
            round_next(tournament)
    return tournament


def _entrants_for_pairing(tournament: Tournament, *, last_only: bool) -> list[pairing.Entrant]:
    lines = {line.entrant_id: line for line in standings(tournament)}
    met = _met(tournament, last_only=last_only)
    return [
        pairing.Entrant(
            e.pk,
            score=lines[e.pk].score,
            rating=e.rating,
            met=frozenset(met.get(e.pk, ())),
            byes=e.byes,
        )
        for e in _active(tournament)
    ]


def round_next(tournament: Tournament) -> None:
    """Pair and open the next round of a Swiss or knockout (the caller holds the tournament
    row), or finish the tournament when it is over."""
    live.changed(tournament.pk)
    entrants = {e.pk: e for e in _active(tournament)}
    if tournament.format == Tournament.Format.SWISS:
        if tournament.round >= (tournament.rounds or 0) or len(entrants) < _table_size(tournament):
            tournament_finish(tournament)
            return
        tournament.round += 1
        tournament.save(update_fields=["round"])
        field = _entrants_for_pairing(tournament, last_only=False)
        size = _table_size(tournament)
        if size == 2:
            found = pairing.pair_two_sided(field)
            tables = _seats_balanced(tournament, found.tables)
        else:
            found = pairing.group_tables(field, size=size, min_size=size)
            tables = found.tables
        _byes(tournament, found.byes)
        _open_tables(tournament, tables, entrants)
        return
    if len(entrants) < 2:
        tournament_finish(tournament)
        return
    tournament.round += 1
    tournament.save(update_fields=["round"])
    pairs: list[tuple[int, int | None]]
    if tournament.round == 1:
        seeded = sorted(entrants.values(), key=lambda e: (-e.rating, e.joined_at, e.pk))
        pairs = brackets.first_round([e.pk for e in seeded])
    else:
        pairs = list(brackets.next_round(_winners_in_bracket_order(tournament)))
    _byes(tournament, tuple(a for a, b in pairs if b is None))
    _open_tables(tournament, tuple((a, b) for a, b in pairs if b is not None), entrants)


def _seats_balanced(
    tournament: Tournament, tables: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, ...], ...]:
    """Two-sided tables ordered so that whoever sat first (seat 0) fewer times in the event sits
    first now (as chess balances colours); on a tie the pairing's order stands."""
    firsts: dict[int, int] = {}
    for ids in Pairing.objects.filter(tournament=tournament).values_list("entrants", flat=True):
        if len(ids) >= 2:
            firsts[int(ids[0])] = firsts.get(int(ids[0]), 0) + 1
    return tuple(
        (b, a) if firsts.get(b, 0) < firsts.get(a, 0) else (a, b) for a, b in (tuple(t) for t in tables)
    )


def _winners_in_bracket_order(tournament: Tournament) -> list[int]:
    """The last round's winners (a bye's entrant included), in the order of its pairings."""
    last = Pairing.objects.filter(tournament=tournament, round=tournament.round - 1).order_by("id")
    winners = []
    for p in last:
        for key, result in p.results.items():
            if result["outcome"] in ("win", "bye"):
                winners.append(int(key))
    return winners


def arena_pass(tournament: Tournament, now: datetime | None = None) -> int:
    """Seat the arena's free entrants at new tables (never against their last table's
    opponents); returns how many tables it opened. Nothing opens in the window's last 30 s,
    and after the window the arena finishes once its last tables are over."""
    if tournament.started_at is None:  # not started: no table yet
        return 0
    now = now or timezone.now()
    end = tournament.started_at + timedelta(minutes=tournament.minutes or 0)
    if now >= end - timedelta(seconds=ARENA_LAST_SECONDS):
        if now >= end and not Pairing.objects.filter(tournament=tournament, finished=False).exists():
            tournament_finish(tournament, now=now)
        return 0
    busy = _busy(tournament)
    entrants = {e.pk: e for e in _active(tournament)}
    banned = _banned([e for pk, e in entrants.items() if pk not in busy])
    field = [e for e in _entrants_for_pairing(tournament, last_only=True) if e.id not in busy | banned]
    size = _table_size(tournament)
    found = pairing.arena_tables(field, size=size, min_size=size)
    _open_tables(tournament, found.tables, entrants)
    if found.tables:
        live.changed(tournament.pk)
    return len(found.tables)


def tournament_finish(tournament: Tournament, now: datetime | None = None) -> None:
    """Mark the tournament finished (its standings are final) with its winner, the first line
    of the standings if it played a match (his trophy on the profile)."""
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now or timezone.now()
    lines = standings(tournament)
    tournament.winner_id = lines[0].entrant_id if lines and lines[0].played else None
    tournament.save(update_fields=["status", "finished_at", "winner"])
    live.changed(tournament.pk)
    log.info("tournament %s finished", tournament.pk)


def _outcome(row) -> str:
    if row.outcome in ("win", "draw"):
        return row.outcome
    return "loss"


def _result_of(
    tournament: Tournament, pairing_: Pairing, rows, by_user: dict[int, int], replaced: dict[int, int]
) -> dict[str, dict]:
    """Each entrant's result at the table from the match's result rows (a seat a bot took over
    counts for the entrant it was taken from: ``replaced``, seat -> user)."""
    vp = match_points(tournament) == "vp" and tournament.format == Tournament.Format.SWISS
    results: dict[str, dict] = {}
    enders = {row.ended_by for row in rows if row.ended_by is not None}
    for row in rows:
        user_id = row.user_id or replaced.get(row.seat)
        entrant = by_user.get(user_id) if user_id else None
        if entrant is None or str(entrant) in results:
            continue
        outcome = _outcome(row)
        if row.outcome == "void":  # aborted: the one who ended it loses, the others win
            outcome = "loss" if row.seat in enders else ("win" if enders else "draw")
        points = POINTS[outcome]
        if vp and row.score is not None and len(row.totals) == 2:
            options = (pairing_.table.options if pairing_.table else None) or {}
            target = int(options.get("target") or max(row.totals) or 1)
            points = float(scoring.victory_points(row.totals[row.side], row.totals[1 - row.side], target)[0])
        results[str(entrant)] = {"outcome": outcome, "score": row.score, "points": points}
    return results


def _no_show_results(tournament: Tournament, results: dict[str, dict], absent: set[int]) -> dict[str, dict]:
    """A match a no-show's bot played out: the absent entrants lose it with no points; at a
    two-sided table the other side wins it as by a bye (whatever the bot scored); at a table of
    three to six the others keep the results they played for."""
    out = dict(results)
    present = [k for k in out if int(k) not in absent]
    for key in out:
        if int(key) in absent:
            out[key] = {**out[key], "outcome": "loss", "points": 0.0}
    if len(out) == 2 and present:
        (key,) = present
        points = BYE_POINTS[match_points(tournament)] if tournament.format == Tournament.Format.SWISS else 1.0
        out[key] = {**out[key], "outcome": "win", "points": points}
    return out


def results_count(sender, match, rows, **kwargs) -> None:
    """``results_recorded`` receiver: a tournament table's results become its pairing's, in the
    transaction that finishes the match; the tournament advances after the commit."""
    found = Pairing.objects.select_related("table", "tournament").filter(
        table_id=match.table_id, finished=False
    )
    pairing_ = found.first()
    if pairing_ is None:
        return
    tournament = pairing_.tournament
    entrants = Entrant.objects.filter(pk__in=[int(i) for i in pairing_.entrants])
    by_user: dict[int, int] = {}
    for e in entrants:
        by_user[e.user_id] = e.pk
        if e.partner_id:
            by_user[e.partner_id] = e.pk
    # a bot stood in for a no-show (apps.tables.replacing): that entrant lost the match
    replaced = {int(p["seat"]): int(p["replaced"]) for p in match.players if p.get("replaced")}
    absent = {by_user[u]: u for u in replaced.values() if u in by_user}
    results = _result_of(tournament, pairing_, rows, by_user, replaced)
    if absent:
        results = _no_show_results(tournament, results, set(absent))
    for entrant_id, user_id in absent.items():
        penalties.no_show_count(entrant_id, user_id)
    for row in rows:
        if row.ending == "no_show" and row.ended_by == row.seat and row.user_id in by_user:
            penalties.no_show_count(by_user[row.user_id], row.user_id)
    if tournament.format == Tournament.Format.KNOCKOUT and tournament.best_of == 3:
        no_show = bool(absent) or any(row.ending == "no_show" for row in rows)
        series = _series_count(pairing_, results, no_show=no_show)
        if series is None:  # nobody has two wins yet: the next match starts after the commit
            live.changed(tournament.pk)  # the bracket's «1:0»
            transaction.on_commit(lambda: _advance_soon(tournament.pk))
            return
        results = series
    pairing_.results = results
    pairing_.finished = True
    pairing_.finished_at = timezone.now()
    pairing_.save(update_fields=["results", "games", "finished", "finished_at"])
    if tournament.format == Tournament.Format.KNOCKOUT:
        _eliminate(pairing_)
    live.changed(tournament.pk)
    transaction.on_commit(lambda: _advance_soon(tournament.pk))


def _series_count(pairing_: Pairing, results: dict[str, dict], *, no_show: bool) -> dict[str, dict] | None:
    """Knockout «до двух побед»: add the match's ``results`` to the pairing's games; the
    pairing's results once it is decided (each side's ``score`` its wins, a no-show ends it at
    once), else ``None`` (the games saved)."""
    sides = [int(pk) for pk in pairing_.entrants]
    winners = sorted(int(k) for k, r in results.items() if r["outcome"] == "win")
    pairing_.games = [*pairing_.games, winners]
    over, winner = brackets.series_winner(pairing_.games, sides)
    if no_show and not over:
        over, winner = True, (winners[0] if winners else None)
    if not over:
        pairing_.save(update_fields=["games"])
        return None
    score = brackets.series_score(pairing_.games, sides)
    decided: dict[str, dict] = {}
    for pk in sides:
        outcome = "draw" if winner is None else ("win" if pk == winner else "loss")
        decided[str(pk)] = {"outcome": outcome, "score": score[pk], "points": POINTS[outcome]}
    return decided


def _series_next(tournament: Tournament) -> None:
    """Knockout «до двух побед»: start the next match at each table of the round whose pairing
    is not decided and whose last match is over."""
    if tournament.best_of != 3:
        return
    undecided = Pairing.objects.filter(
        tournament=tournament, round=tournament.round, finished=False, table__status=Table.Status.FINISHED
    ).exclude(games=[])
    for table_id in undecided.values_list("table_id", flat=True):
        match_next(table_id=table_id, show_ms=no_show_ms(), absent_bot=True)


def _advance_soon(tournament_id: int) -> None:
    """Send ``tournaments.advance`` by name (the beat's tick covers a lost one)."""
    if table_conf.scheduler() != "celery":
        return
    try:
        current_app.send_task("tournaments.advance", args=[tournament_id])
    except Exception:  # broker down: the tick advances it within 2 s
        log.exception("sending tournaments.advance(%s) failed", tournament_id)


def _eliminate(pairing_: Pairing) -> None:
    """Knockout: the loser leaves the bracket; a draw sends the lower-rated side home (the
    higher seed goes on, as documented)."""
    results = pairing_.results
    winners = [k for k, r in results.items() if r["outcome"] == "win"]
    if not winners:
        entrants = sorted(
            Entrant.objects.filter(pk__in=[int(k) for k in results]),
            key=lambda e: (-e.rating, e.joined_at, e.pk),
        )
        if entrants:
            results[str(entrants[0].pk)]["outcome"] = "win"
            results[str(entrants[0].pk)]["points"] = POINTS["win"]
            pairing_.save(update_fields=["results"])
            winners = [str(entrants[0].pk)]
    losers = [int(k) for k in results if k not in winners]
    Entrant.objects.filter(pk__in=losers).update(eliminated=True)


def tournament_advance(tournament_id: int, now: datetime | None = None) -> None:
    """Start what comes next in a running tournament: an arena's next pass; a Swiss or
    knockout's next round once every table of the current one is over. Idempotent (beat calls
    it every 2 s): the tournament row is locked, and nothing happens while a table still plays."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None or tournament.status != Tournament.Status.RUNNING:
            return
        if tournament.format == Tournament.Format.ARENA:
            arena_pass(tournament, now=now)
            return
        if tournament.format == Tournament.Format.KNOCKOUT:
            _series_next(tournament)
        if Pairing.objects.filter(tournament=tournament, round=tournament.round, finished=False).exists():
            return
        round_next(tournament)


def tournaments_tick(now: datetime | None = None) -> dict[str, int]:
    """Beat (every 2 s): open the scheduled events that are due, remind the entrants of those
    starting within 2 minutes, start each tournament whose time has come, advance each running
    one."""
    now = now or timezone.now()
    opened = len(schedules_open(now))
    reminded = reminders_send(now)
    due = Tournament.objects.filter(status=Tournament.Status.REGISTRATION, starts_at__lte=now)
    started = 0
    for pk in due.values_list("pk", flat=True):
        tournament_start(pk, now=now)
        started += 1
    running = list(Tournament.objects.filter(status=Tournament.Status.RUNNING).values_list("pk", flat=True))
    for pk in running:
        tournament_advance(pk, now=now)
    return {"opened": opened, "reminded": reminded, "started": started, "running": len(running)}
