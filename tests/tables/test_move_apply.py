"""The one move service: refusals, exactly-once under contention, records and deadlines."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from apps.core.errors import Refused
from apps.rules import api
from apps.tables.models import Move
from apps.tables.moves import move_apply
from tests.tables.helpers import bot_table, person_turn

pytestmark = pytest.mark.django_db(transaction=True)


def test_person_action_is_applied_recorded_and_bumps_seq_by_one(durak_match):
    person, match = durak_match
    match, action = person_turn(match)
    before = match.seq
    new_seq = move_apply(
        match_id=match.pk, seat=0, action=action, seq=before, actor="person", user_id=person.pk
    )
    assert new_seq == before + 1
    move = Move.objects.get(match=match, seq=new_seq)
    assert (move.seat, move.action, move.actor, move.user_id) == (0, action, "person", person.pk)
    match.refresh_from_db()
    assert match.seq == new_seq


def test_a_move_stores_only_the_canonical_action(durak_match):
    """A client's extra keys (a 12 KB ``value``, a nested ``keep``) were stored and sent to the
    other seats (issue #20, item 6); a wrongly typed field is ``bad_message``."""
    person, match = durak_match
    match, action = person_turn(match)
    padded = {**action, "value": "x" * 12_000, "keep": [[{"a": 1}]], "note": "hi", "seat": 0}
    new_seq = move_apply(
        match_id=match.pk, seat=0, action=padded, seq=match.seq, actor="person", user_id=person.pk
    )
    assert Move.objects.get(match=match, seq=new_seq).action == action
    match, action = person_turn(match)
    with pytest.raises(Refused) as refused:
        move_apply(
            match_id=match.pk,
            seat=0,
            action={**action, "card": [action["card"]]},
            seq=match.seq,
            actor="person",
            user_id=person.pk,
        )
    assert refused.value.code == "bad_message"


def test_refusals_change_nothing(durak_match, make_user):
    person, match = durak_match
    stranger = make_user()
    match, action = person_turn(match)
    seq = match.seq

    def refused(**kwargs) -> str:
        args = {"match_id": match.pk, "seat": 0, "action": action, "seq": seq, "actor": "person"}
        args["user_id"] = person.pk
        args.update(kwargs)
        with pytest.raises(Refused) as info:
            move_apply(**args)
        return info.value

    assert refused(seq=seq - 1).code == "stale"
    assert refused(seq=seq + 1).code == "stale"
    assert refused(user_id=stranger.pk).code == "not_seated"
    assert refused(seat=1).code == "not_your_seat"
    assert refused(action={"type": "timeout"}).code == "system_only"
    assert refused(action="play").code == "bad_message"
    illegal = refused(action={**action, "card": "Zz"})
    assert illegal.code == "illegal"
    assert illegal.engine_code
    assert illegal.as_dict()["rule"] == illegal.engine_code
    match.refresh_from_db()
    assert match.seq == seq
    assert Move.objects.filter(match=match).count() == seq


def test_not_your_turn_is_its_own_code(make_user):
    people = [make_user() for _ in range(4)]
    match = bot_table("bazar_blot", {"players": 4}, people=people).matches.get()
    state = api.from_json(match.state)
    idle = next(s for s in range(4) if s not in api.to_act(state))
    with pytest.raises(Refused) as info:
        move_apply(
            match_id=match.pk,
            seat=idle,
            action={"type": "pass"},
            seq=0,
            actor="person",
            user_id=people[idle].pk,
        )
    assert info.value.code == "not_your_turn"


def test_fifty_simultaneous_copies_of_one_action_apply_exactly_once(durak_match):
    person, match = durak_match
    match, action = person_turn(match)
    seq = match.seq
    barrier = threading.Barrier(50)
    outcomes: list[str] = []
    lock = threading.Lock()

    def attempt() -> None:
        try:
            barrier.wait()
            move_apply(match_id=match.pk, seat=0, action=action, seq=seq, actor="person", user_id=person.pk)
            result = "applied"
        except Refused as exc:
            result = exc.code
        finally:
            connection.close()
        with lock:
            outcomes.append(result)

    threads = [threading.Thread(target=attempt) for _ in range(50)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes.count("applied") == 1
    assert outcomes.count("stale") == 49
    assert Move.objects.filter(match=match, seq__gt=seq).count() == 1
    match.refresh_from_db()
    assert match.seq == seq + 1


def test_finished_match_refuses_more_moves(make_user):
    person = make_user()
    match = bot_table("durak", {}, people=[person]).matches.get()
    move_apply(match_id=match.pk, seat=0, action={"type": "leave"}, seq=0, actor="person", user_id=person.pk)
    match.refresh_from_db()
    assert match.status == "finished"
    assert match.result["reason"] == "leave"
    assert 0 in match.result["losers"]
    assert match.deadline is None
    with pytest.raises(Refused) as info:
        move_apply(
            match_id=match.pk, seat=0, action={"type": "surrender"}, seq=1, actor="person", user_id=person.pk
        )
    assert info.value.code == "match_over"


def test_the_system_acts_at_the_current_seq_when_given_none(durak_match):
    """``seq=None``: the action is the server's verdict on the match as it is now (the leave of a
    person gone past the disconnect time), whatever ``seq`` it reached meanwhile."""
    person, match = durak_match
    match, action = person_turn(match)
    move_apply(match_id=match.pk, seat=0, action=action, seq=match.seq, actor="person", user_id=person.pk)
    match.refresh_from_db()

    new_seq = move_apply(
        match_id=match.pk, seat=0, action={"type": "leave"}, seq=None, actor="system",
        reason="disconnect", system=True,
    )  # fmt: skip

    assert new_seq == match.seq + 1
    move = Move.objects.get(match=match, seq=new_seq)
    assert (move.seat, move.action, move.actor, move.system) == (0, {"type": "leave"}, "system", True)
    match.refresh_from_db()
    assert (match.seq, match.status, match.result["reason"]) == (new_seq, "finished", "disconnect")
    with pytest.raises(Refused) as info:  # still checked like any other action
        move_apply(match_id=match.pk, seat=1, action={"type": "leave"}, seq=None, actor="system", system=True)
    assert info.value.code == "match_over"
