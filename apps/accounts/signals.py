"""On login the user's preferred language becomes the page language and the cookie."""

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from apps.accounts.middleware import remember_language
from apps.accounts.models import User


@receiver(user_logged_in, dispatch_uid="accounts.apply_user_language")
def apply_user_language(sender, request, user: User, **kwargs) -> None:
    """Switch to the user's language as they log in (no-op without a request)."""
    if request is not None and user.language:
        remember_language(request, user.language)
