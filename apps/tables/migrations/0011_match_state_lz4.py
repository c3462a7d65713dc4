"""The match snapshot column compressed with lz4 on PostgreSQL (issue #33, h-live6).

Every move rewrites ``tables_match.state`` (≈ 2–4 KB of JSON), which PostgreSQL compresses
before storing it: with its default ``pglz`` that cost the server's backend ≈ 370–500 µs of CPU
per update of a real snapshot, with ``lz4`` ≈ 280–290 µs (docs/performance.md, «Live without
pace (h-live6)»). Rows keep their old compression until their next write. A server built without
lz4 keeps pglz; other databases are left alone.
"""

from django.db import migrations, transaction


def _compression(method: str):
    def apply(apps, schema_editor) -> None:
        connection = schema_editor.connection
        if connection.vendor != "postgresql":
            return
        try:
            with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
                cursor.execute(f"ALTER TABLE tables_match ALTER COLUMN state SET COMPRESSION {method}")
        except Exception as exc:  # a server built without lz4 ("compression method lz4 not supported")
            if "not supported" not in str(exc):
                raise

    return apply


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0010_match_absent_bot"),
    ]

    operations = [
        migrations.RunPython(_compression("lz4"), _compression("pglz"), elidable=True),
    ]
