"""Load benchmark of live tables: N tables of 4 socket clients playing on the real stack.

    python bench/ws_load.py --tables 100 --seconds 30 --pace 1
    python bench/ws_load.py --tables 100 --seconds 60 --pace 1 --stagger 20 --processes 2
    python bench/ws_load.py --tables 100 --seconds 20 --processes 2 --baseline
    python bench/ws_load.py --tables 50 --seconds 20 --bots
    python bench/ws_load.py --tables 10 --seconds 10 --connect ws://127.0.0.1:8000

Starts P daphne processes (production settings, psycopg pool, sized Redis pool; no proxy:
the clients pick the port as a proxy would, all of a table's sockets on one process with
``--spread tables``, the default, or its seats across the processes with ``--spread seats``),
a Celery worker and beat, on a bench
database (``kartochki_wsbench``) and Redis DB 14 (``bench/common.py``). Creates N tables of
Базар-блот (4 players, to 301) with 4 users and API tokens (``--bots``: one person and three
bots per table, bots moving after ``pace`` seconds). Client processes (``--client-processes``)
play random legal actions as fast as the server answers, or each table once per ``--pace``
seconds on average.

Prints JSON: actions applied per second, the round trip from sending an action to the acting
seat's new state (``self_ms``) and until every seat of the table has it (``all_seats_ms``),
p50/p95/p99/max after ``--warmup`` seconds, errors by code, sequence gaps, the seconds in which
round trips took over 150 ms (to line up with the logs), the CPU used by the server processes,
by the clients, by PostgreSQL and Redis, and by the whole machine; per action the servers'
(``server_ms_per_action``), the stack's with clients and services (``stack_ms_per_action``, still
meaningful when other work shares the machine) and the machine's; and the load average. If the server's
autovacuum is off (this machine's CI PostgreSQL) the bench database is vacuumed first.
``--baseline`` runs the same clients against ``bench/baseline_asgi.py`` (fan-out only) on the
same stack and adds the ratios.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common
from bench.ws_clients import client_main

GAME = "bazar_blot"
OPTIONS = {"players": 4, "target": 301}


# --------------------------------------------------------------------------- setup (Django ORM)


def users_with_tokens(count: int) -> list[tuple[object, str]]:
    """``count`` bench users (made once, reused) each with a fresh API token key (bulk rows)."""
    import secrets

    from django.contrib.auth import get_user_model

    from apps.api.models import ApiToken
    from apps.api.tokens import KEY_PREFIX, key_hash

    User = get_user_model()
    names = [f"bench{i:05d}" for i in range(count)]
    existing = {u.username for u in User.objects.filter(username__in=names)}
    User.objects.bulk_create(
        [User(username=n, password="!") for n in names if n not in existing], batch_size=500
    )
    users = {u.username: u for u in User.objects.filter(username__in=names)}
    keys = {n: KEY_PREFIX + secrets.token_urlsafe(32) for n in names}
    ApiToken.objects.bulk_create(
        [
            ApiToken(user=users[n], name="bench", key_hash=key_hash(k), prefix=k[: len(KEY_PREFIX) + 5])
            for n, k in keys.items()
        ],
        batch_size=500,
    )
    return [(users[n], keys[n]) for n in names]


def tables_of_people(count: int, time_scale: float | None = None, stagger: float = 0.0) -> list[dict]:
    """``count`` started tables of 4 people; per table its id and per seat the user's key.
    With ``stagger`` the matches start evenly over that many seconds.

    Rows are written directly (one transaction per table, the match started by the tables app's
    own ``match_start``) instead of going through the lobby's seat-by-seat services, whose lobby
    broadcasts would make the setup of hundreds of tables take minutes."""
    from django.db import transaction

    from apps.tables.models import Seat, Table
    from apps.tables.seating import normalized_options
    from apps.tables.starting import match_start

    options = normalized_options(GAME, OPTIONS)
    people = users_with_tokens(4 * count)
    out = []
    for t in range(count):
        seated = people[4 * t : 4 * t + 4]
        with transaction.atomic():
            table = Table.objects.create(
                game=GAME,
                options=options,
                seat_count=4,
                owner=seated[0][0],
                private=True,
                time_scale=time_scale,
            )
            Seat.objects.bulk_create(
                Seat(table=table, number=n, user=user, ready=True) for n, (user, _) in enumerate(seated)
            )
            match_start(table=table)
        out.append({"id": table.pk, "keys": [key for _, key in seated]})
        if stagger:
            time.sleep(stagger / count)
    return out


def tables_with_bots(count: int, bot_delay_ms: int, time_scale: float | None = None) -> list[dict]:
    """``count`` started tables of one person (seat 0) and three normal bots."""
    from apps.lobby import services

    people = users_with_tokens(count)
    out = []
    for user, key in people:
        table = services.play_with_bots(
            user=user,
            game=GAME,
            options=OPTIONS,
            level="normal",
            bot_delay_ms=bot_delay_ms,
            time_scale=time_scale,
        )
        out.append({"id": table.pk, "keys": [key]})
    return out


# --------------------------------------------------------------------------- one measured run


def client_specs(tables: list[dict], ports: list[int], processes: int, args, baseline: bool) -> list[dict]:
    """Split the tables over client processes; each table's sockets to a port by ``--spread``."""
    specs = [
        {"index": i, "tables": [], "pace": args.pace, "warmup": args.warmup, "seconds": args.seconds}
        for i in range(processes)
    ]
    for n, table in enumerate(tables):
        sockets = []
        for seat, key in enumerate(table["keys"]):
            # by table: what a proxy hashing the socket's URL does (README, "Production");
            # by seat: each socket of a table to the next process (a round-robin proxy)
            port = ports[n % len(ports)] if args.spread == "tables" else ports[(n + seat) % len(ports)]
            if baseline:
                url, headers = f"ws://127.0.0.1:{port}/ws/tables/{table['id']}/?seat={seat}", {}
            else:
                url = f"{args.connect or f'ws://127.0.0.1:{port}'}/ws/tables/{table['id']}/"
                headers = {"Authorization": f"Token {key}"}
            sockets.append({"seat": seat, "url": url, "headers": headers})
        specs[n % processes]["tables"].append({"id": table["id"], "sockets": sockets})
    return specs


