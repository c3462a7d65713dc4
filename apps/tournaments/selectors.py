"""What the tournament pages and the API show: the list, one tournament with its standings,
its current round's tables and the bracket."""

from __future__ import annotations

import functools
import zlib
from array import array
from datetime import timedelta
from typing import NamedTuple

import msgspec
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import Count, Max, Q
from django.urls import reverse

from apps.ratings.labels import mode_name
from apps.ratings.modes import MODES
from apps.tables.models import Match

from .brackets import series_score
from .models import Entrant, Pairing, Tournament
from .standings import match_points, standings


def _names(user_ids: set[int]) -> dict[int, str]:
    users = get_user_model().objects.filter(pk__in=user_ids)
    return {u.pk: (getattr(u, "display_name", "") or u.username) for u in users}


def tournament_summary(t: Tournament, *, entrants: int | None = None) -> dict:
    """The fields a list row and the API's list show."""
    return {
        "id": t.pk,
        "name": t.name,
        "format": t.format,
        "format_name": str(t.get_format_display()),
        "mode": t.mode,
        "mode_name": mode_name(t.mode),
        "status": t.status,
        "status_name": str(t.get_status_display()),
        "starts_at": t.starts_at.isoformat(),
        "minutes": t.minutes,
        "rounds": t.rounds,
        "best_of": t.best_of,
        "round": t.round,
        "private": t.private,
        "entrants": entrants if entrants is not None else t.entrants.filter(withdrawn=False).count(),
        "max_entrants": t.max_entrants,
        "url": reverse("tournaments:detail", args=[t.pk]),
    }


def tournaments_list(user=None) -> dict[str, list[dict]]:
    """Public tournaments (and the private ones ``user`` is in or created) by status: upcoming
    (soonest first), live, and the 20 finished last."""
    visible = Q(private=False)
    if user is not None and user.is_authenticated:
        visible |= Q(created_by=user) | Q(entrants__user=user) | Q(entrants__partner=user)
    base = (
        Tournament.objects.filter(visible)
        .annotate(count=Count("entrants", filter=Q(entrants__withdrawn=False), distinct=True))
        .distinct()
    )
    groups = {
        "upcoming": base.filter(status=Tournament.Status.REGISTRATION).order_by("starts_at", "id")[:50],
        "live": base.filter(status=Tournament.Status.RUNNING).order_by("starts_at", "id")[:50],
        "finished": base.filter(status=Tournament.Status.FINISHED).order_by("-finished_at", "-id")[:20],
    }
    return {key: [tournament_summary(t, entrants=t.count) for t in rows] for key, rows in groups.items()}


def may_see(t: Tournament, user, code: str | None = None) -> bool:
    """A private tournament is seen by its creator, its entrants and whoever has its code."""
    if not t.private or (code and code == t.invite_code):
        return True
    if user is None or not user.is_authenticated:
        return False
    if t.created_by_id == user.pk:
        return True
    return Entrant.objects.filter(tournament=t).filter(Q(user=user) | Q(partner=user)).exists()


def _number(value: float) -> int | float:
    """A score as people write it: 2, not 2.0 (½ points stay 0.5)."""
    return int(value) if float(value).is_integer() else value


def _labeller(entrants: dict[int, Entrant], names: dict[int, str]):
    """``label(entrant id)``: the entrant's name, «A + B» for a pair, «?» if unknown."""

    def label(pk) -> str:
        e = entrants.get(int(pk))
        if e is None:
            return "?"
        return names.get(e.user_id, "?") + (f" + {names.get(e.partner_id, '?')}" if e.partner_id else "")

    return label


class _Row(NamedTuple):
    """The fields of a :class:`Pairing` a table entry shows, read as a tuple."""

    id: int
    round: int
    table_id: int | None
    entrants: list
    finished: bool
    results: dict
    games: list


@functools.cache
def _table_url_parts() -> tuple[str, str]:
    """``lobby:table``'s URL around its id (one ``reverse`` for every table of a page)."""
    head, _, tail = reverse("lobby:table", args=[987654321]).partition("987654321")
    return head, tail


