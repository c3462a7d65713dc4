"""A short name for the device a subscription came from, from its ``User-Agent``
(«Chrome · Android»), so that the profile's list tells one phone from another computer."""

from __future__ import annotations

import re

_BROWSERS = [
    ("Edge", r"Edg(e|A|iOS)?/"),
    ("Opera", r"OPR/|Opera"),
    ("Samsung Internet", r"SamsungBrowser/"),
    ("Yandex", r"YaBrowser/"),
    ("Firefox", r"Firefox/|FxiOS/"),
    ("Chrome", r"Chrome/|CriOS/|HeadlessChrome/"),
    ("Safari", r"Safari/"),
]
_SYSTEMS = [
    ("Android", r"Android"),
    ("iOS", r"iPhone|iPad|iPod"),
    ("Windows", r"Windows"),
    ("macOS", r"Mac OS X|Macintosh"),
    ("ChromeOS", r"CrOS"),
    ("Linux", r"Linux"),
]


def label(user_agent: str) -> str:
    """«Browser · System» (either may be missing; nothing known: "")."""
    browser = next((name for name, pattern in _BROWSERS if re.search(pattern, user_agent or "")), "")
    system = next((name for name, pattern in _SYSTEMS if re.search(pattern, user_agent or "")), "")
    return " · ".join(part for part in (browser, system) if part)
