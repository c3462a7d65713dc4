"""What the benchmarks share: the live stack of the socket benchmarks (a bench database, Redis
DB 14, daphne and Celery) and the scratch database of the in-process ones.

Everything runs on loopback with production settings (``config.settings.production``: DEBUG off,
psycopg's pool, the channel layer's sized Redis pool) against a database of its own
(``kartochki_wsbench``, created and migrated on first use) and Redis DB 14, a channel-layer prefix
and a Celery queue of their own, so a bench run never touches the tests' data.

Used by ``bench/ws_load.py``, ``bench/ws_idle.py`` and ``bench/faults.py``. The in-process
benches (``bench/history.py``, ``leaderboard.py``, ``duplicate.py``, ``tournament.py``) run in a
database of their own made by :func:`scratch_database`, and time with :func:`timed`.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
LOGS = ROOT / "var" / "bench-logs"

BENCH_DB = os.environ.get("BENCH_DB", "kartochki_wsbench")
BENCH_REDIS_DB = int(os.environ.get("BENCH_REDIS_DB", "14"))
PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379")


def nice_prefix() -> list[str]:
    """``nice -n N`` when ``BENCH_NICE`` is set (a shared machine: give the stack's processes,
    and every thread they start, a higher priority than the other work; say so with the figures)."""
    value = os.environ.get("BENCH_NICE")
    return ["nice", "-n", value] if value else []


def bench_env(**overrides: str) -> dict[str, str]:
    """The environment of every process of the bench stack (production settings on loopback)."""
    env = dict(os.environ)
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "SECRET_KEY": "bench-only-" + "k" * 60,
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SECURE_SSL_REDIRECT": "false",
            "DATABASE_URL": f"{PG}/{BENCH_DB}",
            "DATABASE_POOL": "true",
            "REDIS_URL": f"{REDIS}/{BENCH_REDIS_DB}",
            "CHANNEL_LAYER_PREFIX": "asgi-bench",
            "CELERY_QUEUE": "kartochki-bench",
            "LOG_LEVEL": "WARNING",
            # daphne's thread pool for the consumers' database calls (default: CPUs + 4 = 6 here)
            "ASGI_THREADS": os.environ.get("ASGI_THREADS", "4"),
            "PYTHONPATH": str(ROOT),
            "PYTHONUNBUFFERED": "1",
        }
    )
    env.update(overrides)
    return env


def django_setup() -> None:
    """Set Django up in this process with the bench settings (the orchestrator writes rows)."""
    os.environ.update({k: v for k, v in bench_env().items() if k != "PYTHONPATH"})
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def admin_sql(server: str, sql: str) -> None:
    """Run ``sql`` outside a transaction on the server's ``postgres`` database."""
    import psycopg

    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(sql)


def setup_django(server: str, db: str) -> None:
    """Set Django up in this process on database ``db`` of ``server`` (development settings,
    DEBUG off, the test client's host allowed)."""
    os.environ["DATABASE_URL"] = f"{server}/{db}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    os.environ["DEBUG"] = "0"
    import django

    django.setup()
    from django.conf import settings

    settings.ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]


