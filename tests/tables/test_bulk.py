"""Many seated, started tables at once (apps.tables.bulk, issue #35): each table is what
``table_create_seated`` makes one by one (the same deal from the same seeds, the fairness
commitment of its next match, the names, the show-up deadline), in a number of queries that
does not grow with the tables but by their ratings and guards; a refused start guard writes
nothing; after the commit every table's first frames leave in one batch and the open-tables
list hears of each table."""

from __future__ import annotations

import itertools
import json
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.core.errors import Refused
from apps.ratings.models import Playban
from apps.ratings.modes import quick_options
from apps.tables import publishing, signals
from apps.tables.bulk import Seated, tables_create_seated
from apps.tables.fairness import commitment_of
from apps.tables.models import DealRecord, Match, Seat, Table
from apps.tables.seating import normalized_options, table_create_seated
from tests.stats.helpers import play_out

pytestmark = pytest.mark.django_db(transaction=True)

OPTIONS = normalized_options("durak", quick_options("durak_2"))


def _seeds(monkeypatch) -> None:
    """Every server seed drawn from now on: 01…, 02…, 03… (the same sequence for each call)."""
    counter = itertools.count(1)
    monkeypatch.setattr("apps.tables.models.new_server_seed", lambda: f"{next(counter):02x}" * 32)


def _people(make_user, n: int) -> list:
    people = [make_user() for _ in range(n)]
    for i, person in enumerate(people):
        person.display_name = f"Игрок {i}"
        person.save(update_fields=["display_name"])
    return people


def _specs(people: list) -> list[Seated]:
    return [
        Seated(seats=[(a.pk, None), (b.pk, None)], owner_id=a.pk)
        for a, b in zip(people[::2], people[1::2], strict=True)
    ]


def _shape(table: Table) -> dict:
    """What a started table is, apart from its ids and times."""
    match = Match.objects.get(table=table)
    deal = DealRecord.objects.get(match=match)
    seats = list(Seat.objects.filter(table=table).values_list("number", "user_id", "bot_level", "ready"))
    return {
        "table": (table.game, table.options, table.seat_count, table.owner_id, table.rated, table.status),
        "table_seed": Table.objects.get(pk=table.pk).server_seed,
        "seats": seats,
        "match": (match.server_seed, match.next_commitment, match.client_seeds, match.dealer, match.seats),
        "players": match.players,
        "state": match.state,
        "clock": (match.turn_ms, match.bot_to_act, match.absent_bot, match.status, match.seq),
        "show_after": round((match.show_deadline - match.turn_started_at).total_seconds()),
        "deal": (deal.number, deal.dealer, deal.hands, deal.stock, deal.start_seq),
    }


def test_each_table_is_what_table_create_seated_makes(make_user, monkeypatch):
    people = _people(make_user, 6)
    _seeds(monkeypatch)
    with transaction.atomic():
        one_by_one = [
            table_create_seated(
                game="durak",
                options=OPTIONS,
                owner_id=s.owner_id,
                seats=s.seats,
                rated=True,
                show_ms=60_000,
                absent_bot=True,
            )
            for s in _specs(people)
        ]
    expected = [_shape(t) for t in one_by_one]
    _seeds(monkeypatch)  # the same seeds again
    with transaction.atomic():
        tables = tables_create_seated(
            game="durak", options=OPTIONS, tables=_specs(people), rated=True, show_ms=60_000, absent_bot=True
        )
    assert [_shape(t) for t in tables] == expected
    for table, shape in zip(tables, expected, strict=True):
        match = Match.objects.get(table=table)
        # the fairness commitment of the table's next match is the seed it keeps
        assert match.next_commitment == commitment_of(shape["table_seed"])
        assert match.server_seed != shape["table_seed"]
        assert [p["name"] for p in match.players] == [
            f"Игрок {people.index(next(u for u in people if u.pk == p['user']))}" for p in match.players
        ]
    # the two sets of seeds differ table by table (each table its own seed)
    assert len({s["match"][0] for s in expected}) == len(expected)


