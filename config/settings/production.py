"""Production: PostgreSQL, Redis, N daphne processes, a Celery worker and beat.

Required: ``SECRET_KEY`` (50+ random characters), ``DATABASE_URL``, ``REDIS_URL``,
``ALLOWED_HOSTS``. The site is expected behind a TLS-terminating proxy that sets
``X-Forwarded-Proto`` (``SECURE_PROXY_SSL_HEADER``). Passes ``check --deploy`` cleanly.
"""

from config.env import env_bool, env_int, env_list, env_required, env_str
from config.settings.base import *  # noqa: F403
from config.settings.base import caches_for, channel_layers_for, database_from_url

DEBUG = False
SECRET_KEY = env_required("SECRET_KEY")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS") or [env_required("ALLOWED_HOSTS")]
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [f"https://{host}" for host in ALLOWED_HOSTS])

DATABASE_URL = env_required("DATABASE_URL")
# CONN_MAX_AGE stays 0 under ASGI; psycopg's pool keeps connections warm instead.
DATABASES = {"default": database_from_url(DATABASE_URL, pool=env_bool("DATABASE_POOL", True))}

REDIS_URL = env_required("REDIS_URL")
CHANNEL_LAYERS = channel_layers_for(REDIS_URL, prefix=env_str("CHANNEL_LAYER_PREFIX", "asgi"))
CACHES = caches_for(REDIS_URL)
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL)
CELERY_EMBEDDED_WORKER = False

SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# HTTPS everywhere (behind a proxy that terminates TLS and sets X-Forwarded-Proto).
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
LANGUAGE_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # whitenoise's compressed manifest storage that also hashes the ES-module imports of the
    # table client (config/storage.py).
    "staticfiles": {"BACKEND": "config.storage.StaticStorage"},
}

EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
ADMINS = [("Admin", addr) for addr in env_list("ADMIN_EMAILS")]
