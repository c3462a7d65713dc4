"""Celery tasks of the ratings app."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="ratings.quick_sweep", ignore_result=True)
def quick_sweep() -> dict:
    """Match every quick play pool once (beat, every 2 s; :func:`apps.ratings.quick.quick_sweep`)."""
    from .quick import quick_sweep as service

    return service()
