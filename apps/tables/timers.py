"""The match's clock running out: the timer task, re-arming it, and the server's timeouts.

A move sets the deadline of the next turn (:func:`apps.tables.moves.clock_update`) and the
store keeps one pending timer task per match (:func:`apps.tables.store.move_write`). When the
timer fires, :func:`match_timer` applies the timeouts if the deadline passed, else re-arms for
the deadline then current. Every timeout goes through :func:`apps.tables.moves.move_apply` at
the ``seq`` the timer was for, so a move made meanwhile wins.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.utils import timezone

from apps.core.errors import Refused
from apps.rules import api

from . import scheduling
from .models import Match
from .moves import Actor, move_apply, seats_awaited

log = logging.getLogger(__name__)

#: A timer that fires this close before its due time takes itself for the pending one.
TIMER_SLACK = timedelta(milliseconds=500)


def timeout_apply(*, match_id: int, seq: int) -> int:
    """The timer of ``(match, seq)``: if nothing moved and the deadline passed, the server acts.

    Each seat to act gets the system ``timeout`` (the engine decides what it means: pass,
    take, done, the lowest card, the normal bot's move); the Шулер check gets ``close``.
    Returns how many actions were applied (0 when ``seq`` moved on).
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.PLAYING or match.seq != seq:
        return 0
    if match.deadline is None or match.deadline > timezone.now():
        return 0
    state = api.from_json(match.state)
    public = api.view(state, None)
    if public.get("phase") == "check":
        planned: list[tuple[int | None, dict[str, str]]] = [(None, {"type": "close"})]
    else:
        planned = [(s, {"type": "timeout"}) for s in seats_awaited(public, api.to_act(state))]
    applied = 0
    for seat, action in planned:
        try:
            seq = move_apply(match_id=match_id, seat=seat, action=action, seq=seq, actor=Actor.TIMER)
            applied += 1
        except Refused as exc:
            if exc.code in ("stale", "match_over"):
                # Someone else moved first (the sweeper and the timer task racing, or the
                # player at the last moment): their move stands and re-armed the clock.
                return applied
            log.warning("match %s: timer %s for seat %s refused: %s", match_id, action, seat, exc)
    if not applied:
        _deadline_clear(match_id, seq)
    return applied


def match_timer(*, match_id: int) -> int:
    """The match's timer task fired: apply the timeouts if the deadline passed, else re-arm a
    timer for the current deadline unless an earlier one is pending (the rule of
    :func:`apps.tables.store.move_write`: one pending timer per match, most moves push the
    deadline later, so about one Celery message goes out per move time instead of per move).

    Returns how many actions were applied. Safe to run twice or late: ``timeout_apply`` checks
    ``seq`` and the deadline, and re-arming claims ``timer_due`` with a conditional update.
    Reads only the clock's columns: most timers fire early (moves pushed the deadline on), and
    when many fire together each must cost little."""
    row = (
        Match.objects.filter(pk=match_id, status=Match.Status.PLAYING)
        .values_list("seq", "deadline", "timer_due")
        .first()
    )
    if row is None:
        return 0
    seq, deadline, due = row
    if deadline is None:
        return 0
    now = timezone.now()
    if deadline <= now:
        return timeout_apply(match_id=match_id, seq=seq)
    if due is not None and now + TIMER_SLACK < due <= deadline:
        return 0  # another timer, due before the deadline, is pending
    # Not conditional on seq: a move since then kept this row's timer_due (due by its later
    # deadline), so this re-arm is still the one pending timer; it fires and re-arms again.
    if Match.objects.filter(pk=match_id, status=Match.Status.PLAYING, timer_due=due).update(
        timer_due=deadline
    ):
        scheduling.timer_at(match_id, deadline)
    return 0


def _deadline_clear(match_id: int, seq: int) -> None:
    """The engine accepted no timeout: stop sweeping this deadline (logged; an admin may end it)."""
    Match.objects.filter(pk=match_id, seq=seq).update(deadline=None)
    log.error("match %s seq %s: no timeout action was accepted; deadline cleared", match_id, seq)
