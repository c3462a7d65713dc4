"""Words many pages show: game names, the mode of a match from its options, card codes, bot levels."""

from __future__ import annotations

import json
import re
from functools import lru_cache

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

GAME_NAMES = {
    "bazar_blot": gettext_lazy("Базар-блот"),
    "blot": gettext_lazy("Обычный блот"),
    "deberc": gettext_lazy("Деберц"),
    "durak": gettext_lazy("Дурак"),
}

#: Display order of the games in the per-game header.
GAME_ORDER = ("bazar_blot", "blot", "deberc", "durak")

BOT_LEVELS = {
    "easy": gettext_lazy("лёгкий"),
    "normal": gettext_lazy("обычный"),
    "hard": gettext_lazy("сложный"),
}


def game_name(game: str) -> str:
    """The game's name in the current language (the code itself for an unknown game)."""
    return str(GAME_NAMES.get(game, game))


def mode_label(game: str, options: dict) -> str:
    """A short description of the match's mode, e.g. «4 игрока · до 101» or «переводной · шулер»."""
    return _mode_label(get_language() or "", game, json.dumps(options or {}, sort_keys=True))


@lru_cache(maxsize=512)
def _mode_label(language: str, game: str, options_json: str) -> str:
    """:func:`mode_label` per language and options (a page lists many games of a few modes)."""
    options = json.loads(options_json)
    parts: list[str] = []
    if game == "bazar_blot":
        if options.get("ruleset") == "gambler":
            parts.append(_("Базар-белот"))
        parts.append(_("%(n)s игрока") % {"n": options.get("players", 4)})
        parts.append(_("до %(t)s") % {"t": options.get("target", "")})
        if options.get("solo_capot"):
            parts.append(_("капо на 1 руке"))
    elif game == "blot":
        parts.append(_("до %(t)s") % {"t": options.get("target", "")})
        if options.get("parties", 1) > 1:
            parts.append(_("%(p)s партий") % {"p": options["parties"]})
    elif game == "deberc":
        if options.get("teams"):
            parts.append(_("2 на 2"))
        else:
            parts.append(_("%(n)s игрока") % {"n": options.get("players", 2)})
        parts.append(_("до %(t)s") % {"t": options.get("target", "")})
    elif game == "durak":
        parts.append(_("переводной") if options.get("transfer") else _("подкидной"))
        if options.get("teams"):
            parts.append(_("пара на пару"))
        if options.get("cheating"):
            parts.append(_("шулер"))
        if options.get("deck", 36) != 36:
            parts.append(_("%(n)s карт") % {"n": options["deck"]})
        if options.get("throw") == "neighbors":
            parts.append(_("подкидывают соседи"))
    return " · ".join(str(p) for p in parts)


_STORED_BOT_NAME = re.compile(r"^Бот (\d+)$")


def display_name(name: str | None, bot: str | None) -> str:
    """A seat's name as a page shows it: a bot's stored «Бот N» (the seeds' name, kept as such in
    views, records and exports) in the page's language; anyone else's name as it is."""
    found = _STORED_BOT_NAME.match(name or "") if bot else None
    if found:
        return _("Бот %(n)s") % {"n": found.group(1)}
    return name or "?"


def participant_label(entry: dict) -> str:
    """«Имя» for a person, «Бот 2 (сложный)» for a bot."""
    bot = entry.get("bot")
    name = display_name(entry.get("name"), bot)
    return f"{name} ({BOT_LEVELS.get(bot, bot)})" if bot else name


OUTCOMES = {
    "win": gettext_lazy("Победа"),
    "loss": gettext_lazy("Поражение"),
    "draw": gettext_lazy("Ничья"),
    "fool": gettext_lazy("Дурак"),
    "void": gettext_lazy("Партия прервана"),
}

#: How a match ended, when it is worth saying next to the outcome.
ENDINGS = {
    "deberc": gettext_lazy("деберц"),
    "surrender": gettext_lazy("сдача"),
    "leave": gettext_lazy("выход из-за стола"),
    "disconnect": gettext_lazy("обрыв связи"),
    "aborted": gettext_lazy("прервана"),
    "no_show": gettext_lazy("игрок не пришёл"),
}

REASONS = {
    "target": gettext_lazy("до цели"),
    "deals": gettext_lazy("все сдачи дубля сыграны"),
    "fool": gettext_lazy("дурак"),
    "draw": gettext_lazy("ничья"),
    **ENDINGS,
}


def outcome_text(outcome: str) -> str:
    return str(OUTCOMES.get(outcome, outcome))


def ending_text(ending: str) -> str:
    """The words for how a match ended, or "" for an ordinary end (target, fool, draw)."""
    return str(ENDINGS.get(ending, ""))


def reason_text(reason: str | None) -> str:
    return str(REASONS.get(reason or "aborted", reason or ""))
