from django.apps import AppConfig


class ChatConfig(AppConfig):
    """Table chat: messages, personal mutes, reports for the moderators, site-wide mutes."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.chat"
    verbose_name = "Чат"
