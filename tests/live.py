"""Live processes for end-to-end tests: a real daphne, a real Celery worker, a real browser.

Import these fixtures through ``tests/conftest.py`` (already done); use them by name.

``live_site`` (function scope, implies ``transactional_db``)
    A :class:`LiveSite` for a daphne process serving ``config.asgi:application`` with
    ``config.settings.test`` on a free port, connected to the pytest-django test database
    (so data a test writes is visible to the server and vice versa: that is why it needs
    ``transactional_db``, and why a test using it must not rely on rollback). One daphne
    serves the whole session; tables are flushed between tests by ``transactional_db``.
    ``live_site.url`` is ``http://127.0.0.1:<port>``, ``live_site.ws_url`` the ``ws://`` twin,
    ``live_site.origin`` the Origin a browser on that site sends.

``celery_worker`` (session scope; request ``transactional_db`` in the test as well)
    A real ``celery -A config worker --pool=solo`` process on Redis (the test queue of this
    run) against the test database. Tasks sent by the test or by the live site reach it.
    The one process serves the session but consumes only during the tests that ask for it
    (directly or through a fixture): before any other test it stops consuming and drops the
    countdown tasks it holds, and the queue is emptied before it consumes again, so no task
    of one test runs during another, and a test that starts workers of its own
    (:func:`start_celery_worker`) has the queue to itself.

``browser`` (session) / ``page`` (function)
    Playwright driving Debian's ``/usr/bin/chromium`` headless. ``page`` is a fresh context
    (1280x800); on teardown it saves ``test-artifacts/<test name>.png``. Using ``browser``
    sets ``DJANGO_ALLOW_ASYNC_UNSAFE`` because Playwright's sync API keeps an event loop in
    the main thread, which would otherwise make Django refuse ORM calls in the test.

Helpers for other needs: :func:`start_daphne`, :func:`start_celery_worker` (e.g. with
``include=["tests.myapp.probe_tasks"]``), :func:`live_env` (the environment a child
process needs to share the test database), :func:`stop_process`.

Logs of every process go to ``test-artifacts/logs/``; a process that fails to start raises
with the tail of its log.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"


def screenshot_dir() -> Path:
    """Where browser tests save their pictures: ``test-artifacts/screenshots`` in a test run;
    ``KARTOCHKI_SCREENSHOTS`` (``scripts/screenshots.sh`` sets docs/screenshots) to renew the docs'."""
    wanted = os.environ.get("KARTOCHKI_SCREENSHOTS")
    path = (ROOT / wanted) if wanted else ARTIFACTS / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


LOGS = ARTIFACTS / "logs"
BIN = Path(sys.executable).parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@dataclass
class LiveSite:
    """A running server: base URLs and the process behind them."""

    url: str
    ws_url: str
    origin: str
    process: subprocess.Popen
    log_path: Path


@dataclass
class CeleryWorker:
    """A running Celery worker process (``name``: its node name, for remote control)."""

    process: subprocess.Popen
    log_path: Path
    queue: str
    name: str = ""
    consuming: bool = True


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def live_env(**overrides: str) -> dict[str, str]:
    """The environment of a child process sharing this test run's database and Redis.

    Must be called after the test database exists (inside a fixture that depends on
    ``django_db_setup``): ``DATABASE_URL`` then names the test database itself.
    """
    from django.conf import settings
    from django.db import connection

    db = connection.settings_dict
    user = db.get("USER") or ""
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    database_url = f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"
    env = dict(os.environ)
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings.test",
            "DATABASE_URL": database_url,
            "REDIS_URL": settings.REDIS_URL,
            "CELERY_QUEUE": settings.CELERY_TASK_DEFAULT_QUEUE,
            "CHANNEL_LAYER_PREFIX": settings.CHANNEL_LAYERS["default"]
            .get("CONFIG", {})
            .get("prefix", "asgi"),
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])),
            "PYTHONUNBUFFERED": "1",
        }
    )
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    env.update(overrides)
    return env


