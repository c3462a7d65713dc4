"""Quick play's no-show (issue #36, item 0): a person who never opens the table within 20 s of
the start aborts the match (unrated, «Партия прервана», nobody wins), the no-show counts for the
playban, and until then his seat's ``gone_deadline`` says when (it stayed null before)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.ratings import fairplay, quick
from apps.ratings.models import Playban, RatingChange
from apps.stats.models import Result
from apps.tables import selectors
from apps.tables.models import Match
from apps.tables.no_show import match_no_show_check
from apps.tables.presence import seat_presence
from apps.tables.sweeping import matches_sweep

pytestmark = pytest.mark.django_db(transaction=True)


def seated_pair(make_user) -> tuple:
    a, b = make_user(), make_user()
    quick.quick_join(user=a, mode="durak_2")
    state = quick.quick_join(user=b, mode="durak_2")
    assert state["status"] == "seated"
    match = Match.objects.get(table_id=state["table"])
    return a, b, match


def past_deadline(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(show_deadline=timezone.now() - timedelta(seconds=1))


def test_a_seat_never_opened_has_a_deadline_and_aborts_the_match_after_20_s(make_user):
    a, b, match = seated_pair(make_user)
    assert match.show_deadline is not None
    assert 19.0 <= (match.show_deadline - match.created_at).total_seconds() <= 21.0
    seat_a = next(p["seat"] for p in match.players if p["user"] == a.pk)
    seat_b = next(p["seat"] for p in match.players if p["user"] == b.pk)
    seat_presence(table_id=match.table_id, user_id=a.pk, delta=+1)  # a opens the table, b does not
    _, message = selectors.table_state(match.table_id, a.pk, a)
    seats = {s["seat"]: s for s in message.view["seats"]}
    assert seats[seat_b]["gone_deadline"] == selectors.epoch_ms(match.show_deadline)
    assert seats[seat_a]["gone_deadline"] is None
    assert match_no_show_check(match_id=match.pk) is False  # not yet: nothing happens
    past_deadline(match)
    assert match_no_show_check(match_id=match.pk) is True
    match.refresh_from_db()
    assert match.status == "finished" and match.result["reason"] == "no_show"
    assert match.result["winners"] == [] and match.result["rated"] is False
    rows = {r.user_id: r for r in Result.objects.filter(match=match)}
    assert {r.outcome for r in rows.values()} == {"void"}  # «Партия прервана» for both
    assert rows[b.pk].ended_by == seat_b and rows[b.pk].ending == "no_show"
    assert not RatingChange.objects.exists()
    assert fairplay.recent_outcomes(b.pk, timezone.now()) == [True]
    assert fairplay.recent_outcomes(a.pk, timezone.now()) == []
    assert match_no_show_check(match_id=match.pk) is False  # a second run finds nothing to do


def test_everyone_came_clears_the_deadline_and_the_match_plays_on(make_user):
    a, b, match = seated_pair(make_user)
    for user in (a, b):
        seat_presence(table_id=match.table_id, user_id=user.pk, delta=+1)
    seat_presence(table_id=match.table_id, user_id=b.pk, delta=-1)  # b came, then lost the line
    past_deadline(match)
    assert matches_sweep()["no_shows"] == 0  # the sweeper runs the check of a lost task
    match.refresh_from_db()
    assert match.status == "playing" and match.show_deadline is None


def test_the_sweeper_aborts_a_no_show_whose_task_was_lost_and_three_no_shows_ban(make_user):
    b = make_user()
    for _ in range(3):
        a = make_user()
        quick.quick_join(user=a, mode="durak_2")
        state = quick.quick_join(user=b, mode="durak_2")
        match = Match.objects.get(table_id=state["table"])
        seat_presence(table_id=match.table_id, user_id=a.pk, delta=+1)
        past_deadline(match)
        assert matches_sweep()["no_shows"] == 1
        assert Match.objects.get(pk=match.pk).result["reason"] == "no_show"
    ban = Playban.objects.get(user=b)  # three abandoned in a row (fairplay.STREAK)
    assert ban.ends_at > timezone.now()
    assert not Playban.objects.exclude(user=b).exists()


def test_the_quick_seated_frame_is_a_server_frame_of_the_protocol():
    from apps.lobby.notices import quick_seated_frame
    from apps.protocol.codec import decode_server, encode
    from apps.protocol.server import QuickSeated

    text = encode(quick_seated_frame(7))
    assert text == '{"op":"quick_seated","table":7,"url":"/lobby/tables/7/"}'
    assert decode_server(text) == QuickSeated(table=7, url="/lobby/tables/7/")
