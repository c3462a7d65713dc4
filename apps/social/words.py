"""Words the social pages' scripts need, in the current language (rendered with json_script)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def page_words() -> dict:
    """Labels for the live parts of the friends and watch pages and the header's toast."""
    return {
        "online": _("в сети"),
        "offline": _("не в сети"),
        "plays": _("играет"),
        "watches": _("смотрит"),
        "table": _("стол"),
        "private_table": _("закрытый стол"),
        "invites": _("зовёт вас за стол"),
        "accept": _("Принять"),
        "decline": _("Отклонить"),
        "invitations": _("Приглашения"),
        "spectators": _("Зрители"),
        "replay": _("Запись партии"),
        "no_tables": _("Сейчас никто не играет за открытыми столами."),
        "cards": _("карт на руках"),
        "featured": _("Пока людей за открытыми столами нет, играют сильные боты"),
        "wants_friends": _("хочет дружить с вами"),
        # quick play seated the person (static/js/notices.js)
        "quick_seated_title": _("Игра найдена!"),
        "quick_seated_hint": _("Партия уже идёт: откройте стол в течение 20 секунд, иначе она прервётся."),
        "quick_seated_open": _("К столу"),
        # a tournament seated the person, or a friend asks him into a pair (apps.tournaments)
        "tournament_seated_title": _("Турнир: ваш стол готов"),
        "tournament_pair_title": _("Вас зовут в пару на турнир"),
        "tournament_pair_open": _("Посмотреть"),
    }
