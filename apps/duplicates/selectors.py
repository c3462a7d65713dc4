"""What the duplicate pages and the API read: the open sets, a set's comparison and
leaderboard as a player may see them, a player's streak of days (docs/rules.md «Дубль»)."""

from __future__ import annotations

from datetime import date, timedelta

from django.core.cache import cache
from django.db.models import Count, Q
from django.urls import reverse
from django.utils import timezone

from apps.rules import fairness

from .matchpoints import field_keys, score_against, set_scores
from .models import DuplicateSet, Entry
from .modes import MODES
from .services import moscow_day


def open_sets(user=None) -> list[DuplicateSet]:
    """The sets open now that anyone may see (the daily ones first), plus ``user``'s own private
    ones; each with ``played`` (``user`` has an entry) and ``players`` (finished entries)."""
    now = timezone.now()
    visible = Q(private=False)
    if user is not None and user.is_authenticated:
        visible |= Q(creator=user) | Q(entries__user=user)
    sets = list(
        DuplicateSet.objects.filter(
            visible, status=DuplicateSet.Status.OPEN, opens_at__lte=now, closes_at__gt=now
        )
        .distinct()
        .order_by("kind", "closes_at", "id")
    )
    mine = set()
    if user is not None and user.is_authenticated and sets:
        mine = set(Entry.objects.filter(user=user, set__in=sets).values_list("set_id", flat=True))
    counts = dict(
        Entry.objects.filter(set__in=sets, finished_at__isnull=False)
        .values_list("set_id")
        .annotate(n=Count("id"))
        .values_list("set_id", "n")
    )
    for s in sets:
        s.played = s.pk in mine
        s.players = counts.get(s.pk, 0)
    return sets


def may_see_results(dset: DuplicateSet, entry: Entry | None) -> bool:
    """Results stay hidden from a player until he has finished the set (or it closed)."""
    return dset.status != DuplicateSet.Status.OPEN or (entry is not None and entry.finished_at is not None)


def set_detail(dset: DuplicateSet, user=None, *, board_limit: int = 100) -> dict:
    """The set as ``user`` may see it: mode, deals, times, the commitment; his entry; once he
    finished (or the set closed) every finished player's results, percentages and place, his
    comparison per deal (better / equal / worse, the best result's match for its replay) and
    the leaderboard (the first ``board_limit`` plus his own line); once closed the seed."""
    uid = getattr(user, "pk", None) if user is not None and user.is_authenticated else None
    entry = Entry.objects.filter(set=dset, user_id=uid).first() if uid else None
    out: dict = {
        "id": dset.pk,
        "kind": dset.kind,
        "mode": dset.mode,
        "game": dset.game,
        "options": dset.options,
        "deals": dset.deals,
        "private": dset.private,
        "status": dset.status,
        "opens_at": dset.opens_at,
        "closes_at": dset.closes_at,
        "day": dset.day,
        "fairness": {"algorithm": fairness.ALGORITHM, "commitment": dset.commitment},
        "entry": None,
        "results": None,
    }
    if dset.status != DuplicateSet.Status.OPEN:
        seats = range(MODES[dset.mode].players)
        out["fairness"] = fairness.reveal(bytes.fromhex(dset.server_seed), {}, seats)
    if entry is not None:
        out["entry"] = {
            "table": entry.table_id,
            "match": entry.match_id,
            "finished": entry.finished_at is not None,
            "finished_at": entry.finished_at,
            "forfeit": entry.forfeit,
        }
    if dset.kind == DuplicateSet.Kind.TEAM:
        out["team"] = team_result(dset)
        return out
    if not may_see_results(dset, entry) or dset.status == DuplicateSet.Status.VOID:
        return out
    out["results"] = comparison(dset, uid, board_limit=board_limit)
    return out


def team_result(dset: DuplicateSet) -> dict:
    """A team duplicate: its two tables and, once both matches are over (or the set closed), each
    deal's result per table (North–South's points minus East–West's) and per team the sum over
    the deals of its results at both tables (a deal not played at a table counts 0 there).
    ``teams[0]`` is the pair North at table 1 and East at table 2."""
    rows = list(
        Entry.objects.filter(set=dset)
        .order_by("table_id", "seat")
        .values_list("table_id", "seat", "user_id", "user__username", "results", "finished_at", "match_id")
    )
    tables = sorted({r[0] for r in rows if r[0] is not None})
    by = {(r[0], r[1]): r for r in rows}
    out: dict = {
        "tables": [
            {
                "table": t,
                "match": _match(by.get((t, 0)) or by.get((t, 1))),
                "north": _name(by.get((t, 0))),
                "east": _name(by.get((t, 1))),
            }
            for t in tables
        ],
        "finished": bool(rows) and all(r[5] is not None for r in rows),
        "teams": None,
        "deals": None,
    }
    if len(tables) != 2 or not (out["finished"] or dset.status != DuplicateSet.Status.OPEN):
        return out
    first, second = tables
    north1, north2 = by.get((first, 0)), by.get((second, 0))
    deals = []
    total = 0
    for d in range(dset.deals):
        r1 = _at(north1, d)
        r2 = _at(north2, d)
        diff = (r1 or 0) - (r2 or 0)  # team 0: North at table 1, East at table 2
        total += diff
        deals.append({"number": d + 1, "table1": r1, "table2": r2, "diff": diff})
    east1, east2 = by.get((first, 1)), by.get((second, 1))
    out["teams"] = [
        {"names": [_name(north1), _name(east2)], "score": total},
        {"names": [_name(east1), _name(north2)], "score": -total},
    ]
    out["deals"] = deals
    return out


