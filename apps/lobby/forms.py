"""The options a table's owner may choose, as the lobby page offers them (RULES.md names).

Parsing only: values are checked by the rules engine's ``normalize_options`` in the services.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

GAMES = [
    ("bazar_blot", _("Базар-блот")),
    ("blot", _("Обычный блот")),
    ("deberc", _("Деберц")),
    ("durak", _("Дурак")),
]

#: game -> [(option, label, [values])]; the first value is shown first, not a default.
OPTION_FIELDS: dict[str, list[tuple[str, str, list]]] = {
    "bazar_blot": [
        ("players", _("Игроков"), [4, 2]),
        ("target", _("Партия до"), ["", 51, 101, 301]),
        ("move_time", _("Время на ход, с"), [20, 15, 30]),
        ("no_trump", _("Безкозырка"), [True, False]),
        ("combos", _("Комбинации"), ["all", "no_carre_hundred", "none"]),
        ("auto_declare", _("Объявлять автоматически"), [False, True]),
        ("ruleset", _("Правила"), ["classic", "gambler"]),
        ("theme", _("Стол"), ["club", "yard", "kitchen"]),
    ],
    "blot": [
        ("target", _("Партия до"), [501, 1001, 2001]),
        ("parties", _("Партий"), [1, 3, 5]),
        ("move_time", _("Время на ход, с"), [20, 15, 30]),
    ],
    "deberc": [
        ("players", _("Игроков"), [2, 3, 4]),
        ("teams", _("Пара на пару"), [False, True]),
        ("target", _("Партия до"), [301, 501, 1001]),
        ("move_time", _("Время на ход, с"), [20, 15, 30]),
    ],
    "durak": [
        ("transfer", _("Переводной"), [False, True]),
        ("teams", _("Пара на пару"), [False, True]),
        ("cheating", _("Шулер"), [False, True]),
    ],
}


def parse_value(raw: str):
    """A form value as JSON-like data: ``"true"``/``"false"``, integers, else the string."""
    if raw in ("true", "True"):
        return True
    if raw in ("false", "False"):
        return False
    try:
        return int(raw)
    except ValueError:
        return raw


def options_from_post(game: str, data) -> dict:
    """The options of ``game`` present in a POST (empty values left to the engine's defaults)."""
    options = {}
    for name, _label, _values in OPTION_FIELDS.get(game, []):
        raw = data.get(f"{game}-{name}", data.get(name))
        if raw not in (None, ""):
            options[name] = parse_value(raw)
    return options
