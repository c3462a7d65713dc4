"""Handing timer, bot and disconnect checks to Celery (after commit, from services only).

Tasks are sent by name (the names of :mod:`apps.tables.tasks`): the services below the tasks
never import them, so ``tasks`` may import every service at its top without a circle.
``TABLES_SCHEDULER=none`` turns this off for unit tests that drive the tasks by hand; the
sweeper (:func:`apps.tables.sweeping.matches_sweep`) covers any task that is lost.
"""

from __future__ import annotations

import logging
from datetime import datetime

from celery import current_app
from django.utils import timezone

from . import conf

log = logging.getLogger(__name__)


def _enabled() -> bool:
    return conf.scheduler() == "celery"


def _countdown(when: datetime | None) -> float:
    if when is None:
        return 0.0
    return max(0.0, (when - timezone.now()).total_seconds()) + 0.01


def timer_at(match_id: int, when: datetime) -> None:
    """Run the match's timer at ``when`` (it reads the match's deadline then)."""
    if not _enabled():
        return
    _send("tables.match_timeout", (match_id,), _countdown(when))


def bot_after(match_id: int, seq: int, delay_ms: int) -> None:
    """Let the bot to act at ``(match, seq)`` move after ``delay_ms``."""
    if not _enabled():
        return
    _send("tables.match_bot_move", (match_id, seq), delay_ms / 1000)


def disconnect_check_at(table_id: int, seat: int, when: datetime) -> None:
    """Check at ``when`` whether the seat's person came back (Durak's 30 s rule)."""
    if not _enabled():
        return
    _send("tables.seat_disconnect_check", (table_id, seat), _countdown(when))


def no_show_check_at(match_id: int, when: datetime) -> None:
    """Check at ``when`` whether every person of a quick-play match opened the table."""
    if not _enabled():
        return
    _send("tables.match_no_show_check", (match_id,), _countdown(when))


def _send(name: str, args: tuple, countdown: float) -> None:
    try:
        current_app.send_task(name, args=args, countdown=countdown)
    except Exception:  # broker down: the sweeper will apply the deadline
        log.exception("scheduling %s%s failed", name, args)
