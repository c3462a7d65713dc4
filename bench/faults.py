"""Faults while tables play: kill a daphne process, kill a Celery worker with pending timers,
restart Redis, restart PostgreSQL; then check that nothing was lost or doubled.

    python bench/faults.py                      # daphne and worker kills only
    python bench/faults.py --shared-services    # also restart Redis and PostgreSQL (shared!)

The stack (``bench/common.py``): 2 daphne processes, 2 Celery workers (solo pool) and beat (the
sweeper every second). ``--tables`` tables of Базар-блот (4 players, to 51) with one person and
three normal bots each, clocks at ``--time-scale`` (short turns, so timers fire all the time);
the person's socket client plays random legal actions on two tables of three and never acts on
the third (each of his turns there times out). Clients reconnect (to any live daphne) when their
socket closes and resync (``sync``) after a gap or a silence of 3 s.

Timeline: kill -9 one daphne (restarted 2 s later on a new port); kill -9 one Celery worker
(its countdown timers are lost; the other worker's sweeper must act; a new worker starts 5 s
later); with ``--shared-services``: ``redis-cli shutdown nosave`` and Redis started again, then
``pg_ctlcluster ... restart``. Afterwards, for every match of the run: Move seq contiguous
1..seq (nothing lost or doubled), Move count == seq, the record replays through the engine to
the stored snapshot, finished matches to the stored result, every move a client saw is in the
log with the same action; each timeout's lateness against its deadline (max under 2 s); and for
each table whose socket was on the killed daphne, the seconds until its client was served again
through another process (max under 2 s) and saw the match move on.
Prints JSON: what was done when, and each check pass / fail.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.protocol import decode_server, encode
from apps.protocol.client import Act, Sync
from apps.protocol.server import Error, State
from bench import common

SYNC = encode(Sync())

REDIS_START = [
    "redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "-::1", "--port", "6379", "--save", "",
    "--appendonly", "no", "--dir", "/var/lib/redis", "--logfile", "/var/log/redis/ci.log",
]  # fmt: skip


class Stack:
    """The processes of the run and the daphne ports clients may use."""

    def __init__(self) -> None:
        self.daphnes = common.start_daphnes(2)
        self.workers = [common.start_worker(), common.start_worker()]
        self.beat = common.start_beat()

    def ports(self) -> list[int]:
        return [d.port for d in self.daphnes if d.alive()]

    def stop(self) -> None:
        for proc in [*self.daphnes, *self.workers, self.beat]:
            proc.stop()


# --------------------------------------------------------------------------- clients


class Client:
    """The person's socket at one table: plays (or idles), reconnects, resyncs; notes every move."""

    def __init__(self, table: dict, stack: Stack, acts: bool, pace: float, seen: dict) -> None:
        self.table_id = table["id"]
        self.key = table["keys"][0]
        self.stack = stack
        self.acts = acts
        self.pace = pace
        self.seen = seen  # (table, seq) -> move event
        self.reconnects = 0
        self.last_seq = -1
        self.finished = False
        self.stopping = False
        #: The daphne port of the socket now open (0: none).
        self.port = 0
        #: ``(time.monotonic(), seq)`` of every state received.
        self.states: list[tuple[float, int]] = []

    async def run(self) -> None:
        from websockets.asyncio.client import connect

        while not self.stopping and not self.finished:
            ports = self.stack.ports()
            port = random.choice(ports) if ports else 0
            self.port = port
            try:
                async with connect(
                    f"ws://127.0.0.1:{port}/ws/tables/{self.table_id}/",
                    additional_headers={"Authorization": f"Token {self.key}"},
                    compression=None,
                    ping_interval=None,
                    open_timeout=20,
                    proxy=None,
                ) as ws:
                    await self.session(ws)
            except Exception:
                pass
            self.port = 0
            if not self.stopping and not self.finished:
                self.reconnects += 1
                await asyncio.sleep(0.5)

    async def session(self, ws) -> None:
        while not self.stopping:
            try:
                raw = await asyncio.wait_for(ws.recv(), 3)
            except TimeoutError:
                await ws.send(SYNC)  # silence: maybe a lost state
                continue
            message = decode_server(raw)
            if isinstance(message, Error) and message.code == "stale":
                await ws.send(SYNC)
            if not isinstance(message, State):
                continue
            seq = message.seq
            self.states.append((time.monotonic(), seq))
            if self.last_seq >= 0 and seq > self.last_seq + 1:
                await ws.send(SYNC)
            self.last_seq = max(self.last_seq, seq)
            for event in message.events:
                if event.get("type") == "move":
                    self.seen[(self.table_id, seq)] = event
                    break
            view = message.view
            if view.get("result"):
                self.finished = True
                return
            legal = [a for a in view.get("legal") or [] if a.get("type") not in ("surrender", "leave")]
            if self.acts and legal and seq == self.last_seq:
                await asyncio.sleep(random.expovariate(1 / self.pace))
                action = random.choice(legal)
                await ws.send(encode(Act(seq=seq, action=action)))


