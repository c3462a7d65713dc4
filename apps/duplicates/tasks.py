"""The duplicates' periodic task (Celery beat): close due sets, open «Дубль дня»."""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(name="duplicates.rollover", ignore_result=True)
def rollover() -> dict:
    """:func:`apps.duplicates.services.rollover` now (every minute; idempotent)."""
    return services.rollover()


@shared_task(name="duplicates.next_game", ignore_result=True)
def next_game(entry_id: int) -> bool:
    """:func:`apps.duplicates.services.next_game`: a Durak set's next game at its table."""
    return services.next_game(entry_id)
