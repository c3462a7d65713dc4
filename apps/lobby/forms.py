"""The options a table's owner may choose, as the lobby page offers them (docs/rules.md names).

Parsing only: values are checked by the rules engine's ``normalize_options`` in the services.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext_lazy as _

from apps.core.labels import BOT_LEVELS as LEVEL_NAMES
from apps.core.labels import GAME_NAMES, GAME_ORDER, display_name, game_name
from apps.rules.seating import DURAK_DEFAULT_SEATS, DURAK_SEAT_COUNTS
from apps.tables.models import BOT_LEVELS

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

GAMES = [(code, GAME_NAMES[code]) for code in GAME_ORDER]

#: game -> [(option, label, [values])]; the first value is shown first, not a default.
OPTION_FIELDS: dict[str, list[tuple[str, StrOrPromise, list]]] = {
    "bazar_blot": [
        ("players", _("Игроков"), [4, 2]),
        ("target", _("Партия до"), ["", 51, 101, 301]),
        ("move_time", _("Время на ход, с"), [20, 15, 30]),
        ("no_trump", _("Бескозырка"), [True, False]),
        ("combos", _("Комбинации"), ["all", "no_carre_hundred", "none"]),
        ("auto_declare", _("Объявлять автоматически"), [False, True]),
        ("ruleset", _("Правила"), ["classic", "gambler"]),
        # Gambler only (docs/rules.md "Variants beyond the seeds"); the engine refuses it elsewhere.
        ("solo_capot", _("Капо на 1 руке"), [False, True]),
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
        ("deck", _("Колода"), [36, 24, 52]),
        ("throw", _("Подкидывают"), ["all", "neighbors"]),
    ],
}

#: game -> [(field, label, [values])]: choices of the table itself, not options of the game
#: (Durak's seats: 2..6, four as in seed 001 preselected, TABLE_DEFAULTS).
TABLE_FIELDS: dict[str, list[tuple[str, StrOrPromise, list]]] = {
    "durak": [("seats", _("Мест за столом"), list(DURAK_SEAT_COUNTS))],
}
#: The value of a table field a new table's form shows selected.
TABLE_DEFAULTS: dict[str, dict] = {"durak": {"seats": DURAK_DEFAULT_SEATS}}


#: Options a new table's form keeps under «Ещё настройки»: the defaults suit most tables, so
#: the form shows the game's main choices on one phone screen.
MORE_OPTIONS = frozenset(
    {"move_time", "no_trump", "combos", "auto_declare", "theme", "parties", "throw", "solo_capot"}
)


#: How a value of an option reads in a form; values not listed read as themselves (numbers).
VALUE_LABELS: dict[object, StrOrPromise] = {
    "": _("по умолчанию"),
    True: _("да"),
    False: _("нет"),
    "all": _("все"),
    "neighbors": _("соседи"),
    "no_carre_hundred": _("без каре и сотни"),
    "none": _("без комбинаций"),
    "classic": _("классические"),
    "gambler": _("Gambler (Базар-белот)"),
    "club": _("клуб"),
    "yard": _("двор"),
    "kitchen": _("кухня"),
}

#: «На рейтинг»: the values of the create form's select (see apps.tables.models.Table.rated).
RATED_CHOICES = [
    ("", _("на рейтинг, если играют только люди")),
    ("true", _("на рейтинг (боты — по их рейтингу)")),
    ("false", _("без рейтинга")),
]


def rated_from_post(data) -> bool | None:
    """The create form's «На рейтинг»: True, False or None (the default: only people)."""
    raw = data.get("rated", "")
    return True if raw == "true" else False if raw == "false" else None


#: A table's status as the lobby lists it.
STATUS_NAMES = {
    "waiting": _("ждёт игроков"),
    "playing": _("идёт игра"),
    "finished": _("окончен"),
}


def listing_words() -> dict:
    """Game and status names in the current language, for the lobby list's live updates."""
    return {
        "games": {code: str(name) for code, name in GAME_NAMES.items()},
        "statuses": {code: str(name) for code, name in STATUS_NAMES.items()},
        "empty": str(_("Пока нет открытых столов.")),
        "bot": str(_("Бот %(n)s")),
    }


def listing_row(table: dict) -> dict:
    """A row of :func:`apps.lobby.selectors.open_tables` with its game and status names added."""
    return {
        **table,
        "seats": shown_seats(table["seats"]),
        "game_name": game_name(table["game"]),
        "status_name": str(STATUS_NAMES.get(table["status"], table["status"])),
    }


def shown_seats(seats: list[dict]) -> list[dict]:
    """Seats with ``shown_name``: the name as the page shows it (bots' in the page's language);
    ``name`` stays as the socket sends it (the waiting page compares the two)."""
    return [
        {**s, "shown_name": display_name(s["name"], s.get("bot")) if s.get("name") else ""} for s in seats
    ]


def form_value(value: object) -> str:
    """The string a form posts for ``value`` (``parse_value`` reads it back)."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


def value_label(value: object) -> str:
    """How ``value`` of an option reads in the current language."""
    if isinstance(value, (bool, str)) and value in VALUE_LABELS:  # not 1 or 0: they equal True/False
        return str(VALUE_LABELS[value])
    return str(value)


def option_choices(
    game: str, current: dict | None = None, *, defaults: bool = True, table: bool = False
) -> list[dict]:
    """The option fields of ``game`` ready for a form: name, label and ``(value, text, selected)``
    choices and ``more`` (kept under «Ещё настройки», MORE_OPTIONS); ``current`` marks the selected
    values, ``defaults=False`` drops «по умолчанию», ``table=True`` adds the table's own fields
    (Durak's seats) for a new table."""
    current = {**(TABLE_DEFAULTS.get(game, {}) if table else {}), **(current or {})}
    fields = []
    for name, label, values in OPTION_FIELDS.get(game, []) + (TABLE_FIELDS.get(game, []) if table else []):
        choices = [
            (form_value(v), value_label(v), v != "" and _same(current.get(name), v))
            for v in values
            if defaults or v != ""
        ]
        fields.append({"name": name, "label": label, "choices": choices, "more": name in MORE_OPTIONS})
    fields.sort(key=lambda f: f["more"])  # stable: the main ones first, each group in its order
    more = [f for f in fields if f["more"]]
    if more:
        more[0]["first_more"] = True
    return fields


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


def level_choices() -> list[tuple[str, str]]:
    """Bot levels as ``(value, name)`` for a select, in the order easy, normal, hard."""
    return [(level, str(LEVEL_NAMES[level])) for level in BOT_LEVELS]


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


def seats_from_post(game: str, data) -> int | None:
    """The seat count a POST asks for (Durak: 2..6), or None for the game's default."""
    if game not in TABLE_FIELDS:
        return None
    raw = data.get(f"{game}-seats", data.get("seats"))
    value = parse_value(raw) if raw not in (None, "") else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def options_from_post(game: str, data) -> dict:
    """The options of ``game`` present in a POST (empty values left to the engine's defaults)."""
    options = {}
    for name, _label, _values in OPTION_FIELDS.get(game, []):
        raw = data.get(f"{game}-{name}", data.get(name))
        if raw not in (None, ""):
            options[name] = parse_value(raw)
    return options


class SeatActionForm(forms.Form):
    """The waiting table's seat buttons («Сесть», a bot's level): ``seat`` is None when it is not
    a seat number (the service is not called then: ``bad_seat``)."""

    seat = forms.IntegerField(required=False, min_value=0, max_value=99)
    level = forms.CharField(required=False, max_length=20)
