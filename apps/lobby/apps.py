from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LobbyConfig(AppConfig):
    """Tables waiting for players: creation with options, seats, bots, ready."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.lobby"
    verbose_name = _("Лобби")
