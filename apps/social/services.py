"""Every write of the social app: friend requests and friendships, blocks, invitations.

Each service validates, writes in one transaction and, after commit, tells the people concerned
on their personal lobby socket group (:func:`apps.social.groups.user`). Refusals raise
:class:`~.errors.SocialRefused` (a :class:`apps.core.errors.Refused`) with a stable code.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from apps.core.errors import Refused
from apps.core.rates import rate_take, rate_wait
from apps.protocol.codec import encode
from apps.protocol.server import FriendsChanged, Invitations, ServerFrame
from apps.tables import publishing
from apps.tables.frames import table_refresh
from apps.tables.models import Table
from apps.tables.seating import seat_take
from apps.tables.signals import send_logged

from . import groups, selectors, signals
from .errors import SocialRefused
from .models import Block, FriendRequest, Friendship, Invitation

#: Unanswered friend requests one user may have out at once.
MAX_OUTGOING_REQUESTS = 30
#: Pending invitations one user may have out at once (to everyone).
MAX_OUTGOING_INVITATIONS = 20
#: Inviting the same friend to the same table again within this time renews the invitation
#: without popping it up again (a double click, or an impatient host, does not spam the guest).
RENEW_QUIET = timedelta(seconds=10)
#: The window of ``SOCIAL_ACTIONS_PER_MINUTE`` (:func:`_take_action`).
ACTIONS_SECONDS = 60


def _other_party(user, other) -> None:
    """Refuse ``yourself`` when ``other`` is ``user``, ``blocked`` when either blocked the other."""
    if other.pk == user.pk:
        raise SocialRefused("yourself")
    if selectors.is_blocked(user, other):
        raise SocialRefused("blocked")


def _take_action(user) -> None:
    """Count one social action of ``user`` (a request, withdrawal, answer, removal, block, unblock,
    invitation or its answer): ``too_fast`` past ``SOCIAL_ACTIONS_PER_MINUTE`` in a minute, so a
    loop cannot flood anybody's pages with requests and changes (docs/security.md)."""
    count = settings.SOCIAL_ACTIONS_PER_MINUTE
    if not rate_take("social", user.pk, count=count, seconds=ACTIONS_SECONDS):
        raise SocialRefused("too_fast", detail=str(rate_wait(ACTIONS_SECONDS)))


def _user_by_name(username: str):
    User = get_user_model()
    name = (username or "").strip()
    user = User.objects.filter(username__iexact=name).first() if name else None
    if user is None or not user.is_active:
        raise SocialRefused("no_such_user")
    return user


def _user_by_id(user_id: Any):
    User = get_user_model()
    user = User.objects.filter(pk=user_id).first() if isinstance(user_id, int) else None
    if user is None or not user.is_active:
        raise SocialRefused("no_such_user")
    return user


# ------------------------------------------------------------------------------ friends


def friend_request(*, user, username: str) -> str:
    """``user`` asks ``username`` to be friends. Returns ``"sent"``, or ``"friends"`` when the
    other had already asked ``user`` (both agree: they are friends now). Asking again is no
    error. Refused: ``no_such_user``, ``yourself``, ``already_friends``, ``blocked``,
    ``too_many_requests``."""
    _take_action(user)
    other = _user_by_name(username)
    _other_party(user, other)
    if selectors.are_friends(user, other):
        raise SocialRefused("already_friends")
    with transaction.atomic():
        theirs = FriendRequest.objects.select_for_update().filter(from_user=other, to_user=user).first()
        if theirs is not None:
            theirs.delete()
            _befriend(user.pk, other.pk)
            _notify_after_commit([other.pk], FriendsChanged())
            return "friends"
        if FriendRequest.objects.filter(from_user=user, to_user=other).exists():
            return "sent"
        if FriendRequest.objects.filter(from_user=user).count() >= MAX_OUTGOING_REQUESTS:
            raise SocialRefused("too_many_requests")
        try:
            with transaction.atomic():
                request = FriendRequest.objects.create(from_user=user, to_user=other)
        except IntegrityError:  # the same request raced in from another tab
            return "sent"
        # the receiver's badge and a toast with «Принять», wherever he is
        transaction.on_commit(lambda: send_to_users([other.pk], selectors.friend_request_frame(request)))
    _notify_after_commit([other.pk], FriendsChanged())
    return "sent"


def _befriend(a: int, b: int) -> None:
    low, high = selectors.ordered_pair(a, b)
    FriendRequest.objects.filter(Q(from_user_id=a, to_user_id=b) | Q(from_user_id=b, to_user_id=a)).delete()
    Friendship.objects.get_or_create(user_low_id=low, user_high_id=high)


