"""Friends and watching at scale: 10,000 players with 50 friends each on PostgreSQL.

    python bench/social.py                    # create kartochki_bench_social, fill, measure, drop it
    python bench/social.py --players 2000 --samples 200 --keep

Creates a separate database (``--db``) on the PostgreSQL of ``--server``, migrates it and fills
it: ``--players`` users, each befriended with the next ``--span`` users (so about twice that
many friends each), an open page (:class:`apps.social.models.Presence`) for every other user,
``--live`` public tables being played (Базар-блот, 4 players, real engine states) with a
spectator page each, 10 finished public matches, and a pending invitation for every tenth user.
Then times, for ``--samples`` random users (wall and this thread's CPU, in ms):

- ``friends``: :func:`apps.social.selectors.friends_status` (what the ``friends`` socket op and
  the «Друзья» page compute);
- ``badge``: :func:`apps.social.selectors.pending_invitation_count` (what every page's header
  costs a signed-in user);
- ``watch_cold``: :func:`apps.social.selectors.watch_list` with its caches emptied (scores
  recomputed from the engine states), and ``watch_warm`` within its 2 s cache;
- ``open_close``: one socket's presence row written and deleted (every page load does both);
- ``refresh``: one heartbeat refreshing 1,000 sockets' rows;
- ``friends_page``: ``GET /friends/`` through the Django test client.

Prints one JSON object with p50 / p99 / max for each, the fill time and the load average.
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

from bench.history import admin_sql, percentiles, setup_django, timed  # noqa: E402


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--db", default="kartochki_bench_social")
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--span", type=int, default=25)
    parser.add_argument("--live", type=int, default=50)
    parser.add_argument("--samples", type=int, default=500)
    parser.add_argument("--keep", action="store_true", help="keep the bench database afterwards")
    return parser.parse_args()


FRIENDS_SQL = """
INSERT INTO social_friendship (user_low_id, user_high_id, created_at)
SELECT a, a + k, now()
FROM generate_series(%(first)s, %(last)s) AS a CROSS JOIN generate_series(1, %(span)s) AS k
WHERE a + k <= %(last)s;
INSERT INTO social_presence (channel, user_id, table_id, opened_at, seen_at)
SELECT 'bench.' || u, u, NULL, now(), now() FROM generate_series(%(first)s, %(last)s, 2) AS u;
"""


def fill(players: int, span: int, live: int) -> float:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone

    from apps.rules import api
    from apps.social.models import Invitation, Presence
    from apps.tables.models import Match, Seat, Table

    started = time.perf_counter()
    user_model = get_user_model()
    user_model.objects.bulk_create(
        (user_model(username=f"bench{i}", password="!", display_name=f"Игрок {i}") for i in range(players)),
        batch_size=5000,
    )
    ids = list(user_model.objects.order_by("id").values_list("id", flat=True))
    with connection.cursor() as cursor:
        cursor.execute(FRIENDS_SQL, {"first": ids[0], "last": ids[-1], "span": span})
    options = api.normalize_options("bazar_blot", {"players": 4})
    now = timezone.now()
    for n in range(live + 10):
        finished = n >= live
        table = Table.objects.create(
            game="bazar_blot",
            options=options,
            seat_count=4,
            owner_id=ids[4 * n],
            status="finished" if finished else "playing",
        )
        Seat.objects.bulk_create(
            Seat(table=table, number=s, user_id=ids[4 * n + s], ready=True) for s in range(4)
        )
        state = api.new_match("bazar_blot", options, seed=n)
        Match.objects.create(
            table=table,
            game="bazar_blot",
            options=options,
            seed=n,
            seats=[0, 1, 2, 3],
            players=[
                {"seat": s, "user": ids[4 * n + s], "bot": None, "name": f"Игрок {4 * n + s}"}
                for s in range(4)
            ],
            state=api.to_json(state),
            status="finished" if finished else "playing",
            result={"winners": [0, 2], "reason": "target", "totals": [103, 87]} if finished else None,
            finished_at=now if finished else None,
        )
        Presence.objects.create(channel=f"spectator.{n}", user_id=ids[-1 - n], table_id=table.pk, seen_at=now)
    first_table = Table.objects.order_by("id").values_list("id", flat=True).first()
    Invitation.objects.bulk_create(
        Invitation(from_user_id=ids[i + 1], to_user_id=ids[i], table_id=first_table)
        for i in range(0, players - 1, 10)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return time.perf_counter() - started


def measure(samples: int) -> dict:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from apps.social import presence, selectors

    rng = random.Random(7)
    ids = list(get_user_model().objects.values_list("id", flat=True))
    users = [get_user_model().objects.get(pk=pk) for pk in rng.sample(ids, min(samples, len(ids)))]
    out: dict[str, list[float]] = {}

    def add(key: str, wall: float, cpu: float) -> None:
        out.setdefault(key, []).append(wall)
        out.setdefault(f"{key}_cpu", []).append(cpu)

    for user in users[:10]:  # warm up
        selectors.friends_status(user)
    for user in users:
        friends: list = []
        add(
            "friends",
            *timed(lambda user=user, friends=friends: friends.extend(selectors.friends_status(user))),
        )
        assert len(friends) >= 25, len(friends)
        add("badge", *timed(lambda user=user: selectors.pending_invitation_count(user)))
    for _ in range(min(samples, 50)):
        selectors._WATCH.clear()
        selectors._SCORES.clear()
        data: list = []
        add("watch_cold", *timed(lambda data=data: data.append(selectors.watch_list())))
        assert data[0]["tables"] and data[0]["tables"][0]["spectators"] == 1
        add("watch_warm", *timed(selectors.watch_list))
    for n, user in enumerate(users):
        channel = f"bench.open.{n}"
        add(
            "open_close",
            *timed(
                lambda channel=channel, user=user: (
                    presence.socket_opened(channel=channel, user_id=user.pk, table_id=None),
                    presence.socket_closed(channel=channel),
                )
            ),
        )
    channels = [f"bench.{pk}" for pk in ids[:2000:2]]
    for _ in range(min(samples, 50)):
        add("refresh", *timed(lambda: presence.refresh(channels)))
    client = Client()
    for user in users[: min(samples, 200)]:
        client.force_login(user)
        response: list = []
        add("friends_page", *timed(lambda response=response: response.append(client.get("/friends/"))))
        assert response[0].status_code == 200
    return {f"{k}_ms": percentiles(v) for k, v in out.items()}


def main() -> None:
    args = parse()
    admin_sql(args.server, f"DROP DATABASE IF EXISTS {args.db}")
    admin_sql(args.server, f"CREATE DATABASE {args.db}")
    try:
        setup_django(args.server, args.db)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        fill_s = fill(args.players, args.span, args.live)
        result = {
            "players": args.players,
            "friends_each": 2 * args.span,
            "live_tables": args.live,
            "fill_s": round(fill_s, 1),
            **measure(args.samples),
            "load_average": os.getloadavg(),
        }
        print(json.dumps(result, indent=1))
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            admin_sql(args.server, f"DROP DATABASE IF EXISTS {args.db}")


if __name__ == "__main__":
    main()
