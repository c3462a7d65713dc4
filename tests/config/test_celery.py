"""Celery: the embedded default's in-process worker, and the real worker used in production and tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import redis
from django.conf import settings

from tests.live import live_env, start_celery_worker, stop_process

ROOT = Path(__file__).resolve().parents[2]

EMBEDDED_PROBE = """
import json, os, threading, time
import django
django.setup()
from config.celery import app
from config.embedded_worker import start_embedded_worker

runs = []
done = threading.Event()

@app.task(name="tests.embedded_probe")
def probe(sent_at):
    runs.append({"after": time.monotonic() - sent_at, "thread": threading.current_thread().name,
                 "pid": os.getpid()})
    done.set()

start_embedded_worker()
probe.apply_async(args=[time.monotonic()], countdown=1.5)
time.sleep(0.7)
ran_early = bool(runs)
done.wait(15)
print(json.dumps({"ran_early": ran_early, "runs": runs, "pid": os.getpid()}))
"""


def test_embedded_worker_runs_a_countdown_task_later_inside_the_process(tmp_path: Path) -> None:
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_", "REDIS_", "CELERY_"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.dev",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        PYTHONPATH=str(ROOT),
    )
    result = subprocess.run(
        [sys.executable, "-c", EMBEDDED_PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["ran_early"] is False, "the countdown task ran before its countdown"
    assert len(report["runs"]) == 1, report
    run = report["runs"][0]
    assert 1.4 <= run["after"] < 10, run
    assert run["pid"] == report["pid"]
    # Run by the worker's own threads (the consumer, or its timer for countdowns), not the caller.
    assert run["thread"] != "MainThread"


@pytest.mark.live
@pytest.mark.django_db(transaction=True)
def test_real_worker_process_runs_tasks_sent_through_redis() -> None:
    """The ``start_celery_worker`` helper (behind the ``celery_worker`` fixture) consumes this run's queue."""
    from config.celery import app

    worker = start_celery_worker(live_env(), include=["tests.config.worker_probe"])
    try:
        key = f"kartochki-test:probe:{uuid.uuid4().hex}"
        app.send_task("tests.worker_probe.remember", args=[key, "hello"], countdown=1)
        client = redis.Redis.from_url(settings.REDIS_URL)
        deadline = time.monotonic() + 20
        value = None
        while value is None and time.monotonic() < deadline:
            value = client.get(key)
            time.sleep(0.1)
        client.delete(key)
        assert value == b"hello", worker.log_path.read_text()[-2000:]
    finally:
        stop_process(worker.process)
