"""Reads about users."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def language_for_request(request: HttpRequest) -> str:
    """The language to show: the language cookie (the switch in the header), else the
    signed-in user's preferred language, else Russian. ``Accept-Language`` is ignored on
    purpose: the site is Russian first (docs/decisions.md)."""
    supported = dict(settings.LANGUAGES)
    cookie = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    if cookie in supported:
        return cookie
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and user.language in supported:
        return user.language
    return settings.LANGUAGE_CODE