def friend_accept(*, user, request_id: int) -> None:
    """``user`` accepts the request ``request_id`` sent to him: they are friends.
    Refused: ``no_request`` (not his, or already answered), ``blocked``."""
    _take_action(user)
    with transaction.atomic():
        request = FriendRequest.objects.select_for_update().filter(pk=request_id, to_user=user).first()
        if request is None:
            raise SocialRefused("no_request")
        if selectors.is_blocked(user, request.from_user_id):
            request.delete()
            raise SocialRefused("blocked")
        _befriend(user.pk, request.from_user_id)
        other = request.from_user_id
    _notify_after_commit([other], FriendsChanged())
    _notify_badge(user.pk)
    transaction.on_commit(
        lambda: send_logged(signals.friend_accepted, sender=FriendRequest, user_id=other, friend_id=user.pk)
    )


def friend_decline(*, user, request_id: int) -> None:
    """``user`` declines a request sent to him, or withdraws one he sent. ``no_request`` if gone.
    The other side's pages update (``friends_changed``, and the badge of a withdrawn request's
    receiver)."""
    _take_action(user)
    rows = FriendRequest.objects.filter(Q(to_user=user) | Q(from_user=user), pk=request_id)
    pair = rows.values_list("from_user_id", "to_user_id").first()
    deleted, _ = rows.delete()
    if not deleted or pair is None:
        raise SocialRefused("no_request")
    sender, receiver = pair
    _notify_badge(receiver)
    _notify_after_commit([receiver if sender == user.pk else sender], FriendsChanged())


def friend_remove(*, user, friend_id: int) -> None:
    """``user`` ends the friendship with ``friend_id`` (pending invitations between them go too).
    ``not_friends`` if they were not friends."""
    _take_action(user)
    low, high = selectors.ordered_pair(user.pk, friend_id) if isinstance(friend_id, int) else (0, 0)
    with transaction.atomic():
        deleted, _ = Friendship.objects.filter(user_low_id=low, user_high_id=high).delete()
        if not deleted:
            raise SocialRefused("not_friends")
        _cancel_invitations(user.pk, friend_id)


# ------------------------------------------------------------------------------ blocks


def block(*, user, username: str) -> None:
    """``user`` blocks ``username``: their friendship, requests and pending invitations end, and
    neither may invite the other, chat with him, or sit at a table the other sits at or owns (nor
    see it if it is private). The tables where either sits or watches refetch their state at
    once: the chat between them goes quiet and a private table's socket closes (4404).
    Blocking twice is no error. Refused: ``no_such_user``, ``yourself``."""
    _take_action(user)
    other = _user_by_name(username)
    if other.pk == user.pk:
        raise SocialRefused("yourself")
    with transaction.atomic():
        Block.objects.get_or_create(blocker=user, blocked=other)
        low, high = selectors.ordered_pair(user, other)
        Friendship.objects.filter(user_low_id=low, user_high_id=high).delete()
        FriendRequest.objects.filter(
            Q(from_user=user, to_user=other) | Q(from_user=other, to_user=user)
        ).delete()
        _cancel_invitations(user.pk, other.pk)
        tables = selectors.tables_of_either(user.pk, other.pk)
        transaction.on_commit(lambda: _tables_refresh(tables))
    _notify_after_commit([other.pk], FriendsChanged())  # the blocker's page is reloading


def _tables_refresh(table_ids: Iterable[int]) -> None:
    """Every socket of these tables refetches its seat and state (a block changed who may sit)."""
    for table_id in table_ids:
        table_refresh(table_id)


def unblock(*, user, user_id: int) -> None:
    """``user`` lifts his block of ``user_id`` (a block the other made stays). No error if none."""
    _take_action(user)
    if isinstance(user_id, int):
        with transaction.atomic():
            if Block.objects.filter(blocker=user, blocked_id=user_id).delete()[0]:
                tables = selectors.tables_of_either(user.pk, user_id)
                transaction.on_commit(lambda: _tables_refresh(tables))


def invitations_revoke(*, table_id: int, **_: Any) -> int:
    """End every pending invitation to ``table_id`` (its owner revoked the link: an invitation
    made before must not let its holder in). Returns how many ended."""
    return Invitation.objects.filter(table_id=table_id, status=Invitation.Status.PENDING).update(
        status=Invitation.Status.CANCELLED, answered_at=timezone.now()
    )


def _cancel_invitations(a: int, b: int) -> None:
    Invitation.objects.filter(
        Q(from_user_id=a, to_user_id=b) | Q(from_user_id=b, to_user_id=a), status=Invitation.Status.PENDING
    ).update(status=Invitation.Status.CANCELLED, answered_at=timezone.now())


# ------------------------------------------------------------------------------ invitations


