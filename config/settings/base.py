"""Settings shared by every mode; each value that differs between machines comes from the environment.

Modes (``DJANGO_SETTINGS_MODULE``):
- ``config.settings.dev``: the embedded default used by ``./run`` and ``manage.py``:
  SQLite under ``var/``, in-memory channel layer, Celery worker inside the server process.
  Setting ``DATABASE_URL`` / ``REDIS_URL`` switches each part to PostgreSQL / Redis.
- ``config.settings.test``: PostgreSQL and Redis (DB 15) as CI has them.
- ``config.settings.production``: everything required from the environment; passes
  ``manage.py check --deploy`` with no warnings.

The environment variables are listed in README.md ("Environment").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONCE
from django.utils.translation import gettext_lazy as _

from config.env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parents[2]
VAR_DIR = BASE_DIR / "var"

# --- core -----------------------------------------------------------------------------

SECRET_KEY = env_str("SECRET_KEY")
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# Under /api/ a refused form (the API key forms) answers JSON like every other API error.
CSRF_FAILURE_VIEW = "apps.api.errors.csrf_failure"

INSTALLED_APPS = [
    "daphne",  # first: `manage.py runserver` then serves the ASGI app (HTTP + sockets)
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "allauth",
    "allauth.account",
    # --- project apps ---
    "apps.core",
    "apps.accounts",
    "apps.lobby",
    "apps.tables",
    "apps.stats",
    "apps.api",
    "apps.chat",
    "apps.social",
    "apps.ratings",
    "apps.tournaments",
    "apps.duplicates",
    "apps.push",
    # Later apps are added here by their owners, one line each, e.g.:
    # "apps.lobby", "apps.tables", "apps.stats"
    # (apps.rules and apps.bots are pure Python and need no entry).
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # LocaleMiddleware's subclass: cookie, else the user's profile language, else Russian.
    "apps.accounts.middleware.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "csp.middleware.CSPMiddleware",
]

# Content-Security-Policy (django-csp): scripts only from our origin (our pages have no inline
# script; one would need the request's nonce); the sockets connect to our own host.
# Inline styles stay allowed: the admin and swagger-ui set style attributes.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'", NONCE],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    },
}

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "apps.core.context_processors.site_navigation",
            ],
        },
    },
]

# --- database -------------------------------------------------------------------------


def database_from_url(url: str, *, pool: bool = False) -> dict[str, Any]:
    """Return a DATABASES entry for ``url``.

    Under ASGI every request may run on another thread, so persistent connections are off
    (``CONN_MAX_AGE = 0``); PostgreSQL may instead use psycopg's pool (``pool=True``).
    SQLite gets WAL, a busy timeout and IMMEDIATE transactions so the server and the
    embedded Celery worker can write from different threads without "database is locked".
    """
    config: dict[str, Any] = dj_database_url.parse(url, conn_max_age=0, conn_health_checks=False)
    options = config.setdefault("OPTIONS", {})
    if config["ENGINE"] == "django.db.backends.sqlite3":
        options.setdefault("transaction_mode", "IMMEDIATE")
        options.setdefault("timeout", 20)
        options.setdefault(
            "init_command", "PRAGMA journal_mode=WAL;PRAGMA synchronous=NORMAL;PRAGMA busy_timeout=20000"
        )
    elif config["ENGINE"] == "django.db.backends.postgresql" and pool:
        options["pool"] = {
            "min_size": env_int("DATABASE_POOL_MIN", 2),
            "max_size": env_int("DATABASE_POOL_MAX", 20),
            "timeout": 10,
        }
    return config


DATABASE_URL = env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}")
DATABASES = {"default": database_from_url(DATABASE_URL, pool=env_bool("DATABASE_POOL", False))}

# --- Redis: channel layer, cache, Celery broker ------------------------------------------

REDIS_URL = env_str("REDIS_URL")

# redis-py pools default to 100 connections and raise MaxConnectionsError beyond: a burst
# of a few hundred sockets would turn into HTTP 500s (docs/operations.md, «Sizing notes»).
REDIS_MAX_CONNECTIONS = env_int("REDIS_MAX_CONNECTIONS", 1000)
#: Seconds a Redis read may wait (the channel layer's blocking pops last 5 s).
REDIS_SOCKET_TIMEOUT = env_int("REDIS_SOCKET_TIMEOUT", 30)


#: ``core`` (channels-redis's list-based layer) or ``pubsub`` (its Redis pub/sub layer).
CHANNEL_LAYER_BACKENDS = {
    "core": "channels_redis.core.RedisChannelLayer",
    "pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
}


def channel_layers_for(redis_url: str, *, prefix: str = "asgi", backend: str | None = None) -> dict[str, Any]:
    """Return CHANNEL_LAYERS: channels-redis on ``redis_url``, or the in-memory layer if empty.

    ``backend="pubsub"`` (the default): a ``group_send`` is one ``PUBLISH`` that every server
    process holding sockets of the group receives once and hands to them in memory, where the
    core layer (``CHANNEL_LAYER=core``) queues the message per socket in Redis and pops each
    with its own round trip. At most once, like the core layer under load: clients resync on a
    ``seq`` gap. On the 2-core box one daphne process served 100 tables at one action per second
    with every seat updated p99 110 ms on pub/sub against 420-540 ms on the core layer
    (docs/performance.md). ``backend`` defaults to the ``CHANNEL_LAYER`` environment variable.
    """
    backend = backend or env_str("CHANNEL_LAYER", "pubsub")
    if not redis_url:
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    # The pool is sized for bursts of sockets (redis-py's default of 100 raises beyond). The core
    # layer waits for messages with BZPOPMIN of 5 s while redis-py 8 reads with a 5 s socket
    # timeout: under load the empty reply came a little late, the read timed out and the
    # consumer died with its socket (bench/ws_load.py found it); the read timeout stays well
    # above the blocking pop's.
    host = {
        "address": redis_url,
        "max_connections": REDIS_MAX_CONNECTIONS,
        "socket_timeout": REDIS_SOCKET_TIMEOUT,
    }
    config: dict[str, Any] = {"hosts": [host], "prefix": prefix}
    if backend != "pubsub":
        backend = "core"
        config.update(capacity=1000, expiry=60)
    return {"default": {"BACKEND": CHANNEL_LAYER_BACKENDS[backend], "CONFIG": config}}


def caches_for(redis_url: str) -> dict[str, Any]:
    """Return CACHES: Redis (shared by all server processes, so rate limits hold) or local memory."""
    if not redis_url:
        return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": "kartochki",
            "OPTIONS": {"max_connections": REDIS_MAX_CONNECTIONS},
        }
    }


CHANNEL_LAYERS = channel_layers_for(REDIS_URL, prefix=env_str("CHANNEL_LAYER_PREFIX", "asgi"))
CACHES = caches_for(REDIS_URL)

# --- Celery (config/celery.py reads every CELERY_* name) ---------------------------------

# Without REDIS_URL the broker is kombu's in-memory transport and a worker thread inside
# the server process consumes it (config/embedded_worker.py): countdowns really wait.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL or "memory://localhost/")
CELERY_EMBEDDED_WORKER = env_bool("CELERY_EMBEDDED_WORKER", CELERY_BROKER_URL.startswith("memory://"))
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "kartochki")
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A countdown task is held by the worker; if the worker dies it comes back only after this
# timeout. Timer tasks are idempotent (match + seq) and a periodic sweeper covers the gap.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600)}
if CELERY_BROKER_URL.startswith("memory://"):
    # kombu polls in-memory queues once a second by default: too slow for bot moves.
    CELERY_BROKER_TRANSPORT_OPTIONS["polling_interval"] = 0.05
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Periodic tasks run by `celery -A config beat` (or the embedded beat thread). Apps add
# their entries here, e.g. the tables app's sweeper of missed deadlines:
#   "tables-sweep-deadlines": {"task": "apps.tables.tasks.sweep_deadlines", "schedule": 5.0},
CELERY_BEAT_SCHEDULE: dict[str, dict[str, Any]] = {
    "tables-sweep": {"task": "tables.sweep", "schedule": 1.0},
    "ratings-quick-sweep": {"task": "ratings.quick_sweep", "schedule": 2.0},
    "tournaments-tick": {"task": "tournaments.tick", "schedule": 2.0},
    # «Дубль дня» opens at 00:00 Moscow time; due sets close (apps.duplicates, idempotent)
    "duplicates-rollover": {"task": "duplicates.rollover", "schedule": 30.0},
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")

# --- authentication: custom user + django-allauth ----------------------------------------

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
ACCOUNT_ADAPTER = "apps.accounts.adapter.AccountAdapter"
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "none"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_USERNAME_MIN_LENGTH = 3
ACCOUNT_SESSION_REMEMBER = True
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_PRESERVE_USERNAME_CASING = False
# Login attempts are limited per IP and per username (allauth keeps the counters in the
# cache: Redis in production, so the limit holds across daphne processes).
ACCOUNT_RATE_LIMITS = {
    "login": "30/m/ip",
    "login_failed": "10/m/ip,5/5m/key",
    "signup": "20/m/ip",
    "reset_password": "20/m/ip,5/m/key",
    "reset_password_from_key": "20/m/ip",
    "change_password": "5/m/user",
}

# The JSON API (apps/api): API tokens first, so an anonymous request gets 401 with
# "WWW-Authenticate: Token"; browsers use the session (with CSRF). Rates: apps/api/throttling.py.
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "apps.api.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["apps.api.parsers.BoundedJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "apps.api.errors.api_exception_handler",
    # The client's address is REMOTE_ADDR, never a client-sent X-Forwarded-For: behind the
    # proxy, daphne runs with --proxy-headers and the proxy overwrites X-Forwarded-For with
    # $remote_addr (docs/security.md), so allauth and DRF key their limits on the same address.
    "NUM_PROXIES": 0,
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Карточки API",
    "DESCRIPTION": (
        "Tables, seats, bots and results for programs and bots (docs/protocol.md, "
        "section «API tokens»). Authenticate with `Authorization: Token <key>` (POST /api/auth/token/). "
        'Errors are `{"code", "message"}`.'
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # swagger-ui and redoc from our own static files (drf-spectacular-sidecar), never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "SCHEMA_PATH_PREFIX": "/api/",
    "ENUM_NAME_OVERRIDES": {
        "BotLevelEnum": "apps.tables.models.BOT_LEVELS",
        "QuickStatusEnum": "apps.ratings.quick.QUICK_STATUSES",
        "TableStatusEnum": ["waiting", "playing", "finished"],
        "TournamentStatusEnum": ["registration", "running", "finished", "cancelled"],
        "DuplicateSetStatusEnum": ["open", "closed", "void"],
    },
}

# --- e-mail ----------------------------------------------------------------------------

EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "kartochki@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# --- Web Push (apps.push, docs/decisions-push.md) -----------------------------------------
# The VAPID private key (base64url of the raw 32 bytes, or of its DER); production takes it
# from the environment (none: no push), the embedded default and the tests keep their own
# under var/ (config/settings/dev.py, test.py). The public key is derived from it.
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = env_str("VAPID_SUBJECT", f"mailto:{DEFAULT_FROM_EMAIL}")

# --- languages and time ------------------------------------------------------------------

LANGUAGE_CODE = "ru"  # Russian first: chosen unless the user picked English
LANGUAGES = [("ru", _("Русский")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
USE_I18N = True
TIME_ZONE = env_str("TIME_ZONE", "Europe/Moscow")
USE_TZ = True

# --- static files (whitenoise serves them from the ASGI app itself) ---------------------

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# --- logging ---------------------------------------------------------------------------

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "filters": {"one_line_security": {"()": "config.logs.OneLineSecurityRecords"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain", "filters": ["one_line_security"]}
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        "daphne": {"level": "WARNING"},
    },
}

# Rated matches between the same two accounts that count in 24 hours; more are played unrated
# (two accounts must not farm a rating; docs/decisions-ratings.md).
RATINGS_SAME_PAIR_PER_DAY = env_int("RATINGS_SAME_PAIR_PER_DAY", 5)

# Waiting tables (no match started yet) one person may own and sit at; creating one more is
# refused with ``too_many_tables`` (one user must not fill the lobby; docs/security.md).
LOBBY_WAITING_TABLES_PER_USER = env_int("LOBBY_WAITING_TABLES_PER_USER", 3)

# A tournament player who has not opened his table this many seconds after its match started
# is replaced by a bot and loses that match (docs/decisions-tournaments.md).
TOURNAMENTS_NO_SHOW_SECONDS = env_int("TOURNAMENTS_NO_SHOW_SECONDS", 60)

# Social actions (friend requests and their answers, removals, blocks, invitations) one person
# may make in a minute; more are refused with ``too_fast`` (a request loop must not
# reload the victim's friends page; docs/security.md).
SOCIAL_ACTIONS_PER_MINUTE = env_int("SOCIAL_ACTIONS_PER_MINUTE", 20)