@contextmanager
def scratch_database(server: str, db: str, *, keep: bool = False) -> Iterator[None]:
    """An in-process bench's database: ``db`` created afresh on ``server``, Django set up on it
    (:func:`setup_django`) and migrated; dropped on leaving unless ``keep``."""
    admin_sql(server, f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')
    admin_sql(server, f'CREATE DATABASE "{db}"')
    try:
        setup_django(server, db)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        yield
    finally:
        if not keep:
            from django.db import connections

            connections.close_all()
            admin_sql(server, f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')


def percentiles_ms(samples: list[float]) -> dict[str, float]:
    """p50, p99 and max of ``samples`` given in ms (:func:`timed`'s), rounded to 3 decimals."""
    ordered = sorted(samples)
    q = statistics.quantiles(ordered, n=100, method="inclusive")
    return {"p50": round(q[49], 3), "p99": round(q[98], 3), "max": round(ordered[-1], 3)}


def timed(fn: Callable[[], Any]) -> tuple[float, float]:
    """``fn()``'s wall time and this thread's CPU time, in ms."""
    wall, cpu = time.perf_counter(), time.thread_time()
    fn()
    return (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000


def get_timed(client: Any, path: str, out: dict[str, list[float]], key: str) -> Any:
    """``client.get(path)`` (a Django test client) timed into ``out[key]`` (wall) and
    ``out[key + "_cpu"]`` (this thread's CPU), in ms as :func:`timed`; returns the response."""
    response: list[Any] = []
    wall, cpu = timed(lambda: response.append(client.get(path)))
    out[key].append(wall)
    out[f"{key}_cpu"].append(cpu)
    return response[0]


def database_prepare(*, fresh: bool = False) -> None:
    """Create (``fresh``: drop and recreate) the bench database and migrate it."""
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (BENCH_DB,)).fetchone()
        if exists and fresh:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (BENCH_DB,)
            )
            conn.execute(f'DROP DATABASE "{BENCH_DB}"')
            exists = None
        if not exists:
            conn.execute(f'CREATE DATABASE "{BENCH_DB}"')
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=bench_env(),
        check=True,
    )


def vacuum_unless_autovacuum() -> str:
    """The server's ``autovacuum`` setting; when it is off (this machine's CI PostgreSQL turns it
    off), ``VACUUM ANALYZE`` the bench database first, as autovacuum would have between runs:
    else every run's dead match rows (each move updates its match) stay and slow the next."""
    import psycopg

    with psycopg.connect(f"{PG}/{BENCH_DB}", autocommit=True) as conn:
        setting = conn.execute("SHOW autovacuum").fetchone()[0]
        if setting != "on":
            conn.execute("VACUUM ANALYZE")
    return setting


def redis_flush() -> None:
    """Empty the bench's Redis database (channel layer, broker queue, cache)."""
    subprocess.run(["redis-cli", "-n", str(BENCH_REDIS_DB), "flushdb"], check=True, capture_output=True)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Proc:
    """A child process of the stack and its log."""

    name: str
    argv: list[str]
    env: dict[str, str]
    process: subprocess.Popen | None = None
    log_path: Path | None = None
    port: int | None = None
    meta: dict = field(default_factory=dict)

    def start(self) -> Proc:
        LOGS.mkdir(parents=True, exist_ok=True)
        self.log_path = LOGS / f"{self.name}-{uuid.uuid4().hex[:6]}.log"
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [*nice_prefix(), *self.argv],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        return self

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: a crash, not a shutdown."""
        if self.alive():
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self, timeout: float = 10.0) -> None:
        if self.alive():
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout)

    def tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except (OSError, AttributeError):
            return ""


def wait_http(proc: Proc, path: str = "/healthz", timeout: float = 60.0) -> None:
    """Return once ``proc``'s port answers HTTP on ``path`` (any status below 500)."""
    deadline = time.monotonic() + timeout
    while True:
        if not proc.alive():
            raise RuntimeError(f"{proc.name} exited:\n{proc.tail()}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{proc.port}{path}", timeout=2):
                return
        except urllib.error.HTTPError as exc:
            if exc.code < 500:
                return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"{proc.name} not ready:\n{proc.tail()}")
        time.sleep(0.2)


def start_daphne(
    app: str = "config.asgi:application", port: int | None = None, env: dict | None = None
) -> Proc:
    """One daphne process serving ``app`` on 127.0.0.1 (ready when it answers HTTP)."""
    port = port or free_port()
    proc = Proc(
        f"daphne-{port}",
        [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port), app],
        env or bench_env(),
        port=port,
    ).start()
    wait_http(proc)
    return proc


def start_daphnes(count: int, app: str = "config.asgi:application") -> list[Proc]:
    """``count`` daphne processes on their own ports (no proxy: clients spread across ports)."""
    return [start_daphne(app) for _ in range(count)]


