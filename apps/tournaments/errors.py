"""Refusals of the tournament services: :class:`apps.core.errors.Refused` with codes of its own."""

from __future__ import annotations

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
}


class TournamentRefused(Refused):
    """A :class:`Refused` whose message may come from this module's :data:`MESSAGES`."""

    messages = MESSAGES