def clients_thread(clients: list[Client]) -> threading.Thread:
    async def main() -> None:
        await asyncio.gather(*(c.run() for c in clients))

    thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    thread.start()
    return thread


# --------------------------------------------------------------------------- deadlines


class DeadlineWatch:
    """Polls ``(match, seq) -> deadline`` of playing matches, to measure timeouts' lateness."""

    def __init__(self, match_ids: list[int]) -> None:
        self.match_ids = match_ids
        self.deadlines: dict[tuple[int, int], object] = {}
        self.stopping = False
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        from django.db import close_old_connections

        from apps.tables.models import Match

        while not self.stopping:
            try:
                rows = Match.objects.filter(pk__in=self.match_ids, status="playing", deadline__isnull=False)
                for pk, seq, deadline in rows.values_list("pk", "seq", "deadline"):
                    self.deadlines[(pk, seq)] = deadline
            except Exception:
                close_old_connections()  # PostgreSQL restarting
            time.sleep(0.2)
        close_old_connections()


# --------------------------------------------------------------------------- faults


def kill_daphne(stack: Stack, log: list, clients: list[Client]) -> list[tuple[Client, int, float]]:
    """kill -9 the first daphne, start another 2 s later; returns each client whose socket was on
    it with the ``seq`` it had seen and the moment of the kill (for :func:`resume_after_kill`)."""
    victim = stack.daphnes[0]
    at = time.monotonic()
    cut = [(c, c.last_seq, at) for c in clients if c.port == victim.port and not c.finished]
    victim.kill()
    log.append({"t": _now(), "fault": f"kill -9 daphne on port {victim.port}"})
    time.sleep(2)
    stack.daphnes[0] = common.start_daphne()
    log.append({"t": _now(), "fault": f"daphne restarted on port {stack.daphnes[0].port}"})
    return cut


def kill_worker(stack: Stack, log: list) -> float:
    victim = stack.workers[0]
    victim.kill()
    at = time.time()
    log.append({"t": _now(), "fault": f"kill -9 celery worker {victim.pid} (its countdown timers are lost)"})
    time.sleep(5)
    stack.workers[0] = common.start_worker()
    log.append({"t": _now(), "fault": "a new celery worker started"})
    return at


def restart_redis(log: list) -> None:
    subprocess.run(["redis-cli", "shutdown", "nosave"], capture_output=True)
    log.append({"t": _now(), "fault": "redis-cli shutdown nosave"})
    time.sleep(1)
    subprocess.run(REDIS_START, check=True)
    _wait(
        lambda: subprocess.run(["redis-cli", "ping"], capture_output=True, text=True).stdout.strip() == "PONG"
    )
    log.append({"t": _now(), "fault": "redis-server started again"})


def restart_postgres(log: list) -> None:
    cluster = sorted(p.name for p in Path("/etc/postgresql").iterdir())[0]
    log.append({"t": _now(), "fault": f"pg_ctlcluster {cluster} main restart"})
    subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", cluster, "main", "restart"], check=True)
    _wait(lambda: subprocess.run(["pg_isready", "-h", "127.0.0.1"], capture_output=True).returncode == 0)
    log.append({"t": _now(), "fault": "postgresql is back"})