def measure(specs: list[dict], server_pids: list[int], *, with_worker: bool = False) -> dict:
    """Run the client processes; return the merged figures and the servers' CPU share (and with
    ``with_worker`` the Celery tasks run per applied action)."""
    ctx = mp.get_context("spawn")
    report, go = ctx.Queue(), ctx.Event()
    procs = [ctx.Process(target=client_main, args=(spec, report, go), daemon=True) for spec in specs]
    for p in procs:
        p.start()
    sockets = 0
    for _ in procs:
        kind, _index, value = report.get(timeout=600)
        assert kind == "connected"
        sockets += value
    warmup, seconds = specs[0]["warmup"], specs[0]["seconds"]
    settle = _settle(server_pids)
    go.set()
    start = time.time()
    print(
        f"ws_load: playing from {_clock(start)} UTC, measuring {_clock(start + warmup)}-"
        f"{_clock(start + warmup + seconds)}",
        file=sys.stderr,
        flush=True,
    )
    time.sleep(warmup)
    tasks0 = common.worker_task_counts() if with_worker else {}
    cpu0 = {pid: _cpu_or_zero(pid) for pid in server_pids}
    machine0 = common.machine_cpu_seconds()
    services0 = common.services_cpu_seconds()
    load0 = common.load_average()
    time.sleep(seconds)
    cpu1 = {pid: _cpu_or_zero(pid) for pid in server_pids}
    machine1 = common.machine_cpu_seconds()
    services1 = common.services_cpu_seconds()
    tasks1 = common.worker_task_counts() if with_worker else {}  # the stack runs one worker
    results = [report.get(timeout=120)[2] for _ in procs]
    for p in procs:
        p.join(30)
    self_rtt = [x for r in results for x in r["self_rtt"]]
    all_rtt = [x for r in results for x in r["all_rtt"]]
    errors: dict[str, int] = {}
    for r in results:
        for code, n in r["errors"].items():
            errors[code] = errors.get(code, 0) + n
    applied = sum(r["applied"] for r in results)
    slow = sorted(x for r in results for x in r["slow"])
    server_cpu = sum(cpu1[pid] - cpu0[pid] for pid in server_pids)
    services = {name: services1[name] - services0[name] for name in services0}
    stack_cpu = server_cpu + sum(services.values()) + sum(r["client_cpu_seconds"] for r in results)
    return {
        "sockets": sockets,
        "actions_per_second": round(applied / seconds, 1),
        "actions_applied": applied,
        "self_ms": common.percentiles(self_rtt),
        "all_seats_ms": common.percentiles(all_rtt),
        "errors": errors,
        "gaps": sum(r["gaps"] for r in results),
        "slow_seconds": _slow_seconds(slow),
        "finished_tables": sum(r["finished_tables"] for r in results),
        "frames_received": sum(r["frames"] for r in results),
        "server_cpu_share": {str(pid): round((cpu1[pid] - cpu0[pid]) / seconds, 2) for pid in server_pids},
        "client_cpu_share": [round(r["client_cpu_seconds"] / seconds, 2) for r in results],
        "services_cpu_share": {name: round(cpu / seconds, 3) for name, cpu in services.items()},
        "server_ms_per_action": round(server_cpu * 1000 / applied, 2) if applied else None,
        "stack_ms_per_action": round(stack_cpu * 1000 / applied, 2) if applied else None,
        "celery_tasks_per_action": {
            name.rsplit(".", 1)[-1]: round((n - tasks0.get(name, 0)) / applied, 4)
            for name, n in tasks1.items()
            if n > tasks0.get(name, 0) and applied
        },
        "machine_busy_cores": round((machine1[0] - machine0[0]) / seconds, 2),
        "machine_stolen_cores": round((machine1[1] - machine0[1]) / seconds, 2),
        "machine_ms_per_action": round((machine1[0] - machine0[0]) * 1000 / applied, 2) if applied else None,
        "load_average_at_start": load0,
        "settle_seconds": settle,
    }


