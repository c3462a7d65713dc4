"""«Мои результаты» at scale: 1,000,000 result rows over 10,000 players on PostgreSQL.

    python bench/history.py                       # create kartochki_bench, fill, measure, drop it
    python bench/history.py --rows 200000 --players 2000 --samples 500 --keep

Creates a separate database (``--db``, default ``kartochki_bench``) on the PostgreSQL of
``--server`` (default ``postgres://postgres@127.0.0.1:5432``), migrates it, fills it with
``generate_series`` SQL (users, one table, matches of 4 players, 4 result rows per match, the
per-user per-game counters), ANALYZEs, then for ``--samples`` random players times:

- ``query``: the list query of :func:`apps.stats.selectors.results_for_user` (30 rows, evaluated);
- ``counters``: :func:`apps.stats.selectors.records_for_user`;
- ``page``: ``GET /results/`` through the Django test client, logged in (session, user, both
  queries, template rendering: the whole Django stack without the network).

Prints one JSON object with p50 / p99 / max in ms for each, and the fill time.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = ("bazar_blot", "blot", "deberc", "durak")


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--db", default="kartochki_bench")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--keep", action="store_true", help="keep the bench database afterwards")
    return parser.parse_args()


def admin_sql(server: str, sql: str) -> None:
    """Run ``sql`` outside a transaction on the server's ``postgres`` database."""
    import psycopg

    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(sql)


def setup_django(server: str, db: str) -> None:
    os.environ["DATABASE_URL"] = f"{server}/{db}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    os.environ["DEBUG"] = "0"
    import django

    django.setup()
    from django.conf import settings

    settings.ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]


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

    from apps.lobby.models import Table
    from apps.tables.models import Match

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


def percentiles(samples: list[float]) -> dict:
    ordered = sorted(samples)
    q = statistics.quantiles(ordered, n=100, method="inclusive")
    return {"p50": round(q[49], 3), "p99": round(q[98], 3), "max": round(ordered[-1], 3)}


def measure(samples: int) -> dict:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from apps.stats.selectors import records_for_user, results_for_user

    rng = random.Random(7)
    ids = list(get_user_model().objects.values_list("id", flat=True))
    users = [get_user_model().objects.get(pk=pk) for pk in rng.sample(ids, min(samples, len(ids)))]
    query, counters, page = [], [], []
    for user in users[:20]:  # warm up connections, caches and templates
        list(results_for_user(user))
    client = Client()
    for user in users:
        started = time.perf_counter()
        rows = list(results_for_user(user))
        query.append((time.perf_counter() - started) * 1000)
        assert len(rows) == 30, len(rows)
        started = time.perf_counter()
        records_for_user(user)
        counters.append((time.perf_counter() - started) * 1000)
    for user in users:
        client.force_login(user)
        started = time.perf_counter()
        response = client.get("/results/")
        page.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200 and response.content.count(b'class="result result--') == 30
    return {
        "query_ms": percentiles(query),
        "counters_ms": percentiles(counters),
        "page_ms": percentiles(page),
    }


def main() -> int:
    args = parse()
    admin_sql(args.server, f'DROP DATABASE IF EXISTS "{args.db}" WITH (FORCE)')
    admin_sql(args.server, f'CREATE DATABASE "{args.db}"')
    try:
        setup_django(args.server, args.db)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
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
        }
        out["ok"] = out["query_ms"]["p99"] < 5 and out["page_ms"]["p99"] < 50
        connection.close()
        print(json.dumps(out, ensure_ascii=False))
    finally:
        if not args.keep:
            from django.db import connections

            connections.close_all()
            admin_sql(args.server, f'DROP DATABASE IF EXISTS "{args.db}" WITH (FORCE)')
    return 0


if __name__ == "__main__":
    sys.exit(main())
