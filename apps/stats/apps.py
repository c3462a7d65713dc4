from django.apps import AppConfig


class StatsConfig(AppConfig):
    """Results of finished matches, «Мои результаты», match pages with replays, exports."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.stats"
    verbose_name = "Результаты"
