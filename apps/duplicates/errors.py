"""Refusals of the duplicate services: :class:`apps.core.errors.Refused` with codes of their own."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from apps.core.errors import Refused

MESSAGES = {
    "not_found": _("Нет такого дубля."),
    "set_closed": _("Этот дубль уже закрыт."),
    "already_played": _("Вы уже играли этот дубль: каждый играет его один раз."),
    "bad_mode": _("Такого режима дубля нет."),
    "bad_deals": _("Раздач в дубле — от 1 до 16."),
    "bad_open_minutes": _("Дубль открыт от 10 минут до 7 дней."),
    "duplicate_table": _("За столом дубля играют только его раздачи."),
    "same_person": _("Нужны четыре разных игрока: вы, партнёр и двое соперников."),
    "no_such_player": _("Нет игрока с таким логином."),
}


class DuplicateRefused(Refused):
    """A :class:`Refused` whose message may come from this module's :data:`MESSAGES`."""

    messages = MESSAGES
