"""The embedded default: what ``./run`` and ``manage.py`` use on a bare machine.

Nothing needs to be set: SQLite under ``var/``, in-memory channel layer, a Celery worker
and beat running as threads inside the server process, console e-mail. ``DATABASE_URL``
and ``REDIS_URL`` switch to PostgreSQL and Redis (and then Celery needs its own worker).

It serves a real site: ``DEBUG`` is off (the site's 404/500 pages, JSON errors under ``/api/``)
unless ``DEBUG=1``; static files come from whitenoise, found by the staticfiles finders at
startup (no ``collectstatic``); the key is the installation's own (``var/secret_key``). With
``HOST`` set to a wildcard (``0.0.0.0``) or an address, the machine's LAN addresses (or that
address) are allowed hosts, trusted CSRF origins and accepted socket origins (``config/lan.py``).
"""

from config import lan
from config.env import env_bool, env_int, env_str
from config.secret import secret_key_file, vapid_key_new
from config.settings.base import *  # noqa: F403
from config.settings.base import ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS, VAR_DIR

VAR_DIR.mkdir(exist_ok=True)

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY") or secret_key_file(VAR_DIR / "secret_key")
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY") or secret_key_file(VAR_DIR / "vapid_key", vapid_key_new)

# `./run`'s bind address and port: other machines reach the site by the LAN addresses.
LAN_ADDRESSES = lan.served_addresses(env_str("HOST", "127.0.0.1"))
ALLOWED_HOSTS = [*ALLOWED_HOSTS, *lan.allowed_hosts(LAN_ADDRESSES)]
CSRF_TRUSTED_ORIGINS = [*CSRF_TRUSTED_ORIGINS, *lan.trusted_origins(LAN_ADDRESSES, env_int("PORT", 8000))]

# Static files straight from static/ and the apps (the finders, scanned once at startup: 209
# files in ~20 ms) instead of a `collectstatic` on every start; re-scanned per request with DEBUG.
# STATIC_ROOT exists (empty unless collectstatic is run here) so whitenoise does not warn.
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG
