from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    """Arenas, Swiss and knockout events for every rating mode (docs/decisions-tournaments.md)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.tournaments"
    verbose_name = _("Турниры")

    def ready(self) -> None:
        """Count a tournament table's results when its match's results are recorded; link
        tournament matches to their event in «Мои результаты»."""
        from apps.stats import hooks as stats_hooks
        from apps.stats.signals import results_recorded

        from . import rounds, selectors

        results_recorded.connect(rounds.results_count, dispatch_uid="tournaments.results_count")
        stats_hooks.results_decorate(selectors.with_tournaments)
