"""Public events by schedule (admin templates, :class:`Schedule`) and the «starts in 2 minutes»
reminder. Both run in the beat's tick (:func:`apps.tournaments.rounds.tournaments_tick`).

- Each active template opens its next occurrence ``open_hours`` before it starts: a public
  tournament in registration (created by nobody), one per template and start time.
- Two minutes before any tournament starts, its entrants (and partners) are told once
  (:data:`apps.tournaments.signals.starts_soon`: apps.push sends the notification).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

from django.db import transaction
from django.utils import timezone

from apps.core.errors import Refused

from . import signals
from .models import Entrant, Schedule, Tournament
from .registration import tournament_create

log = logging.getLogger(__name__)

#: How long before the start the entrants are reminded.
REMIND_BEFORE = timedelta(minutes=2)


def next_start(schedule: Schedule, after: datetime) -> datetime:
    """The first start of ``schedule`` strictly after ``after`` (UTC): each day at its time, or
    each week on its weekday at its time."""
    after = after.astimezone(UTC)
    start = datetime.combine(after.date(), schedule.time, tzinfo=UTC)
    while start <= after:
        start += timedelta(days=1)
    if schedule.period == Schedule.Period.WEEKLY:
        while start.weekday() != (schedule.weekday or 0):
            start += timedelta(days=1)
    return start


def schedules_open(now: datetime | None = None) -> list[Tournament]:
    """Open registration of every active template's next event once it is ``open_hours`` away
    (idempotent: one tournament per template and start). Returns the tournaments created; a
    template the services refuse is logged and skipped."""
    now = now or timezone.now()
    created = []
    for schedule in Schedule.objects.filter(active=True):
        start = next_start(schedule, now)
        if start - timedelta(hours=schedule.open_hours) > now:
            continue
        if Tournament.objects.filter(schedule=schedule, starts_at=start).exists():
            continue
        try:
            with transaction.atomic():
                t = tournament_create(
                    user=None,
                    name=schedule.name,
                    format=schedule.format,
                    mode=schedule.mode,
                    starts_at=start,
                    minutes=schedule.minutes,
                    rounds=schedule.rounds,
                    max_entrants=schedule.max_entrants,
                    best_of=schedule.best_of,
                    rating_min=schedule.rating_min,
                    rating_max=schedule.rating_max,
                )
                t.schedule = schedule
                t.save(update_fields=["schedule"])
        except Refused as refused:
            log.warning("schedule %s refused: %s %s", schedule.pk, refused.code, refused.errors)
            continue
        created.append(t)
    return created


def reminders_send(now: datetime | None = None) -> int:
    """Tell the entrants of each tournament starting within :data:`REMIND_BEFORE` that it starts
    soon (once per tournament); returns how many tournaments were reminded."""
    now = now or timezone.now()
    due = Tournament.objects.filter(
        status=Tournament.Status.REGISTRATION,
        reminded_at__isnull=True,
        starts_at__gt=now,
        starts_at__lte=now + REMIND_BEFORE,
    )
    count = 0
    for pk in due.values_list("pk", flat=True):
        claimed = Tournament.objects.filter(pk=pk, reminded_at__isnull=True).update(reminded_at=now)
        if not claimed:
            continue  # another worker's tick took it
        people: set[int] = set()
        for user_id, partner_id in Entrant.objects.filter(
            tournament_id=pk, withdrawn=False, confirmed=True
        ).values_list("user_id", "partner_id"):
            people.update(filter(None, (user_id, partner_id)))
        if people:
            signals.starts_soon.send_robust(sender=Tournament, tournament_id=pk, user_ids=sorted(people))
        count += 1
    return count
