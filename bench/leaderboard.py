"""The leaderboard page with 100,000 rated players of a mode on PostgreSQL.

    python bench/leaderboard.py                    # create kartochki_bench_board, fill, measure, drop it
    python bench/leaderboard.py --players 20000 --samples 300 --keep

Creates a separate database (``--db``) on ``--server``, migrates it, fills ``--players`` users
each with a rating in ``durak_2`` (values spread as a bell around 1500, games 0..200 so about
95 % are established and listed) and a fifth of them also in two other modes, ANALYZEs, then
for ``--samples`` random players times:

- ``board``: :func:`apps.ratings.selectors.leaderboard` (top 100 and the player's place), wall;
- ``place_db``: the database's own time of the «your place» queries (``EXPLAIN ANALYZE``): the
  sum over the rating buckets above and the count of equal ratings;
- ``page``: ``GET /ratings/durak_2/`` through the Django test client signed in as the player
  (session, user, both queries, the template), wall and CPU;
- ``page_anonymous``: the same page without a session;
- ``home``: ``GET /`` for the same player right after, the cost of any page on this stack.

Prints one JSON object with p50 / p99 / max in ms; the goal is page p99 < 50 ms.
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

MODE = "durak_2"

FILL_SQL = """
INSERT INTO ratings_rating (user_id, mode, mu, sigma, value, games, updated_at)
SELECT u.id, %(mode)s, 25 + v.x / 24.0, 2.5, round(1500 + v.x), (u.id * 7919) %% 201, now()
FROM accounts_user u
CROSS JOIN LATERAL (SELECT (random() + random() + random() + random() - 2) * 300 + 0 * u.id AS x) v;

INSERT INTO ratings_rating (user_id, mode, mu, sigma, value, games, updated_at)
SELECT u.id, m.mode, 25, 3, 1500 + (u.id %% 400) - 200, 30, now()
FROM accounts_user u CROSS JOIN (VALUES ('bazar_4'), ('deberc_2')) AS m(mode)
WHERE u.id %% 5 = 0;
"""


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--db", default="kartochki_bench_board")
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--samples", type=int, default=500)
    parser.add_argument("--keep", action="store_true", help="keep the bench database afterwards")
    return parser.parse_args()


def fill(players: int) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection

    user_model = get_user_model()
    user_model.objects.bulk_create(
        (user_model(username=f"board{i}", password="!", display_name=f"Игрок {i}") for i in range(players)),
        batch_size=5000,
    )
    with connection.cursor() as cursor:
        cursor.execute("SELECT setseed(0.22)")
        cursor.execute(FILL_SQL, {"mode": MODE})
        cursor.execute("VACUUM ANALYZE ratings_rating")
    from apps.ratings.services import buckets_rebuild

    buckets_rebuild()
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def place_db_ms(rating) -> float:
    """The database's own time of the «your place» queries for ``rating`` (the sum over the
    buckets above it and the count of equal ratings older than it)."""
    from django.db import connection
    from django.db.models import Sum

    from apps.ratings.models import Rating, RatingBucket
    from apps.ratings.ranking import PROVISIONAL_GAMES
    from apps.ratings.selectors import place_of

    queries = [
        RatingBucket.objects.filter(mode=rating.mode, value__gt=rating.value)
        .values("mode")
        .annotate(n=Sum("players")),
        Rating.objects.filter(
            mode=rating.mode, games__gte=PROVISIONAL_GAMES, value=rating.value, id__lt=rating.id
        ).values("id"),
    ]
    total = 0.0
    with connection.cursor() as cursor:
        for query in queries:
            sql, params = query.query.sql_with_params()
            cursor.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {sql}", params)
            plan = cursor.fetchone()[0]
            plan = json.loads(plan) if isinstance(plan, str) else plan
            total += plan[0]["Execution Time"]
    assert place_of(rating) is not None
    return total


def measure(samples: int) -> dict:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from apps.ratings.models import Rating
    from apps.ratings.selectors import leaderboard

    rng = random.Random(7)
    ids = list(Rating.objects.filter(mode=MODE, games__gte=10).values_list("user_id", flat=True))
    users = [get_user_model().objects.get(pk=pk) for pk in rng.sample(ids, min(samples, len(ids)))]
    client, anonymous = Client(), Client()
    for user in users[:20]:  # warm up
        client.force_login(user)
        client.get(f"/ratings/{MODE}/")
        anonymous.get(f"/ratings/{MODE}/")
    keys = ("board", "place_db", "page", "page_cpu", "page_anonymous", "home", "home_cpu")
    out: dict[str, list[float]] = {k: [] for k in keys}
    for user in users:
        board: list = []
        out["board"].append(timed(lambda user=user, board=board: board.append(leaderboard(MODE, user)))[0])
        assert len(board[0]["players"]) == 100 and board[0]["you"]["place"] is not None
        out["place_db"].append(place_db_ms(Rating.objects.get(user=user, mode=MODE)))
    for user in users:
        client.force_login(user)
        response = get_timed(client, f"/ratings/{MODE}/", out, "page")
        assert response.status_code == 200 and b'data-testid="your-place"' in response.content
        out["page_anonymous"].append(timed(lambda: anonymous.get(f"/ratings/{MODE}/"))[0])
        get_timed(client, "/", out, "home")  # baseline: the home page, same user and stack
    return {f"{k}_ms": percentiles_ms(v) for k, v in out.items()}


def main() -> int:
    args = parse()
    with scratch_database(args.server, args.db, keep=args.keep):
        started = time.perf_counter()
        fill(args.players)
        fill_s = time.perf_counter() - started
        from django.db import connection

        from apps.ratings.models import Rating

        out = {
            "bench": "leaderboard",
            "players": Rating.objects.filter(mode=MODE).count(),
            "listed": Rating.objects.filter(mode=MODE, games__gte=10).count(),
            "samples": args.samples,
            "fill_s": round(fill_s, 1),
            **measure(args.samples),
            "goal": {"page_p99_ms": 50},
            "load_average": [round(x, 1) for x in os.getloadavg()],
        }
        out["ok"] = out["page_ms"]["p99"] < 50
        connection.close()
        print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
