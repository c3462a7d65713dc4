from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    """Live matches: the move service, the table socket, timer and bot tasks."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.tables"
    verbose_name = _("Столы")
