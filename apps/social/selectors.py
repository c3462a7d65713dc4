"""Reads of the social app: friends and their whereabouts, blocks, invitations, live tables.

Functions take users or user ids alike (``a`` and ``b`` below).
"""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from typing import Any

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language

from apps.accounts.models import User
from apps.core.labels import game_name, mode_label
from apps.protocol.server import FriendRequestFrame
from apps.protocol.server import Invitation as InvitationFrame
from apps.rules import api
from apps.tables.access import table_link
from apps.tables.models import Match, Seat, Table
from apps.tables.selectors import table_summary, user_name

from . import presence
from .models import Block, FriendRequest, Friendship, Invitation

#: An invitation nobody answered is dropped after this long (the table has moved on).
INVITATION_TTL = timedelta(minutes=30)
#: How many live tables and finished matches the «Смотреть» page lists.
WATCH_LIMIT = 50
FINISHED_LIMIT = 10


def _id(user: Any) -> int:
    return user if isinstance(user, int) else user.pk


def ordered_pair(a: Any, b: Any) -> tuple[int, int]:
    """The two ids smaller first, as :class:`~.models.Friendship` keeps them."""
    a, b = _id(a), _id(b)
    return (a, b) if a < b else (b, a)


# ------------------------------------------------------------------------- friends and blocks


