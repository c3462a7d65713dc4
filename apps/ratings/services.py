"""The ratings' writes: rate a finished match (live, from the stats hook) and rebuild every rating
from the stored results (``manage.py recompute_ratings``).

Both go through :func:`rate_match`, so a recompute replays exactly what the live updates did:
the same ranking (:mod:`.ranking`), the same model (:mod:`.skill`), the same order (by finish
time, then match id), the same floats.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import combinations

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from apps.stats.models import Result
from apps.tables.models import Match, Move

from . import calibration, fairplay
from .models import Rating, RatingBucket, RatingChange
from .modes import mode_of
from .ranking import MU0, PROVISIONAL_GAMES, SIGMA0, Participant, Who, match_ranking, provisional, shown
from .skill import model

#: A person's last moves that, all made by the clock, mean he was gone (fair play counts it).
STALLED_MOVES = 3
#: Endings in which the seat that ended the match abandoned it.
ABANDON_ENDINGS = frozenset({"leave", "disconnect"})


@dataclass
class Standing:
    """A person's rating in one mode while it is being updated."""

    mu: float = MU0
    sigma: float = SIGMA0
    games: int = 0


def match_rated(rated: bool | None, has_bots: bool) -> bool:
    """Whether a match counts: «на рейтинг» chosen (True), refused (False), or by default (None)
    only when every player is a person."""
    if rated is None:
        return not has_bots
    return bool(rated)


def rate_match(
    mode: str, participants: list[Participant], ending: str, standings: dict[int, Standing]
) -> dict[int, Standing]:
    """The new standings of the people among ``participants`` (``who == ("user", id)``) after a
    match of ``mode`` that ended with ``ending``; ``standings`` holds their current ones (a person
    missing there starts at the default). Bots (``("bot", level)``) play at their fixed rating
    and are not updated. Pure: nothing is written."""
    m = model()
    teams, ranks = match_ranking(participants, ending)
    skill = []
    for team in teams:
        row = []
        for p in team:
            who = p.who
            if who[0] == "user":
                s = standings.get(who[1]) or Standing()
                row.append(m.rating(mu=s.mu, sigma=s.sigma))
            else:
                row.append(m.rating(mu=calibration.bot_mu(mode, who[1]), sigma=calibration.BOT_SIGMA))
        skill.append(row)
    float_ranks: list[float] = list(ranks)  # openskill declares float ranks; ours are whole
    rated = m.rate(skill, ranks=float_ranks)
    out = {}
    for team, new in zip(teams, rated, strict=True):
        for p, r in zip(team, new, strict=True):
            who = p.who
            if who[0] == "user":
                before = standings.get(who[1]) or Standing()
                out[who[1]] = Standing(mu=r.mu, sigma=r.sigma, games=before.games + 1)
    return out


def participants_of(rows: Iterable) -> list[Participant]:
    """Result rows (:class:`apps.stats.models.Result` or alike) as rating participants; a person
    whose account is gone plays as a newcomer nobody updates."""
    out = []
    for r in rows:
        if r.user_id is not None:
            who: Who = ("user", r.user_id)
        else:
            who = ("bot", r.bot_level or "normal")
        out.append(Participant(seat=r.seat, side=r.side, outcome=r.outcome, score=r.score, who=who))
    return out


def match_mode(match, rows: list) -> str | None:
    """The rating mode of the finished ``match`` with result ``rows``, or None when it is not rated
    (casual, an admin-ended or aborted match, a mode without a rating, no person at all). The
    same-pair limit (:func:`pair_limit_reached`) is the callers' second check."""
    if not rows or any(r.outcome == "void" for r in rows) or all(r.user_id is None for r in rows):
        return None
    result = match.result or {}
    if "rated" in result:
        rated = bool(result["rated"])
    else:
        rated = match_rated(match.table.rated, any(r.bot_level for r in rows))
    return mode_of(match.game, match.options, len(rows)) if rated else None


#: How far back the same-pair limit looks.
PAIR_WINDOW = timedelta(hours=24)


def pair_limit_reached(people: set[int], earlier: Iterable[set[int]]) -> bool:
    """Whether two of ``people`` already played :data:`settings.RATINGS_SAME_PAIR_PER_DAY` rated
    matches together among ``earlier`` (the people of each rated match of the last
    :data:`PAIR_WINDOW`): then another match between them is not rated, so that two accounts
    cannot farm a rating (docs/security.md).

    >>> from django.conf import settings
    >>> pair_limit_reached({1, 2}, [{1, 2, 3}] * settings.RATINGS_SAME_PAIR_PER_DAY)
    True
    >>> pair_limit_reached({1, 2}, [{1, 3}, {2, 3}] * 10)
    False
    """
    counts: Counter[tuple[int, int]] = Counter()
    for users in earlier:
        counts.update(combinations(sorted(people & users), 2))
    return any(n >= settings.RATINGS_SAME_PAIR_PER_DAY for n in counts.values())


