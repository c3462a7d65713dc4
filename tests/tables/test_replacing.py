"""A bot takes an absent person's seat mid-match (apps.tables.replacing): the engine state is
kept, the person leaves the seat and can no longer act there, the bot plays the seat (at once
when it is to act), and a match with ``absent_bot`` is not aborted by its no-show check."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.core.errors import Refused
from apps.ratings.modes import quick_options
from apps.rules import api
from apps.stats.models import Result
from apps.tables.bot_turns import match_bot_move
from apps.tables.models import Match, Seat
from apps.tables.moves import move_apply
from apps.tables.no_show import match_no_show_check
from apps.tables.presence import seat_presence
from apps.tables.replacing import seat_bot_replace
from apps.tables.seating import normalized_options, table_create_seated
from tests.stats.helpers import play_out

pytestmark = pytest.mark.django_db(transaction=True)


def _match(make_user, **kw) -> tuple:
    a, b = make_user(), make_user()
    table = table_create_seated(
        game="durak", options=normalized_options("durak", quick_options("durak_2")), owner_id=a.pk,
        seats=[(a.pk, None), (b.pk, None)], rated=True, **kw,
    )  # fmt: skip
    return a, b, Match.objects.get(table=table)


def test_the_seat_goes_to_a_bot_and_the_state_stays(make_user):
    a, b, match = _match(make_user)
    state_before, seq = match.state, match.seq
    to_act = api.to_act(api.from_json(match.state))
    absent = next(p for p in match.players if p["seat"] in to_act)  # the one to act goes
    user = a if absent["user"] == a.pk else b
    assert seat_bot_replace(match_id=match.pk, seat=absent["seat"]) == user.pk
    match.refresh_from_db()
    assert (match.state, match.seq) == (state_before, seq)  # the engine is not touched
    seat = Seat.objects.get(table=match.table, number=absent["seat"])
    assert (seat.user_id, seat.bot_level, seat.ready) == (None, "normal", True)
    (player,) = [p for p in match.players if p["seat"] == absent["seat"]]
    assert player["user"] is None and player["bot"] == "normal" and player["replaced"] == user.pk
    assert player["name"] and match.bot_to_act and str(absent["seat"]) in match.bot_memory
    with pytest.raises(Refused) as info:  # he no longer plays there
        move_apply(match_id=match.pk, seat=absent["seat"], action={"type": "leave"}, seq=None,
                   actor="person", user_id=user.pk)  # fmt: skip
    assert info.value.code == "not_seated"
    assert match_bot_move(match_id=match.pk, seq=match.seq) is True  # the bot moves for the seat
    assert seat_bot_replace(match_id=match.pk, seat=absent["seat"]) is None  # nothing left to replace
    match = play_out(match)
    rows = {r.seat: r for r in Result.objects.filter(match=match)}
    assert rows[absent["seat"]].user_id is None and rows[absent["seat"]].bot_level == "normal"
    assert rows[absent["seat"]].outcome != "void"  # played out, not aborted


def test_a_match_with_absent_bot_replaces_the_no_show_instead_of_aborting(make_user):
    a, b, match = _match(make_user, show_ms=60_000, absent_bot=True)
    assert match.absent_bot
    assert (match.show_deadline - match.created_at).total_seconds() == pytest.approx(60, abs=1)
    seat_presence(table_id=match.table_id, user_id=a.pk, delta=+1)
    assert match_no_show_check(match_id=match.pk) is False  # not yet
    Match.objects.filter(pk=match.pk).update(show_deadline=timezone.now() - timedelta(seconds=1))
    assert match_no_show_check(match_id=match.pk) is True
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING and match.show_deadline is None
    assert [p["replaced"] for p in match.players if p.get("replaced")] == [b.pk]
    assert Seat.objects.get(table=match.table, user=a).bot_level is None  # who came stays
    assert match_no_show_check(match_id=match.pk) is False  # a second run finds nothing to do