def table_url(table_id: int) -> str:
    """The page of table ``table_id`` (as ``reverse("lobby:table", ...)``)."""
    head, tail = _table_url_parts()
    return f"{head}{table_id}{tail}"


def _table_entry(p: Pairing | _Row, label) -> dict:
    """A table of a round (or a bye) as the page and the API show it."""
    return {
        "round": p.round,
        "table": p.table_id,
        "url": table_url(p.table_id) if p.table_id else None,
        "entrants": [
            {
                "id": int(pk),
                "name": label(pk),
                "won": (p.results.get(str(pk)) or {}).get("outcome") in ("win", "bye"),
            }
            for pk in p.entrants
        ],
        "results": p.results,
        "finished": p.finished,
        "games": series_games(p),
    }


def series_games(p: Pairing | _Row) -> str | None:
    """A knockout «до двух побед» pairing's score in wins, in seat order («2:1»; a draw counts
    for neither), once a match of it is over; ``None`` otherwise."""
    if not p.games or len(p.entrants) != 2:
        return None
    score = series_score(p.games, [int(pk) for pk in p.entrants])
    return ":".join(str(score[int(pk)]) for pk in p.entrants)


def round_tables(t: Tournament, round: int, *, limit: int = 500) -> list[dict]:
    """The tables and byes of round ``round`` in pairing order (an arena, whose tables are all
    round 0: its newest ``limit``, newest first)."""
    order = "-id" if t.format == Tournament.Format.ARENA else "id"
    pairings = list(Pairing.objects.filter(tournament=t, round=round).order_by(order)[:limit])
    ids = {int(pk) for p in pairings for pk in p.entrants}
    entrants = {e.pk: e for e in Entrant.objects.filter(pk__in=ids)}
    people = {e.user_id for e in entrants.values()} | {
        e.partner_id for e in entrants.values() if e.partner_id
    }
    label = _labeller(entrants, _names(people))
    return [_table_entry(p, label) for p in pairings]


#: How long computed standings stay cached (each is keyed by the event's state, so never stale).
STANDINGS_CACHE_SECONDS = 120


def _signature(t: Tournament) -> str:
    """What the standings depend on, in two aggregate queries: the finished tables (how many,
    the last) and the entrants' states. Equal signatures mean equal standings."""
    done = Pairing.objects.filter(tournament=t).aggregate(
        n=Count("id", filter=Q(finished=True)), last=Max("id", filter=Q(finished=True))
    )
    people = Entrant.objects.filter(tournament=t).aggregate(
        n=Count("id"),
        last=Max("id"),
        confirmed=Count("id", filter=Q(confirmed=True)),
        withdrawn=Count("id", filter=Q(withdrawn=True)),
        eliminated=Count("id", filter=Q(eliminated=True)),
    )
    parts = (
        done["n"],
        done["last"],
        *(people[k] for k in ("n", "last", "confirmed", "withdrawn", "eliminated")),
    )
    return ".".join(str(part) for part in parts)


class _Standings(NamedTuple):
    """The computed standings as kept in the cache: few objects for the collector to walk, since
    every page view reads them and a 1,000-player event's rows as dicts (with their lists of
    results) made each read promote thousands of containers, and the process's full collections
    (≈ 100 ms under load) came every twenty views. ``encoded``: each row as JSON, by place;
    ``order``: the entrants' ids by place (``array("q")`` bytes); ``labels``: every entrant's
    name by id; ``active``: how many have not withdrawn."""

    encoded: list[bytes]
    order: bytes
    labels: dict[int, str]
    active: int

    def rows(self, limit: int | None = None, also: int | None = None) -> list[dict]:
        """The first ``limit`` rows (all: None) and the row of entrant ``also`` if further down."""
        shown = list(range(len(self.encoded) if limit is None else min(limit, len(self.encoded))))
        if also is not None and limit is not None and limit < len(self.encoded):
            at = self.place_of(also)
            if at is not None and at >= limit:
                shown.append(at)
        return [msgspec.json.decode(self.encoded[n]) for n in shown]

    def place_of(self, entrant_id: int) -> int | None:
        """The 0-based place of the entrant (None: not in the standings)."""
        ids = array("q")
        ids.frombytes(self.order)
        try:
            return ids.index(entrant_id)
        except ValueError:
            return None

    def places(self) -> dict[int, int]:
        """Entrant id -> 0-based place."""
        ids = array("q")
        ids.frombytes(self.order)
        return {pk: n for n, pk in enumerate(ids)}


