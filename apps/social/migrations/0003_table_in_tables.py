"""The foreign key to the table follows the model to apps.tables: state only, the column and its
constraint already point at ``lobby_table`` (tables 0007)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('social', '0002_verbose_names'),
        ('tables', '0007_table_seat_access_from_lobby'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.AlterField(
                    model_name='invitation',
                    name='table',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tables.table', verbose_name='стол'),
                ),
            ],
        ),
    ]