def _recent_rated_people(people: set[int], match_id: int, until) -> list[set[int]]:
    """The people of each rated match of ``people`` finished in the :data:`PAIR_WINDOW` before
    ``until`` (``match_id`` left out), from the stored rating changes."""
    recent = RatingChange.objects.filter(
        user_id__in=people, finished_at__gte=until - PAIR_WINDOW, finished_at__lte=until
    ).exclude(match_id=match_id)
    together: dict[int, set[int]] = {}
    for user_id, played in recent.values_list("user_id", "match_id"):
        together.setdefault(played, set()).add(user_id)
    return list(together.values())


def abandoned_seats(match, rows: list) -> set[int]:
    """Seats of people who abandoned ``match``: the one whose leave or lost connection ended it,
    and those whose last :data:`STALLED_MOVES` moves were all made by the clock."""
    out = set()
    for r in rows:
        if r.user_id is None:
            continue
        if r.ending in ABANDON_ENDINGS and r.ended_by == r.seat:
            out.add(r.seat)
            continue
        moves = Move.objects.filter(match_id=match.pk, seat=r.seat).order_by("-seq")
        actors = list(moves.values_list("actor", flat=True)[:STALLED_MOVES])
        if len(actors) == STALLED_MOVES and all(a == Move.Actor.TIMER for a in actors):
            out.add(r.seat)
    return out


def ratings_apply(match, rows: list, **_signal) -> list[RatingChange]:
    """Rate the match that just finished (the receiver of :data:`apps.stats.signals.results_recorded`,
    which :func:`apps.stats.services.results_record` sends in the transaction that ends it):
    update each person's :class:`Rating`, write a :class:`RatingChange` each, put ``rated`` and
    ``ratings`` (per seat ``before``, ``after``, ``delta``, ``provisional``) into ``match.result``
    (the final frame shows them), and hand the abandonments to fair play. Returns the changes
    ([] when the match is not rated)."""
    mode = match_mode(match, rows)
    people = {r.user_id for r in rows if r.user_id is not None}
    finished = match.finished_at or timezone.now()
    if mode is not None and pair_limit_reached(people, _recent_rated_people(people, match.pk, finished)):
        mode = None
    result = dict(match.result or {})
    result["rated"] = mode is not None
    changes: list[RatingChange] = []
    if mode is not None:
        user_ids = sorted({r.user_id for r in rows if r.user_id is not None})
        Rating.objects.bulk_create([Rating(user_id=u, mode=mode) for u in user_ids], ignore_conflicts=True)
        # one order for every match: two matches with the same people never deadlock
        locked = Rating.objects.select_for_update().filter(mode=mode, user_id__in=user_ids)
        current = {r.user_id: r for r in locked.order_by("user_id")}
        standings = {u: Standing(r.mu, r.sigma, r.games) for u, r in current.items()}
        ending = rows[0].ending
        new = rate_match(mode, participants_of(rows), ending, standings)
        gone = abandoned_seats(match, rows)
        seats = {}
        for r in rows:
            if r.user_id is None:
                continue
            rating, after = current[r.user_id], new[r.user_id]
            before_value = rating.value
            rating.mu, rating.sigma, rating.games = after.mu, after.sigma, after.games
            rating.value, rating.updated_at = shown(after.mu), finished
            changes.append(
                RatingChange(
                    user_id=r.user_id,
                    match_id=match.pk,
                    seat=r.seat,
                    mode=mode,
                    before=before_value,
                    after=rating.value,
                    mu=after.mu,
                    sigma=after.sigma,
                    games=after.games,
                    abandoned=r.seat in gone,
                    finished_at=finished,
                )
            )
            seats[str(r.seat)] = {
                "before": before_value,
                "after": rating.value,
                "delta": rating.value - before_value,
                "provisional": provisional(after.games),
            }
        Rating.objects.bulk_update(list(current.values()), ["mu", "sigma", "games", "value", "updated_at"])
        buckets_move(mode, [(c.before, c.games - 1, c.after, c.games) for c in changes])
        RatingChange.objects.bulk_create(changes)
        result["mode"] = mode
        result["ratings"] = seats
    match.result = result
    Match.objects.filter(pk=match.pk).update(result=result)
    for change in changes:
        if change.abandoned:
            fairplay.abandonment_record(change.user_id, match_id=match.pk, now=change.finished_at)
    fairplay.no_show_record(rows, match_id=match.pk, now=finished)
    return changes


