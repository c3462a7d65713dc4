"""Settings for the test suite: real PostgreSQL and Redis, as CI has them.

- ``DATABASE_URL`` else ``postgres://postgres@127.0.0.1:5432/kartochki``; pytest-django
  creates ``test_kartochki`` (``KARTOCHKI_TEST_DB`` overrides that name, e.g. to run two
  suites side by side).
- ``REDIS_URL`` else ``redis://127.0.0.1:6379/15``: DB 15 is reserved for tests; the channel
  layer, the cache-free parts and the Celery broker use it. Celery tasks are not eager:
  tests that need a worker start a real one (``tests/live.py``).
- Runs sharing one machine stay apart: ``KARTOCHKI_TEST_RUN`` ("ci" under CI, else the
  pytest process id, exported so live subprocesses inherit it) names the test database
  (``test_kartochki`` under CI, ``test_kartochki_<run>`` otherwise), the Celery queue and
  the channel-layer prefix.
- Under pytest-xdist (``./run test`` runs the suite on several workers) each worker adds its
  name to ``TEST_RUN`` (queue, prefix); pytest-django suffixes the database with it (``_gw0``),
  and the workers copy one migrated template database (``tests/template_db.py``).
- Commits of the test database do not wait for the disk (``synchronous_commit=off``).
- Bots without a human pause (``TABLES_BOT_DELAY_MS`` 0 unless the environment says otherwise).
- A fast password hasher. Live processes started by ``tests/live.py`` use these settings
  too, with ``DATABASE_URL`` pointing at the test database.
"""

import os

from config.env import env_int, env_str
from config.secret import secret_key_file, vapid_key_new
from config.settings.base import *  # noqa: F403
from config.settings.base import VAR_DIR, caches_for, channel_layers_for, database_from_url

DEBUG = False
SECRET_KEY = env_str("SECRET_KEY", "test-only-key-0f9e8d7c6b5a4938271605f4e3d2c1b0a9f8e7d6c5b4")
VAR_DIR.mkdir(exist_ok=True)
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY") or secret_key_file(VAR_DIR / "vapid_key", vapid_key_new)
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "testserver", "[::1]"]

TEST_RUN = os.environ.setdefault(
    "KARTOCHKI_TEST_RUN",
    "ci" if os.environ.get("CI", "").lower() not in ("", "0", "false") else str(os.getpid()),
)
# Under pytest-xdist each worker (gw0, gw1, ...) is a run of its own: pytest-django gives it
# its own database, and its queue and channel-layer prefix carry the worker's name. Live
# children inherit both variables, so they land on the same names.
# The run's test database (pytest-django suffixes a worker's with ``_gw0``, ``_gw1``, ...; the
# workers copy one migrated template, ``<this>_template``: tests/template_db.py).
TEST_DATABASE_BASE = env_str(
    "KARTOCHKI_TEST_DB", "test_kartochki" if TEST_RUN == "ci" else f"test_kartochki_{TEST_RUN}"
)
if XDIST_WORKER := os.environ.get("PYTEST_XDIST_WORKER", ""):
    TEST_RUN = f"{TEST_RUN}-{XDIST_WORKER}"

DATABASE_URL = env_str("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/kartochki")
DATABASES = {"default": database_from_url(DATABASE_URL)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A test database is thrown away: a commit need not wait for its WAL to reach the disk
    # (2.8 ms a commit on this box against 0.2 ms; the suite commits tens of thousands of times).
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c synchronous_commit=off"
DATABASES["default"]["TEST"] = {"NAME": TEST_DATABASE_BASE}

REDIS_URL = env_str("REDIS_URL", "redis://127.0.0.1:6379/15")
CHANNEL_LAYERS = channel_layers_for(
    REDIS_URL, prefix=env_str("CHANNEL_LAYER_PREFIX", f"asgi-test-{TEST_RUN}")
)
# Rate-limit counters stay per process so one test's failed logins never leak into another.
CACHES = caches_for("")
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL)
CELERY_EMBEDDED_WORKER = False
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", f"kartochki-test-{TEST_RUN}")

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
LOGGING["root"]["level"] = env_str("LOG_LEVEL", "WARNING")  # noqa: F405
# The suite's local push service (tests/push/pushservice.py) listens on plain HTTP at 127.0.0.1;
# everywhere else a push endpoint must be https on a named host (apps.push.services).
PUSH_TEST_HOSTS = ["127.0.0.1"]
# The suite's bots move at once: no human pause before a move and so no trick or deal hold
# (apps.tables.moves.tasks_schedule), in the test process and in the live daphne and Celery
# worker it starts (they read this file too). A test that watches the pause or the holds sets
# it on its table (``bot_delay_ms``) or in its live process's environment.
TABLES_BOT_DELAY_MS = env_int("TABLES_BOT_DELAY_MS", 0)
# Most tests make many waiting tables for one user; the cap's own tests set it
# (tests/hardening/test_lobby_cap.py).
LOBBY_WAITING_TABLES_PER_USER = env_int("LOBBY_WAITING_TABLES_PER_USER", 1000)