def are_friends(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` are friends (both agreed)."""
    low, high = ordered_pair(a, b)
    return Friendship.objects.filter(user_low_id=low, user_high_id=high).exists()


def friend_ids(user: Any) -> list[int]:
    """Ids of the user's friends."""
    uid = _id(user)
    rows = Friendship.objects.filter(Q(user_low_id=uid) | Q(user_high_id=uid)).values_list(
        "user_low_id", "user_high_id"
    )
    return [high if low == uid else low for low, high in rows]


def is_blocked(a: Any, b: Any) -> bool:
    """Whether either of ``a`` and ``b`` has blocked the other: then they share no friendship,
    invitation, chat or table. Symmetric on purpose (the blocked one must not reach the blocker,
    and the blocker need not hear him either)."""
    a, b = _id(a), _id(b)
    return Block.objects.filter(Q(blocker_id=a, blocked_id=b) | Q(blocker_id=b, blocked_id=a)).exists()


def has_blocked(blocker: Any, blocked: Any) -> bool:
    """Whether ``blocker`` himself blocked ``blocked`` (the one who may lift it)."""
    return Block.objects.filter(blocker_id=_id(blocker), blocked_id=_id(blocked)).exists()


def blocked_users(user: Any) -> list:
    """The users ``user`` blocked, newest first (for his friends page)."""
    return [b.blocked for b in Block.objects.filter(blocker_id=_id(user)).select_related("blocked")]


def blocks_of(user: Any) -> set[int]:
    """Ids of everyone with a block between him and ``user``, either way (their chat is not
    shown to each other, as if muted)."""
    uid = _id(user)
    pairs = Block.objects.filter(Q(blocker_id=uid) | Q(blocked_id=uid)).values_list(
        "blocker_id", "blocked_id"
    )
    return {other for pair in pairs for other in pair if other != uid}


def blocked_at_table(table_id: int, user: Any) -> bool:
    """Whether ``user`` and the table's owner or anyone seated at it have a block between them
    (either way): then he may not sit there."""
    uid = _id(user)
    people = set(
        Seat.objects.filter(table_id=table_id, user_id__isnull=False).values_list("user_id", flat=True)
    )
    owner = Table.objects.filter(pk=table_id).values_list("owner_id", flat=True).first()
    if owner is not None:
        people.add(owner)
    people.discard(uid)
    if not people:
        return False
    return Block.objects.filter(
        Q(blocker_id=uid, blocked_id__in=people) | Q(blocked_id=uid, blocker_id__in=people)
    ).exists()


def tables_of_either(a: Any, b: Any) -> set[int]:
    """Ids of the unfinished tables where ``a`` or ``b`` sits or which either has open to watch:
    where a block between them must take effect."""
    ids = [_id(a), _id(b)]
    seated = Seat.objects.filter(user_id__in=ids).exclude(table__status=Table.Status.FINISHED)
    return set(seated.values_list("table_id", flat=True)) | set(presence.watched_tables(ids).values())


def blocked_pairs(user_ids: list[int]) -> set[frozenset[int]]:
    """The pairs among ``user_ids`` with a block between them, either way (quick play keeps
    them apart through :func:`apps.tables.hooks.people_apart`)."""
    rows = Block.objects.filter(blocker_id__in=user_ids, blocked_id__in=user_ids)
    return {frozenset(pair) for pair in rows.values_list("blocker_id", "blocked_id")}


def incoming_requests(user: Any) -> list[FriendRequest]:
    """Friend requests waiting for ``user``'s answer, newest first."""
    return list(FriendRequest.objects.filter(to_user_id=_id(user)).select_related("from_user"))


def outgoing_requests(user: Any) -> list[FriendRequest]:
    """Requests ``user`` sent that nobody has answered yet."""
    return list(FriendRequest.objects.filter(from_user_id=_id(user)).select_related("to_user"))


def _table_brief(table: Table, role: str) -> dict:
    """Where a friend is: a private table shows its game only, neither its id nor its link."""
    brief = {
        "id": None if table.private else table.pk,
        "game": table.game,
        "game_name": game_name(table.game),
        "status": table.status,
        "role": role,
        "private": table.private,
        "url": None,
    }
    if not table.private:
        brief["url"] = reverse("lobby:table", args=[table.pk])
    return brief


def friends_status(user: Any) -> list[dict]:
    """The user's friends, online ones first, then by name: ``id``, ``username``, ``name``,
    ``online`` and, for an online friend, ``table``: where he is (``role`` ``plays`` at a table he
    sits at, ``watches`` one whose page he has open) with its ``url`` unless the table is private
    (a private table shows its game only)."""
    ids = friend_ids(user)
    if not ids:
        return []
    users = {u.pk: u for u in User.objects.filter(pk__in=ids)}
    online = presence.online_user_ids(ids)
    seats = (
        Seat.objects.filter(user_id__in=online)
        .exclude(table__status=Table.Status.FINISHED)
        .select_related("table")
        .order_by("table_id")
    )
    playing = {seat.user_id: seat.table for seat in seats}  # the newest table wins
    watching = presence.watched_tables(uid for uid in online if uid not in playing)
    watched = {t.pk: t for t in Table.objects.filter(pk__in=set(watching.values()))}
    out: list[dict[str, Any]] = []
    for uid, friend in users.items():
        table = None
        if uid in playing:
            table = _table_brief(playing[uid], "plays")
        elif uid in watching and watching[uid] in watched and not watched[watching[uid]].private:
            table = _table_brief(watched[watching[uid]], "watches")
        out.append(
            {
                "id": uid,
                "username": friend.get_username(),
                "name": user_name(friend),
                "online": uid in online,
                "table": table if uid in online else None,
            }
        )
    out.sort(key=lambda f: (not f["online"], f["name"].casefold()))
    return out


def my_open_tables(user: Any) -> list[Table]:
    """Tables ``user`` sits at that are not finished: where he may invite a friend."""
    return list(
        Table.objects.filter(seats__user_id=_id(user))
        .exclude(status=Table.Status.FINISHED)
        .order_by("-id")
        .distinct()
    )


# ------------------------------------------------------------------------------ invitations


def pending_invitations(user: Any) -> list[Invitation]:
    """Invitations waiting for ``user``: pending, younger than :data:`INVITATION_TTL`, to a
    table still open, from someone not blocked either way. Newest first."""
    uid = _id(user)
    rows = list(
        Invitation.objects.filter(
            to_user_id=uid,
            status=Invitation.Status.PENDING,
            created_at__gte=timezone.now() - INVITATION_TTL,
        )
        .exclude(table__status=Table.Status.FINISHED)
        .select_related("from_user", "table")
    )
    if not rows:
        return []
    blocked = set(
        Block.objects.filter(Q(blocker_id=uid) | Q(blocked_id=uid)).values_list("blocker_id", "blocked_id")
    )
    apart = {a for pair in blocked for a in pair} - {uid}
    return [inv for inv in rows if inv.from_user_id not in apart]


def pending_invitation_count(user: Any) -> int:
    """How many invitations wait for ``user`` (the header's badge)."""
    return len(pending_invitations(user))


def badge_count(user: Any) -> int:
    """What waits for ``user``'s answer, as the header's badge counts it: pending invitations and
    friend requests (a request shows in the badge at once, like an invitation)."""
    return pending_invitation_count(user) + FriendRequest.objects.filter(to_user_id=_id(user)).count()


def friend_request_frame(request: FriendRequest) -> FriendRequestFrame:
    """The request as the lobby socket's ``friend_request`` frame sends it to its receiver
    (docs/protocol.md): who asks, the friends page's «Принять»/«Отклонить» form actions (POST
    with ``request`` = ``id``) and the badge's new ``count``."""
    return FriendRequestFrame(
        id=request.pk,
        from_={"id": request.from_user_id, "name": user_name(request.from_user)},
        accept=reverse("social:friends_action", args=["accept"]),
        decline=reverse("social:friends_action", args=["decline"]),
        count=badge_count(request.to_user_id),
    )


def invitation_target(invitation: Invitation) -> str:
    """Where accepting ``invitation`` takes its guest: the invite link of a private table (it lets
    him in), the table's page for a public one (:func:`apps.tables.access.table_link`)."""
    return table_link(invitation.table)


def invitation_frame(invitation: Invitation) -> InvitationFrame:
    """The invitation as the lobby socket's ``invitation`` frame sends it (docs/protocol.md)."""
    return InvitationFrame(
        id=invitation.pk,
        from_={"id": invitation.from_user_id, "name": user_name(invitation.from_user)},
        table=invitation.table_id,
        game=invitation.table.game,
        game_name=game_name(invitation.table.game),
        url=invitation_target(invitation),
        accept=reverse("social:invitation_answer", args=[invitation.pk, "accept"]),
        decline=reverse("social:invitation_answer", args=[invitation.pk, "decline"]),
        count=badge_count(invitation.to_user_id),
    )


# ------------------------------------------------------------------------------ watching

#: The state summary of a live match, per ``(match id, seq)``: computed once per move seen.
_SCORES: dict[tuple[int, int], dict] = {}
_SCORES_MAX = 2_000
#: The whole live list for a moment, per language: many watchers polling cost one computation.
_WATCH: dict[str, tuple[float, dict]] = {}
_WATCH_SECONDS = 2.0
_WATCH_LOCK = threading.Lock()


def _score(match) -> dict:
    """``{"totals": [...], "cards": [...], "deal": n}`` of a live match, from its public view."""
    key = (match.pk, match.seq)
    hit = _SCORES.get(key)
    if hit is not None:
        return hit
    view = api.view(api.from_json(match.state), None)
    score = {
        "totals": list(view.get("totals") or []),
        "cards": [s.get("cards", 0) for s in view.get("seats") or [] if isinstance(s, dict)],
        "deal": match.deal_number,
    }
    if len(_SCORES) >= _SCORES_MAX:
        _SCORES.clear()
    _SCORES[key] = score
    return score


def watch_list() -> dict:
    """The «Смотреть» page's data: ``tables`` (public tables being played, newest first, at most
    :data:`WATCH_LIMIT`: ``id``, ``game``, ``game_name``, ``mode``, ``players`` (names, bots
    marked), ``score`` (``totals``; Durak: cards in hand), ``spectators``, ``url``) and
    ``finished`` (the last public matches finished, each with its ``replay`` URL). Built at most
    once every two seconds per language."""
    language = get_language() or ""
    now = time.monotonic()
    hit = _WATCH.get(language)
    if hit is not None and hit[0] > now:
        return hit[1]
    with _WATCH_LOCK:
        data = {"tables": _live_tables(), "finished": _finished_matches()}
        _WATCH[language] = (now + _WATCH_SECONDS, data)
    return data


def _players(seats: list[dict]) -> list[dict]:
    return [{"seat": s["seat"], "name": s["name"], "bot": s["bot"]} for s in seats if s["name"]]


def _live_tables() -> list[dict]:
    tables = list(
        Table.objects.filter(private=False, status=Table.Status.PLAYING).order_by("-id")[:WATCH_LIMIT]
    )
    if not tables:
        return []
    seats: dict[int, list[Seat]] = {t.pk: [] for t in tables}
    for seat in Seat.objects.filter(table__in=tables).select_related("user").order_by("number"):
        seats[seat.table_id].append(seat)
    matches = {
        m.table_id: m
        for m in Match.objects.filter(table__in=tables, status=Match.Status.PLAYING).order_by("id")
    }
    spectators = presence.spectator_counts(t.pk for t in tables)
    out = []
    for table in tables:
        match = matches.get(table.pk)
        if match is None:
            continue
        summary = table_summary(table, seats[table.pk])
        out.append(
            {
                "id": table.pk,
                "match": match.pk,
                "game": table.game,
                "game_name": game_name(table.game),
                "mode": mode_label(table.game, table.options),
                "players": _players(summary["seats"]),
                "score": _score(match),
                "spectators": spectators.get(table.pk, 0),
                "url": reverse("lobby:table", args=[table.pk]),
                # a match of bots shown while no people play (apps.social.featured)
                "featured": table.owner_id is None and not any(s.user_id for s in seats[table.pk]),
            }
        )
    people = [t for t in out if not t["featured"]]
    return people or out  # the bots' match is shown only while no people play


def _finished_matches() -> list[dict]:
    matches = (
        Match.objects.filter(status=Match.Status.FINISHED, table__private=False)
        .exclude(result__reason="aborted")
        .order_by("-finished_at", "-id")[:FINISHED_LIMIT]
    )
    out = []
    for match in matches:
        result = match.result or {}
        winners = set(result.get("winners") or [])
        out.append(
            {
                "match": match.pk,
                "table": match.table_id,
                "game": match.game,
                "game_name": game_name(match.game),
                "mode": mode_label(match.game, match.options),
                "players": [
                    {
                        "seat": p["seat"],
                        "name": p.get("name") or "?",
                        "bot": p.get("bot"),
                        "won": p["seat"] in winners,
                    }
                    for p in match.players
                ],
                "totals": list(result.get("totals") or []),
                "replay": reverse("stats:match", args=[match.pk]),
            }
        )
    return out
