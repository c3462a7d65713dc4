"""The duplicates' periodic task (Celery beat): close due sets, open «Дубль дня»."""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(name="duplicates.rollover", ignore_result=True)
def rollover() -> dict:
    """:func:`apps.duplicates.services.rollover` now (every minute; idempotent)."""
    return services.rollover()
