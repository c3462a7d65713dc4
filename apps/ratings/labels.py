"""Words of the ratings pages: mode names in the current language, bot levels, a rating as shown."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from .modes import MODES

MODE_NAMES = {
    "bazar_4": _("Базар-блот, 2 на 2"),
    "bazar_2": _("Базар-блот, 2 игрока"),
    "gambler_4": _("Gambler, 2 на 2"),
    "gambler_2": _("Gambler, 2 игрока"),
    "blot": _("Обычный блот"),
    "deberc_2": _("Деберц, 2 игрока"),
    "deberc_3": _("Деберц, 3 игрока"),
    "deberc_4": _("Деберц, 4 игрока"),
    "deberc_2x2": _("Деберц, 2 на 2"),
    "durak_2": _("Дурак, 2 игрока"),
    "durak_3": _("Дурак, 3 игрока"),
    "durak_4": _("Дурак, 4 игрока"),
    "durak_pairs": _("Дурак, пара на пару"),
}

LEVEL_NAMES = {"easy": _("лёгкий"), "normal": _("обычный"), "hard": _("сложный")}


def mode_name(code: str) -> str:
    """The mode's name in the current language (the Russian label for an unknown code)."""
    name = MODE_NAMES.get(code)
    return str(name) if name is not None else (MODES[code].label if code in MODES else code)


def rating_text(value: int, provisional: bool) -> str:
    """``1512`` or ``1512?`` (provisional, as lichess marks it)."""
    return f"{value}?" if provisional else str(value)


def delta_text(delta: int) -> str:
    """``+12``, ``−7`` (a minus sign) or ``±0``."""
    return f"+{delta}" if delta > 0 else f"−{-delta}" if delta < 0 else "±0"
