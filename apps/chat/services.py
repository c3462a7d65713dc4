"""Every write of the table chat: post a message, mute someone for oneself, report a message;
staff hide messages and mute a user site-wide.

Who reads what (:func:`visible_to_players`): players' messages go to everybody at the table;
a spectator's message written while the match is played goes to the spectators only (it is
stored so, and stays so). Refusals raise :class:`apps.core.errors.Refused`: ``bad_message``,
``bad_characters`` (what :mod:`apps.accounts.text` refuses), ``chat_too_long``, ``chat_off``
(phrases only now), ``chat_muted``, ``rate_limited``.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from apps.accounts.text import folded, refused_characters
from apps.core.errors import Refused
from apps.core.rates import rate_take
from apps.protocol import encode
from apps.protocol.server import Chat, ChatHidden
from apps.rules.seating import is_team_game
from apps.social.selectors import blocks_of
from apps.tables import groups, publishing
from apps.tables.models import Seat, Table
from apps.tables.selectors import epoch_ms, shown_name

from .models import ChatMessage, ChatMute, ChatReport, SiteMute
from .phrases import PHRASES

#: Longest free text, in characters.
MAX_TEXT = 200
#: Messages sent to a socket when it connects.
HISTORY = 50
#: At most RATE_COUNT messages per RATE_SECONDS per user (all tables together).
RATE_COUNT = 5
RATE_SECONDS = 10


def message_post(*, table_id: int, user, text=None, phrase=None) -> ChatMessage:
    """``user`` writes ``text`` (free, up to 200 characters) or a canned ``phrase`` (its code) at
    the table; stored, then sent to every socket that may read it (after commit).

    Players write into the players' channel; anybody else into the spectators'. In team games
    free text between players is off while the match is played unless the table allows it
    (``chat_off``: phrases only); after the match it is free."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise Refused("not_found")
    words, code = _content(text, phrase)
    _check_not_muted(user)
    seat = Seat.objects.filter(table=table, user=user).values_list("number", flat=True).first()
    playing = table.status == Table.Status.PLAYING
    if (
        seat is not None
        and not code
        and playing
        and not table.chat_free
        and is_team_game(table.game, table.options)
    ):
        raise Refused("chat_off")
    _take_rate(user.pk)
    channel = ChatMessage.Channel.PLAYERS if seat is not None else ChatMessage.Channel.SPECTATORS
    message = ChatMessage.objects.create(
        table=table,
        user=user,
        seat=seat,
        name=shown_name(table.pk, user),  # the name the table shows him (frozen mid-match)
        channel=channel,
        text=words,
        phrase=code,
        spectators_only=seat is None and playing,
    )
    transaction.on_commit(lambda: _publish(message))
    return message


def message_frame(message: ChatMessage) -> Chat:
    """The ``chat`` frame of a message (docs/protocol.md, «Table chat»): ``id``, ``seat``,
    ``name``, ``user``, ``text``, ``phrase`` (code or null), ``channel``, ``t`` (epoch ms)."""
    return Chat(
        id=message.pk,
        seat=message.seat,
        name=message.name,
        user=message.user_id,
        text=message.text,
        phrase=message.phrase or None,
        channel=message.channel,
        t=epoch_ms(message.created_at),
    )


def visible_to_players(message: ChatMessage) -> bool:
    """Whether the table's players may read ``message`` (not a spectator's mid-match remark)."""
    return not message.spectators_only


def history(*, table_id: int, seated: bool, muted: set[int]) -> list[Chat]:
    """The last :data:`HISTORY` messages of the table this reader may see, oldest first: not
    hidden, not by someone he muted, and for a seated reader no spectators-only ones."""
    rows = ChatMessage.objects.filter(table_id=table_id, hidden=False)
    if seated:
        rows = rows.filter(spectators_only=False)
    if muted:
        rows = rows.exclude(user_id__in=muted)
    return [message_frame(m) for m in reversed(rows.order_by("-id")[:HISTORY])]


def muted_by(user_id: int) -> set[int]:
    """Users whose messages ``user_id`` does not see: those he muted, and those with a block
    between them either way (friends page: a block means no chat)."""
    mine = set(ChatMute.objects.filter(owner_id=user_id).values_list("muted_id", flat=True))
    return mine | blocks_of(user_id)


