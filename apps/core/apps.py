from django.apps import AppConfig


class CoreConfig(AppConfig):
    """Site-wide pieces: home page, language switch, navigation, health check, ping socket."""

    name = "apps.core"
    label = "core"
