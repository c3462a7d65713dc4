"""The canned phrases of the table chat (the words of docs/rules.md), by stable code."""

from __future__ import annotations

from django.utils.translation import gettext_noop

#: code -> the phrase in Russian (stored and sent as ``text``; clients translate by ``phrase``).
PHRASES: dict[str, str] = {
    "hello": gettext_noop("Привет!"),
    "good_luck": gettext_noop("Удачи!"),
    "good_game": gettext_noop("Хорошая игра"),
    "thanks": gettext_noop("Спасибо за игру"),
    "oops": gettext_noop("Ой!"),
}
