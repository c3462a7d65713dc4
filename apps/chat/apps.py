from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChatConfig(AppConfig):
    """Table chat: messages, personal mutes, reports for the moderators, site-wide mutes."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.chat"
    verbose_name = _("Чат")
