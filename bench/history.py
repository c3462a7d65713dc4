"""«Мои результаты» at scale: 1,000,000 result rows over 10,000 players on PostgreSQL.

    python bench/history.py                       # create kartochki_bench_history, fill, measure, drop it
    python bench/history.py --rows 200000 --players 2000 --samples 500 --keep

Creates a separate database (``--db``, default ``kartochki_bench_history``) on the PostgreSQL of
``--server`` (default ``postgres://postgres@127.0.0.1:5432``), migrates it, fills it with
``generate_series`` SQL (users, one table, matches of 4 players, 4 result rows per match, the
per-user per-game counters), ANALYZEs, then for ``--samples`` random players times:

- ``query``: the list query of :func:`apps.stats.selectors.results_for_user` (30 rows, evaluated
  into model instances), wall time; ``query_cpu`` the same in this thread's CPU time;
  ``query_db`` the database's own execution time (``EXPLAIN ANALYZE``);
- ``counters``: :func:`apps.stats.selectors.records_for_user`, wall time;
- ``page``: ``GET /results/`` through the Django test client, logged in (session, user, both
  queries, template rendering: the whole Django stack without the network), wall and CPU;
- ``home``: ``GET /`` for the same user right after, as a baseline of what any page of the site
  costs on this stack (middleware, session, user, base template).

Prints one JSON object with p50 / p99 / max in ms for each, the fill time and the load
average (on a shared box the wall times grow with whatever else runs; the CPU and database
times much less).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import get_timed, percentiles_ms, scratch_database, timed  # noqa: E402

GAMES = ("bazar_blot", "blot", "deberc", "durak")


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--db", default="kartochki_bench_history")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--keep", action="store_true", help="keep the bench database afterwards")
    return parser.parse_args()


#: Matches ``m`` of 4 seats: players spread so each plays about rows/players games, one minute apart.
RESULTS_SQL = """
INSERT INTO stats_result (match_id, user_id, bot_level, name, game, options, seat, side, partners, opponents,
                          totals, score, outcome, ending, ended_by, deals, started_at, finished_at)
SELECT m.id, u.id, NULL, 'Игрок ' || u.id, m.game, '{"players": 4, "target": 101}', s, s %% 2,
       jsonb_build_array(jsonb_build_object('seat', (s + 2) %% 4, 'name', 'Бот 2', 'bot', 'normal')),
       jsonb_build_array(jsonb_build_object('seat', (s + 1) %% 4, 'name', 'Оля', 'bot', NULL),
                         jsonb_build_object('seat', (s + 3) %% 4, 'name', 'Бот 3', 'bot', 'hard')),
       '[103, 87]', CASE WHEN s %% 2 = 0 THEN 103 ELSE 87 END,
       CASE WHEN s %% 2 = 0 THEN 'win' ELSE 'loss' END, 'target', NULL, 9,
       m.finished_at - interval '25 minutes', m.finished_at
FROM tables_match m
CROSS JOIN generate_series(0, 3) AS s
JOIN accounts_user u ON u.id = %(first_user)s + ((m.id * 7919 + s * 2503) %% %(players)s);

INSERT INTO stats_gamerecord (user_id, game, played, won, lost, drawn, fool)
SELECT user_id, game, count(*), count(*) FILTER (WHERE outcome = 'win'),
       count(*) FILTER (WHERE outcome = 'loss'), 0, 0
FROM stats_result GROUP BY user_id, game;
"""


def fill(players: int, rows: int) -> float:
    """Users and matches through the ORM (their models belong to other apps), results and
    counters in SQL."""
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone

    from apps.tables.models import Match, Table

    started = time.perf_counter()
    user_model = get_user_model()
    user_model.objects.bulk_create(
        (user_model(username=f"bench{i}", password="!", display_name=f"Игрок {i}") for i in range(players)),
        batch_size=5000,
    )
    first_user = user_model.objects.order_by("id").values_list("id", flat=True).first()
    table = Table.objects.create(game="bazar_blot", options={}, seat_count=4, status="finished")
    now = timezone.now()
    batch = 10_000
    for start in range(0, rows // 4, batch):
        Match.objects.bulk_create(
            Match(
                table=table,
                game=GAMES[m % 4],
                seed=m,
                state={},
                status="finished",
                result={"winners": [0, 2], "reason": "target", "totals": [103, 87]},
                finished_at=now - timedelta(minutes=m),
            )
            for m in range(start, min(start + batch, rows // 4))
        )
    with connection.cursor() as cursor:
        cursor.execute(RESULTS_SQL, {"players": players, "first_user": first_user})
        cursor.execute("VACUUM ANALYZE stats_result")
        cursor.execute("ANALYZE")
    return time.perf_counter() - started


def server_ms(user) -> float:
    """The database's own execution time of the user's list query (EXPLAIN ANALYZE), in ms."""
    from django.db import connection

    from apps.stats.selectors import RESULTS_LIMIT, results_sql

    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + results_sql(), [user.pk, RESULTS_LIMIT])
        plan = cursor.fetchone()[0]
    plan = json.loads(plan) if isinstance(plan, str) else plan
    return plan[0]["Execution Time"]


def measure(samples: int) -> dict:
    """Time the list query, the counters and the whole page for ``samples`` random players."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from apps.stats.selectors import records_for_user, results_for_user

    rng = random.Random(7)
    ids = list(get_user_model().objects.values_list("id", flat=True))
    users = [get_user_model().objects.get(pk=pk) for pk in rng.sample(ids, min(samples, len(ids)))]
    client = Client()
    for user in users[:20]:  # warm up: connection, caches, templates
        list(results_for_user(user))
        client.force_login(user)
        client.get("/results/")
    keys = ("query", "query_cpu", "query_db", "counters", "page", "page_cpu", "home", "home_cpu")
    out: dict[str, list[float]] = {k: [] for k in keys}
    for user in users:
        rows: list = []
        wall, cpu = timed(lambda user=user, rows=rows: rows.extend(results_for_user(user)))
        assert len(rows) == 30, len(rows)
        out["query"].append(wall)
        out["query_cpu"].append(cpu)
        out["query_db"].append(server_ms(user))
        out["counters"].append(timed(lambda user=user: records_for_user(user))[0])
    for user in users:
        client.force_login(user)
        response = get_timed(client, "/results/", out, "page")
        assert response.status_code == 200 and response.content.count(b'class="result result--') == 30
        get_timed(client, "/", out, "home")  # baseline: the home page, same user and stack
    return {f"{k}_ms": percentiles_ms(v) for k, v in out.items()}


def main() -> int:
    args = parse()
    with scratch_database(args.server, args.db, keep=args.keep):
        fill_s = fill(args.players, args.rows)
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*), count(DISTINCT user_id) FROM stats_result")
            rows, players = cursor.fetchone()
        out = {
            "bench": "history",
            "rows": rows,
            "players": players,
            "samples": args.samples,
            "fill_s": round(fill_s, 1),
            **measure(args.samples),
            "goal": {"query_p99_ms": 5, "page_p99_ms": 50},
            "load_average": [round(x, 1) for x in os.getloadavg()],
        }
        out["ok"] = out["query_ms"]["p99"] < 5 and out["page_ms"]["p99"] < 50
        connection.close()
        print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