def _standings_key(t: Tournament) -> str:
    """The cache key of ``t``'s standings in its current state (:func:`_signature`)."""
    return f"tournaments:standings:v2:{t.pk}:{_signature(t)}"


def _standing_rows(t: Tournament, key: str) -> _Standings:
    """The standings as rows (names, scores, tie-breaks, 🔥), every entrant's name by id and how
    many have not withdrawn, cached under ``key`` (:func:`_standings_key`): every open page reads
    them after each change, and a 1,000-player arena's standings take a while to compute."""
    cached = cache.get(key)
    if cached is not None:
        return _Standings(*cached)
    lines = standings(t)
    entrants = {e.pk: e for e in Entrant.objects.filter(tournament=t)}
    people = {e.user_id for e in entrants.values()} | {
        e.partner_id for e in entrants.values() if e.partner_id
    }
    label = _labeller(entrants, _names(people))
    labels = {pk: label(pk) for pk in entrants}
    rows = [
        {
            "place": ln.place,
            "entrant": ln.entrant_id,
            "name": labels[ln.entrant_id],
            "score": _number(ln.score),
            "results": ln.results,
            "on_fire": ln.on_fire,
            "buchholz": _number(ln.buchholz),
            "sonneborn_berger": _number(ln.sonneborn_berger),
            "played": ln.played,
            "withdrawn": ln.withdrawn,
            "eliminated": ln.eliminated,
        }
        for ln in lines
    ]
    value = _Standings(
        encoded=[msgspec.json.encode(row) for row in rows],
        order=array("q", [ln.entrant_id for ln in lines]).tobytes(),
        labels=labels,
        active=sum(1 for e in entrants.values() if not e.withdrawn),
    )
    cache.set(key, tuple(value), STANDINGS_CACHE_SECONDS)
    return value


class _Boards(NamedTuple):
    """The current tables of a Swiss round or an arena, kept in the cache per state: their ids
    with the best placed first (``array("q")`` bytes), how many, and each entrant's open table."""

    best: bytes
    total: int
    open_of: dict[int, int]


def _boards(t: Tournament, kept: _Standings) -> tuple[_Boards, str]:
    """:class:`_Boards` of ``t``, computed once per state of its pairings and standings, and the
    cache key of that state."""
    state = Pairing.objects.filter(tournament=t).aggregate(
        n=Count("id"), last=Max("id"), done=Count("id", filter=Q(finished=True))
    )
    mark = f"{t.round}.{state['n']}.{state['last']}.{state['done']}.{zlib.crc32(kept.order)}"
    key = f"tournaments:boards:{t.pk}:{mark}"
    cached = cache.get(key)
    if cached is not None:
        return _Boards(*cached), key
    pairings = Pairing.objects.filter(tournament=t)
    if t.format == Tournament.Format.ARENA:
        pairings = pairings.filter(finished=False)
    else:
        pairings = pairings.filter(round=t.round)
    found = list(pairings.order_by("round", "id").values_list("id", "entrants", "finished", "table_id"))
    place = kept.places()
    best = sorted(found, key=lambda p: min((place.get(int(x), len(place)) for x in p[1]), default=len(place)))
    value = _Boards(
        best=array("q", [p[0] for p in best]).tobytes(),
        total=len(found),
        open_of={int(x): pk for pk, ids, finished, table in found if table and not finished for x in ids},
    )
    cache.set(key, tuple(value), STANDINGS_CACHE_SECONDS)
    return value, key


