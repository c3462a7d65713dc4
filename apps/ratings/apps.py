from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """Ratings per game and mode (openskill), leaderboards, fair play bans, quick play pools."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.ratings"
    verbose_name = "Рейтинги"
