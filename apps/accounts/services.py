"""Writes to users. Views, adapters and signals call these, never ``user.save()`` directly."""

from __future__ import annotations

from django.conf import settings

from apps.accounts.models import User


def user_update_profile(*, user: User, display_name: str, language: str) -> User:
    """Save the user's display name and preferred language; return the user. The name is checked
    by :meth:`User.clean` (:mod:`apps.accounts.names`): ``ValidationError`` for a name that has
    refused characters, reads as a bot's or is another user's; stored with whitespace folded.
    Tables show a new name from their next match (:func:`apps.tables.selectors.seats_info`)."""
    user.display_name = display_name
    user.language = language
    user.full_clean(exclude=["password"])
    user.save(update_fields=["display_name", "language"])
    return user


def user_set_language(*, user: User, language: str) -> None:
    """Save the preferred language if it is one of the site's languages and differs."""
    if language in dict(settings.LANGUAGES) and user.language != language:
        user.language = language
        user.save(update_fields=["language"])
