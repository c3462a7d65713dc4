"""What a notification says: a title, a body, the page it opens and a tag (a newer one with
the same tag replaces the older on the device).

A payload carries nothing else and nothing hidden (docs/security.md): names the recipient may
see anyway, the game's name, a path on this site. Never cards, never an invite code: the
invitation to a private table opens the friends page, where «Принять» lets him in.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from apps.core.labels import game_name
from apps.ratings.labels import mode_name
from apps.tables.models import Table
from apps.tables.selectors import user_name
from apps.tournaments.models import Tournament

from . import kinds

#: The only keys a payload has (the service worker reads no others).
PAYLOAD_KEYS = ("title", "body", "url", "tag")


def build(kind: str, params: dict, language: str) -> dict | None:
    """The payload of a ``kind`` notification in ``language``; None when what it is about is
    gone (the table deleted, the user removed)."""
    with translation.override(language):
        payload = _BUILDERS[kind](params)
    if payload is None:
        return None
    return {key: str(payload[key]) for key in PAYLOAD_KEYS}


def _user(user_id):
    return get_user_model().objects.filter(pk=user_id).first()


def _table(table_id):
    return Table.objects.filter(pk=table_id).first()


def _event(tournament_id: int | str | None) -> Tournament | None:
    return None if tournament_id is None else Tournament.objects.filter(pk=tournament_id).first()


def _invitation(params: dict) -> dict | None:
    table, host = _table(params.get("table_id")), _user(params.get("from_user_id"))
    if table is None or host is None:
        return None
    url = reverse("social:friends") if table.private else reverse("lobby:table", args=[table.pk])
    return {
        "title": _("Приглашение за стол"),
        "body": _("%(name)s зовёт вас играть: %(game)s")
        % {"name": user_name(host), "game": game_name(table.game)},
        "url": url,
        "tag": f"invitation-{table.pk}",
    }


def _friend_accepted(params: dict) -> dict | None:
    friend = _user(params.get("friend_id"))
    if friend is None:
        return None
    return {
        "title": _("Новый друг"),
        "body": _("%(name)s принял(а) вашу заявку в друзья") % {"name": user_name(friend)},
        "url": reverse("social:friends"),
        "tag": f"friend-{friend.pk}",
    }


def _your_turn(params: dict) -> dict | None:
    table = _table(params.get("table_id"))
    if table is None:
        return None
    return {
        "title": _("Ваш ход"),
        "body": _("%(game)s: стол ждёт вас") % {"game": game_name(table.game)},
        "url": reverse("lobby:table", args=[table.pk]),
        "tag": f"turn-{table.pk}",
    }


def _rematch(params: dict) -> dict | None:
    table, by = _table(params.get("table_id")), _user(params.get("by_user_id"))
    if table is None or by is None:
        return None
    return {
        "title": _("Ещё партию?"),
        "body": _("%(name)s предлагает сыграть ещё партию: %(game)s")
        % {"name": user_name(by), "game": game_name(table.game)},
        "url": reverse("lobby:table", args=[table.pk]),
        "tag": f"rematch-{table.pk}",
    }


def _tournament(params: dict) -> dict | None:
    table = _table(params.get("table_id"))
    event = _event(params.get("tournament_id"))
    if table is None or event is None:
        return None
    return {
        "title": _("Турнир: ваш стол готов"),
        "body": _("%(name)s: %(game)s, партия началась")
        % {"name": event.name, "game": game_name(table.game)},
        "url": reverse("lobby:table", args=[table.pk]),
        "tag": f"tournament-{table.pk}",
    }


def _quick_seated(params: dict) -> dict | None:
    table = _table(params.get("table_id"))
    if table is None:
        return None
    return {
        "title": _("Игра найдена!"),
        "body": _("%(game)s: партия уже идёт, откройте стол в течение 20 секунд")
        % {"game": game_name(table.game)},
        "url": reverse("lobby:table", args=[table.pk]),
        "tag": f"quick-{table.pk}",
    }


def _tournament_soon(params: dict) -> dict | None:
    event = _event(params.get("tournament_id"))
    if event is None or event.status != Tournament.Status.REGISTRATION:
        return None
    return {
        "title": _("Турнир начнётся через 2 минуты"),
        "body": _("%(name)s: %(game)s") % {"name": event.name, "game": mode_name(event.mode)},
        "url": reverse("tournaments:detail", args=[event.pk]),
        "tag": f"tournament-soon-{event.pk}",
    }


def _daily_duplicate(params: dict) -> dict:
    return {
        "title": _("«Дубль дня» открыт"),
        "body": _("Сегодняшние раздачи ждут вас: сыграйте их в любое время до полуночи по Москве."),
        "url": reverse("duplicates:index"),
        "tag": f"daily-duplicate-{params.get('day', '')}",
    }


def _test(params: dict) -> dict:
    return {
        "title": _("Карточки"),
        "body": _("Уведомления работают: так мы позовём вас за стол."),
        "url": reverse("accounts:profile"),
        "tag": "test",
    }


_BUILDERS = {
    kinds.INVITATION: _invitation,
    kinds.FRIEND_ACCEPTED: _friend_accepted,
    kinds.YOUR_TURN: _your_turn,
    kinds.REMATCH: _rematch,
    kinds.TOURNAMENT: _tournament,
    kinds.QUICK_SEATED: _quick_seated,
    kinds.TOURNAMENT_SOON: _tournament_soon,
    kinds.DAILY_DUPLICATE: _daily_duplicate,
    kinds.TEST: _test,
}
