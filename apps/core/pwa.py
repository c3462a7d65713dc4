"""The installable site (docs/decisions-push.md): what the web manifest and the service worker say.

Views render these (``apps.core.views``); nothing here reads a request. Static URLs go through
``static()`` so production's hashed names (``config.storage.StaticStorage``) are the ones
cached and listed.
"""

from __future__ import annotations

import hashlib
from functools import cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

#: The table's felt (``--felt`` of static/css/site.css): the standalone window's bars and splash.
THEME_COLOUR = "#1b4332"

#: ``(file under static/, pixel size, purpose)`` of the manifest's icons (scripts/make_icons.py).
ICONS = [
    ("img/icons/icon-192.png", 192, "any"),
    ("img/icons/icon-512.png", 512, "any"),
    ("img/icons/icon-maskable-512.png", 512, "maskable"),
]

#: What the service worker keeps for the network's absence: the look of every page and its icons.
SHELL_STATIC = [
    "css/site.css",
    "css/social.css",
    "img/favicon.svg",
    "js/pwa.js",
    "js/offline.js",
    *(path for path, _size, _purpose in ICONS),
]


def manifest(language: str) -> dict:
    """The web manifest in ``language`` (one of ``LANGUAGES``): name «Карточки», the felt's
    colours, standalone display, the lobby as start URL and the «Быстрая игра» shortcut.
    ``id`` is the scope, so both languages' manifests describe one installed app."""
    with translation.override(language):
        return {
            "id": "/",
            "name": _("Карточки"),
            "short_name": _("Карточки"),
            "description": _("Карточки — Базар-блот, Обычный блот, Деберц и Дурак онлайн."),
            "lang": language,
            "dir": "ltr",
            "start_url": reverse("lobby:home"),
            "scope": "/",
            "display": "standalone",
            "orientation": "any",
            "background_color": THEME_COLOUR,
            "theme_color": THEME_COLOUR,
            "categories": ["games", "entertainment"],
            "icons": [
                {"src": static(path), "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
                for path, size, purpose in ICONS
            ],
            "shortcuts": [
                {
                    "name": _("Быстрая игра"),
                    "short_name": _("Быстрая игра"),
                    "url": reverse("ratings:quick"),
                    "icons": [{"src": static(ICONS[0][0]), "sizes": "192x192", "type": "image/png"}],
                }
            ],
        }


def offline_urls() -> list[str]:
    """The offline page of each language (the service worker keeps them all)."""
    return [reverse("offline", kwargs={"lang": code}) for code, _name in settings.LANGUAGES]


def shell_urls() -> list[str]:
    """Every URL the service worker caches when it installs."""
    return [*(static(path) for path in SHELL_STATIC), *offline_urls()]


def shell_version() -> str:
    """Changes whenever a shell URL does (a new deploy's hashed names, a new offline page): the
    service worker's cache name, so a new worker replaces the old cache."""
    digest = hashlib.sha256("\n".join(shell_urls()).encode())
    digest.update(_shell_sources())
    return digest.hexdigest()[:12]


@cache
def _shell_sources() -> bytes:
    """The contents of the shell's files this process serves (their names do not change in the
    embedded default, where nothing is hashed): read once per process."""
    parts = []
    for path in SHELL_STATIC:
        found = finders.find(path)
        if found:
            with open(found, "rb") as handle:
                parts.append(hashlib.sha256(handle.read()).digest())
    return b"".join(parts)


@cache
def favicon_bytes() -> bytes:
    """``favicon.ico`` (static/favicon.ico; in production the collected copy)."""
    found = finders.find("favicon.ico")
    if found:
        with open(found, "rb") as handle:
            return handle.read()
    with staticfiles_storage.open("favicon.ico") as handle:
        return handle.read()
