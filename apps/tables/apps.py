from django.apps import AppConfig


class TablesConfig(AppConfig):
    """Live matches: the move service, the table socket, timer and bot tasks."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.tables"
    verbose_name = "Столы"
