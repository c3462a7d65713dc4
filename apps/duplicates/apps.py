from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DuplicatesConfig(AppConfig):
    """«Дубль»: the same deals at every table, compared by matchpoints (docs/decisions-duplicates.md)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.duplicates"
    verbose_name = _("Дубль")

    def ready(self) -> None:
        """Record a duplicate table's results when its match ends; keep an open set's seed
        secret; refuse a second match at a duplicate table."""
        from apps.stats import hooks as stats_hooks
        from apps.tables import hooks
        from apps.tables.signals import match_finished

        from . import services

        match_finished.connect(services.match_finished, dispatch_uid="duplicates.match_finished")
        hooks.seed_hold_provide(services.seed_held)
        hooks.record_extra_provide(services.record_extra)
        hooks.guard_register("start", services.start_guard)
        stats_hooks.match_access_provide(services.match_access)