def _boards_shown(
    t: Tournament, kept: _Standings, mine: int | None, tables: int | None, label
) -> tuple[list[dict], int, dict | None, str]:
    """A Swiss round's or an arena's tables as shown: all in pairing order, or with ``tables``
    (when there are more) those of the best placed and the caller's; the total; his open one;
    the cache key of the tables' state."""
    boards, key = _boards(t, kept)
    best = array("q")
    best.frombytes(boards.best)
    mine_open = boards.open_of.get(mine) if mine is not None else None
    if tables is None or boards.total <= tables:
        shown = sorted(best)
    else:
        shown = [pk for n, pk in enumerate(best) if n < tables or pk == mine_open]
    light = ("id", "round", "table_id", "entrants", "finished", "results", "games")
    rows = {v[0]: _Row(*v) for v in Pairing.objects.filter(pk__in=[*shown, mine_open]).values_list(*light)}
    entries = {pk: _table_entry(row, label) for pk, row in rows.items()}
    current = [entries[pk] for pk in shown if pk in entries]
    return current, boards.total, entries.get(mine_open) if mine_open is not None else None, key


def _knockout_tables(t: Tournament, mine: int | None, label) -> tuple[list[dict], int, dict | None, dict]:
    """A knockout's current round's tables, their number, the caller's open one and every
    round's tables (the bracket)."""
    fields = ("id", "round", "table_id", "entrants", "finished", "results", "games")
    found = [
        _Row(*v) for v in Pairing.objects.filter(tournament=t).order_by("round", "id").values_list(*fields)
    ]
    rounds: dict[int, list[dict]] = {}
    my_table = None
    for p in found:
        entry = _table_entry(p, label)
        rounds.setdefault(p.round, []).append(entry)
        if mine is not None and not p.finished and p.table_id and mine in [int(pk) for pk in p.entrants]:
            my_table = entry
    current = rounds.get(t.round, [])
    return current, len(current), my_table, rounds


def tournament_detail(
    t: Tournament, user=None, *, lines: int | None = None, tables: int | None = None
) -> dict:
    """One tournament: its summary, the standings (names, score, tie-breaks, 🔥; with ``lines``
    only the first ``lines`` and the caller's own), the current round's tables (each with a link
    to watch it; with ``tables`` only the ``tables`` of the best placed and the caller's), the
    caller's entry and open table, the bracket (knockout) and the podium once finished."""
    return detail_keyed(t, user, lines=lines, tables=tables)[0]


def detail_keyed(
    t: Tournament, user=None, *, lines: int | None = None, tables: int | None = None
) -> tuple[dict, str, str | None]:
    """:func:`tournament_detail`, the cache key of its standings' state and that of its round's
    tables (None for a knockout's): equal keys, equal lines and tables (for the page's cached
    fragments, :mod:`.fragments`)."""
    standings_key = _standings_key(t)
    kept = _standing_rows(t, standings_key)
    labels, active = kept.labels, kept.active
    me = invited = None
    if user is not None and user.is_authenticated:
        mine_or_invited = Entrant.objects.filter(tournament=t).filter(Q(user=user) | Q(partner=user))
        for e in mine_or_invited:
            if e.user_id == user.pk or e.confirmed:
                me = e
            else:
                invited = e
    mine = me.pk if me is not None else None
    rows = [{**row, "is_you": row["entrant"] == mine} for row in kept.rows(lines, also=mine)]

    def label(pk) -> str:
        return labels.get(int(pk), "?")

    rounds: dict[int, list[dict]] = {}
    tables_key = None
    if t.format == Tournament.Format.KNOCKOUT:
        current, current_total, my_table, rounds = _knockout_tables(t, mine, label)
    else:
        current, current_total, my_table, tables_key = _boards_shown(t, kept, mine, tables, label)
    detail = {
        **tournament_summary(t, entrants=active),
        "standings": rows,
        "standings_total": len(kept.encoded),
        "current": current,
        "current_total": current_total,
        "bracket": [rounds[r] for r in sorted(rounds)] if t.format == Tournament.Format.KNOCKOUT else [],
        "podium": [{**row, "is_you": row["entrant"] == mine} for row in kept.rows(3)]
        if t.status == Tournament.Status.FINISHED
        else [],
        "teams": MODES[t.mode].teams,
        "victory_points": t.format == Tournament.Format.SWISS and match_points(t) == "vp",
        "you": (
            {
                "entrant": me.pk,
                "withdrawn": me.withdrawn,
                "pending_partner": not me.confirmed,
                "rejoin_at": me.rejoin_at.isoformat() if me.withdrawn and me.rejoin_at else None,
            }
            if me is not None
            else None
        ),
        "invited": _names({invited.user_id}).get(invited.user_id, "?") if invited is not None else None,
        "your_table": my_table,
        "ends_at": (
            (t.started_at + timedelta(minutes=t.minutes)).isoformat()
            if t.format == Tournament.Format.ARENA and t.started_at and t.minutes
            else None
        ),
    }
    return detail, standings_key, tables_key


