from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    """The table, its seats and matches, and every write of them: seating, invite access, the move
    service, timer and bot tasks. Higher apps plug in through its signals and hooks."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.tables"
    verbose_name = _("Столы")
