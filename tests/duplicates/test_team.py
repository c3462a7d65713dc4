"""Team duplicate, live: two pairs over two tables of the same deals, each pair North–South at
one and East–West at the other; the score is the sum of each deal's results at both."""

from __future__ import annotations

import pytest

from apps.core.errors import Refused
from apps.duplicates import selectors, services
from apps.duplicates.models import Entry
from apps.tables.models import DealRecord, Match
from tests.duplicates.helpers import play_entry

pytestmark = pytest.mark.django_db


def fresh(dset):
    """The set as a request reads it (its results' version is in the comparison's cache key)."""
    dset.refresh_from_db()
    return dset


def test_two_tables_same_deals_and_the_team_score(make_user, client):
    anna, boris, clara, denis = (make_user(n) for n in ("anna", "boris", "clara", "denis"))
    dset = services.team_create(
        user=anna, mode="bazar_blot_4", partner=boris, opponents=[clara, denis], deals=2
    )
    entries = {e.user_id: e for e in Entry.objects.filter(set=dset)}
    assert (entries[anna.pk].seat, entries[clara.pk].seat) == (0, 1)  # table 1: anna N, clara E
    assert (entries[denis.pk].seat, entries[boris.pk].seat) == (0, 1)  # table 2: denis N, boris E
    assert entries[anna.pk].table_id == entries[clara.pk].table_id != entries[boris.pk].table_id
    for table_id in {e.table_id for e in entries.values()}:
        match = Match.objects.get(table_id=table_id)
        assert match.status == Match.Status.PLAYING
        bots = sorted(p["seat"] for p in match.players if p.get("bot"))
        assert bots == [2, 3]
    assert selectors.set_detail(fresh(dset), anna)["team"]["teams"] is None  # nothing until both end
    play_entry(entries[anna.pk])
    assert selectors.set_detail(fresh(dset), anna)["team"]["teams"] is None
    play_entry(entries[denis.pk], choose=lambda legal: legal[-1])
    t1, t2 = (entries[anna.pk].table_id, entries[denis.pk].table_id)
    for n in range(2):  # the same cards at both tables
        h1 = DealRecord.objects.get(match__table_id=t1, number=n).hands
        h2 = DealRecord.objects.get(match__table_id=t2, number=n).hands
        assert {s: sorted(h) for s, h in h1.items()} == {s: sorted(h) for s, h in h2.items()}
    team = selectors.set_detail(fresh(dset), boris)["team"]
    north1 = Entry.objects.get(pk=entries[anna.pk].pk).results
    north2 = Entry.objects.get(pk=entries[denis.pk].pk).results
    assert [d["diff"] for d in team["deals"]] == [north1[d] - north2[d] for d in range(2)]
    assert team["teams"][0]["names"] == ["anna", "boris"] and team["teams"][1]["names"] == ["clara", "denis"]
    assert team["teams"][0]["score"] == sum(north1) - sum(north2) == -team["teams"][1]["score"]
    # the east players' own results are the mirror of the north's at their table
    assert Entry.objects.get(pk=entries[boris.pk].pk).results == [-r for r in north2]
    client.force_login(clara)
    page = client.get(f"/duplicates/{dset.pk}/").content.decode()
    assert "duplicate-team-score" in page and "anna + boris" in page


def test_team_duplicate_needs_a_pair_mode_and_four_people(make_user, client):
    a, b, c, d = (make_user() for _ in range(4))
    with pytest.raises(Refused) as refused:
        services.team_create(user=a, mode="blot", partner=b, opponents=[c, d])
    assert refused.value.code == "bad_mode"
    with pytest.raises(Refused) as refused:
        services.team_create(user=a, mode="deberc_4", partner=b, opponents=[c, a])
    assert refused.value.code == "same_person"
    client.force_login(a)
    answer = client.post(
        "/duplicates/team/",
        {"mode": "deberc_4", "partner": b.username, "opponent1": c.username, "opponent2": "nobody"},
        follow=True,
    )
    assert "duplicate-message" in answer.content.decode()
    made = client.post(
        "/duplicates/team/",
        {
            "mode": "deberc_4",
            "deals": "1",
            "partner": b.username,
            "opponent1": c.username,
            "opponent2": d.username,
        },
    )
    assert made.status_code == 302
    assert Entry.objects.filter(user__in=[a, b, c, d]).count() == 4