def start_worker(timeout: float = 60.0) -> Proc:
    """A Celery worker (solo pool) on the bench queue; returns once it is ready."""
    argv = [
        str(BIN / "celery"), "-A", "config", "worker", "--pool=solo", "-Q", "kartochki-bench",
        "--without-heartbeat", "--without-gossip", "--without-mingle", "-l", "INFO",
        "-n", f"bench-{uuid.uuid4().hex[:6]}@%h",
    ]  # fmt: skip
    proc = Proc("celery", argv, bench_env()).start()
    deadline = time.monotonic() + timeout
    while "ready." not in proc.log_path.read_text(errors="replace"):
        if not proc.alive():
            raise RuntimeError(f"celery exited:\n{proc.tail()}")
        if time.monotonic() > deadline:
            proc.stop()
            raise RuntimeError(f"celery not ready:\n{proc.tail()}")
        time.sleep(0.2)
    return proc


def start_beat() -> Proc:
    """Celery beat (the sweeper every second) with a schedule file of its own."""
    schedule = LOGS / f"beat-{uuid.uuid4().hex[:6]}"
    LOGS.mkdir(parents=True, exist_ok=True)
    argv = [str(BIN / "celery"), "-A", "config", "beat", "-l", "WARNING", "-s", str(schedule)]
    return Proc("beat", argv, bench_env()).start()


def rss_kb(pid: int) -> int:
    """Resident memory of ``pid`` in KB (from /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds used so far by ``pid``."""
    parts = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(parts[11]) + int(parts[12])) / ticks


def machine_cpu_seconds() -> tuple[float, float]:
    """CPU seconds the whole machine spent busy so far, and those stolen by the host
    (``/proc/stat``): every process of the stack, PostgreSQL and Redis included."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields[:8]
    ticks = os.sysconf("SC_CLK_TCK")
    return (user + nice + system + irq + softirq) / ticks, steal / ticks


#: The shared services a move costs besides the bench's own processes.
SERVICE_NAMES = ("postgres", "redis-server")


def services_cpu_seconds() -> dict[str, float]:
    """CPU seconds used so far by the PostgreSQL and the Redis processes of the machine (by name,
    from ``/proc``): with the stack's and the clients' own, what a run costs even when other work
    shares the machine (``machine_cpu_seconds`` counts that work too). A backend that exits
    within the window takes its time with it; the stack's pools keep theirs open."""
    total = dict.fromkeys(SERVICE_NAMES, 0.0)
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            name = (proc / "comm").read_text().strip()
            if name in total:
                total[name] += cpu_seconds(int(proc.name))
        except OSError:
            continue
    return total


def worker_task_counts(workers: int = 1) -> dict[str, int]:
    """Tasks the bench's ``workers`` Celery workers have run since they started, by name (their
    ``inspect stats``; call after :func:`django_setup`): two readings give the timer and bot
    tasks a run cost. Returns once every worker answered (``inspect`` would otherwise wait out
    its whole timeout, a second in which the run goes on uncounted)."""
    from collections import Counter

    from config.celery import app

    total: Counter = Counter()
    for stats in (app.control.inspect(timeout=1.0, limit=workers).stats() or {}).values():
        total.update(stats.get("total") or {})
    return dict(total)


def self_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def load_average() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def percentiles(samples: list[float]) -> dict:
    """p50 / p95 / p99 / max (ms, rounded) of ``samples`` given in seconds."""
    if not samples:
        return {"count": 0}
    ordered = sorted(samples)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)

    return {
        "count": len(ordered),
        "p50": at(0.50),
        "p95": at(0.95),
        "p99": at(0.99),
        "max": round(ordered[-1] * 1000, 1),
    }


def exit_on_sigterm() -> None:
    """SIGTERM (e.g. ``timeout``) unwinds like an exception, so the stack's processes are stopped."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))


def print_json(data: dict) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def best_us(
    func: Callable[[Any], object], items: list, rounds: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """The best of ``rounds`` rounds' mean µs per item of ``func(item)`` over ``items``, timed by
    ``clock`` (``time.process_time`` for CPU time: a figure the box's other work moves less)."""
    best = float("inf")
    for _ in range(rounds):
        start = clock()
        for item in items:
            func(item)
        best = min(best, clock() - start)
    return best / len(items) * 1e6
