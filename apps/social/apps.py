from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SocialConfig(AppConfig):
    """Friends, blocks, invitations to a table, who is online, and the «Смотреть» page."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.social"
    verbose_name = _("Друзья")