def _wait(ready, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise RuntimeError("service did not come back")
        time.sleep(0.3)


def _now() -> str:
    return time.strftime("%H:%M:%S")


# --------------------------------------------------------------------------- checks


def check_matches(match_ids: list[int], seen: dict, table_of: dict) -> dict:
    """Every match: contiguous moves, count == seq, replay == snapshot (and result), seen moves logged."""
    from apps.rules import api, scenario
    from apps.stats.replay import replay_state
    from apps.tables.models import Match, Move
    from apps.tables.selectors import match_record

    failures: list[str] = []
    finished = 0
    moves_total = 0
    for match in Match.objects.filter(pk__in=match_ids):
        seqs = list(match.moves.order_by("seq").values_list("seq", flat=True))
        moves_total += len(seqs)
        if seqs != list(range(1, match.seq + 1)):
            failures.append(f"match {match.pk}: moves {len(seqs)} not contiguous 1..{match.seq}")
        record = match_record(match)
        state = replay_state(record)
        for deal in record["deals"]:
            for raw in deal["actions"]:
                action = {k: v for k, v in raw.items() if k not in ("seat", "system")}
                api.apply(state, raw["seat"], action, system=bool(raw.get("system")))
        if _without_source(api.to_json(state)) != _without_source(match.state):
            failures.append(f"match {match.pk}: replay differs from the stored snapshot")
        if match.status == Match.Status.FINISHED:
            finished += 1
            result = scenario.run(record)
            if result["rejected"] or sorted(result["winners"]) != sorted(match.result["winners"]):
                failures.append(f"match {match.pk}: finished match does not replay to its result")
            if result["totals"] != match.result["totals"]:
                failures.append(f"match {match.pk}: totals differ on replay")
    logged = {
        (m.match.table_id, m.seq): m
        for m in Move.objects.filter(match_id__in=match_ids).select_related("match")
    }
    missing = 0
    for (table_id, seq), event in seen.items():
        move = logged.get((table_id, seq))
        if move is None or move.seat != event.get("seat") or move.action != event.get("action"):
            missing += 1
    if missing:
        failures.append(f"{missing} moves seen by clients are missing or different in the log")
    return {
        "matches": len(match_ids),
        "finished": finished,
        "moves": moves_total,
        "moves_seen_by_clients": len(seen),
        "failures": failures[:20],
        "pass": not failures,
    }


def resume_after_kill(cut: list[tuple[Client, int, float]], limit: float = 2.0) -> dict:
    """For each table whose socket was on the killed daphne: seconds from the kill until its
    client was served again through another process (its first state there: the table's current
    view, from which it plays on), and until it saw the match move on (a state past the ``seq`` it
    had; the bots' pause and the person's pace come into this one). Passes when every such
    table was served again within ``limit`` seconds and moved on."""
    served, moved = [], []
    for client, seq, at in cut:
        after = [(t - at, s) for t, s in client.states if t > at]
        served.append(round(after[0][0], 2) if after else None)
        on = [t for t, s in after if s > seq]
        moved.append(round(on[0], 2) if on else None)
    ok = [w for w in served if w is not None]
    return {
        "tables": len(cut),
        "served_again_seconds": sorted(ok),
        "moved_on_seconds": sorted(w for w in moved if w is not None),
        "max_seconds": max(ok) if ok else None,
        "pass": bool(cut) and len(ok) == len(cut) and max(ok) <= limit and None not in moved,
    }


def _without_source(snapshot: dict) -> dict:
    """A snapshot without ``state.source``: where the cards came from (a seed live, the recorded
    deals on replay) is provenance, not state."""
    inner = {k: v for k, v in (snapshot.get("state") or {}).items() if k != "source"}
    return {**snapshot, "state": inner}


def timeout_lateness(match_ids: list[int], deadlines: dict, since: float) -> dict:
    """Lateness (s) of every timer move after ``since`` against the deadline it answered."""
    from datetime import UTC, datetime

    from apps.tables.models import Move

    since_dt = datetime.fromtimestamp(since, UTC)
    late: list[float] = []
    for match_id, seq, created in Move.objects.filter(
        match_id__in=match_ids, actor="timer", created_at__gte=since_dt
    ).values_list("match_id", "seq", "created_at"):
        deadline = deadlines.get((match_id, seq - 1))
        if deadline is not None:
            late.append((created - deadline).total_seconds())
    late.sort()
    return {
        "timeouts": len(late),
        "lateness_s_p50": round(late[len(late) // 2], 2) if late else None,
        "lateness_s_max": round(late[-1], 2) if late else None,
        "pass": bool(late) and late[-1] <= 2.0,
    }


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--time-scale", type=float, default=0.1)
    parser.add_argument("--bot-delay-ms", type=int, default=1000)
    parser.add_argument("--pace", type=float, default=0.5)
    parser.add_argument("--shared-services", action="store_true", help="also restart Redis and PostgreSQL")
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 300:
        parser.error("bounded: 1..300 tables")
    common.database_prepare(fresh=True)  # no abandoned matches of earlier runs for the sweeper
    common.redis_flush()
    common.django_setup()
    from apps.lobby import services
    from bench.ws_load import matches_close, users_with_tokens

    log: list[dict] = []
    stack = Stack()
    out: dict = {"load_average_before": common.load_average(), "tables": args.tables}
    try:
        tables = []
        for user, key in users_with_tokens(args.tables):
            table = services.play_with_bots(
                user=user,
                game="bazar_blot",
                options={"players": 4, "target": 51},
                level="normal",
                bot_delay_ms=args.bot_delay_ms,
                time_scale=args.time_scale,
            )
            tables.append({"id": table.pk, "keys": [key]})
        from apps.tables.models import Match

        match_ids = list(
            Match.objects.filter(table_id__in=[t["id"] for t in tables]).values_list("pk", flat=True)
        )
        seen: dict = {}
        clients = [Client(t, stack, acts=i % 3 != 2, pace=args.pace, seen=seen) for i, t in enumerate(tables)]
        thread = clients_thread(clients)
        watch = DeadlineWatch(match_ids)
        log.append({"t": _now(), "fault": f"{len(tables)} tables playing"})
        time.sleep(8)
        cut = kill_daphne(stack, log, clients)
        time.sleep(6)
        worker_killed_at = kill_worker(stack, log)
        time.sleep(8)
        if args.shared_services:
            restart_redis(log)
            time.sleep(8)
            restart_postgres(log)
            time.sleep(10)
        else:
            time.sleep(4)
        for client in clients:
            client.stopping = True
        watch.stopping = True
        thread.join(10)
        watch.thread.join(5)
        log.append({"t": _now(), "fault": "clients stopped"})
        stack.stop()
        time.sleep(1)
        from django.db import close_old_connections

        close_old_connections()
        out["done"] = log
        out["reconnects"] = sum(c.reconnects for c in clients)
        out["checks"] = {
            "moves_contiguous_replay_equal_nothing_lost": check_matches(match_ids, seen, {}),
            "timeouts_after_worker_kill": timeout_lateness(match_ids, watch.deadlines, worker_killed_at),
            "tables_resume_after_daphne_kill": resume_after_kill(cut),
        }
        out["services_running"] = {
            "redis": subprocess.run(["redis-cli", "ping"], capture_output=True, text=True).stdout.strip(),
            "postgresql": subprocess.run(["pg_isready", "-h", "127.0.0.1"], capture_output=True).returncode
            == 0,
        }
    finally:
        stack.stop()
        if "tables" in locals():
            matches_close([t["id"] for t in tables])
    out["pass"] = all(c["pass"] for c in out.get("checks", {}).values()) if "checks" in out else False
    out["load_average_after"] = common.load_average()
    return out


if __name__ == "__main__":
    common.exit_on_sigterm()
    common.print_json(main())
