"""Table, Seat and TableAccess now belong to apps.tables (tables 0007): removed from this app's
state only, last, after every foreign key to them moved; their rows stay."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('chat', '0003_table_in_tables'),
        ('lobby', '0004_verbose_names'),
        ('ratings', '0004_table_in_tables'),
        ('social', '0003_table_in_tables'),
        ('tables', '0007_table_seat_access_from_lobby'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.RemoveField(
                    model_name='table',
                    name='owner',
                ),
                migrations.RemoveField(
                    model_name='tableaccess',
                    name='table',
                ),
                migrations.RemoveField(
                    model_name='tableaccess',
                    name='user',
                ),
                migrations.DeleteModel(
                    name='Seat',
                ),
                migrations.DeleteModel(
                    name='Table',
                ),
                migrations.DeleteModel(
                    name='TableAccess',
                ),
            ],
        ),
    ]
