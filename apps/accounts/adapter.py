"""allauth hooks: a new user starts with their username as display name and the page's language."""

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.utils import translation


class AccountAdapter(DefaultAccountAdapter):
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
