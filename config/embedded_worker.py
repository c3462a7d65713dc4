"""A Celery worker (and beat) running as threads inside the server process.

Used by the embedded default (no Redis): the broker is kombu's in-memory transport, which
only works within one process, so the consumer must live in the daphne process itself.
It is a real worker on the same code path as production: a task sent with a countdown is
held by the worker's timer and runs later, never eagerly. Tasks queued in memory are lost
when the process stops (timer tasks are idempotent and the periodic sweeper catches up).
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings

from config.celery import app

logger = logging.getLogger(__name__)

_lock = threading.Lock()
_worker = None


def start_embedded_worker(*, wait: float = 10.0):
    """Start the in-process worker once (idempotent) and return it.

    Promises: after it returns, the worker consumes the default queue; beat runs too
    when ``CELERY_BEAT_SCHEDULE`` has entries. Waits up to ``wait`` seconds for readiness.
    """
    global _worker
    with _lock:
        if _worker is not None:
            return _worker
        from celery.worker import WorkController

        ready = threading.Event()

        class _EmbeddedWorkController(WorkController):
            def on_consumer_ready(self, consumer) -> None:
                ready.set()

        app.conf.worker_enable_remote_control = False
        app.finalize()
        worker = _EmbeddedWorkController(
            app=app,
            hostname="embedded@localhost",
            pool="solo",
            concurrency=1,
            without_heartbeat=True,
            without_mingle=True,
            without_gossip=True,
            loglevel="WARNING",
        )
        threading.Thread(target=worker.start, name="celery-embedded-worker", daemon=True).start()
        if settings.CELERY_BEAT_SCHEDULE:
            from celery.beat import EmbeddedService

            EmbeddedService(
                app, thread=True, schedule_filename=settings.CELERY_BEAT_SCHEDULE_FILENAME
            ).start()
        if not ready.wait(wait):
            logger.warning("embedded Celery worker not ready after %.0f s", wait)
        _worker = worker
        logger.info("embedded Celery worker started (in-memory broker)")
        return worker


def start_embedded_worker_if_configured() -> None:
    """Start the in-process worker when settings ask for it (``CELERY_EMBEDDED_WORKER``)."""
    if getattr(settings, "CELERY_EMBEDDED_WORKER", False):
        start_embedded_worker()
