"""«Дубль дня» is open: a Web Push to those who opted in, once a day (issue #32's last item)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from apps.duplicates import services as duplicates
from apps.push import kinds, services, tasks
from tests.push.pushservice import LocalPushService

pytestmark = pytest.mark.django_db


@pytest.fixture
def push_service():
    from apps.push import keys

    service = LocalPushService(keys.public_key())
    yield service
    service.close()


def test_daily_sets_call_those_who_opted_in_once_a_day(
    make_user, push_service, monkeypatch, django_capture_on_commit_callbacks
):
    from django.core.cache import cache

    cache.clear()
    wants, default, no_device = make_user("olga"), make_user("pavel"), make_user("rita")
    for user in (wants, default):
        info = push_service.subscription()
        services.subscribe(user=user, endpoint=info["endpoint"], keys=info["keys"], label="Chrome · Linux")
    assert services.preferences(wants.pk)[kinds.DAILY_DUPLICATE] is False  # opt-in
    services.preference_set(user=wants, kind=kinds.DAILY_DUPLICATE, on=True)
    services.preference_set(user=no_device, kind=kinds.DAILY_DUPLICATE, on=True)
    queued = []
    monkeypatch.setattr(services, "_enqueue", lambda name, args, countdown=0: queued.append((name, args)))
    now = datetime(2026, 12, 7, 0, 0, 5, tzinfo=duplicates.MOSCOW)
    with django_capture_on_commit_callbacks(execute=True):
        duplicates.rollover(now)
    with django_capture_on_commit_callbacks(execute=True):
        duplicates.rollover(now + timedelta(minutes=1))  # the beat again: nothing new
    assert queued == [("push.send", (wants.pk, kinds.DAILY_DUPLICATE, {"day": "2026-12-07"}))]
    assert tasks.send(*queued[0][1]) == 1
    (delivery,) = push_service.wait(1)
    assert delivery.payload["title"] == "«Дубль дня» открыт"
    assert delivery.payload["url"] == "/duplicates/"
    assert (delivery.ttl, delivery.urgency) == (12 * 3600, "low")
    # the next day calls again
    with django_capture_on_commit_callbacks(execute=True):
        duplicates.rollover(now + timedelta(days=1))
    assert len(queued) == 2 and queued[1][1][2] == {"day": "2026-12-08"}
