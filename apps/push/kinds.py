"""The kinds of push notification: what each is called on the profile page, how long a push
service keeps it for an offline device (TTL) and how urgently it wakes one (RFC 8030).

``later`` kinds are stored and shown (greyed, «позже») but nothing sends them yet. «Дубль дня»
is opt-in (off by default) and sent once a day when the day's sets open (apps.duplicates).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Kind:
    code: str
    label: Promise
    ttl: int  # seconds
    urgency: str  # "very-low" | "low" | "normal" | "high"
    default_on: bool = True
    later: bool = False


INVITATION = "invitation"
FRIEND_ACCEPTED = "friend_accepted"
YOUR_TURN = "your_turn"
REMATCH = "rematch"
TOURNAMENT = "tournament"
#: Quick play seated the person and the match runs: he has 20 s to open it (apps.tables.no_show).
QUICK_SEATED = "quick_seated"
TOURNAMENT_SOON = "tournament_soon"
DAILY_DUPLICATE = "daily_duplicate"
#: «Проверить»: the profile page's test notification (no preference turns it off).
TEST = "test"

KINDS: dict[str, Kind] = {
    k.code: k
    for k in (
        Kind(INVITATION, _("Приглашение за стол"), ttl=10 * 60, urgency="high"),
        Kind(FRIEND_ACCEPTED, _("Заявка в друзья принята"), ttl=24 * 3600, urgency="low"),
        Kind(YOUR_TURN, _("Ваш ход, когда вас нет за столом"), ttl=2 * 60, urgency="high"),
        Kind(REMATCH, _("Предложение сыграть ещё партию"), ttl=3 * 60, urgency="normal"),
        Kind(TOURNAMENT, _("Турнир: ваш стол готов"), ttl=5 * 60, urgency="high"),
        Kind(QUICK_SEATED, _("Быстрая игра: соперники найдены"), ttl=20, urgency="high"),
        Kind(TOURNAMENT_SOON, _("Турнир начнётся через 2 минуты"), ttl=2 * 60, urgency="high"),
        Kind(
            DAILY_DUPLICATE,
            _("«Дубль дня» открыт"),
            ttl=12 * 3600,
            urgency="low",
            default_on=False,
        ),
    )
}
TEST_KIND = Kind(TEST, _("Проверка"), ttl=60, urgency="normal")


def kind(code: str) -> Kind:
    """The kind named ``code`` (the test kind too); KeyError for an unknown one."""
    return TEST_KIND if code == TEST else KINDS[code]
