from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    """Results of finished matches, «Мои результаты», match pages with replays, exports."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.stats"
    verbose_name = _("Результаты")
