"""«Дубль» at scale (issue #31): one set of 8 deals played by 1,000 simulated players, the
results page with 1,000 results per deal, and the daily rollover closing a set of 10,000 results.

    python bench/duplicate.py                       # create kartochki_bench_duplicate, measure, drop it
    python bench/duplicate.py --players 200 --samples 100 --through-tables 2 --keep

Creates a database of its own (``--db``) on ``--server``, migrates it, then:

- ``play``: ``--players`` people each call :func:`apps.duplicates.services.set_play` on one set
  of ``--mode`` (a real table, seated, bots, the match started from the set's seed with its
  first deal recorded) — timed. Their matches are then played in this process on the engine,
  every seat by a bot of ``--level`` (the person's seat with a randomness of its own, the
  table's bots seeded as :mod:`apps.tables.bot_turns` seeds them), and the results recorded by
  :func:`apps.duplicates.services.entry_finish`, the code the table's ``match_finished`` runs.
  The first ``--through-tables`` players instead play every move through the live services
  (``move_apply`` for the person, the bot task :func:`apps.tables.bot_turns.match_bot_move`,
  «сложный» bots), so the real path is part of the run (its per-move cost is the socket
  benches' subject: ``bench/ws_load.py``).
- ``comparison``: :func:`apps.duplicates.selectors.set_detail` for a finished player (every
  result scored, ranked, the best of each deal), wall.
- ``page``: ``GET /duplicates/<id>/`` through the Django test client signed in as a finished
  player (session, the comparison, the template), wall; ``api``: ``GET /api/duplicates/<id>/``;
  ``home``: ``GET /`` right after, the cost of any page on the same stack and machine.
- ``rollover``: a second set with ``--rollover-results`` finished results (and 1 % not finished)
  past its close; :func:`apps.duplicates.services.rollover` closes it (forfeits, reveal) and
  opens the day's «Дубль дня» for every mode — wall, once; then the closed set's comparison.

Prints one JSON object; the goals are page p99 < 50 ms and rollover < 10 s.
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


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--db", default="kartochki_bench_duplicate")
    parser.add_argument("--mode", default="bazar_blot_4")
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--level", default="normal", help="the simulated play's bots (easy, normal, hard)")
    parser.add_argument("--through-tables", type=int, default=3)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--rollover-results", type=int, default=10_000)
    parser.add_argument("--keep", action="store_true", help="keep the bench database afterwards")
    return parser.parse_args()


def play_in_memory(entry, level: str, rng: random.Random) -> None:
    """Play ``entry``'s match to its end on the engine and record it as the table would."""
    from apps.duplicates import services
    from apps.rules import api
    from apps.tables import bot_players
    from apps.tables.models import Match

    match = Match.objects.get(pk=entry.match_id)
    state = api.from_json(match.state)
    seq = match.seq
    while not api.summary(state)["finished"]:
        seat = api.to_act(state)[0]
        view = api.view(state, seat)
        if "legal" not in view:
            view["legal"] = api.legal_actions(state, seat)
        seeded = rng if seat == entry.seat else random.Random(f"{match.server_seed}:{seq}:{seat}")
        action = bot_players.decide(view, level, seeded, None) or view["legal"][0]
        api.apply(state, seat, action)
        seq += 1
    services.entry_finish(entry, api.summary(state), match_id=match.pk)


def play_through_tables(entry) -> int:
    """Every move through the live services: the person's by ``move_apply``, bots by their task."""
    from apps.rules import api
    from apps.tables.bot_turns import match_bot_move
    from apps.tables.models import Match
    from apps.tables.moves import move_apply

    moves = 0
    while True:
        match = Match.objects.get(pk=entry.match_id)
        if match.status != Match.Status.PLAYING:
            return moves
        state = api.from_json(match.state)
        if entry.seat in api.to_act(state):
            legal = api.legal_actions(state, entry.seat)
            move_apply(match_id=match.pk, seat=entry.seat, action=legal[0], seq=match.seq, actor="person",
                       user_id=entry.user_id)  # fmt: skip
        elif not match_bot_move(match_id=match.pk, seq=match.seq):
            raise RuntimeError(f"match {match.pk} stuck")
        moves += 1


def users(prefix: str, count: int) -> list:
    from django.contrib.auth import get_user_model

    model = get_user_model()
    model.objects.bulk_create(
        (model(username=f"{prefix}{i}", password="!", display_name=f"Игрок {i}") for i in range(count)),
        batch_size=5000,
    )
    return list(model.objects.filter(username__startswith=prefix).order_by("id"))


