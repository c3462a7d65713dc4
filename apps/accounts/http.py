"""The request of a view only a signed-in user reaches, for the type checker.

A view behind ``login_required`` (or a wrapper that refuses anonymous requests first) takes a
:class:`SignedInRequest`: Django passes the same ``HttpRequest``, whose ``user`` is then a
:class:`~apps.accounts.models.User` (an ``int`` ``pk``), never the ``AnonymousUser``.
"""

from __future__ import annotations

from django.http import HttpRequest

from .models import User


class SignedInRequest(HttpRequest):
    """An ``HttpRequest`` of a signed-in user (a type only: never instantiated)."""

    user: User
