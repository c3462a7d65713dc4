"""Table, Seat and TableAccess moved from apps.lobby to apps.tables (tables 0007 … lobby 0005):
state-only migrations keep every row both ways, and the content types follow the models, so
permissions and the admin's history stay attached."""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from apps.tables.models import Match, Seat, Table, TableAccess

BEFORE = [
    ("lobby", "0004_verbose_names"),
    ("tables", "0006_verbose_names"),
    ("chat", "0002_verbose_names"),
    ("social", "0002_verbose_names"),
    ("ratings", "0003_verbose_names"),
    ("accounts", "0001_initial"),  # as the historical User of these states (no column added since)
]
MODELS = ("table", "seat", "tableaccess")


def _migrate(executor: MigrationExecutor, targets) -> None:
    executor.loader.build_graph()
    executor.migrate(targets)


def _labels() -> dict[str, tuple[int, str]]:
    rows = ContentType.objects.filter(model__in=MODELS, app_label__in=("lobby", "tables"))
    return {ct.model: (ct.pk, ct.app_label) for ct in rows}


@pytest.mark.django_db(transaction=True)
def test_the_move_keeps_rows_and_content_types_both_ways():
    executor = MigrationExecutor(connection)
    try:
        _migrate(executor, BEFORE)
        before = _labels()
        assert {label for _, label in before.values()} == {"lobby"}, before
        old = executor.loader.project_state(BEFORE).apps
        user = old.get_model("accounts", "User").objects.create(username="owner")
        table = old.get_model("lobby", "Table").objects.create(
            game="durak", seat_count=2, owner=user, private=True, invite_code="code-1"
        )
        old.get_model("lobby", "Seat").objects.create(table=table, number=0, user=user)
        old.get_model("lobby", "Seat").objects.create(table=table, number=1, bot_level="easy")
        old.get_model("lobby", "TableAccess").objects.create(table=table, user=user)
        old.get_model("tables", "Match").objects.create(table=table, game="durak", seed=1, state={})

        _migrate(executor, executor.loader.graph.leaf_nodes())
        assert _labels() == {model: (pk, "tables") for model, (pk, _) in before.items()}
        moved = Table.objects.get(pk=table.pk)
        assert (moved.owner_id, moved.invite_code) == (user.pk, "code-1")
        assert [(s.number, s.user_id, s.bot_level) for s in Seat.objects.filter(table=moved)] == [
            (0, user.pk, None),
            (1, None, "easy"),
        ]
        assert TableAccess.objects.filter(table=moved, user_id=user.pk).exists()
        assert Match.objects.get(table=moved).table_id == moved.pk

        _migrate(executor, BEFORE)
        assert _labels() == before
        old = executor.loader.project_state(BEFORE).apps
        assert old.get_model("lobby", "Seat").objects.filter(table_id=table.pk).count() == 2
    finally:
        _migrate(executor, executor.loader.graph.leaf_nodes())
