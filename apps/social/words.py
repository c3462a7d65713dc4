"""Words the social pages' scripts need, in the current language (rendered with json_script)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def page_words() -> dict:
    """Labels for the live parts of the friends and watch pages and the header's toast."""
    return {
        "online": _("в сети"),
        "offline": _("не в сети"),
        "plays": _("играет"),
        "watches": _("смотрит"),
        "table": _("стол"),
        "private_table": _("закрытый стол"),
        "invites": _("зовёт вас за стол"),
        "accept": _("Принять"),
        "decline": _("Отклонить"),
        "invitations": _("Приглашения"),
        "spectators": _("Зрители"),
        "replay": _("Запись партии"),
        "no_tables": _("Сейчас никто не играет за открытыми столами."),
        "cards": _("карт на руках"),
    }
