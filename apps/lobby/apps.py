from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from apps.tables.signals import tables_changed


class LobbyConfig(AppConfig):
    """The pre-game pages: the open-tables list, the new-table form, «Играть с ботами», invite
    links. The tables themselves belong to apps.tables."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.lobby"
    verbose_name = _("Лобби")

    def ready(self) -> None:
        from apps.ratings.signals import quick_seated
        from apps.tables.hooks import guard_register

        from .guards import not_playing_elsewhere
        from .notices import quick_seated_notify
        from .services import lobby_publish

        guard_register("sit", not_playing_elsewhere)
        guard_register("create", not_playing_elsewhere)

        tables_changed.connect(lobby_publish, dispatch_uid="lobby.lobby_publish")
        quick_seated.connect(quick_seated_notify, dispatch_uid="lobby.quick_seated_notify")
