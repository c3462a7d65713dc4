"""Shared test setup for the whole suite.

Layout and imports: ``tests/`` has no ``__init__.py``; pytest runs with
``--import-mode=importlib`` and ``pythonpath = ["."]`` (pyproject.toml), so test files may
share base names across folders and shared helpers are imported from the repo root, e.g.
``from tests.live import LiveSite, start_celery_worker``.

Services: PostgreSQL (``DATABASE_URL``, default ``postgres://postgres@127.0.0.1:5432/kartochki``;
pytest-django creates the test database) and Redis (``REDIS_URL``, default DB 15) are
checked once at session start. Under ``CI`` an unreachable service stops the run with a
one-line reason (a failure, never a skip); elsewhere the header says so and only the tests
that need the service fail (pure tests such as ``tests/rules`` still run). Under ``CI`` the
reserved test Redis DB is emptied at session start (see ``_flush_test_redis``).

Fixtures available everywhere (documented in ``tests/live.py``): ``live_site``,
``live_server_process``, ``celery_worker``, ``browser``, ``page``; plus pytest-django's
``db``, ``transactional_db``, ``client``, ``settings`` ...

Between ``transactional_db`` tests the database is emptied by ``DELETE`` rather than Django's
``TRUNCATE`` and ``post_migrate`` (``tests/dbflush.py``: the same empty tables, 0.4-2 s less
a test).
"""

from __future__ import annotations

import os
import uuid

import pytest
from hypothesis import HealthCheck, settings

# Shared helpers assert too: rewrite their asserts so a failure shows both sides, not a bare
# AssertionError (registered before they are imported below and by the test modules).
pytest.register_assert_rewrite(
    "tests.live",
    "tests.tables.helpers",
    "tests.tables.leaks",
    "tests.tables.live_clients",
    "tests.duplicates.helpers",
    "tests.ratings.helpers",
    "tests.stats.helpers",
    "tests.tournaments.helpers",
)

from tests.live import (  # noqa: E402, F401 (after the assert-rewrite registration)
    _celery_worker_for_its_tests,
    browser,
    celery_worker,
    live_server_process,
    live_site,
    page,
)

# Property tests judge what the code returns, never how fast: a loaded box (CI, parallel
# workers, a browser test beside them) must not fail an example by hypothesis's 200 ms deadline
# or its too-slow health check. A test's own @settings still sets its example counts.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")

_service_problems: list[str] = []


def _check_postgres() -> str | None:
    import psycopg
    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"] != "django.db.backends.postgresql":
        return None
    host, port = db.get("HOST") or "127.0.0.1", db.get("PORT") or 5432
    try:
        psycopg.connect(
            dbname="postgres",
            user=db.get("USER") or None,
            password=db.get("PASSWORD") or None,
            host=host,
            port=port,
            connect_timeout=5,
        ).close()
    except Exception as exc:  # any failure to connect is the reason we report
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return f"PostgreSQL unreachable at {host}:{port}: {reason}"
    return None


def _check_redis() -> str | None:
    import redis
    from django.conf import settings

    url = getattr(settings, "REDIS_URL", "")
    if not url:
        return None
    try:
        redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5).ping()
    except Exception as exc:
        return f"Redis unreachable at {url}: {exc}"
    return None


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false")


def pytest_sessionstart(session: pytest.Session) -> None:
    """Check PostgreSQL and Redis once; under CI stop with a one-line reason if either is down."""
    if session.config.getoption("collectonly", False):
        return
    try:
        from django.conf import settings

        settings.DATABASES  # noqa: B018  (raises if Django is not configured, e.g. -p no:django)
    except Exception:
        return
    from tests import dbflush

    dbflush.install()
    _service_problems.extend(problem for problem in (_check_postgres(), _check_redis()) if problem)
    if _service_problems and _in_ci():
        pytest.exit("; ".join(_service_problems), returncode=1)
    if _in_ci() and not _service_problems:
        _flush_test_redis()
    if _xdist_controller(session.config) and not _service_problems:
        from tests import template_db

        _template_build.extend(
            filter(None, [template_db.prebuild(session.config, session.config.option.testrunuid)])
        )


_template_build: list = []  # the controller's thread building the run's template database