def mute_set(*, user, other_id, mute: bool = True) -> bool:
    """``user`` mutes (or unmutes) ``other_id`` for himself; returns ``mute``.
    ``bad_message`` for a user id that is not a number or is his own."""
    if not isinstance(other_id, int) or isinstance(other_id, bool) or other_id == user.pk:
        raise Refused("bad_message", detail="mute needs another user's id")
    if mute:
        from django.contrib.auth import get_user_model

        if not get_user_model().objects.filter(pk=other_id).exists():
            raise Refused("not_found")
        ChatMute.objects.get_or_create(owner=user, muted_id=other_id)
    else:
        ChatMute.objects.filter(owner=user, muted_id=other_id).delete()
    return bool(mute)


def report(*, user, table_id: int, message_id, reason: str = ChatReport.Reason.OTHER) -> ChatReport:
    """``user`` reports a message of this table for ``reason`` (a :class:`ChatReport.Reason`):
    it joins the moderators' queue once per reporter (a second report updates the reason).
    ``bad_message`` for an id that is not a number or an unknown reason."""
    if not isinstance(message_id, int) or isinstance(message_id, bool):
        raise Refused("bad_message", detail="report needs a message id")
    if reason not in ChatReport.Reason.values:
        raise Refused("bad_message", detail="reason is one of " + ", ".join(ChatReport.Reason.values))
    message = ChatMessage.objects.filter(pk=message_id, table_id=table_id).first()
    if message is None:
        raise Refused("not_found")
    row, _ = ChatReport.objects.update_or_create(message=message, reporter=user, defaults={"reason": reason})
    return row


def messages_hide(message_ids: list[int], *, hidden: bool = True) -> int:
    """Staff: hide (or show again) messages; sockets at their tables drop hidden ones at once."""
    rows = ChatMessage.objects.filter(pk__in=message_ids)
    by_table: dict[int, list[int]] = {}
    for pk, table_id in rows.values_list("pk", "table_id"):
        by_table.setdefault(table_id, []).append(pk)
    count = rows.update(hidden=hidden)
    ChatReport.objects.filter(message_id__in=message_ids).update(resolved=True)
    if hidden:
        transaction.on_commit(
            lambda: publishing.send_many(
                [
                    (groups.table_all(t), {"type": "table.chat_hidden", "text": encode(ChatHidden(ids=ids))})
                    for t, ids in by_table.items()
                ]
            )
        )
    return count


def site_mute(*, user_id: int, by=None, reason: str = "", until=None) -> SiteMute:
    """Staff: ``user_id`` may write in no chat of the site (until ``until``, else for good)."""
    row, _ = SiteMute.objects.update_or_create(
        user_id=user_id, defaults={"created_by": by, "reason": reason, "until": until}
    )
    return row


def site_mute_authors(user_ids, *, by=None, reason: str = "") -> int:
    """Staff: site-mute every distinct person among ``user_ids`` (None, a bot's message, skipped);
    returns how many were muted."""
    authors = {u for u in user_ids if u}
    for user_id in authors:
        site_mute(user_id=user_id, by=by, reason=reason)
    return len(authors)


def is_site_muted(user_id: int) -> bool:
    now = timezone.now()
    return SiteMute.objects.filter(user_id=user_id).exclude(until__lte=now).exists()


# --------------------------------------------------------------------------- helpers


def _content(text, phrase) -> tuple[str, str]:
    """``(words, phrase code)`` of a message; ``bad_message`` / ``chat_too_long`` otherwise."""
    if phrase is not None:
        if text is not None or phrase not in PHRASES:
            raise Refused("bad_message", detail="phrase is one of " + ", ".join(PHRASES))
        return PHRASES[phrase], phrase
    if not isinstance(text, str):
        raise Refused("bad_message", detail="chat needs text or phrase")
    words = folded(text)  # no line breaks or runs of spaces
    if not words:
        raise Refused("bad_message", detail="empty message")
    refused = refused_characters(words, emoji_joiner=True)
    if refused:  # NUL, bidi controls, zero-width characters (apps.accounts.text)
        raise Refused("bad_characters", detail=" ".join(refused))
    if len(words) > MAX_TEXT:
        raise Refused("chat_too_long")
    return words, ""


def _check_not_muted(user) -> None:
    if is_site_muted(user.pk):
        raise Refused("chat_muted")


def _take_rate(user_id: int) -> None:
    if not rate_take("chat", user_id, count=RATE_COUNT, seconds=RATE_SECONDS):
        raise Refused("rate_limited")


def _publish(message: ChatMessage) -> None:
    event = {
        "type": "table.chat",
        "text": encode(message_frame(message)),
        "author": message.user_id,
        "players_see": visible_to_players(message),
    }
    publishing.send_many([(groups.table_all(message.table_id), event)])
