"""Table, Seat and TableAccess moved from apps.lobby to apps.tables (tables 0007 … lobby 0005):
state-only migrations keep every row both ways, and the content types follow the models, so
permissions and the admin's history stay attached."""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connections
from django.db.migrations.executor import MigrationExecutor

from tests.scratch_db import scratch_database

BEFORE = [
    ("lobby", "0004_verbose_names"),
    ("tables", "0006_verbose_names"),
    ("chat", "0002_verbose_names"),
    ("social", "0002_verbose_names"),
    ("ratings", "0003_verbose_names"),
    ("accounts", "0001_initial"),  # as the historical User of these states (no column added since)
]
#: The move's last migration (it depends on tables 0007 and on chat's, ratings' and social's).
AFTER = [("lobby", "0005_table_seat_access_to_tables")]
MODELS = ("table", "seat", "tableaccess")


def _migrate(executor: MigrationExecutor, targets) -> None:
    executor.loader.build_graph()
    executor.migrate(targets)


def _labels(using: str) -> dict[str, tuple[int, str]]:
    rows = ContentType.objects.using(using).filter(model__in=MODELS, app_label__in=("lobby", "tables"))
    return {ct.model: (ct.pk, ct.app_label) for ct in rows}


@pytest.mark.django_db
def test_the_move_keeps_rows_and_content_types_both_ways():
    """Forwards (to lobby 0005) the lobby's table, seats and access rows are the tables app's
    models' rows with the same values, and the three content types are relabelled ``tables``
    with their ids kept; backwards the labels and the rows are the lobby's again.

    On a database of its own (``tests.scratch_db``) migrated from empty to the state before the
    move, whose content types are written as ``post_migrate`` writes them; so no other app's
    migration is unapplied and applied again around it."""
    with scratch_database() as alias:
        executor = MigrationExecutor(connections[alias])
        _migrate(executor, [*BEFORE, ("contenttypes", "0002_remove_content_type_name")])
        old = executor.loader.project_state(BEFORE).apps
        OldContentType = old.get_model("contenttypes", "ContentType")
        OldContentType.objects.using(alias).bulk_create(  # as post_migrate writes them at BEFORE
            OldContentType(app_label=model._meta.app_label, model=model._meta.model_name)
            for model in old.get_models()
        )
        before = _labels(alias)
        assert set(before) == set(MODELS)
        assert {label for _, label in before.values()} == {"lobby"}, before
        user = old.get_model("accounts", "User").objects.using(alias).create(username="owner")
        table = (
            old.get_model("lobby", "Table")
            .objects.using(alias)
            .create(game="durak", seat_count=2, owner=user, private=True, invite_code="code-1")
        )
        old.get_model("lobby", "Seat").objects.using(alias).create(table=table, number=0, user=user)
        old.get_model("lobby", "Seat").objects.using(alias).create(table=table, number=1, bot_level="easy")
        old.get_model("lobby", "TableAccess").objects.using(alias).create(table=table, user=user)
        old.get_model("tables", "Match").objects.using(alias).create(
            table=table, game="durak", seed=1, state={}
        )

        _migrate(executor, AFTER)
        assert _labels(alias) == {model: (pk, "tables") for model, (pk, _) in before.items()}
        new = executor.loader.project_state(AFTER).apps
        Table, Seat = new.get_model("tables", "Table"), new.get_model("tables", "Seat")
        moved = Table.objects.using(alias).get(pk=table.pk)
        assert (moved.owner_id, moved.invite_code) == (user.pk, "code-1")
        assert [
            (s.number, s.user_id, s.bot_level) for s in Seat.objects.using(alias).filter(table=moved)
        ] == [(0, user.pk, None), (1, None, "easy")]
        assert (
            new.get_model("tables", "TableAccess")
            .objects.using(alias)
            .filter(table=moved, user_id=user.pk)
            .exists()
        )
        assert new.get_model("tables", "Match").objects.using(alias).get(table=moved).table_id == moved.pk

        _migrate(executor, BEFORE)
        assert _labels(alias) == before
        old = executor.loader.project_state(BEFORE).apps
        assert old.get_model("lobby", "Seat").objects.using(alias).filter(table_id=table.pk).count() == 2
