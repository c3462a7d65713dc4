"""Names of the duplicate modes as people read them (ru first, en through the catalog)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

MODE_NAMES = {
    "bazar_blot_4": _("Базар-блот, 2 на 2"),
    "bazar_gambler_4": _("Базар-блот Gambler, 2 на 2"),
    "bazar_blot_2": _("Базар-блот, 2 игрока"),
    "blot": _("Обычный блот"),
    "deberc_2": _("Деберц, 2 игрока"),
    "deberc_4": _("Деберц, 2 на 2"),
    "durak_2": _("Дурак, 2 игрока"),
}

#: How long a «Дубль с друзьями» stays open: the form's choices, in minutes.
OPEN_CHOICES = [
    (10, _("10 минут")),
    (60, _("1 час")),
    (6 * 60, _("6 часов")),
    (24 * 60, _("1 день")),
    (3 * 24 * 60, _("3 дня")),
    (7 * 24 * 60, _("7 дней")),
]


def mode_name(key: str) -> str:
    return str(MODE_NAMES.get(key, key))