def _clock(t: float) -> str:
    return time.strftime("%H:%M:%S", time.gmtime(t))


def _slow_seconds(slow: list[tuple[float, int]]) -> list[list]:
    """The wall-clock seconds (UTC, ``HH:MM:SS``) in which round trips over ``SLOW`` were sent:
    how many and the longest (ms), the 20 worst seconds in time order."""
    by_second: dict[int, list[int]] = {}
    for sent, ms in slow:
        by_second.setdefault(int(sent), []).append(ms)
    worst = sorted(by_second, key=lambda s: max(by_second[s]), reverse=True)[:20]
    return [[_clock(s), len(by_second[s]), max(by_second[s])] for s in sorted(worst)]


def _settle(pids: list[int], quiet: float = 0.25, seconds: int = 3, limit: float = 180.0) -> float:
    """Wait until the servers use under ``quiet`` of a core in each of ``seconds`` seconds in a
    row (the sockets' connect work, e.g. the presence states of filling tables, is done: one
    quiet second was not enough, a backlog of it could still run into the measured window);
    return the seconds waited."""
    start = time.monotonic()
    calm = 0
    while pids and calm < seconds and time.monotonic() - start < limit:
        before = sum(_cpu_or_zero(p) for p in pids)
        time.sleep(1.0)
        calm = calm + 1 if sum(_cpu_or_zero(p) for p in pids) - before < quiet else 0
    return round(time.monotonic() - start, 1)


def _cpu_or_zero(pid: int) -> float:
    try:
        return common.cpu_seconds(pid)
    except OSError:
        return 0.0


