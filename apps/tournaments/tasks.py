"""Celery tasks of the tournaments app (sent by name from the beat schedule)."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="tournaments.advance", ignore_result=True)
def tournament_advance(tournament_id: int) -> None:
    """Start what comes next in the tournament (:func:`apps.tournaments.rounds.tournament_advance`)."""
    from .rounds import tournament_advance as service

    service(tournament_id)


@shared_task(name="tournaments.tick", ignore_result=True)
def tournaments_tick() -> dict:
    """Beat, every 2 s: start due tournaments and advance running ones."""
    from .rounds import tournaments_tick as service

    return service()
