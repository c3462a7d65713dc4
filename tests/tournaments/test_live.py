"""A whole Swiss of 8 and a knockout of 8 through the real Celery worker: the worker starts
each event and opens every round's tables (``tournaments.tick``, as beat sends it) and runs
the tables' first timers and no-show checks; the eight players come to their tables and a
normal bot plays for each of them through the services, as a person's moves."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from celery import current_app
from django.utils import timezone

from apps.stats.models import Result
from apps.tables.models import Match
from apps.tables.presence import seat_presence
from apps.tournaments.models import Entrant, Pairing, Tournament
from apps.tournaments.registration import tournament_create, tournament_join
from apps.tournaments.standings import standings
from tests.stats.helpers import play_out

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]


def _run(event: Tournament, *, timeout: float = 240.0) -> set[int]:
    """Start ``event`` in the worker and play every table it opens until it ends, sending the
    worker the beat's ``tournaments.tick`` after each table (this process schedules no tasks of
    its own: thousands of timer tasks for its moves would still be firing in later tests);
    returns the tables the players sat at."""
    Tournament.objects.filter(pk=event.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    current_app.send_task("tournaments.tick")
    played: set[int] = set()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        event.refresh_from_db()
        if event.status in ("finished", "cancelled"):
            return played
        for pairing in Pairing.objects.filter(tournament=event, finished=False, table__isnull=False):
            match = Match.objects.filter(table=pairing.table, status=Match.Status.PLAYING).first()
            if match is None or pairing.table_id in played:
                continue
            for seat in match.table.seats.exclude(user=None):  # each player opens his table
                seat_presence(table_id=match.table_id, user_id=seat.user_id, delta=+1)
            play_out(match)
            played.add(pairing.table_id)
            current_app.send_task("tournaments.tick")
        time.sleep(0.2)
    raise AssertionError(f"{event.format} still {event.status} in round {event.round} after {timeout:.0f} s")


@pytest.fixture(autouse=True)
def _no_tasks_from_this_process(settings):
    settings.TABLES_SCHEDULER = "none"


def test_a_swiss_of_eight_is_played_through_the_worker(celery_worker, make_user):
    people = [make_user() for _ in range(8)]
    swiss = tournament_create(
        user=people[0], name="Живая швейцарка", format="swiss", mode="durak_2", rounds=3,
        starts_at=timezone.now() + timedelta(minutes=5),
    )  # fmt: skip
    for person in people:
        tournament_join(tournament_id=swiss.pk, user=person)
    played = _run(swiss)
    swiss.refresh_from_db()
    assert swiss.status == "finished" and swiss.round == 3
    tables = list(Pairing.objects.filter(tournament=swiss))
    assert len(tables) == 12 and {p.table_id for p in tables} == played  # 3 rounds of 4, all played
    for n in (1, 2, 3):
        seated = [pk for p in tables if p.round == n for pk in p.entrants]
        assert sorted(seated) == sorted(Entrant.objects.filter(tournament=swiss).values_list("pk", flat=True))
    meetings = [frozenset(p.entrants) for p in tables]
    assert len(set(meetings)) == 12  # no opponent met twice
    lines = standings(swiss)
    assert all(line.played == 3 for line in lines) and sum(line.score for line in lines) == 12
    assert swiss.winner_id == lines[0].entrant_id
    assert Result.objects.filter(match__table__tournament_pairing__tournament=swiss).count() == 24
    log = celery_worker.log_path.read_text(errors="replace")
    assert "tournaments.tick" in log


def test_a_knockout_of_eight_is_played_through_the_worker(celery_worker, make_user):
    people = [make_user() for _ in range(8)]
    cup = tournament_create(
        user=people[0], name="Живой кубок", format="knockout", mode="durak_2", max_entrants=8,
        starts_at=timezone.now() + timedelta(minutes=5),
    )  # fmt: skip
    for n, person in enumerate(people):
        entrant = tournament_join(tournament_id=cup.pk, user=person)
        Entrant.objects.filter(pk=entrant.pk).update(rating=2000 - 10 * n)
    _run(cup)
    cup.refresh_from_db()
    assert cup.status == "finished" and cup.round == 3
    assert [Pairing.objects.filter(tournament=cup, round=n).count() for n in (1, 2, 3)] == [4, 2, 1]
    (champion,) = Entrant.objects.filter(tournament=cup, eliminated=False)
    assert cup.winner_id == champion.pk == standings(cup)[0].entrant_id
    final = Pairing.objects.get(tournament=cup, round=3)
    assert final.results[str(champion.pk)]["outcome"] == "win"
