"""The password check of every way in: the site's login (allauth) and ``POST /api/auth/token/``
share one failed-login lockout (allauth's ``login_failed`` limit, keyed per account and address
by :class:`apps.accounts.adapter.AccountAdapter`)."""

from __future__ import annotations

from allauth.account.adapter import get_adapter
from django.core.exceptions import ValidationError
from django.http import HttpRequest

from apps.accounts.models import User
from apps.core.errors import Refused


def password_user(request: HttpRequest, *, username: str, password: str) -> User | None:
    """The active user with ``username`` and ``password``, or None. Each failure counts towards
    the site login's lockout and a locked pair is refused ``login_locked`` whatever the
    password, so guessing through the API gets no more tries than through the login form."""
    try:
        user = get_adapter(request).authenticate(request, username=username, password=password)
    except ValidationError:
        raise Refused("login_locked") from None
    return user if user is not None and user.is_active else None
