"""A Durak set on the real stack: the bots move through the Celery worker, and the worker's
``duplicates.next_game`` task deals the set's next game at the table after each game's end."""

from __future__ import annotations

import contextlib
import time

import pytest

from apps.core.errors import Refused
from apps.duplicates import services
from apps.duplicates.models import Entry
from apps.rules import api
from apps.tables.models import Match
from apps.tables.moves import move_apply

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]


def test_the_worker_deals_the_next_game(make_user, celery_worker, settings):
    settings.TABLES_SCHEDULER = "celery"
    dset = services.set_create(user=make_user(), mode="durak_2", deals=2, open_minutes=60, private=False)
    anna = make_user()
    entry = services.set_play(user=anna, set_id=dset.pk)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        entry.refresh_from_db()
        if entry.finished_at is not None:
            break
        match = Match.objects.get(pk=entry.match_id)
        state = api.from_json(match.state)
        if match.status == Match.Status.PLAYING and entry.seat in api.to_act(state):
            legal = api.legal_actions(state, entry.seat)
            with contextlib.suppress(Refused):  # a bot moved first (stale): read again
                move_apply(match_id=match.pk, seat=entry.seat, action=legal[0], seq=match.seq,
                           actor="person", user_id=anna.pk)  # fmt: skip
            continue
        time.sleep(0.1)
    entry.refresh_from_db()
    assert entry.finished_at is not None, "the set was not finished in time"
    assert len(entry.matches) == 2 and all(r in (-1, 0, 1) for r in entry.results)
    assert Match.objects.filter(table_id=entry.table_id).count() == 2
    assert Entry.objects.get(pk=entry.pk).match_id == entry.matches[-1]
