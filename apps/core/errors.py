"""Refusals of the site's services: a stable code and a message in the user's language (the JSON API
maps them to 400/403/404/409, the sockets to an `error` frame)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import dateformat, timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

#: code -> message (translated when rendered). Engine codes not listed fall back to ``illegal``.
MESSAGES = {
    "stale": _("Стол уже изменился: вот текущее положение."),
    "not_your_turn": _("Сейчас не ваш ход."),
    "illegal": _("Так ходить сейчас нельзя."),
    "not_seated": _("Вы не сидите за этим столом."),
    "not_your_seat": _("Ходить можно только за своё место."),
    "bad_message": _("Сообщение не понято."),
    "rate_limited": _("Слишком много сообщений, помедленнее."),
    "too_many_sockets": _("Слишком много открытых вкладок: закройте лишние."),
    "login_locked": _("Слишком много неудачных попыток входа. Попробуйте позже."),
    "not_found": _("Нет такого стола или партии."),
    "no_match": _("Партия ещё не началась."),
    "not_gone": _("Соперник ещё может вернуться: победу засчитать пока нельзя."),
    "match_over": _("Партия окончена."),
    "system_only": _("Это действие делает только сервер."),
    "seat_taken": _("Это место занято."),
    "bad_seat": _("Такого места нет."),
    "already_started": _("Партия уже началась."),
    "not_owner": _("Это может только хозяин стола."),
    "invalid_options": _("Такие настройки недопустимы."),
    "no_person": _("За столом должен сидеть хотя бы один человек."),
    "too_many_bots": _("Ботов за столом не больше трёх."),
    "too_many_tables": _(
        "У вас уже есть столы, которые ждут игроков: больше открыть нельзя. Дождитесь начала партии "
        "или встаньте из-за одного из них."
    ),
    "bad_level": _("Неизвестный уровень бота."),
    "teams_need_four": _("Пара на пару — только когда заняты все четыре места."),
    "teams_four_people": _("Пара на пару играют вчетвером."),
    "deck_24_four_players": _("Колодой в 24 карты играют не больше четырёх человек."),
    "not_invited": _("За этот стол садятся только по приглашению."),
    "not_private": _("Ссылка-приглашение бывает только у закрытого стола."),
    "no_rematch": _("Ещё партию можно предложить, когда эта окончена."),
    "chat_off": _("Во время партии игрокам — только готовые фразы."),
    "chat_too_long": _("Сообщение длиннее 200 знаков."),
    "bad_characters": _("В тексте есть управляющие или невидимые символы: уберите их."),
    "chat_muted": _("Вам запрещено писать в чат."),
    "blocked": _("Нельзя: один из вас заблокировал другого."),
    "playban": _("Вы временно не можете играть на рейтинг и в быструю игру: слишком много брошенных партий."),
    "playban_seated": _(
        "Партия на рейтинг не начнётся: один из игроков временно отстранён от рейтинговых партий."
    ),
    "bad_mode": _("Нет такого режима."),
    "in_match": _("Сначала доиграйте начатую партию."),
    "bad_client_seed": _("Ваше зерно — от 1 до 64 латинских букв, цифр и знаков ASCII, без «:» и «|»."),
    "client_seed_closed": _("Партия уже началась: зерно теперь не изменить."),
}


class Refused(Exception):
    """A request the services refused; nothing changed.

    ``code`` is stable (clients and tests key on it); ``engine_code`` is the rules engine's own
    code for an illegal action (``must_follow_suit`` ...); ``errors`` maps option fields to reasons.
    An app with codes of its own subclasses it with ``messages`` (code -> lazy message), looked
    up before the shared :data:`MESSAGES`.
    """

    messages: dict = {}

    def __init__(
        self, code: str, *, engine_code: str | None = None, errors: dict | None = None, detail: str = ""
    ) -> None:
        super().__init__(f"{code}: {engine_code or detail}" if (engine_code or detail) else code)
        self.code = code
        self.engine_code = engine_code
        self.errors = errors or {}
        self.detail = detail

    def message(self) -> str:
        """The message in the active language."""
        text = self.messages.get(self.code) or MESSAGES.get(self.code) or MESSAGES["illegal"]
        if self.code == "playban" and isinstance(self.errors.get("ends_at"), str):
            return playban_text(self.errors["ends_at"], str(self.errors.get("reason") or ""))
        if self.errors:
            return f"{text!s} " + "; ".join(f"{k}: {v}" for k, v in self.errors.items())
        return str(text)

    def as_dict(self) -> dict:
        """``{"code", "message"}`` plus ``rule`` (the engine's code) and ``errors`` when present."""
        data: dict[str, Any] = {"code": self.code, "message": self.message()}
        if self.engine_code:
            data["rule"] = self.engine_code
        if self.errors:
            data["errors"] = self.errors
        return data


def playban_text(ends_at: str, reason: str) -> str:
    """A playban refusal for people: why, until when (local time with its time zone) and what
    to do meanwhile, instead of the raw ``ends_at: …`` fields."""
    try:
        end = dateformat.format(timezone.localtime(datetime.fromisoformat(ends_at)), "d.m.Y H:i T")
    except ValueError:
        end = ends_at
    return gettext(
        "Вы временно не можете играть на рейтинг и в быструю игру: %(reason)s. Запрет до %(end)s. "
        "Пока можно играть без рейтинга: при создании стола выберите «без рейтинга»."
    ) % {"reason": reason.rstrip(".") or gettext("слишком много брошенных партий"), "end": end}
