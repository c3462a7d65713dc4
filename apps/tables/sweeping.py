"""What no task did: the sweeper applies passed deadlines, restarts stuck bots, Durak
disconnect checks and quick play's no-show checks (lost Celery tasks, a killed worker), and an
admin ends a match that cannot go on.

Beat runs :func:`matches_sweep` every second, and a worker starting runs it once with
``rearm``. Every action it takes goes through the same services as the tasks (:mod:`.timers`,
:mod:`.bot_turns`, :mod:`.presence`), which check ``seq``, so a sweep racing a task applies
nothing twice.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from apps.rules import api

from . import scheduling, signals
from .bot_turns import match_bot_move
from .frames import table_refresh
from .models import Match, Seat, Table
from .moves import Applied, after_commit
from .no_show import match_no_show_check
from .presence import seat_disconnect_check
from .timers import timeout_apply

log = logging.getLogger(__name__)

#: Passed deadlines one sweep applies at most, oldest first (beat runs a sweep every second).
SWEEP_LIMIT = 25


def matches_sweep(*, rearm: bool = False, limit: int = SWEEP_LIMIT) -> dict:
    """Apply passed deadlines (at most ``limit``, the oldest first), restart stuck bots and
    Durak disconnects (lost tasks).

    The bound keeps one sweep short when many abandoned tables time out at once, so the timers
    queued behind it stay on time; the next sweep, a second later, takes the next ones.
    With ``rearm`` (a worker starting) also schedules the timer of every future deadline, since
    a killed worker's countdown tasks come back only after the broker's visibility timeout.
    """
    now = timezone.now()
    done = {"timeouts": 0, "bots": 0, "disconnects": 0, "no_shows": 0, "rearmed": 0}
    playing = Match.objects.filter(status=Match.Status.PLAYING)
    passed = playing.filter(deadline__lte=now).order_by("deadline").values_list("id", "seq")[:limit]
    for match_id, seq in passed:
        done["timeouts"] += _isolated(timeout_apply, match_id=match_id, seq=seq)
    for match_id, seq, delay, updated in playing.filter(bot_to_act=True).values_list(
        "id", "seq", "bot_delay_ms", "updated_at"
    ):
        if rearm or updated <= now - timedelta(milliseconds=delay + 1500):
            done["bots"] += int(_isolated(match_bot_move, match_id=match_id, seq=seq))
    away = Seat.objects.filter(
        table__status=Table.Status.PLAYING, table__game="durak", disconnected_at__isnull=False, connections=0
    )
    for table_id, number in away.values_list("table_id", "number"):
        done["disconnects"] += int(_isolated(seat_disconnect_check, table_id=table_id, seat=number))
    for match_id in playing.filter(show_deadline__lte=now).values_list("id", flat=True)[:limit]:
        done["no_shows"] += int(_isolated(match_no_show_check, match_id=match_id))
    if rearm:
        future = playing.filter(deadline__gt=now)
        future.update(timer_due=F("deadline"))
        for match_id, deadline in future.values_list("id", "deadline"):
            assert deadline is not None  # deadline__gt=now
            scheduling.timer_at(match_id, deadline)
            done["rearmed"] += 1
    return done


def _isolated(service, **kwargs) -> int:
    """Run one match's part of the sweep; a match that fails is logged and never stops the rest."""
    try:
        return service(**kwargs)
    except Exception:
        log.exception("sweep: %s(%s) failed", service.__name__, kwargs)
        return 0


def match_end_stuck(*, match_id: int) -> bool:
    """Admin: end a match that cannot go on; no winners, reason ``aborted``. True if it was playing.

    Works even when the stored state no longer loads (then no totals and no result rows)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.status != Match.Status.PLAYING:
            return False
        try:
            state = api.from_json(match.state)
        except Exception:
            log.exception("match %s: the stored state does not load; ending it without totals", match_id)
            state = None
        match.status = Match.Status.FINISHED
        match.finished_at = timezone.now()
        match.deadline = match.turn_started_at = None
        match.bot_to_act = False
        match.result = {
            "winners": [],
            "losers": [],
            "reason": "aborted",
            "totals": api.summary(state).get("totals", []) if state is not None else [],
        }
        match.save()
        Table.objects.filter(pk=match.table_id).update(status=Table.Status.FINISHED)
        if state is None:
            transaction.on_commit(lambda: table_refresh(match.table_id))
            return True
        signals.match_finished.send(sender=Match, match=match, state=state)
        applied = Applied(match=match, state=state, events=[{"type": "match_aborted"}])
        transaction.on_commit(lambda: after_commit(applied))
    return True
