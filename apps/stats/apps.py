from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from apps.tables.signals import match_finished


class StatsConfig(AppConfig):
    """Results of finished matches, «Мои результаты», match pages with replays, exports."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.stats"
    verbose_name = _("Результаты")

    def ready(self) -> None:
        from .services import results_record

        match_finished.connect(results_record, dispatch_uid="stats.results_record")