def test_the_matches_play_to_their_end(make_user):
    people = _people(make_user, 4)
    with transaction.atomic():
        tables = tables_create_seated(game="durak", options=OPTIONS, tables=_specs(people), rated=True)
    for table in tables:
        match = play_out(Match.objects.get(table=table))
        assert match.status == Match.Status.FINISHED and match.result["winners"] is not None


def test_queries_do_not_grow_with_the_tables_but_by_ratings_and_guards(make_user):
    people = _people(make_user, 44)
    counts = []
    for group in (people[:4], people[4:40]):  # 2 tables, then 18
        with transaction.atomic(), CaptureQueriesContext(connection) as queries:
            tables_create_seated(game="durak", options=OPTIONS, tables=_specs(group), rated=True)
        counts.append(len(queries))  # in the transaction (the after-commit sends apart)
    per_table = (counts[1] - counts[0]) / 16
    # a table adds one query of its seats' ratings and the start guards' own, three per person
    # (apps.ratings: bots seated? banned?; apps.duplicates: a set's table?)
    assert per_table == 1 + 3 * 2, counts
    assert counts[0] - 2 * per_table <= 10  # the rest: users, tables, seats, matches, deals
    a, b = people[40:42]
    with transaction.atomic(), CaptureQueriesContext(connection) as single:
        table_create_seated(
            game="durak", options=OPTIONS, owner_id=a.pk, seats=[(a.pk, None), (b.pk, None)], rated=True
        )
    assert len(single) >= 2 * per_table  # one by one a table costs at least twice as much


def test_a_refused_start_guard_writes_nothing(make_user):
    people = _people(make_user, 6)
    now = timezone.now()
    Playban.objects.create(
        user=people[5], reason="test", minutes=60, starts_at=now, ends_at=now + timedelta(hours=1)
    )
    tables_before, matches_before = Table.objects.count(), Match.objects.count()
    with pytest.raises(Refused) as info, transaction.atomic():
        tables_create_seated(game="durak", options=OPTIONS, tables=_specs(people), rated=True)
    assert info.value.code == "playban_seated"
    assert (Table.objects.count(), Match.objects.count()) == (tables_before, matches_before)


def test_after_the_commit_the_first_frames_leave_in_one_batch(make_user, monkeypatch):
    people = _people(make_user, 6)
    batches: list[list] = []
    changed: list[int] = []
    monkeypatch.setattr(publishing, "send_many", lambda messages: batches.append(list(messages)))

    def heard(table_id, **_):
        changed.append(table_id)

    signals.tables_changed.connect(heard, dispatch_uid="test_bulk.heard")
    try:
        with transaction.atomic():
            tables = tables_create_seated(game="durak", options=OPTIONS, tables=_specs(people), rated=True)
            assert batches == [] and changed == []  # nothing before the commit
    finally:
        signals.tables_changed.disconnect(dispatch_uid="test_bulk.heard")
    frames = [b for b in batches if b and b[0][1]["type"] == "table.frames"]
    assert len(frames) == 1 and len(frames[0]) == len(tables)  # one batch, a message per table
    for table, (group, message) in zip(tables, frames[0], strict=True):
        match = Match.objects.get(table=table)
        assert group == f"table.{table.pk}"
        assert message["match"] == match.pk and message["seq"] == match.seq
        assert set(message["frames"]) == {"0", "1", "public"}
        mine = json.loads(message["frames"]["0"])
        public = json.loads(message["frames"]["public"])
        assert len(mine["view"]["hand"]) == 6 and public["view"]["hand"] == []
        assert mine["events"][0]["type"] == "match_started"
    assert changed == [t.pk for t in tables]  # the open-tables list hears of each table


def test_no_tables_no_queries():
    with CaptureQueriesContext(connection) as queries:
        assert tables_create_seated(game="durak", options=OPTIONS, tables=[], rated=True) == []
    assert len(queries) == 0
