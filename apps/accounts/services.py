"""Writes to users. Views, adapters and signals call these, never ``user.save()`` directly."""

from __future__ import annotations

from django.conf import settings

from apps.accounts.models import User


def user_update_profile(*, user: User, display_name: str, language: str) -> User:
    """Save the user's display name (trimmed) and preferred language; return the user."""
    user.display_name = display_name.strip()
    user.language = language
    user.full_clean(exclude=["password"])
    user.save(update_fields=["display_name", "language"])
    return user


def user_set_language(*, user: User, language: str) -> None:
    """Save the preferred language if it is one of the site's languages and differs."""
    if language in dict(settings.LANGUAGES) and user.language != language:
        user.language = language
        user.save(update_fields=["language"])
