"""Rate limits of the API (DRF throttling on the default cache: Redis in production, so the
limits hold across server processes).

- ``api``: per token (a program), else per signed-in user (a browser): ``API_RATE``, 120/min.
- ``auth_token``: ``POST /api/auth/token/`` per client IP: ``API_AUTH_RATE``, 20/min; and per
  username asked for and IP: ``API_AUTH_USER_RATE``, 5/min (guessing one account's password
  is slow, and guesses from elsewhere never lock its owner out).

Rates are read from Django settings, else the environment, at each request.
"""

from __future__ import annotations

import os

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

DEFAULT_RATES = {"api": "120/min", "auth_token": "20/min", "auth_token_user": "5/min"}
_SETTING = {"api": "API_RATE", "auth_token": "API_AUTH_RATE", "auth_token_user": "API_AUTH_USER_RATE"}


def rate_for(scope: str) -> str:
    """The rate of ``scope``: its setting, else its environment variable, else the default."""
    name = _SETTING[scope]
    return getattr(settings, name, None) or os.environ.get(name) or DEFAULT_RATES[scope]


class _RateFromSettings(SimpleRateThrottle):
    def get_rate(self) -> str:
        return rate_for(self.scope)


class TokenRateThrottle(_RateFromSettings):
    """Per API token; per user for session requests; per IP for anonymous ones."""

    scope = "api"

    def get_cache_key(self, request, view) -> str:
        token = getattr(request, "auth", None)
        if token is not None and hasattr(token, "key_hash"):
            ident = f"token-{token.pk}"
        elif request.user and request.user.is_authenticated:
            ident = f"user-{request.user.pk}"
        else:
            ident = f"ip-{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}


class AuthTokenIpThrottle(_RateFromSettings):
    """``POST /api/auth/token/`` per client IP."""

    scope = "auth_token"

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class AuthTokenUserThrottle(_RateFromSettings):
    """``POST /api/auth/token/`` per username asked for (case-insensitive) and client address,
    as the site's login: guessing from elsewhere never locks the owner out."""

    scope = "auth_token_user"

    def get_cache_key(self, request, view) -> str | None:
        data = request.data if isinstance(request.data, dict) else {}
        username = data.get("username")
        if not isinstance(username, str) or not username:
            return None
        ident = f"{username.lower()[:150]}@{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}
