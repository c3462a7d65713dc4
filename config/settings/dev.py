"""The embedded default: what ``./run`` and ``manage.py`` use on a bare machine.

Nothing needs to be set: SQLite under ``var/``, in-memory channel layer, a Celery worker
and beat running as threads inside the server process, console e-mail. ``DATABASE_URL``
and ``REDIS_URL`` switch to PostgreSQL and Redis (and then Celery needs its own worker).
"""

from config.env import env_bool, env_str
from config.settings.base import *  # noqa: F403
from config.settings.base import VAR_DIR

VAR_DIR.mkdir(exist_ok=True)

DEBUG = env_bool("DEBUG", True)
# A development-only key, never used by config.settings.production (which requires one).
SECRET_KEY = env_str("SECRET_KEY", "dev-only-insecure-key-7c1b0f3e9a5d4e2b8f6a1c3d5e7f9a0b2c4d6e8f")

# Serve static files straight from static/ without collectstatic.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG
