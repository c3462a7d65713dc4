"""Helpers of the tournament tests."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from apps.tournaments.models import Pairing, Tournament
from apps.tournaments.registration import tournament_create, tournament_join
from apps.tournaments.rounds import tournament_start


def final_of_two(first, second, *, name: str = "Кубок", best_of: int = 1) -> tuple[Tournament, Pairing]:
    """A knockout of ``first`` and ``second`` (``durak_2``) started: its one pairing, the final,
    is seated and its match playing."""
    cup = tournament_create(
        user=first, name=name, format="knockout", mode="durak_2", max_entrants=8, best_of=best_of,
        starts_at=timezone.now() + timedelta(minutes=5),
    )  # fmt: skip
    for person in (first, second):
        tournament_join(tournament_id=cup.pk, user=person)
    tournament_start(cup.pk)
    return cup, Pairing.objects.get(tournament=cup, round=1)
