"""The flush between transactional tests, without TRUNCATE.

Django empties the database after every ``transactional_db`` test with ``manage.py flush``:
one ``TRUNCATE`` of every table (PostgreSQL makes new files for each of the ~45 tables and
waits for every other session's lock) and then ``post_migrate``, which re-creates every
content type and permission. On this suite's tables, which hold a few rows each, that costs
0.4-2 s a test; ``DELETE FROM`` each table costs a few milliseconds.

:func:`install` replaces ``TransactionTestCase._fixture_teardown`` with :func:`fast_teardown`:

- every table of the installed models is emptied with ``DELETE`` in one transaction (the
  foreign keys are deferred to its commit), except the content types and permissions, which
  ``post_migrate`` would re-create as they were;
- the result is the flush's: a test starts with only those rows, sequences are not reset
  (the flush does not reset them either); a deadlock with a live process's late write (which
  PostgreSQL resolves by aborting one side) is retried;
- whenever those two tables differ from what ``post_migrate`` made (a checksum of their
  rows), or ``post_migrate`` has receivers other than Django's two, or a test asks for
  ``available_apps`` / ``serialized_rollback`` / another database vendor, Django's own
  flush runs instead.
"""

from __future__ import annotations

from django.core.management import call_command
from django.db import OperationalError, connections, transaction
from django.db.models.signals import post_migrate
from django.test import TransactionTestCase

#: The tables ``post_migrate`` fills, kept through the fast flush.
KEPT = ("django_content_type", "auth_permission")
#: The receivers of ``post_migrate`` whose rows are exactly :data:`KEPT`.
KNOWN_RECEIVERS = {
    ("django.contrib.contenttypes.management", "create_contenttypes"),
    ("django.contrib.auth.management", "create_permissions"),
}
_CHECKSUM = " UNION ALL ".join(
    f"SELECT '{table}', md5(coalesce(string_agg(t::text, ',' ORDER BY t.id), '')) FROM {table} t"
    for table in KEPT
)

_original_teardown = TransactionTestCase._fixture_teardown
_state: dict[str, object] = {}


def _checksum(connection) -> tuple:
    with connection.cursor() as cursor:
        cursor.execute(_CHECKSUM)
        return tuple(cursor.fetchall())


def _receivers_known() -> bool:
    receivers = post_migrate._live_receivers(None)
    if isinstance(receivers, tuple):  # Django 5: (sync receivers, async receivers)
        receivers = [*receivers[0], *receivers[1]]
    return all((r.__module__, r.__qualname__) in KNOWN_RECEIVERS for r in receivers)


def _delete_all(connection) -> None:
    tables = _state.get(connection.alias)
    if tables is None:
        existing = connection.introspection.django_table_names(only_existing=True, include_views=False)
        tables = [name for name in sorted(existing) if name not in KEPT]
        _state[connection.alias] = tables
    quote = connection.ops.quote_name
    sql = "SET CONSTRAINTS ALL DEFERRED;" + "".join(f"DELETE FROM {quote(t)};" for t in tables)
    for attempt in range(5):
        try:
            with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
                cursor.execute(sql)
            return
        except OperationalError as exc:  # a live process's late write deadlocked with the delete
            if "deadlock" not in str(exc) or attempt == 4:
                raise


def fast_teardown(self: TransactionTestCase) -> None:
    """Empty the test's databases as ``flush`` would, by ``DELETE`` where that is the same."""
    if self.available_apps is not None or self.serialized_rollback or not _receivers_known():
        _original_teardown(self)
        return
    for db_name in self._databases_names(include_mirrors=False):
        connection = connections[db_name]
        postgresql = connection.vendor == "postgresql"
        key = f"checksum:{db_name}"
        if postgresql and key in _state and _checksum(connection) == _state[key]:
            _delete_all(connection)
            continue
        call_command(
            "flush",
            verbosity=0,
            interactive=False,
            database=db_name,
            reset_sequences=False,
            allow_cascade=False,
            inhibit_post_migrate=False,
        )
        if postgresql:
            _state[key] = _checksum(connection)


def install() -> None:
    """Make every ``transactional_db`` test (pytest-django runs them as
    ``TransactionTestCase``) end with :func:`fast_teardown`."""
    TransactionTestCase._fixture_teardown = fast_teardown  # type: ignore[method-assign]