def embedded_env(sqlite_path: Path, **overrides: str) -> dict[str, str]:
    """The environment of ``./run``'s embedded default (``config.settings.dev``: SQLite at
    ``sqlite_path``, in-memory layer, in-process Celery) for a subprocess: none of the test
    run's database, Redis, Celery or channel-layer variables leak into it."""
    leaked = ("DJANGO_", "DATABASE_", "REDIS_", "CELERY_", "CHANNEL_LAYER_")
    env = {k: v for k, v in os.environ.items() if not k.startswith(leaked)}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.dev",
        DATABASE_URL=f"sqlite:///{sqlite_path}",
        PYTHONPATH=str(ROOT),
        PYTHONUNBUFFERED="1",
        **overrides,
    )
    return env


def embedded_template() -> Path:
    """Where this run keeps its migrated SQLite template: one file per run (the xdist run id,
    shared by its workers; else this process's id)."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or str(os.getpid())
    return ARTIFACTS / f"embedded-template-{run}.sqlite3"


def embedded_migrated(sqlite_path: Path) -> Path:
    """Put at ``sqlite_path`` a copy of a SQLite database on which ``manage.py migrate`` ran from
    scratch with ``./run``'s embedded settings (done once per run: the migrations on a fresh
    SQLite file take about a minute of disk flushes on a busy box; the first xdist worker to
    need it migrates while the others wait on the run's lock). Returns the path."""
    from tests.template_db import run_lock

    template = embedded_template()
    if not template.exists():
        with run_lock(template.name):
            if not template.exists():
                LOGS.mkdir(parents=True, exist_ok=True)
                building = template.with_name(f"{template.stem}-{os.getpid()}.building")
                for stale in (building, Path(f"{building}-wal"), Path(f"{building}-shm")):
                    stale.unlink(missing_ok=True)
                subprocess.run(
                    [str(BIN / "python"), "manage.py", "migrate", "--noinput", "-v", "0"],
                    cwd=ROOT, env=embedded_env(building), check=True, stdin=subprocess.DEVNULL,
                )  # fmt: skip
                building.replace(template)  # complete once it has its name
    shutil.copyfile(template, sqlite_path)
    return sqlite_path


def _log_tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _spawn(name: str, argv: list[str], env: dict[str, str]) -> tuple[subprocess.Popen, Path]:
    LOGS.mkdir(parents=True, exist_ok=True)
    log_path = LOGS / f"{name}-{uuid.uuid4().hex[:8]}.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
    return process, log_path


def stop_process(process: subprocess.Popen, timeout: float = 10.0) -> None:
    """Stop ``process`` (SIGTERM, then SIGKILL after ``timeout``) and reap it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout)


def start_daphne(env: dict[str, str], *, timeout: float = 120.0) -> LiveSite:
    """Start daphne on a free port and return once ``/healthz`` answers 200."""
    port = free_port()
    process, log_path = _spawn(
        "daphne", [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"], env
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited with {process.returncode}:\n{_log_tail(log_path)}")
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=2) as response:
                if response.status == 200:
                    break
        except OSError:
            pass
        if time.monotonic() > deadline:
            stop_process(process)
            raise RuntimeError(f"daphne not ready after {timeout:.0f} s:\n{_log_tail(log_path)}")
        time.sleep(0.05)
    return LiveSite(url=url, ws_url=f"ws://127.0.0.1:{port}", origin=url, process=process, log_path=log_path)


def start_celery_worker(
    env: dict[str, str], *, include: list[str] | None = None, timeout: float = 120.0
) -> CeleryWorker:
    """Start ``celery -A config worker --pool=solo`` on this run's queue; return once it is ready."""
    queue = env["CELERY_QUEUE"]
    name = f"test-{uuid.uuid4().hex[:8]}@{socket.gethostname()}"
    argv = [
        str(BIN / "celery"), "-A", "config", "worker", "--pool=solo", "-Q", queue,
        "--without-heartbeat", "--without-gossip", "--without-mingle", "-l", "INFO",
        "-n", name,
    ]  # fmt: skip
    if include:
        argv += ["--include", ",".join(include)]
    process, log_path = _spawn("celery", argv, env)
    deadline = time.monotonic() + timeout
    ready = re.compile(r"\bready\.")
    while not ready.search(log_path.read_text(errors="replace")):
        if process.poll() is not None:
            raise RuntimeError(f"celery exited with {process.returncode}:\n{_log_tail(log_path)}")
        if time.monotonic() > deadline:
            stop_process(process)
            raise RuntimeError(f"celery worker not ready after {timeout:.0f} s:\n{_log_tail(log_path)}")
        time.sleep(0.05)
    return CeleryWorker(process=process, log_path=log_path, queue=queue, name=name)


