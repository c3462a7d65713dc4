"""``Move``: the primary key becomes ``(match, seq)``; the surrogate ``id`` and the ``match_id``
index go, and the columns are reordered widest first (no alignment padding).

Django cannot turn an existing table's key into a composite one, so this migration rebuilds
the table, the same way on PostgreSQL and SQLite: copy the rows aside (``CREATE TABLE ... AS
SELECT``), drop the old table, create the new one under the same name (so its key, indexes and
constraints get their usual names), copy the rows back in ``(match, seq)`` order, drop the copy.
Backwards it does the same in the other direction (the old ``id`` is numbered afresh in
``(match, seq)`` order). On PostgreSQL the table is first locked against writes, so no move
applied by a running server between the copy and the drop is lost (reads go on).
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

COLUMNS = "match_id, seq, seat, action, system, actor, user_id, created_at"


def save_moves(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("LOCK TABLE tables_move IN SHARE ROW EXCLUSIVE MODE")
    schema_editor.execute(f"CREATE TABLE tables_move_copy AS SELECT {COLUMNS} FROM tables_move")


def restore_moves(apps, schema_editor):
    schema_editor.execute(
        f"INSERT INTO tables_move ({COLUMNS}) SELECT {COLUMNS} FROM tables_move_copy ORDER BY match_id, seq"
    )
    schema_editor.execute("DROP TABLE tables_move_copy")


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0003_timer_due_seats_version'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(save_moves, restore_moves),
        migrations.DeleteModel(name='Move'),
        migrations.CreateModel(
            name='Move',
            fields=[
                ('pk', models.CompositePrimaryKey('match', 'seq', blank=True, editable=False, primary_key=True, serialize=False)),
                ('match', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='moves', to='tables.match')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('seq', models.PositiveIntegerField()),
                ('seat', models.SmallIntegerField(blank=True, null=True)),
                ('system', models.BooleanField(default=False)),
                ('actor', models.CharField(choices=[('person', 'person'), ('bot', 'bot'), ('timer', 'timer'), ('system', 'system')], max_length=10)),
                ('action', models.JSONField()),
            ],
            options={
                'ordering': ['match', 'seq'],
            },
        ),
        migrations.RunPython(restore_moves, save_moves),
    ]
