"""Public events by schedule (admin templates opened by the beat's tick) and the «starts in 2
minutes» notification (a Web Push kind, delivered to the suite's local push service)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from apps.push import kinds, tasks
from apps.push import services as push_services
from apps.tournaments.models import Schedule, Tournament
from apps.tournaments.registration import tournament_create, tournament_join
from apps.tournaments.rounds import tournaments_tick
from apps.tournaments.schedule import next_start, reminders_send, schedules_open
from tests.push.test_push import subscribe

pytestmark = pytest.mark.django_db


def _at(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


def test_the_next_start_of_a_daily_and_a_weekly_template():
    daily = Schedule(name="Вечерняя арена", format="arena", mode="durak_2", time=time(19, 0), minutes=60)
    assert next_start(daily, _at(2026, 12, 7, 18, 0)) == _at(2026, 12, 7, 19, 0)
    assert next_start(daily, _at(2026, 12, 7, 19, 0)) == _at(2026, 12, 8, 19, 0)
    weekly = Schedule(
        name="Воскресная швейцарка", format="swiss", mode="bazar_2", rounds=5,
        period="weekly", weekday=6, time=time(12, 0),
    )  # fmt: skip
    assert next_start(weekly, _at(2026, 12, 7, 18, 0)) == _at(2026, 12, 13, 12, 0)  # 7 Dec 2026: a Monday
    assert next_start(weekly, _at(2026, 12, 13, 12, 0)) == _at(2026, 12, 20, 12, 0)


def test_a_template_opens_its_next_event_once_when_registration_is_due(make_user):
    now = _at(2026, 12, 7, 18, 0)
    daily = Schedule.objects.create(
        name="Вечерняя арена", format="arena", mode="durak_2", time=time(19, 0), minutes=60, open_hours=2
    )
    Schedule.objects.create(  # a week away: not opened yet
        name="Воскресная", format="swiss", mode="durak_2", rounds=5, period="weekly", weekday=6,
        time=time(12, 0), open_hours=24,
    )  # fmt: skip
    Schedule.objects.create(
        name="Выключен", format="arena", mode="durak_2", time=time(19, 0), minutes=60, active=False
    )
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(timezone, "now", lambda: now)
        (event,) = schedules_open(now)
        assert schedules_open(now) == []  # idempotent
    assert (event.schedule, event.starts_at, event.status) == (daily, _at(2026, 12, 7, 19, 0), "registration")
    assert event.private is False and event.created_by is None and event.minutes == 60


def test_a_knockout_template_gives_its_events_best_of_three():
    now = _at(2026, 12, 7, 18, 0)
    cup = Schedule.objects.create(
        name="Кубок вечера", format="knockout", mode="durak_2", time=time(19, 0), max_entrants=16,
        best_of=3, open_hours=2,
    )  # fmt: skip
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(timezone, "now", lambda: now)
        (event,) = schedules_open(now)
    assert (event.schedule, event.format, event.best_of, event.max_entrants) == (cup, "knockout", 3, 16)
    arena = Schedule(name="Арена", format="arena", mode="durak_2", time=time(19, 0), minutes=60, best_of=3)
    with pytest.raises(ValidationError) as info:  # «до двух побед» is for knockouts only
        arena.full_clean()
    assert list(info.value.message_dict) == ["best_of"]


def test_a_bad_template_is_refused_by_the_admin_form_and_skipped_by_the_tick():
    bad = Schedule(name="Арена без длины", format="arena", mode="durak_2", time=time(19, 0))
    with pytest.raises(ValidationError) as info:
        bad.full_clean()
    assert "minutes" in info.value.message_dict
    bad.save()
    assert schedules_open(timezone.now()) == []
    assert not Tournament.objects.exists()


def test_entrants_are_told_two_minutes_before_the_start_once(
    make_user,
    push_service,
    monkeypatch,
    django_capture_on_commit_callbacks,
):
    olga, pavel = make_user("olga"), make_user("pavel")
    event = tournament_create(
        user=None, name="Вечерняя арена", format="arena", mode="durak_2", minutes=30,
        starts_at=timezone.now() + timedelta(minutes=10),
    )  # fmt: skip
    for person in (olga, pavel):
        tournament_join(tournament_id=event.pk, user=person)
    subscribe(pavel, push_service)
    queued = []
    monkeypatch.setattr(
        push_services, "_enqueue", lambda name, args, countdown=0: queued.append((name, args))
    )
    assert reminders_send() == 0  # ten minutes away: not yet
    with django_capture_on_commit_callbacks(execute=True):
        assert reminders_send(now=event.starts_at - timedelta(seconds=100)) == 1
        assert tournaments_tick(now=event.starts_at - timedelta(seconds=90))["reminded"] == 0  # once
    sends = [args for name, args in queued if name == "push.send"]
    assert sends == [(pavel.pk, kinds.TOURNAMENT_SOON, {"tournament_id": event.pk})]  # olga has no device
    assert tasks.send(*sends[0]) == 1
    (delivery,) = push_service.wait(1)
    assert delivery.payload["title"] == "Турнир начнётся через 2 минуты"
    assert delivery.payload["url"] == f"/tournaments/{event.pk}/"
    assert "Вечерняя арена" in delivery.payload["body"]
    assert (delivery.ttl, delivery.urgency) == (120, "high")