def invite(*, user, friend_id: int, table_id: int) -> Invitation:
    """``user``, seated at the open table ``table_id``, invites his friend ``friend_id`` to it;
    the friend gets an ``invitation`` frame on his lobby sockets at once. Inviting the same
    friend to the same table again renews the pending invitation (and tells him again, unless
    the last time was under :data:`RENEW_QUIET` ago).
    Refused: ``no_such_user``, ``yourself``, ``not_friends``, ``blocked``, ``not_found`` (no such
    table), ``table_over``, ``not_seated`` (``user`` does not sit there), ``not_owner`` (a private
    table: only its owner invites, for an invitation lets its guest in), ``too_many_requests``."""
    _take_action(user)
    friend = _user_by_id(friend_id)
    _other_party(user, friend)
    if not selectors.are_friends(user, friend):
        raise SocialRefused("not_friends")
    table = Table.objects.filter(pk=table_id).first() if isinstance(table_id, int) else None
    if table is None:
        raise SocialRefused("not_found")
    if table.status == Table.Status.FINISHED:
        raise SocialRefused("table_over")
    if not table.seats.filter(user=user).exists():
        raise SocialRefused("not_seated")
    if table.private and table.owner_id != user.pk:
        raise SocialRefused("not_owner")  # only the owner's invitations let anyone in
    with transaction.atomic():
        pending = Invitation.objects.filter(
            from_user=user,
            status=Invitation.Status.PENDING,
            created_at__gte=timezone.now() - selectors.INVITATION_TTL,
        )
        invitation = pending.filter(to_user=friend, table=table).first()
        quiet = invitation is not None and invitation.created_at > timezone.now() - RENEW_QUIET
        if invitation is not None:
            Invitation.objects.filter(pk=invitation.pk).update(created_at=timezone.now())
        else:
            if pending.count() >= MAX_OUTGOING_INVITATIONS:
                raise SocialRefused("too_many_requests")
            invitation = Invitation.objects.create(from_user=user, to_user=friend, table=table)
        pk = invitation.pk
    invitation = Invitation.objects.select_related("from_user", "table").get(pk=pk)
    if not quiet:
        publish_invitation(invitation)
    return invitation


def invitation_answer(*, user, invitation_id: int, accept: bool) -> str | None:
    """``user`` accepts (returns :func:`selectors.invitation_target`) or declines (returns None) an
    invitation sent to him. ``no_invitation`` if it is not his or no longer pending (answered,
    expired, withdrawn by a block, or its table finished); ``blocked`` for a block between them."""
    _take_action(user)
    with transaction.atomic():
        invitation = (
            Invitation.objects.select_for_update()
            .filter(pk=invitation_id, to_user=user, status=Invitation.Status.PENDING)
            .first()
        )
        if invitation is None or invitation not in selectors.pending_invitations(user):
            raise SocialRefused("no_invitation")
        invitation.status = Invitation.Status.ACCEPTED if accept else Invitation.Status.DECLINED
        invitation.answered_at = timezone.now()
        invitation.save(update_fields=["status", "answered_at"])
    _notify_badge(user.pk)
    if not accept:
        return None
    _seat_guest(invitation)
    return selectors.invitation_target(invitation)


def _seat_guest(invitation: Invitation) -> None:
    """«Принять» seats the guest at the first free seat of the waiting table;
    where he may not sit now (the table started or is full, a block, another match of his) he
    simply lands on the table's page, as before."""
    table = Table.objects.filter(pk=invitation.table_id, status=Table.Status.WAITING).first()
    if table is None or table.seats.filter(user_id=invitation.to_user_id).exists():
        return
    empty = Q(user__isnull=True) & (Q(bot_level__isnull=True) | Q(bot_level=""))
    free = table.seats.filter(empty).order_by("number").first()
    if free is None:
        return
    with contextlib.suppress(Refused):
        seat_take(
            table_id=table.pk, user=invitation.to_user, seat=free.number, invite=table.invite_code or None
        )


# ------------------------------------------------------------------------------ publishing


def publish_invitation(invitation: Invitation) -> None:
    """After commit: the guest's lobby sockets get the ``invitation`` frame."""
    transaction.on_commit(
        lambda: send_to_users([invitation.to_user_id], selectors.invitation_frame(invitation))
    )
    sent = {"sender": Invitation, "invitation": invitation}
    transaction.on_commit(lambda: send_logged(signals.invitation_sent, **sent))


def _notify_badge(user_id: int) -> None:
    """After commit: every page of the user gets the badge's new count (``invitations``)."""
    transaction.on_commit(lambda: send_to_users([user_id], Invitations(count=selectors.badge_count(user_id))))


def _notify_after_commit(user_ids: list[int], frame: ServerFrame) -> None:
    transaction.on_commit(lambda: send_to_users(user_ids, frame))


def send_to_users(user_ids: list[int], frame: ServerFrame) -> None:
    """Send ``frame`` to every lobby socket of each of ``user_ids`` (a broken layer is logged)."""
    text = encode(frame)
    publishing.send_many([(groups.user(uid), {"type": "social.frame", "text": text}) for uid in user_ids])
