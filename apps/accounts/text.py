"""The characters people may write where others read them: display names and chat text.

Other players read names and chat messages, so neither may carry characters that change how the
text around them is shown or hide what it says (docs/security.md):

- control characters (``Cc``: NUL, escapes, …) and format characters (``Cf``: the bidi marks,
  overrides and isolates that reorder text, the zero-width space and joiners, the word joiner,
  the BOM, the soft hyphen, tag characters);
- surrogates, private-use and unassigned code points (``Cs``, ``Co``, ``Cn``);
- characters that are letters or symbols to Unicode yet show as nothing (:data:`INVISIBLE`:
  the Hangul fillers, the braille blank, the combining grapheme joiner).

Whitespace of any kind (line breaks, tabs, no-break and wide spaces) is not refused: it is
folded into single spaces (:func:`folded`). Chat alone keeps the zero-width joiner *inside an
emoji sequence* (👨‍👩‍👧 is three emoji joined by it); a name takes none.

>>> refused_characters("Оля")
[]
>>> refused_characters("a\\u202eb\\u200bc\\x00")
['U+202E', 'U+200B', 'U+0000']
>>> refused_characters("👨\\u200d👩"), refused_characters("👨\\u200d👩", emoji_joiner=True)
(['U+200D'], [])
>>> folded("  a\\n\\tb\\u00a0 c ")
'a b c'
"""

from __future__ import annotations

import unicodedata

#: Refused Unicode categories: control, format, surrogate, private use, unassigned.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})

#: Characters that Unicode calls letters, marks or symbols but that show as blank space.
INVISIBLE = frozenset(
    {
        "\u034f",  # combining grapheme joiner
        "\u115f",  # Hangul choseong filler
        "\u1160",  # Hangul jungseong filler
        "\u17b4",  # Khmer vowel inherent aq
        "\u17b5",  # Khmer vowel inherent aa
        "\u2800",  # braille pattern blank
        "\u3164",  # Hangul filler
        "\uffa0",  # halfwidth Hangul filler
    }
)

ZERO_WIDTH_JOINER = "\u200d"


def folded(text: str) -> str:
    """``text`` with every run of whitespace (any kind) as one space, none at either end."""
    return " ".join(text.split())


def _is_emoji(char: str) -> bool:
    """Whether ``char`` can take part in an emoji sequence (a pictograph, a modifier, the
    variation selector 16 or a keycap mark)."""
    if char in ("\ufe0f", "\u20e3"):
        return True
    category = unicodedata.category(char)
    return category == "So" or (category == "Sk" and "\U0001f3fb" <= char <= "\U0001f3ff")


def _joins_emoji(text: str, index: int) -> bool:
    """Whether the zero-width joiner at ``index`` stands between two emoji."""
    return 0 < index < len(text) - 1 and _is_emoji(text[index - 1]) and _is_emoji(text[index + 1])


def refused_characters(text: str, *, emoji_joiner: bool = False) -> list[str]:
    """The code points of ``text`` that may not be written (as ``U+XXXX``, in order, each once).

    ``emoji_joiner``: a zero-width joiner between two emoji is allowed (chat)."""
    found: list[str] = []
    for index, char in enumerate(text):
        if char == ZERO_WIDTH_JOINER and emoji_joiner and _joins_emoji(text, index):
            continue
        if char in INVISIBLE or unicodedata.category(char) in REFUSED_CATEGORIES:
            code = f"U+{ord(char):04X}"
            if code not in found:
                found.append(code)
    return found
