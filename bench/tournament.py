"""Tournaments at scale: an arena of 1,000 players, a Swiss round of 1,000, the standings page.

    python bench/tournament.py                          # create kartochki_bench_tournament, run, drop it
    python bench/tournament.py --players 1000 --seconds 120 --match-seconds 40 --keep

Creates a separate database (``--db``) on ``--server``, migrates it and creates ``--players``
users, then, in this one process through the tournament services (``config.settings.dev`` on
PostgreSQL: in-memory channel layer, no Celery; the tables' scheduler off):

- **arena**: every player joins an arena of ``durak_2`` and it starts (its first pass seats
  everyone: ``start_s``). For ``--seconds`` each open table ends at a time drawn around
  ``--match-seconds`` (fast clocks): the admin's end of a match (:func:`match_end_stuck`, which
  records results and so counts the table for the event, as a finished match does), then a
  random winner (a draw now and then) is written into the table's result — playing 1,000
  players' Дурак move by move would hold the shared box for an hour. A second thread (its own
  database connection) plays the Celery worker: after results it runs the arena's pass as the
  ``tournaments.advance`` task would (``pass_ms``: one pass, the tournament row locked; results
  arriving meanwhile wait for the next pass, as the tasks queue behind the row's lock).
  ``wait_s`` is a freed player's wait: from the end of his table to the start of his next one
  (players still waiting at the end are counted in ``waiting_at_end``).
- **standings page**: ``GET /tournaments/<id>/`` and its live state ``/state/`` (which every open
  page polls every 3 s) for ``--samples`` random players signed in, after the arena's run.
- **swiss**: the same players in a Swiss; round 1 opens (``round_open_s``: pairing and 500
  tables created, seated and started), its tables end at random, then ``pair_s`` times the
  second round's pairing alone (the standings, who met whom, networkx's matching) and
  ``round_open_s`` the whole second round.

``--page-only`` measures only the standings page on a database an earlier ``--keep`` run left
(run it from two trees in turn to compare a change on the same data).

Prints one JSON object (ms / s with p50 / p99 / max). Goals (issue #35): wait p50 < 3 s and
p99 < 10 s, a Swiss round of 1,000 paired in < 2 s, the standings page p99 < 50 ms.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TABLES_SCHEDULER", "none")
os.environ.setdefault("TABLES_BOT_DELAY_MS", "0")

from bench.common import percentiles_ms, scratch_database, setup_django, timed  # noqa: E402

MODE = "durak_2"


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--db", default="kartochki_bench_tournament")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=120.0, help="how long the arena runs")
    parser.add_argument("--match-seconds", type=float, default=40.0, help="a table's mean length")
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--skip-swiss", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the bench database afterwards")
    parser.add_argument(
        "--page-only",
        action="store_true",
        help="only the standings page, on a database kept by an earlier --keep run (compare two trees)",
    )
    return parser.parse_args()


def users_create(players: int) -> list:
    from django.contrib.auth import get_user_model

    model = get_user_model()
    model.objects.bulk_create(
        (model(username=f"tour{i}", password="!", display_name=f"Игрок {i}") for i in range(players)),
        batch_size=2000,
    )
    return list(model.objects.filter(username__startswith="tour").order_by("pk"))


def event(owner, fmt: str, players: list, **kw):
    from datetime import timedelta

    from django.utils import timezone

    from apps.tournaments.models import Entrant
    from apps.tournaments.registration import tournament_create, tournament_join

    t = tournament_create(
        user=owner, name=f"Bench {fmt}", format=fmt, mode=MODE, max_entrants=len(players),
        starts_at=timezone.now() + timedelta(minutes=1), **kw,
    )  # fmt: skip
    for user in players:
        tournament_join(tournament_id=t.pk, user=user)
    rng = random.Random(7)
    for e in Entrant.objects.filter(tournament=t):  # a spread of ratings, as a real field has
        e.rating = int(rng.gauss(1500, 200))
        e.save(update_fields=["rating"])
    return t


def table_end(pairing_id: int, rng: random.Random) -> None:
    """End the pairing's match (the admin's end: results recorded, the table counted for the
    event as a draw), then give it a random winner, a draw one time in ten."""
    from apps.tables.models import Match
    from apps.tables.sweeping import match_end_stuck
    from apps.tournaments.models import Pairing

    pairing = Pairing.objects.get(pk=pairing_id)
    match = Match.objects.filter(table_id=pairing.table_id, status=Match.Status.PLAYING).first()
    if match is None or not match_end_stuck(match_id=match.pk):
        return
    pairing.refresh_from_db()
    ids = [str(pk) for pk in pairing.entrants]
    if rng.random() >= 0.1:
        winner = rng.choice(ids)
        pairing.results = {
            pk: {"outcome": "win" if pk == winner else "loss", "score": None, "points": float(pk == winner)}
            for pk in ids
        }
        pairing.save(update_fields=["results"])


def arena_run(users: list, seconds: float, match_seconds: float) -> dict:
    import threading

    from django.db import connection

    from apps.tournaments.models import Pairing
    from apps.tournaments.rounds import tournament_advance, tournament_start

    rng = random.Random(1)
    arena = event(users[0], "arena", users, minutes=180)
    started = time.perf_counter()
    tournament_start(arena.pk)
    start_s = time.perf_counter() - started
    ends: dict[int, float] = {}
    passes: list[float] = []
    ended = 0
    results = threading.Event()  # a table ended since the worker's last pass
    stop = threading.Event()

    def worker() -> None:
        """The ``tournaments.advance`` task: a pass after results (coalesced while one runs, as
        the tasks queue behind the tournament row's lock), on its own database connection."""
        try:
            while not stop.is_set():
                if not results.wait(0.05):
                    continue
                results.clear()
                wall, _cpu = timed(lambda: tournament_advance(arena.pk))
                passes.append(wall)
        finally:
            connection.close()

    def plan() -> None:
        now = time.perf_counter()
        for pk in Pairing.objects.filter(tournament=arena, finished=False).values_list("pk", flat=True):
            if pk not in ends:
                ends[pk] = now + rng.uniform(0.5, 1.5) * match_seconds

    thread = threading.Thread(target=worker, daemon=True)
    thread.start()
    plan()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        now = time.perf_counter()
        due = [pk for pk, end in ends.items() if end <= now]
        if not due:
            time.sleep(0.05)
            plan()
            continue
        for pk in due:  # the players' processes: each table's last move records its results
            table_end(pk, rng)
            del ends[pk]
            ended += 1
            results.set()
        plan()
    stop.set()
    thread.join()
    waits, waiting = [], 0
    by_entrant: dict[int, list] = {}
    for p in Pairing.objects.filter(tournament=arena, table__isnull=False).order_by("created_at"):
        for pk in p.entrants:
            by_entrant.setdefault(int(pk), []).append(p)
    for rows in by_entrant.values():
        for before, after in itertools.pairwise(rows):
            waits.append((after.created_at - before.finished_at).total_seconds())
        if rows[-1].finished:
            waiting += 1
    return {
        "tournament": arena.pk,
        "players": len(users),
        "seconds": seconds,
        "match_seconds": match_seconds,
        "start_s": round(start_s, 2),
        "tables_ended": ended,
        "tables": sum(len(r) for r in by_entrant.values()) // 2,
        "wait_s": percentiles_ms(waits) if len(waits) > 2 else waits,
        "waits": len(waits),
        "waiting_at_end": waiting,
        "pass_ms": percentiles_ms(passes) if len(passes) > 2 else passes,
        "passes": len(passes),
    }


def page_run(tournament_id: int, users: list, samples: int) -> dict:
    from django.test import Client

    rng = random.Random(3)
    client = Client()
    page, state, page_cpu = [], [], []
    client.force_login(users[0])
    client.get(f"/tournaments/{tournament_id}/")  # the first request of the process
    for _ in range(samples):
        client.force_login(rng.choice(users))
        wall, cpu = timed(lambda: client.get(f"/tournaments/{tournament_id}/"))
        page.append(wall)
        page_cpu.append(cpu)
        wall, _cpu = timed(lambda: client.get(f"/tournaments/{tournament_id}/state/"))
        state.append(wall)
    return {
        "page_ms": percentiles_ms(page),
        "page_cpu_ms": percentiles_ms(page_cpu),
        "state_ms": percentiles_ms(state),
    }


def swiss_run(users: list) -> dict:
    from django.db import transaction

    from apps.tournaments import pairing
    from apps.tournaments.models import Pairing, Tournament
    from apps.tournaments.rounds import _entrants_for_pairing, round_next, tournament_start

    rng = random.Random(2)
    swiss = event(users[0], "swiss", users, rounds=5)
    started = time.perf_counter()
    tournament_start(swiss.pk)
    first_s = time.perf_counter() - started
    for pk in Pairing.objects.filter(tournament=swiss, finished=False).values_list("pk", flat=True):
        table_end(pk, rng)
    swiss.refresh_from_db()
    started = time.perf_counter()
    field = _entrants_for_pairing(swiss, last_only=False)
    found = pairing.pair_two_sided(field)
    pair_s = time.perf_counter() - started
    started = time.perf_counter()
    with transaction.atomic():
        round_next(Tournament.objects.select_for_update().get(pk=swiss.pk))
    second_s = time.perf_counter() - started
    return {
        "entrants": len(field),
        "round_open_s": [round(first_s, 2), round(second_s, 2)],
        "pair_s": round(pair_s, 3),
        "tables": len(found.tables),
        "byes": len(found.byes),
    }


def page_only(args: argparse.Namespace) -> int:
    """The standings page of the last arena in a kept bench database (nothing created)."""
    setup_django(args.server, args.db)
    from django.contrib.auth import get_user_model

    from apps.tournaments.models import Tournament

    arena = Tournament.objects.filter(format="arena").order_by("-id").first()
    if arena is None:
        raise SystemExit(f"no arena in {args.db}: run with --keep first")
    users = list(get_user_model().objects.filter(username__startswith="tour").order_by("pk"))
    out = {"bench": "tournament", "standings": page_run(arena.pk, users, args.samples)}
    out["load_average"] = [round(x, 1) for x in os.getloadavg()]
    print(json.dumps(out, ensure_ascii=False))
    return 0


def main() -> int:
    args = parse()
    if args.page_only:
        return page_only(args)
    with scratch_database(args.server, args.db, keep=args.keep):
        users = users_create(args.players)
        arena = arena_run(users, args.seconds, args.match_seconds)
        out = {
            "bench": "tournament",
            "arena": arena,
            "standings": page_run(arena["tournament"], users, args.samples),
        }
        if not args.skip_swiss:
            out["swiss"] = swiss_run(users)
        out["goal"] = {"wait_p50_s": 3, "wait_p99_s": 10, "swiss_pair_s": 2, "page_p99_ms": 50}
        out["load_average"] = [round(x, 1) for x in os.getloadavg()]
        print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
