"""A Durak set: a match per game at the player's table, game ``n`` dealing the set's deal ``n``;
+1 / 0 / −1 per game; the records check and replay once the set closed."""

from __future__ import annotations

import pytest

from apps.core.errors import Refused
from apps.duplicates import selectors, services
from apps.duplicates.models import Entry
from apps.duplicates.modes import MODES, set_deal
from apps.rules import scenario
from apps.rules.fairness import verify_deals
from apps.tables import seating
from apps.tables.models import DealRecord, Match
from apps.tables.selectors import match_record
from tests.duplicates.helpers import play_entry

pytestmark = pytest.mark.django_db


def fresh(dset):
    """The set as a request reads it (its results' version is in the comparison's cache key)."""
    dset.refresh_from_db()
    return dset


def play_durak_set(entry, choose=lambda legal: legal[0]) -> Entry:
    for _ in range(20):
        entry.refresh_from_db()
        if entry.finished_at is not None:
            return entry
        play_entry(entry, choose=choose)
        entry.refresh_from_db()
        if entry.finished_at is None:
            assert services.next_game(entry.pk)  # what the task does after the pause
    raise AssertionError("the Durak set never ended")


def test_a_durak_set_is_a_game_per_deal_of_the_set(make_user):
    dset = services.set_create(user=make_user(), mode="durak_2", deals=3, open_minutes=60, private=False)
    assert dset.game == "durak"
    a, b = make_user(), make_user()
    ea = play_durak_set(services.set_play(user=a, set_id=dset.pk))
    eb = play_durak_set(services.set_play(user=b, set_id=dset.pk), choose=lambda legal: legal[-1])
    seed = bytes.fromhex(dset.server_seed)
    for e in (ea, eb):
        assert len(e.matches) == 3 and len(e.results) == 3
        assert all(r in (-1, 0, 1) for r in e.results)
        assert Match.objects.filter(table_id=e.table_id).count() == 3
        for n, match_id in enumerate(e.matches):
            dealt = DealRecord.objects.get(match_id=match_id, number=0)
            expected = set_deal(seed, MODES["durak_2"], n)
            assert {s: sorted(h) for s, h in dealt.hands.items()} == {
                s: sorted(h) for s, h in expected["hands"].items()
            }
            assert dealt.stock == expected["stock"]
    # a third game after the last one is refused: the set is over at this table
    with pytest.raises(Refused):
        seating.rematch_vote(table_id=ea.table_id, user=a)
    assert services.next_game(ea.pk) is False
    board = selectors.comparison(fresh(dset), a.pk)
    assert board["players"] == 2
    services.set_close(dset.pk)
    for match_id in ea.matches:
        record = match_record(Match.objects.get(pk=match_id))
        assert record["duplicate"]["first"] == ea.matches.index(match_id)
        assert all(d["ok"] for d in verify_deals(record))
        replayed = scenario.run(record)
        assert replayed["rejected"] == [] and replayed["finished"] is True


def test_the_table_page_counts_the_games(make_user, client):
    dset = services.set_create(user=make_user(), mode="durak_2", deals=2, open_minutes=60, private=False)
    anna = make_user()
    entry = services.set_play(user=anna, set_id=dset.pk)
    client.force_login(anna)
    page = client.get(f"/lobby/tables/{entry.table_id}/").content.decode()
    assert 'data-duplicate-deals="2"' in page and 'data-duplicate-game="0"' in page
    play_entry(entry)
    services.next_game(entry.pk)
    page = client.get(f"/lobby/tables/{entry.table_id}/").content.decode()
    assert 'data-duplicate-game="1"' in page


def test_the_rollover_sweep_starts_a_lost_next_game(make_user):
    from datetime import timedelta

    from django.utils import timezone

    dset = services.set_create(user=make_user(), mode="durak_2", deals=2, open_minutes=60, private=False)
    entry = services.set_play(user=make_user(), set_id=dset.pk)
    play_entry(entry)
    entry.refresh_from_db()
    assert entry.finished_at is None and len(entry.results) == 1
    assert services.durak_resume() == 0  # too early: the task is due first
    assert services.durak_resume(timezone.now() + timedelta(seconds=60)) == 1
    entry.refresh_from_db()
    assert Match.objects.get(pk=entry.match_id).status == Match.Status.PLAYING