def purge_queue(queue: str) -> None:
    """Drop every task waiting in ``queue`` (this run's Celery queue on Redis)."""
    from config.celery import app

    with app.connection_for_write() as connection:
        connection.default_channel.queue_purge(queue)


def _control_reply(replies, worker: CeleryWorker, what: str) -> None:
    if not replies or not any(worker.name in reply for reply in replies):
        pytest.fail(f"celery worker {worker.name} did not answer {what}:\n{_log_tail(worker.log_path)}")


def celery_pause(worker: CeleryWorker, timeout: float = 30.0) -> None:
    """Stop ``worker`` consuming its queue and drop the countdown tasks it holds; returns once
    it has answered (a solo worker answers between tasks, so none is running then)."""
    from config.celery import app

    destination = [worker.name]
    replies = app.control.cancel_consumer(worker.queue, destination=destination, reply=True, timeout=timeout)
    _control_reply(replies, worker, "cancel_consumer")
    worker.consuming = False
    held = app.control.inspect(destination=destination, timeout=timeout, limit=1)
    ids = [
        (task.get("request") or task).get("id")
        for listing in (held.scheduled() or {}, held.reserved() or {})
        for tasks in listing.values()
        for task in tasks
    ]
    if ids := [task_id for task_id in ids if task_id]:
        app.control.revoke(ids, destination=destination, reply=True, timeout=timeout)


def celery_resume(worker: CeleryWorker, timeout: float = 30.0) -> None:
    """Empty the queue (tasks of the tests run since the pause) and let ``worker`` consume it."""
    from config.celery import app

    purge_queue(worker.queue)
    replies = app.control.add_consumer(worker.queue, destination=[worker.name], reply=True, timeout=timeout)
    _control_reply(replies, worker, "add_consumer")
    worker.consuming = True


# --- fixtures ------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def live_server_process(django_db_setup, django_db_blocker) -> Iterator[LiveSite]:
    """One daphne for the session (use ``live_site`` in tests, which adds ``transactional_db``)."""
    with django_db_blocker.unblock():
        env = live_env()
    site = start_daphne(env)
    yield site
    stop_process(site.process)


@pytest.fixture
def live_site(transactional_db, live_server_process: LiveSite) -> LiveSite:
    """The live daphne site, with the test database committed and visible to it."""
    if live_server_process.process.poll() is not None:
        pytest.fail(f"live daphne died:\n{_log_tail(live_server_process.log_path)}")
    return live_server_process


_session_worker: list[CeleryWorker] = []


@pytest.fixture(scope="session")
def celery_worker(django_db_setup, django_db_blocker) -> Iterator[CeleryWorker]:
    """A real Celery worker process for the session (tests also need ``transactional_db``)."""
    with django_db_blocker.unblock():
        env = live_env()
    purge_queue(env["CELERY_QUEUE"])  # tasks of the tests before, which had no worker
    worker = start_celery_worker(env)
    _session_worker.append(worker)
    yield worker
    _session_worker.clear()
    stop_process(worker.process)


@pytest.fixture(autouse=True)
def _celery_worker_for_its_tests(request) -> None:
    """The session's Celery worker consumes during the tests that use it, and only then."""
    if not _session_worker:
        return
    worker = _session_worker[0]
    wanted = "celery_worker" in request.fixturenames
    if wanted and not worker.consuming:
        celery_resume(worker)
    elif not wanted and worker.consuming:
        celery_pause(worker)


_session_browser: list = []


def close_browser_contexts() -> None:
    """Close every context the session's browser still has open (pages a test opened itself
    keep their sockets to the live site open until then)."""
    for browser in _session_browser:
        for context in list(browser.contexts):
            context.close()


@pytest.fixture(scope="session")
def browser():
    """Headless Debian chromium driven by Playwright (sync API), shared by the session."""
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run ./run test (it installs Debian's chromium)")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        _session_browser.append(browser)
        yield browser
        _session_browser.clear()
        browser.close()


@pytest.fixture
def page(browser, request):
    """A fresh browser page; its final screenshot goes to ``test-artifacts/<test>.png``."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)[-150:]
    try:
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    finally:
        context.close()
