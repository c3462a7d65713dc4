"""What a display name may be (docs/security.md): others read it at their tables, so it
must not pass for somebody else.

- Its characters are those :mod:`apps.accounts.text` allows (no control, bidi or zero-width
  characters; runs of whitespace become one space), with at least one letter or digit.
- It is nobody else's username or display name, compared by :func:`name_key`: case-insensitively,
  after Unicode compatibility folding (full-width letters, ligatures) and with the Cyrillic and
  Greek letters that look like Latin ones read as those («Оля» in Latin «O» is «Оля»).
- It is not a bot's name in any of the site's languages («Бот 2», «Bot 2», «бот», «B o t 7»):
  the name comes from :func:`apps.rules.seating.bot_names`, its translations from the catalogs.

The keys are stored on the user (``username_key``, ``display_key``, indexed) by
:meth:`apps.accounts.models.User.save`, so a check is one indexed query.

>>> name_key("  ОЛЯ\\u00a0 Petrova ") == name_key("оля petrova")
True
>>> name_key("Оля") == name_key("Oля")  # Cyrillic О and Latin O
True
>>> is_bot_name("Бот 2"), is_bot_name("B0T"), is_bot_name("Botanik")
(True, False, False)
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from apps.rules.seating import bot_names

from .text import folded, refused_characters

#: Letters of other scripts read as the Latin letter they look like (lower case, after NFKC).
LOOKALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "ё": "e", "з": "3", "і": "i", "ї": "i", "ј": "j", "к": "k",
        "м": "m", "н": "h", "о": "o", "п": "n", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x",
        "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l",
        # Greek
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
        "τ": "t", "υ": "u", "χ": "x",
    }
)  # fmt: skip

MESSAGES = {
    "bad_characters": _("В имени есть управляющие или невидимые символы (%(codes)s): уберите их."),
    "no_letters": _("В имени должна быть хотя бы одна буква или цифра."),
    "bot_name": _("Так за столом зовут ботов: выберите другое имя."),
    "name_taken": _("Это имя уже занято другим игроком: выберите другое."),
}


def name_key(name: str) -> str:
    """The form two names are compared in: NFKC, case-folded, whitespace folded, lookalike
    letters read as Latin ones. Equal keys: the names would pass for each other."""
    text = unicodedata.normalize("NFKC", name or "").casefold()
    return folded(text).translate(LOOKALIKES)


def _compact(key: str) -> str:
    """Only the letters and digits of a key (``b o-t_7`` → ``bot7``)."""
    return "".join(char for char in key if char.isalnum())


@lru_cache(maxsize=1)
def _bot_words() -> tuple[str, ...]:
    """The compact keys of a bot's name without its number, in each of the site's languages."""
    stored = bot_names([1], [0], 2)[1]  # «Бот 1»: the one place bots are named
    template = stored.replace("1", "%(n)s")  # the catalog's msgid, «Бот %(n)s»
    words = {_compact(name_key(template.replace("%(n)s", "")))}
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            words.add(_compact(name_key(gettext(template).replace("%(n)s", ""))))
    return tuple(sorted(w for w in words if w))


def is_bot_name(name: str) -> bool:
    """Whether ``name`` reads as a bot's name in any language: the bot word alone or with a
    number, whatever the spacing, case or lookalike letters («Бот 2», «bot», «B-O-T 12»)."""
    compact = _compact(name_key(name))
    return any(re.fullmatch(re.escape(word) + r"\d*", compact) for word in _bot_words())


def display_name_checked(name: str, *, user_id: int | None) -> str:
    """``name`` as it will be stored (whitespace folded), or :class:`ValidationError` with one of
    :data:`MESSAGES`' codes. Empty is allowed: the username is shown then. ``user_id``: the user
    whose name it is (his own username and display name do not count as taken)."""
    name = folded(name or "")
    if not name:
        return name
    refused = refused_characters(name)
    if refused:
        codes = {"codes": ", ".join(refused)}
        raise ValidationError(MESSAGES["bad_characters"], code="bad_characters", params=codes)
    if not any(char.isalnum() for char in name):
        raise ValidationError(MESSAGES["no_letters"], code="no_letters")
    if is_bot_name(name):
        raise ValidationError(MESSAGES["bot_name"], code="bot_name")
    if name_taken(name, user_id=user_id):
        raise ValidationError(MESSAGES["name_taken"], code="name_taken")
    return name


def name_taken(name: str, *, user_id: int | None) -> bool:
    """Whether another user's username or display name has the key of ``name``."""
    from django.contrib.auth import get_user_model
    from django.db.models import Q

    key = name_key(name)
    if not key:
        return False
    others = get_user_model().objects.filter(Q(username_key=key) | Q(display_key=key))
    if user_id is not None:
        others = others.exclude(pk=user_id)
    return others.exists()
