"""apps.tables takes over Table, Seat and TableAccess from apps.lobby (docs/decisions-structure.md).

State only: the rows stay where they are (``lobby_table``, ``lobby_seat``, ``lobby_tableaccess``,
the constraint and index names too); the models are created in this app's state, the foreign
keys to them follow (here, and in chat, ratings, social), and lobby 0005 drops them from its
state last. The three ContentType rows are renamed lobby → tables, so that permissions, groups
and the admin's history that point at them stay attached.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


MODELS = ("table", "seat", "tableaccess")


def _relabel(apps, schema_editor, old: str, new: str) -> None:
    """The ContentType rows of the moved models from app ``old`` to ``new``; a model whose row
    under ``new`` exists already (created by a post_migrate in between) keeps both untouched."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    for model in MODELS:
        if ContentType.objects.using(db).filter(app_label=new, model=model).exists():
            continue
        ContentType.objects.using(db).filter(app_label=old, model=model).update(app_label=new)


def content_types_to_tables(apps, schema_editor) -> None:
    _relabel(apps, schema_editor, "lobby", "tables")


def content_types_to_lobby(apps, schema_editor) -> None:
    _relabel(apps, schema_editor, "tables", "lobby")


class Migration(migrations.Migration):

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('lobby', '0004_verbose_names'),
        ('tables', '0006_verbose_names'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='Table',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('game', models.CharField(max_length=20, verbose_name='игра')),
                        ('options', models.JSONField(default=dict, verbose_name='настройки')),
                        ('seat_count', models.PositiveSmallIntegerField(verbose_name='мест')),
                        ('status', models.CharField(choices=[('waiting', 'ждёт игроков'), ('playing', 'идёт партия'), ('finished', 'закончен')], db_index=True, default='waiting', max_length=10, verbose_name='состояние')),
                        ('private', models.BooleanField(default=False, verbose_name='закрытый')),
                        ('invite_code', models.CharField(blank=True, max_length=32, null=True, unique=True, verbose_name='код приглашения')),
                        ('chat_free', models.BooleanField(db_default=False, default=False, verbose_name='свободный чат')),
                        ('rematch', models.JSONField(blank=True, db_default=models.Value([], models.JSONField()), default=list, verbose_name='ещё партию')),
                        ('rated', models.BooleanField(blank=True, null=True, verbose_name='на рейтинг')),
                        ('time_scale', models.FloatField(blank=True, null=True, verbose_name='масштаб времени')),
                        ('bot_delay_ms', models.PositiveIntegerField(blank=True, null=True, verbose_name='пауза ботов, мс')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='время создания')),
                        ('updated_at', models.DateTimeField(auto_now=True, verbose_name='время изменения')),
                        ('owner', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='хозяин')),
                    ],
                    options={
                        'verbose_name': 'стол',
                        'verbose_name_plural': 'столы',
                        'db_table': 'lobby_table',
                        'ordering': ['-id'],
                    },
                ),
                migrations.AlterField(
                    model_name='match',
                    name='table',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='matches', to='tables.table', verbose_name='стол'),
                ),
                migrations.AlterField(
                    model_name='spectator',
                    name='table',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='spectators', to='tables.table', verbose_name='стол'),
                ),
                migrations.CreateModel(
                    name='Seat',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveSmallIntegerField(verbose_name='номер')),
                        ('bot_level', models.CharField(blank=True, max_length=10, null=True, verbose_name='бот')),
                        ('ready', models.BooleanField(default=False, verbose_name='готов')),
                        ('connections', models.PositiveIntegerField(default=0, verbose_name='соединений')),
                        ('disconnected_at', models.DateTimeField(blank=True, null=True, verbose_name='отключился')),
                        ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='игрок')),
                        ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='tables.table', verbose_name='стол')),
                    ],
                    options={
                        'verbose_name': 'место',
                        'verbose_name_plural': 'места',
                        'db_table': 'lobby_seat',
                        'ordering': ['table', 'number'],
                        'constraints': [models.UniqueConstraint(fields=('table', 'number'), name='lobby_seat_unique_number'), models.CheckConstraint(condition=models.Q(('user__isnull', True), ('bot_level__isnull', True), _connector='OR'), name='lobby_seat_person_or_bot')],
                    },
                ),
                migrations.CreateModel(
                    name='TableAccess',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='время создания')),
                        ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='accesses', to='tables.table', verbose_name='стол')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='игрок')),
                    ],
                    options={
                        'verbose_name': 'доступ к столу',
                        'verbose_name_plural': 'доступы к столам',
                        'db_table': 'lobby_tableaccess',
                        'constraints': [models.UniqueConstraint(fields=('table', 'user'), name='lobby_access_unique')],
                    },
                ),
            ],
        ),
        migrations.RunPython(content_types_to_tables, content_types_to_lobby),
    ]
