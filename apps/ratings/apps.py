from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    """Ratings per game and mode (openskill), leaderboards, fair play bans, quick play pools."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.ratings"
    verbose_name = _("Рейтинги")