def _flush_test_redis() -> None:
    """Under CI, empty the reserved test Redis DB so no task or socket message of an earlier,
    interrupted run (same queue name, same match ids) reaches this one. Only the default
    test DB (``REDIS_URL`` unset) is flushed, or any DB with ``KARTOCHKI_FLUSH_TEST_REDIS=1``."""
    import redis
    from django.conf import settings

    if os.environ.get("REDIS_URL") and os.environ.get("KARTOCHKI_FLUSH_TEST_REDIS") != "1":
        return
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return  # the controller flushed before any worker started; a worker must not flush another's
    redis.Redis.from_url(settings.REDIS_URL, socket_timeout=5).flushdb()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On pytest-xdist workers the long tests come first: those that start or use live
    processes (``live``, ``browser``), are ``slow`` or empty the database after them (``transactional_db``,
    the migration tests among them), then the rest, each part in its collected order.

    ``--dist load`` hands tests out in this order, so the workers end on short tests together
    instead of one of them playing a browser game or a migration alone at the end. Every worker
    collects the same items and sorts them the same way (xdist requires it); a serial run keeps
    pytest's order.
    """
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return

    def long(item: pytest.Item) -> bool:
        db = item.get_closest_marker("django_db")
        return bool(
            item.get_closest_marker("live")
            or item.get_closest_marker("browser")
            or item.get_closest_marker("slow")
            or (db and db.kwargs.get("transaction"))
            or "transactional_db" in getattr(item, "fixturenames", ())
        )

    items.sort(key=lambda item: not long(item))


@pytest.fixture(scope="session")
def django_db_setup(
    request: pytest.FixtureRequest,
    django_test_environment: None,
    django_db_blocker,
    django_db_use_migrations: bool,
    django_db_keepdb: bool,
    django_db_createdb: bool,
    django_db_modify_db_settings: None,
):
    """pytest-django's ``django_db_setup``, except that an xdist worker copies the run's one
    migrated template database instead of migrating its own (``tests/template_db.py``)."""
    from django.test.utils import setup_databases, teardown_databases
    from pytest_django.fixtures import _disable_migrations, _get_databases_for_setup

    from tests import template_db

    verbosity = request.config.option.verbose
    aliases, serialized_aliases = _get_databases_for_setup(request.session.items)
    keepdb = django_db_keepdb and not django_db_createdb
    with django_db_blocker.unblock():
        if template_db.applies(django_db_use_migrations, keepdb) and aliases <= {"default"}:
            db_cfg = template_db.setup_worker_database(verbosity, "default" in serialized_aliases)
        else:
            if not django_db_use_migrations:
                _disable_migrations()
            db_cfg = setup_databases(
                verbosity=verbosity,
                interactive=False,
                aliases=aliases,
                serialized_aliases=serialized_aliases,
                **({"keepdb": True} if keepdb else {}),
            )
    yield
    if not django_db_keepdb:
        with django_db_blocker.unblock():
            try:
                template_db.end_other_sessions()
                teardown_databases(db_cfg, verbosity=verbosity)
            except Exception as exc:
                request.node.warn(pytest.PytestWarning(f"Could not drop the test database: {exc!r}"))


def _xdist_controller(config: pytest.Config) -> bool:
    return not hasattr(config, "workerinput") and bool(getattr(config.option, "numprocesses", None))


def pytest_configure(config: pytest.Config) -> None:
    """The xdist controller names the run (``PYTEST_XDIST_TESTRUNUID`` on its workers) itself, so
    it can remove the run's templates at the end."""
    if _xdist_controller(config) and config.getoption("testrunuid", None) is None:
        config.option.testrunuid = uuid.uuid4().hex


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The run's templates go once every test is done (the xdist controller, after its workers;
    a serial run, its own SQLite template): the template database, the SQLite file, the locks."""
    from tests import template_db
    from tests.live import embedded_template

    config = session.config
    if hasattr(config, "workerinput"):
        return
    if not _xdist_controller(config):
        embedded_template().unlink(missing_ok=True)
        return
    os.environ["PYTEST_XDIST_TESTRUNUID"] = config.option.testrunuid  # the workers' run id
    try:
        embedded_template().unlink(missing_ok=True)
        for thread in _template_build:
            thread.join()
        if not config.getoption("collectonly", False) and _django_configured():
            template_db.drop_template()
            template_db.remove_locks()
    finally:
        del os.environ["PYTEST_XDIST_TESTRUNUID"]


def _django_configured() -> bool:
    try:
        from django.conf import settings

        settings.DATABASES  # noqa: B018  (raises if Django is not configured, e.g. -p no:django)
    except Exception:
        return False
    return True


def pytest_report_header(config: pytest.Config) -> list[str]:
    return [f"services: {problem}" for problem in _service_problems]


@pytest.fixture
def pinned_rate_window(monkeypatch) -> float:
    """Stop the clock of the rate limits (``apps.core.rates``, fixed windows counted from the
    epoch) one second into a minute, in this process: a test that takes a limit's count and one
    more must not see a window end between them (a loop of 20 social actions on a loaded box
    crossed a minute's end and its 21st was allowed). Returns the pinned time."""
    import time
    from types import SimpleNamespace

    from apps.core import rates

    pinned = time.time() // 60 * 60 + 1.0
    monkeypatch.setattr(rates, "time", SimpleNamespace(time=lambda: pinned))
    return pinned


@pytest.fixture(autouse=True)
def _settle_live_sockets(request):
    """Live tests: close their sockets and let the server count them out before the flush.

    A presence update still running on the server while ``transactional_db`` truncates the
    tables can deadlock with the truncation; every live test (any folder) waits for it here.
    """
    if request.node.get_closest_marker("live") is None:
        yield
        return
    request.getfixturevalue("transactional_db")
    yield
    from tests.tables.live_clients import close_and_settle

    close_and_settle()
