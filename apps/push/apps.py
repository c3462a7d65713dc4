from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PushConfig(AppConfig):
    """Web Push: a player's browsers subscribed to notifications that call him back when away."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.push"
    verbose_name = _("Уведомления")

    def ready(self) -> None:
        from . import receivers

        receivers.connect()
