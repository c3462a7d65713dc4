"""«Засчитать победу»: an opponent away past the disconnect time ends the match as his leave
(issue #19, item 11; docs/rules.md "a disconnect not back within 30 s ends the game")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.core.errors import Refused
from apps.tables import seating, selectors
from apps.tables.models import Match, Seat
from apps.tables.presence import claim_victory, seat_presence

pytestmark = pytest.mark.django_db


def started(make_user, options: dict):
    people = [make_user() for _ in range(options.get("players", 2))]
    table = seating.table_create(user=people[0], game="bazar_blot", options=options)
    for n, person in enumerate(people[1:], start=1):
        seating.seat_take(table_id=table.pk, user=person, seat=n)
    for person in people:
        seat_presence(table_id=table.pk, user_id=person.pk, delta=+1)
        seating.ready_set(table_id=table.pk, user=person)
    return table, people


def away_for(table, user, seconds: float) -> None:
    seat_presence(table_id=table.pk, user_id=user.pk, delta=-1)
    since = timezone.now() - timedelta(seconds=seconds)
    Seat.objects.filter(table=table, user=user).update(disconnected_at=since)


def test_the_claim_waits_for_the_disconnect_time_then_ends_the_match(make_user) -> None:
    table, (anna, boris) = started(make_user, {"players": 2})
    away_for(table, boris, 5)
    _seat, frame = selectors.table_state(table.pk, anna.pk)
    gone = next(s for s in frame.view["seats"] if s["seat"] == 1)
    now_ms = timezone.now().timestamp() * 1000
    assert gone["connected"] is False
    assert now_ms + 20_000 < gone["gone_deadline"] <= now_ms + 25_000  # away 5 s of the 30
    assert next(s for s in frame.view["seats"] if s["seat"] == 0)["gone_deadline"] is None
    with pytest.raises(Refused) as refused:
        claim_victory(table_id=table.pk, user_id=anna.pk)
    assert refused.value.code == "not_gone"
    assert Match.objects.get(table=table).status == Match.Status.PLAYING

    away_for(table, boris, 31)
    claim_victory(table_id=table.pk, user_id=anna.pk)
    match = Match.objects.get(table=table)
    assert match.status == Match.Status.FINISHED
    assert match.result["reason"] == "disconnect" and match.result["winners"] == [0]


def test_nobody_claims_against_his_partner_nor_from_outside_the_match(make_user) -> None:
    table, people = started(make_user, {"players": 4})
    away_for(table, people[2], 60)  # seat 2 is seat 0's partner
    with pytest.raises(Refused) as refused:
        claim_victory(table_id=table.pk, user_id=people[0].pk)
    assert refused.value.code == "not_gone"
    with pytest.raises(Refused) as outsider:
        claim_victory(table_id=table.pk, user_id=make_user().pk)
    assert outsider.value.code == "not_seated"
    claim_victory(table_id=table.pk, user_id=people[1].pk)  # an opponent of seat 2 may
    match = Match.objects.get(table=table)
    assert match.result["reason"] == "disconnect" and sorted(match.result["winners"]) == [1, 3]