# --------------------------------------------------------------------------- main


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds (after warm-up)")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--pace", type=float, default=None, help="mean seconds between a table's actions")
    parser.add_argument("--processes", type=int, default=1, help="daphne processes")
    parser.add_argument(
        "--stagger",
        type=float,
        default=0.0,
        help="start the tables' matches evenly over this many seconds instead of at once (as on a "
        "site, where matches start at different times, so their turn timers do not fire together)",
    )
    parser.add_argument(
        "--spread",
        choices=("tables", "seats"),
        default="tables",
        help="with several processes: a table's sockets on one process (tables) or spread (seats)",
    )
    parser.add_argument("--client-processes", type=int, default=2)
    parser.add_argument("--baseline", action="store_true", help="also run the fan-out-only consumer")
    parser.add_argument("--bots", action="store_true", help="one person and three bots per table")
    parser.add_argument("--connect", help="ws://host:port of a running site (no stack started)")
    parser.add_argument("--fresh-db", action="store_true", help="drop and recreate the bench database")
    parser.add_argument("--nice", type=int, help="run the stack and clients at this nice (shared machine)")
    parser.add_argument(
        "--layer",
        choices=("core", "pubsub"),
        help="channel layer of the stack (CHANNEL_LAYER; default: the environment's, else pubsub)",
    )
    args = parser.parse_args(argv)
    if args.stagger and args.bots:
        parser.error("--stagger starts tables of people only (--bots tables start at once)")
    if args.layer:
        os.environ["CHANNEL_LAYER"] = args.layer
    if args.nice is not None:
        os.environ["BENCH_NICE"] = str(args.nice)
    if not 1 <= args.tables <= 2000 or not 0 < args.seconds <= 600 or not 1 <= args.processes <= 8:
        parser.error("bounded: 1..2000 tables, up to 600 s, 1..8 processes")
    if args.connect and not args.connect.startswith(("ws://127.0.0.1", "ws://localhost", "ws://[::1]")):
        parser.error("loopback only")
    return args


def main(argv: list[str] | None = None) -> dict:
    args = parse_args(argv)
    out: dict = {
        "tables": args.tables,
        "pace": args.pace,
        "stagger": args.stagger,
        "daphne_processes": args.processes,
        "spread": args.spread,
        "mode": "bots" if args.bots else "people",
        "seconds": args.seconds,
        "load_average_before": common.load_average(),
        "nice": args.nice,
        "channel_layer": os.environ.get("CHANNEL_LAYER") or "pubsub",
    }
    if not args.connect:
        common.database_prepare(fresh=args.fresh_db)
        out["autovacuum"] = common.vacuum_unless_autovacuum()
        common.redis_flush()
    common.django_setup()
    stack: list[common.Proc] = []
    try:
        ports = [0]
        pids: list[int] = []
        if not args.connect:
            daphnes = common.start_daphnes(args.processes)
            stack += daphnes
            stack.append(common.start_worker())
            stack.append(common.start_beat())
            ports = [d.port for d in daphnes]
            pids = [p.pid for p in stack]
        t0 = time.monotonic()
        if args.bots:
            delay = int((args.pace or 0) * 1000)
            tables = tables_with_bots(args.tables, delay)
        else:
            tables = tables_of_people(args.tables, stagger=args.stagger)
        out["setup_seconds"] = round(time.monotonic() - t0, 1)
        specs = client_specs(tables, ports, min(args.client_processes, args.tables), args, baseline=False)
        out["site"] = measure(specs, pids, with_worker=not args.connect)
        out["site"]["server_processes"] = {str(p.pid): p.name for p in stack}
        if args.baseline and not args.connect:
            for proc in stack:
                proc.stop()
            stack = common.start_daphnes(args.processes, app="bench.baseline_asgi:application")
            fake = [{"id": t["id"], "keys": [None] * 4} for t in tables]
            specs = client_specs(
                fake, [d.port for d in stack], min(args.client_processes, args.tables), args, True
            )
            out["baseline"] = measure(specs, [p.pid for p in stack])
            site, base = out["site"], out["baseline"]
            out["ratio_to_baseline"] = {
                "actions_per_second": _ratio(site["actions_per_second"], base["actions_per_second"]),
                "all_seats_p50": _ratio(site["all_seats_ms"].get("p50"), base["all_seats_ms"].get("p50")),
                "all_seats_p99": _ratio(site["all_seats_ms"].get("p99"), base["all_seats_ms"].get("p99")),
            }
    finally:
        for proc in stack:
            proc.stop()
        if not args.connect and "tables" in locals():
            matches_close([t["id"] for t in tables])
    out["load_average_after"] = common.load_average()
    return out


def matches_close(table_ids: list[int]) -> None:
    """Mark the run's matches finished (bench database only): abandoned, they would keep the
    sweeper of every later run busy playing their timeouts (and their bots' moves)."""
    from apps.tables.models import Match

    Match.objects.filter(table_id__in=table_ids, status="playing").update(
        status="finished", deadline=None, bot_to_act=False
    )


def _ratio(a, b):
    return round(a / b, 2) if a and b else None


if __name__ == "__main__":
    common.exit_on_sigterm()
    common.print_json(main())
