from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from apps.stats import hooks as stats_hooks
from apps.stats.signals import results_recorded
from apps.tables import hooks as table_hooks


class RatingsConfig(AppConfig):
    """Ratings per game and mode (openskill), leaderboards, fair play bans, quick play pools."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.ratings"
    verbose_name = _("Рейтинги")

    def ready(self) -> None:
        """Plug ratings into the lower apps (docs/decisions-structure.md): rate each match when
        its results are recorded, refuse rated play to the banned, show the seats' ratings at a
        table and the rating changes in «Мои результаты»."""
        from . import guards, selectors, services

        results_recorded.connect(services.ratings_apply, dispatch_uid="ratings.ratings_apply")
        table_hooks.guard_register("create", guards.create_rated)
        table_hooks.guard_register("ready", guards.ready_rated)
        table_hooks.guard_register("start", guards.start_rated)
        table_hooks.seat_ratings_provide(selectors.seat_ratings)
        stats_hooks.results_decorate(selectors.with_rating_changes)