def bench_play(args) -> tuple:
    from apps.duplicates import services

    owner = users("owner", 1)[0]
    dset = services.set_create(
        user=owner, mode=args.mode, deals=args.deals, open_minutes=24 * 60, private=False
    )
    players = users("p", args.players)
    play_ms, sim_s, live_s, live_moves = [], 0.0, 0.0, 0
    for i, user in enumerate(players):
        got: list = []
        play_ms.append(
            timed(lambda user=user, got=got: got.append(services.set_play(user=user, set_id=dset.pk)))[0]
        )
        entry = got[0]
        started = time.perf_counter()
        if i < args.through_tables:
            live_moves += play_through_tables(entry)
            live_s += time.perf_counter() - started
        else:
            play_in_memory(entry, args.level, random.Random(i))
            sim_s += time.perf_counter() - started
    return (
        dset,
        players,
        {
            "set_play_ms": percentiles_ms(play_ms),
            "simulated_play_s": round(sim_s, 1),
            "through_tables": {"players": args.through_tables, "moves": live_moves, "s": round(live_s, 1)},
        },
    )


def bench_pages(dset, players, samples: int) -> dict:
    from django.test import Client

    from apps.duplicates import selectors

    rng = random.Random(3)
    chosen = rng.sample(players, min(samples, len(players)))
    client = Client()
    client.force_login(chosen[0])
    for _ in range(10):  # warm up
        client.get(f"/duplicates/{dset.pk}/")
    out: dict[str, list[float]] = {
        k: [] for k in ("comparison", "page", "page_cpu", "api", "api_cpu", "home", "home_cpu")
    }
    for user in chosen:
        detail: list = []
        out["comparison"].append(
            timed(lambda user=user, detail=detail: detail.append(selectors.set_detail(dset, user)))[0]
        )
        assert detail[0]["results"]["players"] == len(players)
        client.force_login(user)
        response = get_timed(client, f"/duplicates/{dset.pk}/", out, "page")
        assert response.status_code == 200 and b'data-testid="duplicate-score"' in response.content
        get_timed(client, f"/api/duplicates/{dset.pk}/", out, "api")
        get_timed(client, "/", out, "home")  # baseline: any page of this stack
    return {f"{k}_ms": percentiles_ms(v) for k, v in out.items()}


def bench_rollover(args) -> dict:
    from datetime import timedelta

    from django.db import connection
    from django.utils import timezone

    from apps.duplicates import selectors, services
    from apps.duplicates.models import DuplicateSet, Entry

    owner = users("rowner", 1)[0]
    dset = services.set_create(user=owner, mode=args.mode, deals=args.deals, open_minutes=60, private=False)
    people = users("r", args.rollover_results)
    rng = random.Random(11)
    now = timezone.now()
    unfinished = max(1, len(people) // 100)
    Entry.objects.bulk_create(
        (
            Entry(
                set=dset, user=u, seat=0,
                results=[rng.randrange(-30, 31) * 2 for _ in range(args.deals)] if i >= unfinished else [],
                finished_at=now - timedelta(seconds=i) if i >= unfinished else None,
            )
            for i, u in enumerate(people)
        ),
        batch_size=5000,
    )  # fmt: skip
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    DuplicateSet.objects.filter(pk=dset.pk).update(closes_at=now - timedelta(seconds=1))
    started, cpu = time.perf_counter(), time.process_time()
    done = services.rollover()
    rollover_s, rollover_cpu = time.perf_counter() - started, time.process_time() - cpu
    dset.refresh_from_db()
    assert dset.status == "closed" and done["closed"] >= 1
    assert Entry.objects.filter(set=dset, forfeit=True).count() == unfinished
    detail: list = []
    wall = timed(lambda: detail.append(selectors.set_detail(dset, people[-1])))[0]
    assert detail[0]["results"]["players"] == len(people)
    return {
        "rollover_results": len(people),
        "rollover_s": round(rollover_s, 3),
        "rollover_cpu_s": round(rollover_cpu, 3),
        "rollover": done,
        "closed_comparison_ms": round(wall, 1),
    }


def main() -> int:
    args = parse()
    os.environ["TABLES_SCHEDULER"] = "none"  # nothing goes to Celery: this process drives every move
    os.environ["TABLES_BOT_DELAY_MS"] = "0"
    with scratch_database(args.server, args.db, keep=args.keep):
        from django.db import connection

        dset, players, played = bench_play(args)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        out = {
            "bench": "duplicate",
            "mode": args.mode,
            "deals": args.deals,
            "players": len(players),
            "level": args.level,
            **played,
            "samples": min(args.samples, len(players)),
            **bench_pages(dset, players, args.samples),
            **bench_rollover(args),
            "goal": {"page_p99_ms": 50, "rollover_s": 10},
            "load_average": [round(x, 1) for x in os.getloadavg()],
        }
        out["ok"] = out["page_ms"]["p99"] < 50 and out["rollover_s"] < 10
        out["ok_cpu"] = out["page_cpu_ms"]["p99"] < 50 and out["rollover_s"] < 10
        connection.close()
        print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
