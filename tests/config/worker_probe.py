"""A task module loaded only by test workers (``--include tests.config.worker_probe``)."""

import redis
from celery import shared_task
from django.conf import settings


@shared_task(name="tests.worker_probe.remember")
def remember(key: str, value: str) -> None:
    """Store ``value`` under ``key`` in the test Redis for 60 s (proves the task ran)."""
    redis.Redis.from_url(settings.REDIS_URL).set(key, value, ex=60)