def trophies_of(user_id: int, limit: int = 50) -> list[dict]:
    """The tournaments ``user_id`` won (alone or in his pair), newest first: ``{"id", "name",
    "format_name", "mode_name", "finished_at", "url"}`` for his profile's trophies."""
    won = (
        Tournament.objects.filter(status=Tournament.Status.FINISHED, winner__isnull=False)
        .filter(Q(winner__user_id=user_id) | Q(winner__partner_id=user_id))
        .order_by("-finished_at", "-id")[:limit]
    )
    return [
        {
            "id": t.pk,
            "name": t.name,
            "format_name": str(t.get_format_display()),
            "mode_name": mode_name(t.mode),
            "finished_at": t.finished_at,
            "url": reverse("tournaments:detail", args=[t.pk]),
        }
        for t in won
    ]


def with_tournaments(user_id: int, items: list[dict]) -> list[dict]:
    """apps.stats' result decorator: each result item of a tournament match gets ``tournament``
    (``{"id", "name", "url"}``; the others none), in one query whatever the number of items."""
    ids = [item["match"] for item in items]
    rows = Match.objects.filter(pk__in=ids, table__tournament_pairing__isnull=False).values_list(
        "pk", "table__tournament_pairing__tournament_id", "table__tournament_pairing__tournament__name"
    )
    events = {
        match_id: {"id": t_id, "name": name, "url": reverse("tournaments:detail", args=[t_id])}
        for match_id, t_id, name in rows
    }
    for item in items:
        if item["match"] in events:
            item["tournament"] = events[item["match"]]
    return items


def live_finals(limit: int = 3) -> list[dict]:
    """The finals of public knockouts playing now (the home page shows them): ``{"name",
    "url", "table_url", "sides"}``, the latest started first."""
    running = Tournament.objects.filter(
        format=Tournament.Format.KNOCKOUT, status=Tournament.Status.RUNNING, private=False
    ).order_by("-started_at")[:20]
    finals = []
    for t in running:
        alive = Entrant.objects.filter(tournament=t, eliminated=False, withdrawn=False, confirmed=True)
        if alive.count() != 2:
            continue
        table = Pairing.objects.filter(
            tournament=t, round=t.round, finished=False, table__isnull=False
        ).first()
        if table is None:
            continue
        entrants = {e.pk: e for e in alive}
        people = {e.user_id for e in entrants.values()} | {
            e.partner_id for e in entrants.values() if e.partner_id
        }
        label = _labeller(entrants, _names(people))
        finals.append(
            {
                "name": t.name,
                "url": reverse("tournaments:detail", args=[t.pk]),
                "table_url": reverse("lobby:table", args=[table.table_id]),
                "sides": [label(pk) for pk in table.entrants],
            }
        )
        if len(finals) >= limit:
            break
    return finals
