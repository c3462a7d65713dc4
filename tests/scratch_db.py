"""A database of its own for a migration test: migrated from empty to just the states it needs.

A test that checks a migration both ways on the session's test database must first unapply
every migration that depends on it (most of the project's other apps) and re-apply them all
afterwards: 80-130 s a test on a loaded box. :func:`scratch_database` gives such a test an
empty database of its own under a connection alias of its own instead; migrating it to the
state before the migration applies only what that state depends on, and the database is
dropped afterwards, so the session's test database is never touched (no flush either).

Use it with ``MigrationExecutor(connections[alias])`` and ``.using(alias)`` on every query.
PostgreSQL: a database next to the test database; SQLite: a file in a temporary folder.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.db import connection, connections

ALIAS = "migration_scratch"


@contextmanager
def scratch_database() -> Iterator[str]:
    """Create an empty database, register it as :data:`ALIAS`, yield the alias; drop it after."""
    base = connection.settings_dict
    with tempfile.TemporaryDirectory() as folder:
        if connection.vendor == "postgresql":
            name = f"{base['NAME']}_scratch"[:63]
            quoted = connection.ops.quote_name(name)
            with connection._nodb_cursor() as cursor:
                cursor.execute(f"DROP DATABASE IF EXISTS {quoted}")
                cursor.execute(f"CREATE DATABASE {quoted}")
        else:
            name = str(Path(folder) / "scratch.sqlite3")
        # Set on the handler, not in its settings: a connection the settings do not name is one
        # Django's test cases allow (they refuse the settings' aliases a test did not ask for).
        scratch = type(connections["default"])({**base, "NAME": name}, alias=ALIAS)
        connections[ALIAS] = scratch
        try:
            yield ALIAS
        finally:
            scratch.close()
            del connections[ALIAS]
            if connection.vendor == "postgresql":
                with connection._nodb_cursor() as cursor:
                    cursor.execute(f"DROP DATABASE IF EXISTS {quoted} WITH (FORCE)")
