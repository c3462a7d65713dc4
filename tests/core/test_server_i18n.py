"""Every Russian string the server marks for translation has its English (the client's strings
are checked in tests/client/test_table_i18n.py)."""

from __future__ import annotations

import ast
from pathlib import Path

from django.utils import translation

ROOT = Path(__file__).resolve().parents[2]
MARKERS = {"_", "gettext", "gettext_lazy", "pgettext", "pgettext_lazy"}


def marked_strings() -> list[tuple[str, int, str | None, str]]:
    """(file, line, context, text) of each literal Russian string passed to a gettext marker in apps/."""
    found = []
    for path in sorted((ROOT / "apps").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in MARKERS or not node.args:
                continue
            text = node.args[-1] if node.func.id.startswith("pgettext") else node.args[0]
            if isinstance(text, ast.Constant) and isinstance(text.value, str) and not text.value.isascii():
                context = node.args[0].value if node.func.id.startswith("pgettext") else None
                found.append((str(path.relative_to(ROOT)), node.lineno, context, text.value))
    return found


def test_every_marked_server_string_has_an_english_translation() -> None:
    strings = marked_strings()
    assert len(strings) > 100  # the scan sees the site's strings
    missing = []
    with translation.override("en"):
        for where, line, context, text in strings:
            english = translation.pgettext(context, text) if context else translation.gettext(text)
            if english == text:
                missing.append(f"{where}:{line} {text}")
    advice = "no English: add it to the app's locale/en django.po, then compilemessages"
    assert missing == [], advice + ":\n" + "\n".join(missing)
