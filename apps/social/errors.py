"""Refusals of the social services: the shared :class:`apps.core.errors.Refused` with codes of
its own (``blocked`` itself lives in the shared table, since seating and chat refuse with it)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from apps.core.errors import Refused

MESSAGES = {
    "no_such_user": _("Нет игрока с таким именем."),
    "yourself": _("Это вы сами."),
    "already_friends": _("Вы уже друзья."),
    "not_friends": _("Этого игрока нет среди ваших друзей."),
    "no_request": _("Такой заявки нет: её уже приняли, отклонили или отозвали."),
    "too_many_requests": _("Слишком много неотвеченных заявок: подождите ответа."),
    "no_invitation": _("Это приглашение уже недействительно."),
    "table_over": _("За этим столом уже не играют."),
    "not_owner": _("Звать за закрытый стол может только его хозяин."),
}


class SocialRefused(Refused):
    """A :class:`Refused` whose message may come from this module's :data:`MESSAGES`."""

    messages = MESSAGES
