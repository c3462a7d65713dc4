from django.apps import AppConfig


class LobbyConfig(AppConfig):
    """Tables waiting for players: creation with options, seats, bots, ready."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.lobby"
    verbose_name = "Лобби"
