from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    """The custom user, profile and language preference (sign-up and log-in via allauth)."""

    name = "apps.accounts"
    label = "accounts"
    verbose_name = _("Учётные записи")

    def ready(self) -> None:
        from apps.accounts import signals  # noqa: F401  (connects the login receiver)
