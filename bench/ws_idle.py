"""Idle sockets and connection churn of one daphne process; snapshot and move-log sizes.

    python bench/ws_idle.py --sockets 2000 --cycles 10000
    python bench/ws_idle.py --sizes-only      # sizes from the bench database after a load run

Starts one daphne process of the bench stack (``bench/common.py``), seats people at started
tables and opens ``--sockets`` table sockets (API tokens, each receiving its full state) that
then stay idle; checks every one still answers a ping; closes them; then makes ``--cycles``
connect / full state / disconnect cycles. Prints JSON: the daphne RSS at each step, MB per
1,000 idle sockets, RSS after the cycles against before them, connect rates, and the sizes of
the stored snapshot (``match.state``) and of the move log per action (from PostgreSQL).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.protocol import decode_server, encode
from apps.protocol.client import Ping
from apps.protocol.server import Pong, State
from bench import common
from bench.ws_load import tables_of_people


async def _open(url: str, key: str):
    from websockets.asyncio.client import connect

    ws = await connect(
        url,
        additional_headers={"Authorization": f"Token {key}"},
        compression=None,
        ping_interval=None,
        open_timeout=120,
        proxy=None,
    )
    first = decode_server(await asyncio.wait_for(ws.recv(), 120))
    if not isinstance(first, State):
        raise RuntimeError(f"first frame {first}")
    return ws


async def open_many(targets: list[tuple[str, str]], concurrency: int) -> tuple[list, int, float]:
    """Open a socket per ``(url, key)``; return the sockets, the failures and the seconds taken."""
    gate = asyncio.Semaphore(concurrency)
    failures = 0

    async def one(url: str, key: str):
        nonlocal failures
        async with gate:
            try:
                return await _open(url, key)
            except Exception:
                failures += 1
                return None

    t0 = time.monotonic()
    sockets = await asyncio.gather(*(one(u, k) for u, k in targets))
    return [s for s in sockets if s is not None], failures, time.monotonic() - t0


async def all_answer(sockets: list) -> int:
    """How many of ``sockets`` answer a ping with a pong (frames queued meanwhile are skipped)."""

    async def one(ws) -> bool:
        try:
            await ws.send(encode(Ping(t=1)))
            while True:
                frame = decode_server(await asyncio.wait_for(ws.recv(), 60))
                if isinstance(frame, Pong):
                    return True
        except Exception:
            return False

    return sum(await asyncio.gather(*(one(ws) for ws in sockets)))


async def cycles(targets: list[tuple[str, str]], count: int, concurrency: int) -> tuple[int, float]:
    """``count`` connect / first state / close cycles over ``targets``; (failures, seconds)."""
    gate = asyncio.Semaphore(concurrency)
    failures = 0

    async def one(i: int) -> None:
        nonlocal failures
        url, key = targets[i % len(targets)]
        async with gate:
            try:
                ws = await _open(url, key)
                await ws.close()
            except Exception:
                failures += 1

    t0 = time.monotonic()
    await asyncio.gather(*(one(i) for i in range(count)))
    return failures, time.monotonic() - t0


def stored_sizes() -> dict:
    """Snapshot bytes (JSON text of ``match.state``) and move-log bytes per action, from PostgreSQL."""
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute(
            "SELECT count(*), avg(octet_length(state::text)), max(octet_length(state::text)),"
            " avg(pg_column_size(state)), max(pg_column_size(state)) FROM tables_match"
        )
        matches, avg_text, max_text, avg_stored, max_stored = cur.fetchone()
        cur.execute("SELECT count(*), coalesce(avg(pg_column_size(m.*)), 0) FROM tables_move m")
        moves, avg_row = cur.fetchone()
        cur.execute("SELECT pg_total_relation_size('tables_move'), pg_relation_size('tables_move')")
        total, heap = cur.fetchone()
        cur.execute("SELECT count(*), coalesce(sum(pg_column_size(d.*)), 0) FROM tables_dealrecord d")
        deals, deal_bytes = cur.fetchone()
    return {
        "matches": matches,
        "snapshot_bytes_avg_json_text": round(float(avg_text or 0)),
        "snapshot_bytes_max_json_text": max_text,
        "snapshot_bytes_avg_stored": round(float(avg_stored or 0)),
        "snapshot_bytes_max_stored": max_stored,
        "moves": moves,
        "move_row_bytes_avg": round(float(avg_row), 1),
        "move_table_bytes_per_action_with_indexes": round(total / moves, 1) if moves else None,
        "move_heap_bytes_per_action": round(heap / moves, 1) if moves else None,
        "deal_records": deals,
        "deal_record_bytes_per_action": round(deal_bytes / moves, 1) if moves else None,
    }


async def run(args, daphne: common.Proc, targets: list[tuple[str, str]]) -> dict:
    mb = lambda: round(common.rss_kb(daphne.pid) / 1024, 1)  # noqa: E731
    out: dict = {"rss_mb_started": mb()}
    warm, failures, _ = await open_many(targets[:100], args.concurrency)
    for ws in warm:
        await ws.close()
    await asyncio.sleep(1)
    out["rss_mb_after_warmup"] = before = mb()
    idle, failures, seconds = await open_many(
        [targets[i % len(targets)] for i in range(args.sockets)], args.concurrency
    )
    await asyncio.sleep(2)
    out["idle_sockets_open"] = len(idle)
    out["idle_open_failures"] = failures
    out["idle_connects_per_second"] = round(len(idle) / seconds, 1)
    out["rss_mb_with_idle"] = with_idle = mb()
    out["rss_mb_per_1000_idle"] = round((with_idle - before) * 1000 / max(1, len(idle)), 1)
    out["idle_sockets_answering_ping"] = await all_answer(idle)
    for ws in idle:
        await ws.close()
    await asyncio.sleep(2)
    out["rss_mb_after_closing_idle"] = mb()
    first = min(1000, args.cycles)
    fails, secs = await cycles(targets, first, args.concurrency)
    await asyncio.sleep(1)
    out["rss_mb_after_first_1000_cycles"] = after_first = mb()
    fails2, secs2 = await cycles(targets, args.cycles - first, args.concurrency)
    await asyncio.sleep(2)
    out["cycles"] = args.cycles
    out["cycle_failures"] = fails + fails2
    out["cycles_per_second"] = round(args.cycles / (secs + secs2), 1)
    out["rss_mb_after_cycles"] = after = mb()
    out["rss_growth_over_cycles_pct"] = round((after - after_first) * 100 / after_first, 1)
    out["rss_growth_vs_warm_pct"] = round((after - before) * 100 / before, 1)
    return out


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sockets", type=int, default=2000)
    parser.add_argument("--cycles", type=int, default=10000)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--sizes-only", action="store_true")
    args = parser.parse_args(argv)
    if not 1 <= args.sockets <= 10000 or not 0 <= args.cycles <= 100000:
        parser.error("bounded: up to 10,000 sockets and 100,000 cycles")
    out: dict = {"load_average_before": common.load_average()}
    if not args.sizes_only:
        common.database_prepare()
        common.redis_flush()
    common.django_setup()
    if not args.sizes_only:
        daphne = common.start_daphne()
        try:
            tables = tables_of_people(args.tables)
            url = f"ws://127.0.0.1:{daphne.port}/ws/tables/"
            targets = [(f"{url}{t['id']}/", key) for t in tables for key in t["keys"]]
            out.update(asyncio.run(run(args, daphne, targets)))
            out["daphne_cpu_seconds"] = round(common.cpu_seconds(daphne.pid), 1)
        finally:
            daphne.stop()
    out["sizes"] = stored_sizes()
    out["load_average_after"] = common.load_average()
    return out


if __name__ == "__main__":
    common.exit_on_sigterm()
    common.print_json(main())
