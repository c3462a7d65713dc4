"""Timers: move time, the belot family's reserve, Durak's 30 s, the sweeper (services in-process)."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from apps.rules import api
from apps.tables import clock, presence
from apps.tables.models import Match, Move
from apps.tables.moves import move_apply
from apps.tables.presence import seat_disconnect_check, seat_presence
from apps.tables.sweeping import match_end_stuck, matches_sweep
from apps.tables.timers import match_timer, timeout_apply
from tests.tables.helpers import bot_table

pytestmark = pytest.mark.django_db(transaction=True)


def test_clock_rules():
    assert clock.turn_ms("bazar_blot", {"move_time": 15}, "play") == 15_000
    assert clock.turn_ms("durak", {}, "play") == 30_000
    assert clock.turn_ms("durak", {"cheating": True}, "check") == 4_000
    assert clock.turn_ms("deberc", {}, "play", scale=0.01) == 200
    assert clock.reserve_after(30_000, 25_000, 20_000) == 25_000
    assert clock.reserve_after(30_000, 10_000, 20_000) == 30_000
    assert clock.reserve_after(3_000, 60_000, 20_000) == 0
    assert not clock.has_reserve("durak") and clock.has_reserve("blot")


def people_table(make_user, game="bazar_blot", options=None, scale=0.001):
    options = {"players": 4} if options is None else options
    count = 4 if game == "durak" else options.get("players", 2)
    people = [make_user() for _ in range(count)]
    return people, bot_table(game, options, people=people, time_scale=scale).matches.get()


def test_deadline_is_move_time_plus_the_full_reserve_at_the_start_of_a_deal(make_user):
    _, match = people_table(make_user, options={"players": 4, "move_time": 15}, scale=1.0)
    assert match.turn_ms == 15_000
    assert match.reserves == {str(s): 30_000 for s in range(4)}
    assert match.deadline - match.turn_started_at == timedelta(milliseconds=45_000)


def test_timer_acts_only_after_the_deadline_and_only_for_its_seq(make_user):
    _, match = people_table(make_user, scale=1.0)
    assert timeout_apply(match_id=match.pk, seq=match.seq) == 0  # deadline not reached
    Match.objects.filter(pk=match.pk).update(deadline=match.deadline - timedelta(hours=1))
    assert timeout_apply(match_id=match.pk, seq=match.seq + 1) == 0  # another seq
    assert timeout_apply(match_id=match.pk, seq=match.seq) == 1
    move = Move.objects.get(match=match, seq=1)
    assert move.actor == "timer" and move.system and move.action == {"type": "timeout"}
    assert move.seat == api.to_act(api.from_json(match.state))[0]


def test_reserve_is_spent_only_past_the_move_time(make_user):
    people, match = people_table(make_user, options={"players": 4, "move_time": 15}, scale=0.01)
    seat = api.to_act(api.from_json(match.state))[0]
    # the turn began 250 ms ago: move time 150 ms, so 100 ms (plus the call's own time) of the
    # 300 ms reserve goes
    before = timezone.now()
    Match.objects.filter(pk=match.pk).update(turn_started_at=before - timedelta(milliseconds=250))
    move_apply(
        match_id=match.pk, seat=seat, action={"type": "pass"}, seq=0, actor="person", user_id=people[seat].pk
    )
    took = (timezone.now() - before).total_seconds() * 1000
    match.refresh_from_db()
    left = match.reserves[str(seat)]
    assert 200 - took <= left <= 200
    others = [v for k, v in match.reserves.items() if k != str(seat)]
    assert others == [300, 300, 300]


def test_a_turn_left_alone_is_played_by_the_timer_then_reserve_gone(make_user):
    _, match = people_table(make_user, scale=0.001)
    time.sleep(0.1)
    applied = matches_sweep()
    assert applied["timeouts"] == 1
    match.refresh_from_db()
    assert match.seq == 1
    seat = Move.objects.get(match=match, seq=1).seat
    assert match.reserves[str(seat)] == 0


def test_durak_timeout_takes_for_the_defender_and_done_for_throwers(make_user):
    people, match = people_table(make_user, game="durak", options={}, scale=1.0)
    state = api.from_json(match.state)
    starter = api.to_act(state)[0]
    card = api.legal_actions(state, starter)[0]
    move_apply(
        match_id=match.pk, seat=starter, action=card, seq=0, actor="person", user_id=people[starter].pk
    )
    match.refresh_from_db()
    awaiting = api.view(api.from_json(match.state), None)["awaiting"]
    assert match.deadline - match.turn_started_at == timedelta(milliseconds=30_000)
    Match.objects.filter(pk=match.pk).update(deadline=match.deadline - timedelta(minutes=1))
    applied = timeout_apply(match_id=match.pk, seq=1)
    assert applied >= 1
    moves = list(Move.objects.filter(match=match, seq__gt=1).order_by("seq"))
    assert [m.seat for m in moves] == awaiting[: len(moves)]
    assert all(m.actor == "timer" and m.action == {"type": "timeout"} for m in moves)


def test_durak_disconnect_not_back_in_time_ends_the_match(make_user):
    people, match = people_table(make_user, game="durak", options={}, scale=0.001)
    seat_presence(table_id=match.table_id, user_id=people[2].pk, delta=+1)
    seat_presence(table_id=match.table_id, user_id=people[2].pk, delta=-1)
    time.sleep(0.1)
    assert seat_disconnect_check(table_id=match.table_id, seat=2)
    match.refresh_from_db()
    assert match.status == "finished"
    assert match.result["reason"] == "disconnect"
    assert 2 in match.result["losers"]
    last = Move.objects.filter(match=match).latest("seq")
    assert (last.seat, last.action, last.actor, last.system) == (2, {"type": "leave"}, "system", True)


def test_the_disconnect_leave_applies_after_a_move_made_since_the_check_read_the_match(
    make_user, monkeypatch
):
    """The check reads the match, then a move lands (the timer, a bot, another player) before
    its leave: the leave is the server's verdict on the match as it is, so it applies at the
    new ``seq`` instead of being refused ``stale``."""
    people, match = people_table(make_user, game="durak", options={}, scale=0.001)
    seat_presence(table_id=match.table_id, user_id=people[2].pk, delta=+1)
    seat_presence(table_id=match.table_id, user_id=people[2].pk, delta=-1)
    time.sleep(0.1)
    real, moved = presence._gone_past_deadline, []

    def gone_then_a_move(row, current):
        if not moved:
            state = api.from_json(current.state)
            seat = api.to_act(state)[0]
            moved.append(
                move_apply(
                    match_id=current.pk, seat=seat, action=api.legal_actions(state, seat)[0],
                    seq=current.seq, actor="person", user_id=people[seat].pk,
                )
            )  # fmt: skip
        return real(row, current)

    monkeypatch.setattr(presence, "_gone_past_deadline", gone_then_a_move)

    assert seat_disconnect_check(table_id=match.table_id, seat=2)
    assert moved == [1]
    match.refresh_from_db()
    assert (match.seq, match.status, match.result["reason"]) == (2, "finished", "disconnect")
    last = Move.objects.get(match=match, seq=2)
    assert (last.seat, last.action, last.actor, last.system) == (2, {"type": "leave"}, "system", True)


def test_reconnecting_in_time_keeps_the_durak_match(make_user):
    people, match = people_table(make_user, game="durak", options={}, scale=1.0)
    seat_presence(table_id=match.table_id, user_id=people[1].pk, delta=+1)
    seat_presence(table_id=match.table_id, user_id=people[1].pk, delta=-1)
    seat_presence(table_id=match.table_id, user_id=people[1].pk, delta=+1)
    assert not seat_disconnect_check(table_id=match.table_id, seat=1)
    match.refresh_from_db()
    assert match.status == "playing"


def test_admin_can_end_a_stuck_match(make_user):
    _, match = people_table(make_user)
    assert match_end_stuck(match_id=match.pk)
    match.refresh_from_db()
    assert match.status == "finished" and match.result["reason"] == "aborted"
    assert not match_end_stuck(match_id=match.pk)


def test_one_broken_match_never_stops_the_sweep(make_user):
    _, broken = people_table(make_user, scale=1.0)
    _, good = people_table(make_user, scale=1.0)
    past = good.deadline - timedelta(hours=1)
    Match.objects.filter(pk=broken.pk).update(deadline=past, state={"game": "bazar_blot", "state": {}})
    Match.objects.filter(pk=good.pk).update(deadline=past)
    assert matches_sweep()["timeouts"] == 1
    good.refresh_from_db()
    assert good.seq == 1
    broken.refresh_from_db()
    assert broken.seq == 0 and broken.status == "playing"  # left for an admin to end
    assert match_end_stuck(match_id=broken.pk)
    broken.refresh_from_db()
    assert broken.status == "finished" and broken.result["reason"] == "aborted"


def person_pass(match: Match, people) -> int:
    """The seat to act passes (the auction of Базар-блот); returns the new seq."""
    match.refresh_from_db()
    seat = api.to_act(api.from_json(match.state))[0]
    return move_apply(
        match_id=match.pk,
        seat=seat,
        action={"type": "pass"},
        seq=match.seq,
        actor="person",
        user_id=people[seat].pk,
    )


def test_a_move_arms_a_new_timer_only_when_none_is_pending_before_its_deadline(make_user):
    people, match = people_table(make_user, options={"players": 4, "move_time": 15}, scale=1.0)
    assert match.timer_due == match.deadline  # the start armed the first turn's timer
    first_due = match.timer_due
    person_pass(match, people)
    match.refresh_from_db()
    # the next seat's deadline is later (full reserve): the pending timer fires first and re-arms
    assert match.deadline > first_due and match.timer_due == first_due
    # a pending timer due after the new deadline (a seat with less reserve) is replaced
    Match.objects.filter(pk=match.pk).update(timer_due=match.deadline + timedelta(hours=1))
    person_pass(match, people)
    match.refresh_from_db()
    assert match.timer_due == match.deadline
    # a timer whose time has come (or was lost) is replaced too
    Match.objects.filter(pk=match.pk).update(timer_due=timezone.now() - timedelta(seconds=1))
    person_pass(match, people)
    match.refresh_from_db()
    assert match.timer_due == match.deadline


def test_an_early_timer_re_arms_for_the_current_deadline_and_a_late_one_acts(make_user):
    people, match = people_table(make_user, options={"players": 4, "move_time": 15}, scale=1.0)
    person_pass(match, people)
    match.refresh_from_db()
    seq = match.seq
    # the first turn's timer fires (its due time has come) while the deadline is later
    Match.objects.filter(pk=match.pk).update(timer_due=timezone.now())
    assert match_timer(match_id=match.pk) == 0
    match.refresh_from_db()
    assert match.seq == seq and match.timer_due == match.deadline
    # another timer firing early while that one is pending does nothing
    assert match_timer(match_id=match.pk) == 0
    match.refresh_from_db()
    assert match.timer_due == match.deadline
    # once the deadline passed the timer acts for the seat, whatever seq it was armed at
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert match_timer(match_id=match.pk) == 1
    match.refresh_from_db()
    assert match.seq == seq + 1
    assert Move.objects.get(match=match, seq=seq + 1).actor == "timer"


def test_a_sweep_applies_at_most_its_limit_oldest_deadline_first(make_user):
    matches = [people_table(make_user, scale=1.0)[1] for _ in range(3)]
    now = timezone.now()
    for age, match in zip((1, 3, 2), matches, strict=True):
        Match.objects.filter(pk=match.pk).update(deadline=now - timedelta(minutes=age))
    assert matches_sweep(limit=2)["timeouts"] == 2
    seqs = [Match.objects.get(pk=m.pk).seq for m in matches]
    assert seqs == [0, 1, 1]  # the two oldest deadlines
    assert matches_sweep(limit=2)["timeouts"] == 1
    assert Match.objects.get(pk=matches[0].pk).seq == 1


def test_the_sweeper_and_the_timer_racing_log_no_false_error(make_user, caplog):
    """Two callers of one expired deadline: the first applies the timeout, the second finds
    ``stale`` — that was logged as ERROR "no timeout action was accepted" (issue #20, item 8)."""
    import threading

    from django.db import connection

    for _ in range(5):
        _, match = people_table(make_user, scale=1.0)
        Match.objects.filter(pk=match.pk).update(deadline=match.deadline - timedelta(hours=1))
        applied: list[int] = []
        barrier = threading.Barrier(2)

        def fire(match_id=match.pk, seq=match.seq, barrier=barrier, applied=applied):
            barrier.wait()
            try:
                applied.append(timeout_apply(match_id=match_id, seq=seq))
            finally:
                connection.close()

        caplog.clear()
        with caplog.at_level("ERROR", logger="apps.tables"):
            threads = [threading.Thread(target=fire) for _ in range(2)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(30)
        assert sum(applied) == 1, applied
        assert not [r for r in caplog.records if r.levelname == "ERROR"], caplog.text
        assert Match.objects.get(pk=match.pk).deadline is not None  # the move re-armed the clock


def test_after_a_trick_the_next_turn_starts_when_the_trick_has_been_shown(make_user):
    """The table shows a completed trick for ``clock.TRICK_HOLD_MS`` (issue #19, item 3): the
    next turn's clock starts after that pause, so nobody's move time is spent watching it."""
    people, match = people_table(make_user, options={"players": 2}, scale=1.0)
    for _ in range(200):
        match.refresh_from_db()
        state = api.from_json(match.state)
        seat = api.to_act(state)[0]
        action = api.legal_actions(state, seat)[0]
        trial = state.copy()
        _, events = api.apply(trial, seat, action)
        before = timezone.now()
        move_apply(
            match_id=match.pk, seat=seat, action=action, seq=match.seq, actor="person",
            user_id=people[seat].pk,
        )  # fmt: skip
        if any(e["type"] == "trick" for e in events) and not any(e["type"] == "deal_scored" for e in events):
            break
    else:
        raise AssertionError("no trick was taken")
    match.refresh_from_db()
    hold = timedelta(milliseconds=clock.TRICK_HOLD_MS)
    assert before + hold <= match.turn_started_at <= timezone.now() + hold
    assert match.deadline >= match.turn_started_at + timedelta(milliseconds=match.turn_ms)
    assert clock.hold_ms([{"type": "deal_scored"}, {"type": "trick"}]) == clock.DEAL_HOLD_MS
    assert clock.hold_ms([{"type": "move"}]) == 0
