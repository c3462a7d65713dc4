"""Template context shared by every page."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# (key, label, URL names tried in order, needs a signed-in user). A link appears only once
# one of its names resolves, so "Мои результаты" shows up when the stats app names its page
# ``stats:my_results``, and the lobby link moves to ``lobby:home`` when that app exists.
NAVIGATION = [
    ("lobby", _("Лобби"), ["lobby:home", "home"], False),
    ("quick", _("Быстрая игра"), ["ratings:quick"], True),
    ("results", _("Мои результаты"), ["stats:my_results"], True),
    ("watch", _("Смотреть"), ["social:watch"], True),
    ("tournaments", _("Турниры"), ["tournaments:index"], False),
    ("duplicates", _("Дубль"), ["duplicates:index"], False),
    ("friends", _("Друзья"), ["social:friends"], True),
    ("ratings", _("Рейтинги"), ["ratings:index"], False),
]


def _first_url(names: list[str]) -> str | None:
    for name in names:
        try:
            return reverse(name)
        except NoReverseMatch:
            continue
    return None


def site_navigation(request: HttpRequest) -> dict[str, list[dict[str, StrOrPromise]]]:
    """Return ``nav_links``: the header's main links (key, label, url) this user may see."""
    signed_in = bool(getattr(request, "user", None) and request.user.is_authenticated)
    links: list[dict[str, StrOrPromise]] = []
    for key, label, names, needs_user in NAVIGATION:
        if needs_user and not signed_in:
            continue
        url = _first_url(names)
        if url is not None:
            links.append({"key": key, "label": label, "url": url})
    return {"nav_links": links}
