"""allauth hooks: a new user starts with their username as display name and the page's language."""

from allauth.account.adapter import DefaultAccountAdapter
from django import forms
from django.conf import settings
from django.utils import translation

from apps.accounts.names import MESSAGES, is_bot_name, name_taken


class AccountAdapter(DefaultAccountAdapter):
    def _get_login_attempts_cache_key(self, request, **credentials) -> str:
        """The failed-login lock is per (account, address), not per account: five wrong
        passwords from elsewhere no longer lock the player out of their own login. Each
        address stays limited per account (5 per 5 min) and in all (``10/m/ip``)."""
        key = super()._get_login_attempts_cache_key(request, **credentials)
        return f"{key}@{request.META.get('REMOTE_ADDR', '')}"

    def clean_username(self, username, shallow=False):
        """allauth's checks, then: not a bot's name, and no other user's username or display
        name reads the same (:mod:`apps.accounts.names`), for the new username is his first
        display name too."""
        username = super().clean_username(username, shallow=shallow)
        if is_bot_name(username):
            raise forms.ValidationError(MESSAGES["bot_name"], code="bot_name")
        if not shallow and name_taken(username, user_id=None):
            raise forms.ValidationError(MESSAGES["name_taken"], code="name_taken")
        return username

    def save_user(self, request, user, form, commit=True):
        """Fill ``display_name`` and ``language`` before allauth saves the new user."""
        user = super().save_user(request, user, form, commit=False)
        if not user.display_name:
            user.display_name = user.username
        language = translation.get_language() or settings.LANGUAGE_CODE
        if language in dict(settings.LANGUAGES):
            user.language = language
        if commit:
            user.save()
        return user