def _match(row) -> int | None:
    return row[6] if row else None


def _name(row) -> str | None:
    return row[3] if row else None


def _at(row, deal: int) -> int | None:
    results = row[4] if row else None
    return results[deal] if results and len(results) > deal else None


#: How long a computed comparison is kept; a new result or the close makes a new key anyway.
COMPARISON_SECONDS = 3600


def comparison(dset: DuplicateSet, uid: int | None, *, board_limit: int = 100) -> dict:
    """Every finished entry scored (:func:`apps.duplicates.matchpoints.set_scores`), ranked by
    score then finish time; per deal the field's size and the best result's match; ``mine``:
    ``uid``'s line. The field is computed once per new result (the set's ``version`` is in the
    cache key: :func:`apps.duplicates.services.entry_finish` and the close bump it) and kept
    as one small value — the board, the best results, each deal's sorted results and every
    player's place — from which the caller's own line is rebuilt."""
    key = f"duplicates:cmp:{dset.pk}:{dset.version}:{dset.status}:{board_limit}"
    field = cache.get(key)
    if field is None:
        field = _comparison_compute(dset, board_limit)
        cache.set(key, field, COMPARISON_SECONDS)
    mine = None
    if uid is not None and uid in field["places"]:
        row = (
            Entry.objects.filter(set=dset, user_id=uid)
            .values_list("user__username", "results", "match_id", "forfeit")
            .first()
        )
        if row is not None:
            place, score = field["places"][uid]
            results = [*row[1], *([None] * (dset.deals - len(row[1])))][: dset.deals]
            deals = [score_against(r, keys) for r, keys in zip(results, field["keys"], strict=True)]
            mine = _line(place, uid, row[0], score, row[3], row[2], deals)
    return {
        "players": field["players"],
        "leaderboard": field["leaderboard"],
        "best": field["best"],
        "mine": mine,
    }


def _line(place, user_id, name, score, forfeit, match_id, deals) -> dict:
    return {
        "place": place,
        "user": user_id,
        "name": name,
        "score": score,
        "forfeit": forfeit,
        "match": match_id,
        "deals": [
            {
                "result": s.result,
                "better": s.better,
                "equal": s.equal,
                "worse": s.worse,
                "percent": round(s.percent, 1),
            }
            for s in deals
        ],
    }


def _comparison_compute(dset: DuplicateSet, board_limit: int) -> dict:
    rows = list(
        Entry.objects.filter(set=dset, finished_at__isnull=False)
        .order_by("finished_at", "id")
        .values_list("id", "user_id", "user__username", "results", "match_id", "forfeit")
    )
    info = {r[0]: r for r in rows}
    ranked = set_scores([(r[0], r[3]) for r in rows], dset.deals)
    padded = [[*r[3], *([None] * (dset.deals - len(r[3])))][: dset.deals] for r in rows]
    best: list[dict | None] = []
    for d in range(dset.deals):
        played = [(res[d], r[4]) for r, res in zip(rows, padded, strict=True) if res[d] is not None and r[4]]
        if not played:
            best.append(None)
            continue
        top = max(played, key=lambda t: t[0])
        best.append({"result": top[0], "match": top[1], "count": len(played)})
    board: list[dict] = []
    places = {}
    for e in ranked:
        _, user_id, username, _, match_id, forfeit = info[e.key]
        places[user_id] = (e.place, e.score)
        if len(board) < board_limit:
            board.append(_line(e.place, user_id, username, e.score, forfeit, match_id, e.deals))
    return {
        "players": len(rows),
        "leaderboard": board,
        "best": best,
        "keys": [field_keys([res[d] for res in padded]) for d in range(dset.deals)],
        "places": places,
    }


def table_banner(table_id: int) -> dict | None:
    """The duplicate banner of a table: ``{"set", "deals", "url", "durak_game"}`` (the table
    client shows «Сдача n из K» from the live deal number; a Durak set «Игра n из K», counting
    from ``durak_game``, the set's number of the table's current match); None for a table that
    plays no set."""
    row = (
        Entry.objects.filter(table_id=table_id)
        .values_list("set_id", "set__deals", "set__code", "set__game", "matches", "match_id")
        .first()
    )
    if row is None:
        return None
    set_id, deals, code, game, matches, match_id = row
    url = reverse("duplicates:link", args=[code]) if code else reverse("duplicates:detail", args=[set_id])
    current = None
    if game == "durak":
        current = matches.index(match_id) if match_id in matches else len(matches)
    return {"set": set_id, "deals": deals, "url": url, "durak_game": current}


def streak(user, today: date | None = None) -> int:
    """Consecutive Moscow days, ending today or yesterday, on which ``user`` finished a
    «Дубль дня» (a forfeit does not count)."""
    today = today or moscow_day()
    days = set(
        Entry.objects.filter(
            user=user,
            set__kind=DuplicateSet.Kind.DAILY,
            forfeit=False,
            finished_at__isnull=False,
            set__day__gte=today - timedelta(days=400),
        ).values_list("set__day", flat=True)
    )
    day = today if today in days else today - timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count
