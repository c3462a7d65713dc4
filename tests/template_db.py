"""One migrated test database per run, cloned for each pytest-xdist worker (issue #33).

pytest-django gives every xdist worker a test database of its own (``…_gw0``, ``…_gw1``) and
creates each by running every migration: 50-85 s of a worker's first database test on a loaded
box, and the workers migrate side by side on the same cores. Here the first worker to get the
run's file lock migrates one database, the run's *template* (:func:`template_name`), and every
worker then copies it with ``CREATE DATABASE … TEMPLATE`` (well under a second): one migration
per run, whatever the number of workers.

- PostgreSQL copies a database only while no other session is connected to it: the builder
  closes its connection before it releases the lock, and the workers copy under the lock too,
  so none is connected while another copies. Nothing else connects to the template (the live
  daphne and Celery processes start later and use the worker's own database).
- The template is stamped with the run's id (``PYTEST_XDIST_TESTRUNUID``, one per ``pytest -n``
  run) as its database comment once fully migrated; a worker rebuilds a template whose stamp is
  another run's (an interrupted run under ``CI``, where the names do not change) or missing (a
  builder that died midway).
- Each worker's database is dropped by pytest-django's teardown as before; the controller drops
  the template at the end of the run (``tests/conftest.py``, :func:`drop_template`).

A serial run, SQLite, ``--reuse-db`` and ``--nomigrations`` keep pytest-django's own set-up.
"""

from __future__ import annotations

import fcntl
import os
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def template_name() -> str:
    """The run's template database: the test database's name before the worker's suffix."""
    from django.conf import settings

    return f"{settings.TEST_DATABASE_BASE}_template"[:63]


def applies(use_migrations: bool, keepdb: bool) -> bool:
    """Whether this process should clone the run's template: an xdist worker on PostgreSQL
    creating its database from the migrations."""
    from django.conf import settings

    return bool(
        os.environ.get("PYTEST_XDIST_WORKER")
        and os.environ.get("PYTEST_XDIST_TESTRUNUID")
        and settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
        and use_migrations
        and not keepdb
    )


@contextmanager
def run_lock(name: str) -> Iterator[None]:
    """An exclusive lock shared by the processes of one run (a file under the temp folder)."""
    with open(_lock_path(name), "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _lock_path(name: str) -> Path:
    return Path(tempfile.gettempdir()) / f"kartochki-{name}.lock"


def remove_locks() -> None:
    """Remove the run's lock files (the xdist controller, once its workers are gone)."""
    from tests.live import embedded_template

    for name in (template_name(), embedded_template().name):
        _lock_path(name).unlink(missing_ok=True)


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _stamp(connection: Any, template: str) -> str | None:
    with connection._nodb_cursor() as cursor:
        cursor.execute(
            "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s", [template]
        )
        row = cursor.fetchone()
    return row[0] if row else None


def _build_template(connection: Any, template: str, run_id: str, verbosity: int) -> None:
    """Create and migrate ``template`` with Django's own test-database creation, then stamp it."""
    from django.conf import settings

    alias = connection.alias
    old_name = connection.settings_dict["NAME"]
    test_settings = connection.settings_dict.setdefault("TEST", {})
    worker_test_name = test_settings.get("NAME")
    test_settings["NAME"] = template
    try:
        connection.creation.create_test_db(
            verbosity=verbosity, autoclobber=True, serialize=False, keepdb=False
        )
        with connection.cursor() as cursor:
            cursor.execute(f"COMMENT ON DATABASE {_quote(template)} IS '{run_id}'")
    finally:
        connection.close()
        test_settings["NAME"] = worker_test_name
        connection.settings_dict["NAME"] = old_name
        settings.DATABASES[alias]["NAME"] = old_name


def setup_worker_database(verbosity: int, serialize: bool) -> list[tuple[Any, str, bool]]:
    """Give this worker its test database, a copy of the run's template (built first by whoever
    comes first). Returns the ``old_config`` Django's ``teardown_databases`` takes."""
    from django.conf import settings
    from django.db import connections

    connection = connections["default"]
    worker_db = connection.creation._get_test_db_name()
    template = template_name()
    run_id = os.environ["PYTEST_XDIST_TESTRUNUID"]
    if not run_id.isalnum():
        raise RuntimeError(f"unexpected xdist run id {run_id!r}")
    old_name = connection.settings_dict["NAME"]
    with run_lock(template):
        if _stamp(connection, template) != run_id:
            _build_template(connection, template, run_id, verbosity)
        connection.close()
        with connection._nodb_cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {_quote(worker_db)} WITH (FORCE)")
            cursor.execute(f"CREATE DATABASE {_quote(worker_db)} TEMPLATE {_quote(template)}")
    connection.settings_dict["NAME"] = worker_db
    settings.DATABASES[connection.alias]["NAME"] = worker_db
    connection.ensure_connection()
    if serialize:
        connection._test_serialized_contents = connection.creation.serialize_db_to_string()
    return [(connection, old_name, True)]


def prebuild(config: Any, run_id: str) -> threading.Thread | None:
    """The xdist controller starts building the run's template in a thread of its own while its
    workers start and collect (10-20 s each), holding the run's lock until it is done; a worker
    then only copies it. Returns the thread (join it before dropping the template), or None
    where the workers build it themselves (SQLite, ``--reuse-db``, ``--nomigrations``)."""
    from django.conf import settings
    from pytest_django.plugin import blocking_manager_key

    if (
        settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql"
        or config.getoption("nomigrations", False)
        or (config.getoption("reuse_db", False) and not config.getoption("create_db", False))
        or not run_id.isalnum()
    ):
        return None
    template = template_name()
    handle = open(_lock_path(template), "a")  # noqa: SIM115 (released by the thread)
    fcntl.flock(handle, fcntl.LOCK_EX)  # taken here, before any worker exists

    def build() -> None:
        from django.db import connections

        try:
            with config.stash[blocking_manager_key].unblock():
                connection = connections["default"]
                if _stamp(connection, template) != run_id:
                    _build_template(connection, template, run_id, 0)
        except Exception as exc:  # the workers find no stamp, build it themselves and report
            print(f"\nthe controller could not build {template}: {exc!r}")
        finally:
            connections.close_all()
            fcntl.flock(handle, fcntl.LOCK_UN)
            handle.close()

    thread = threading.Thread(target=build, name="test-db-template", daemon=True)
    thread.start()
    return thread


def end_other_sessions() -> None:
    """End every other session on the test database before it is dropped: a connection some
    test left open (seen after ``tests/accounts`` on 2 workers, before this change too) made
    ``DROP DATABASE`` give up on «being accessed by other users» and leave the database behind."""
    from django.db import connections

    connection = connections["default"]
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


def drop_template() -> None:
    """Drop the run's template (the xdist controller, once every worker is done)."""
    import psycopg
    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"] != "django.db.backends.postgresql":
        return
    try:
        with psycopg.connect(
            dbname="postgres",
            user=db.get("USER") or None,
            password=db.get("PASSWORD") or None,
            host=db.get("HOST") or "127.0.0.1",
            port=db.get("PORT") or 5432,
            autocommit=True,
            connect_timeout=5,
        ) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {_quote(template_name())} WITH (FORCE)")
    except psycopg.Error:
        pass  # an unreachable server was reported at the start; nothing was made then
