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
    "too_fast": _("Слишком много действий с друзьями подряд. Попробуйте снова через %(seconds)s с."),
}


class SocialRefused(Refused):
    """A :class:`Refused` whose message may come from this module's :data:`MESSAGES`."""

    messages = MESSAGES

    def message(self) -> str:
        """The message in the active language; ``too_fast`` says in how many seconds (``detail``)."""
        if self.code == "too_fast":
            return str(MESSAGES["too_fast"]) % {"seconds": self.detail or "60"}
        return super().message()