def buckets_move(mode: str, moves: list[tuple[int, int, int, int]]) -> None:
    """Keep :class:`RatingBucket` counts: each ``(value before, games before, value after, games
    after)`` leaves its old bucket if it was established and joins the new one if it is now.
    Buckets are updated in value order (concurrent matches never deadlock on them)."""
    delta: dict[int, int] = {}
    for before, games_before, after, games_after in moves:
        if games_before >= PROVISIONAL_GAMES:
            delta[before] = delta.get(before, 0) - 1
        if games_after >= PROVISIONAL_GAMES:
            delta[after] = delta.get(after, 0) + 1
    changed = sorted((v, d) for v, d in delta.items() if d)
    if not changed:
        return
    table = RatingBucket._meta.db_table
    with connection.cursor() as cursor:
        for value, d in changed:
            cursor.execute(
                f"INSERT INTO {table} (mode, value, players) VALUES (%s, %s, %s) "
                "ON CONFLICT (mode, value) DO UPDATE SET players = "
                f"{table}.players + EXCLUDED.players",
                [mode, value, d],
            )


def buckets_rebuild() -> None:
    """Count every mode's established players per shown rating afresh (recompute, benches, tests
    that write ratings directly)."""
    bucket, rating = RatingBucket._meta.db_table, Rating._meta.db_table
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {bucket}")
        cursor.execute(
            f"INSERT INTO {bucket} (mode, value, players) SELECT mode, value, count(*) FROM {rating} "
            "WHERE games >= %s GROUP BY mode, value",
            [PROVISIONAL_GAMES],
        )


def recompute_all() -> dict:
    """Rebuild every :class:`Rating` and :class:`RatingChange` from the stored results, matches in
    the order they finished (then by id). Deterministic; equals the live values when the live
    updates ran in that order. Bans are left as they are (they are decisions, not derived).
    Returns ``{"matches", "ratings", "changes"}`` counts."""
    standings: dict[tuple[int, str], Standing] = {}
    changes: list[RatingChange] = []
    last: dict[tuple[int, str], datetime] = {}
    rated_matches = 0
    window: deque[tuple[datetime, set[int]]] = deque()  # the rated matches of the last PAIR_WINDOW
    by_match: dict[int, list] = {}
    for row in Result.objects.order_by("finished_at", "match_id", "seat").iterator(chunk_size=5000):
        by_match.setdefault(row.match_id, []).append(row)
    matches = Match.objects.select_related("table").in_bulk(list(by_match))
    for match_id, rows in by_match.items():
        match = matches[match_id]
        mode = match_mode(match, rows)
        people = {r.user_id for r in rows if r.user_id is not None}
        finished = match.finished_at or rows[0].finished_at
        while window and window[0][0] < finished - PAIR_WINDOW:
            window.popleft()
        if mode is None or pair_limit_reached(people, (users for _, users in window)):
            continue
        window.append((finished, people))
        rated_matches += 1
        current = {r.user_id: standings.get((r.user_id, mode)) for r in rows if r.user_id is not None}
        new = rate_match(mode, participants_of(rows), rows[0].ending, {u: s for u, s in current.items() if s})
        gone = abandoned_seats(match, rows)
        for r in rows:
            if r.user_id is None:
                continue
            before = current[r.user_id] or Standing()
            after = new[r.user_id]
            standings[(r.user_id, mode)] = after
            last[(r.user_id, mode)] = r.finished_at
            changes.append(
                RatingChange(
                    user_id=r.user_id,
                    match_id=match_id,
                    seat=r.seat,
                    mode=mode,
                    before=shown(before.mu),
                    after=shown(after.mu),
                    mu=after.mu,
                    sigma=after.sigma,
                    games=after.games,
                    abandoned=r.seat in gone,
                    finished_at=match.finished_at or r.finished_at,
                )
            )
    with transaction.atomic():
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
        Rating.objects.bulk_create(
            [
                Rating(
                    user_id=u,
                    mode=mode,
                    mu=s.mu,
                    sigma=s.sigma,
                    games=s.games,
                    value=shown(s.mu),
                    updated_at=last[(u, mode)],
                )
                for (u, mode), s in sorted(standings.items())
            ],
            batch_size=5000,
        )
        RatingChange.objects.bulk_create(changes, batch_size=5000)
        buckets_rebuild()
    return {"matches": rated_matches, "ratings": len(standings), "changes": len(changes)}
