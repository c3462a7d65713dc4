"""The move log keyed by ``(match, seq)``: the migration that made it so keeps every move (both
ways), the key, cascades and the admin's read-only list of moves."""

from __future__ import annotations

import json

import pytest
from django.db import IntegrityError, connections, transaction
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from apps.tables.bot_turns import match_bot_move
from apps.tables.models import Move
from tests.scratch_db import scratch_database
from tests.tables.helpers import bot_table

#: accounts too: the historical User of these states has none of the columns added since
#: (a NOT NULL column without a database default would refuse its rows).
BEFORE = [("tables", "0003_timer_due_seats_version"), ("accounts", "0001_initial")]
AFTER = [("tables", "0004_move_composite_pk")]
COLUMNS = ("match_id", "seq", "seat", "action", "system", "actor", "user_id", "created_at")


def _migrate(executor: MigrationExecutor, targets) -> None:
    executor.loader.build_graph()
    executor.migrate(targets)


def _rows(model, using: str) -> list[tuple]:
    return list(model.objects.using(using).order_by("match_id", "seq").values_list(*COLUMNS))


@pytest.mark.django_db
def test_the_composite_key_migration_keeps_every_move_both_ways():
    """Tables 0004 forwards keeps every move row (same columns, same values) and leaves the key
    ``(match_id, seq)``, no ``id``, no copy table, the user index and no ``match_id`` index;
    backwards keeps the rows and numbers ``id`` afresh in ``(match, seq)`` order.

    On a database of its own (``tests.scratch_db``) migrated from empty to the state before
    it, so no other app's migration is unapplied and applied again around it."""
    with scratch_database() as alias:
        executor = MigrationExecutor(connections[alias])
        _migrate(executor, BEFORE)
        old = executor.loader.project_state(BEFORE).apps
        user = old.get_model("accounts", "User").objects.using(alias).create(username="mover")
        table = old.get_model("lobby", "Table").objects.using(alias).create(game="durak", seat_count=2)
        OldMatch, OldMove = old.get_model("tables", "Match"), old.get_model("tables", "Move")
        matches = [
            OldMatch.objects.using(alias).create(table=table, game="durak", seed=n, state={}) for n in (0, 1)
        ]
        for seq in (1, 2, 3):  # interleaved across the matches, as live tables write them
            for n, match in enumerate(matches):
                OldMove.objects.using(alias).create(
                    match=match,
                    seq=seq,
                    seat=None if seq == 3 else n,
                    action={"type": "play", "card": "QS"} if seq < 3 else {"type": "bid", "value": 90},
                    system=seq == 3,
                    actor="person" if n == 0 else "bot",
                    user=user if n == 0 else None,
                )
        saved = _rows(OldMove, alias)
        assert len(saved) == 6

        _migrate(executor, AFTER)
        assert _rows(Move, alias) == saved
        with connections[alias].cursor() as cur:
            introspection = connections[alias].introspection
            names = introspection.table_names(cur)
            columns = [c.name for c in introspection.get_table_description(cur, "tables_move")]
            constraints = introspection.get_constraints(cur, "tables_move")
        assert "tables_move_copy" not in names
        assert "id" not in columns
        assert [c["columns"] for c in constraints.values() if c["primary_key"]] == [["match_id", "seq"]]
        indexed = [c["columns"] for c in constraints.values() if c["index"] and not c["primary_key"]]
        assert ["user_id"] in indexed and ["match_id"] not in indexed
        # the model as of AFTER: fields added to Match since have no column yet
        NewMatch = executor.loader.project_state(AFTER).apps.get_model("tables", "Match")
        moves = NewMatch.objects.using(alias).get(pk=matches[0].pk).moves.order_by("seq")
        assert [m.seq for m in moves] == [1, 2, 3]

        _migrate(executor, BEFORE)
        old = executor.loader.project_state(BEFORE).apps
        OldMove = old.get_model("tables", "Move")
        assert _rows(OldMove, alias) == saved
        ids = OldMove.objects.using(alias).order_by("match_id", "seq").values_list("id", flat=True)
        assert list(ids) == list(range(1, 7))


@pytest.fixture
def played(make_user):
    """A Durak match of bots where a few bot moves were made; move 1 is put on a person."""
    person = make_user("mover")
    match = bot_table("durak", {}).matches.get()
    for _ in range(4):
        match.refresh_from_db()
        assert match_bot_move(match_id=match.pk, seq=match.seq)
    Move.objects.filter(match=match, seq=1).update(actor="person", user=person)
    match.refresh_from_db()
    return person, match


@pytest.mark.django_db
def test_a_move_is_found_by_match_and_seq_and_never_doubled(played):
    _, match = played
    move = Move.objects.get(pk=(match.pk, 2))
    assert move.pk == (match.pk, 2) and move.match == match
    assert [m.seq for m in match.moves.all()] == list(range(1, match.seq + 1))
    with pytest.raises(IntegrityError), transaction.atomic():
        Move.objects.create(match=match, seq=2, seat=0, action={"type": "pass"}, actor="bot")


@pytest.mark.django_db
def test_deleting_a_user_keeps_their_moves_and_a_match_takes_its_moves(played):
    person, match = played
    person.delete()
    assert Move.objects.get(match=match, seq=1).user_id is None
    assert match.moves.count() == match.seq
    match.delete()
    assert not Move.objects.exists()


@pytest.mark.django_db
def test_admin_match_page_lists_the_moves_read_only(client, admin_user, played):
    person, match = played
    client.force_login(admin_user)
    page = client.get(reverse("admin:tables_match_change", args=[match.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count("<tr><td>") >= match.seq and 'class="move-log"' in html
    first = match.moves.get(seq=1)
    assert json.dumps(first.action, ensure_ascii=False, separators=(",", ":")).replace('"', "&quot;") in html
    assert f"<td>person</td><td>{person.username}</td>" in html
    assert client.get(reverse("admin:tables_match_delete", args=[match.pk])).status_code == 200
