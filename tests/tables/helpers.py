"""Helpers of the tables tests: build tables directly, drive bots in-process, replay records."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import F

from apps.rules import api, scenario
from apps.rules.seating import seat_count
from apps.tables import store
from apps.tables.bot_turns import match_bot_move
from apps.tables.models import Match, Seat, Table
from apps.tables.moves import move_apply
from apps.tables.starting import match_start


def bot_table(game: str, options: dict, *, people=(), level: str = "easy", **table_fields) -> Table:
    """A table whose seats are ``people`` (users, from seat 0) then bots, started at once.

    Bypasses the lobby's at-least-one-person rule so bots can play a match alone. ``seat_count``
    (Durak: 6) overrides the game's seat count.
    """
    options = api.normalize_options(game, options)
    count = table_fields.pop("seat_count", None) or seat_count(game, options)
    with transaction.atomic():
        table = Table.objects.create(
            game=game, options=options, seat_count=count, owner=people[0] if people else None, **table_fields
        )
        for n in range(count):
            user = people[n] if n < len(people) else None
            Seat.objects.create(
                table=table, number=n, user=user, bot_level=None if user else level, ready=True
            )
        match_start(table=table)
    return table


def drive_bots(match_id: int, limit: int = 5000) -> Match:
    """Let bots move (in-process, as the bot task would) until nobody but people is to act.
    A move made meanwhile by a Celery worker (a live test's) only makes this one stale: go on."""
    for _ in range(limit):
        match = Match.objects.get(pk=match_id)
        if match.status != Match.Status.PLAYING:
            return match
        if not match_bot_move(match_id=match_id, seq=match.seq):
            now = Match.objects.get(pk=match_id)
            if now.status == Match.Status.PLAYING and now.seq != match.seq:
                continue
            return now
    raise AssertionError(f"match {match_id} still playing after {limit} bot moves")


def replay(match: Match) -> dict:
    """The scenario runner's result for the match's own record."""
    from apps.tables.selectors import match_record

    return scenario.run(match_record(match))


def assert_replays(match: Match) -> None:
    """Rebuilding the match from its record gives the same outcome as the match row and state."""
    result = replay(match)
    assert result["rejected"] == []
    state = api.from_json(match.state)
    summary = api.summary(state)
    assert result["totals"] == summary["totals"]
    assert result["finished"] == summary["finished"]
    assert result["winners"] == summary["winners"]
    assert result["deals"] == summary["deals"]
    if match.status == Match.Status.FINISHED:
        assert result["finished"] is True
        assert sorted(result["winners"]) == sorted(match.result["winners"])
        assert result["totals"] == match.result["totals"]


def person_turn(match: Match, person_seat: int = 0) -> tuple[Match, dict]:
    """Drive bots until the person at ``person_seat`` may play a card; return the match and that
    action (the first legal one with a card)."""
    for _ in range(500):
        match.refresh_from_db()
        state = api.from_json(match.state)
        legal = api.legal_actions(state, person_seat)
        with_card = [a for a in legal if "card" in a]
        if with_card:
            return match, with_card[0]
        if match_bot_move(match_id=match.pk, seq=match.seq):
            continue
        # no bot to act: the person must first do something without a card (take, done)
        assert legal, "nobody may act"
        person = next(p["user"] for p in match.players if p["seat"] == person_seat)
        move_apply(
            match_id=match.pk,
            seat=person_seat,
            action=legal[0],
            seq=match.seq,
            actor="person",
            user_id=person,
        )
    raise AssertionError("the person never got a turn")


def deadline_pushed_after_every_read(monkeypatch) -> list[int]:
    """Make each ``store.match_read`` push the match's deadline on right after reading it (a
    timer re-arming between every read and write), so that every move's write finds the row
    changed; returns the list the ids read are appended to."""
    real, reads = store.match_read, []

    def read(match_id: int):
        row = real(match_id)
        reads.append(match_id)
        Match.objects.filter(pk=match_id).update(deadline=F("deadline") + timedelta(milliseconds=1))
        return row

    monkeypatch.setattr(store, "match_read", read)
    return reads
