"""Refusals of the tournament services: :class:`apps.core.errors.Refused` with codes of its own."""

from __future__ import annotations

from datetime import datetime

from django.utils import dateformat, timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from apps.core.errors import Refused

MESSAGES = {
    "not_found": _("Нет такого турнира."),
    "closed": _("Регистрация на этот турнир закрыта."),
    "full": _("В турнире нет свободных мест."),
    "partner_needed": _("В этом турнире играют парами: позовите партнёра."),
    "no_partner": _("В этом турнире каждый играет сам за себя."),
    "rating_range": _("Ваш рейтинг вне границ этого турнира."),
    "already_joined": _("Вы уже участвуете в этом турнире."),
    "not_joined": _("Вы не участвуете в этом турнире."),
    "not_invited": _("Вас не звали в пару в этом турнире."),
    "no_such_partner": _("Нет игрока с таким именем: проверьте имя партнёра."),
    "tournament_ban": _("Вам временно нельзя участвовать в турнирах: слишком много неявок."),
    "removed": _("Вы сняты с этого турнира за неявки."),
    "rejoin_later": _("Вы взяли паузу: вернуться в арену можно чуть позже."),
}


class TournamentRefused(Refused):
    """A :class:`Refused` whose message may come from this module's :data:`MESSAGES`; a ban or
    a pause says until when in the reader's time zone."""

    messages = MESSAGES

    def message(self) -> str:
        until = self.errors.get("ends_at") if self.code in ("tournament_ban", "rejoin_later") else None
        if not isinstance(until, str):
            return super().message()
        try:
            when = dateformat.format(timezone.localtime(datetime.fromisoformat(until)), "d.m.Y H:i:s T")
        except ValueError:
            when = until
        return f"{MESSAGES[self.code]!s} " + gettext("До %(time)s.") % {"time": when}
