"""Who may see a table: everybody a public one; a private one only its people.

A private table is seen by its owner, whoever sits at it, whoever played a match at it,
whoever holds a :class:`~apps.tables.models.TableAccess` (he opened the invite link), and staff.
Anybody else gets 404 on its page, its API routes and 4404 on its socket: its id reveals nothing.
A member who does not sit there is refused too when a ``"see"`` guard says so
(:mod:`.hooks`: apps.social refuses a block between him and the owner or a seated person).
"""

from __future__ import annotations

import secrets

from django.urls import reverse

from . import hooks
from .models import Match, Seat, Table, TableAccess

#: Bytes of randomness in an invite code (``secrets.token_urlsafe``: 16 URL-safe characters).
INVITE_BYTES = 12


def new_invite_code() -> str:
    """A fresh unguessable invite code (96 random bits)."""
    return secrets.token_urlsafe(INVITE_BYTES)


def table_visible(table: Table, user) -> bool:
    """Whether ``user`` (signed in) may see ``table``: see the module's docstring."""
    if not table.private:
        return True
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff or table.owner_id == user.pk:
        return True
    if Seat.objects.filter(table=table, user_id=user.pk).exists():
        return True
    return is_member(table, user) and hooks.guards_pass("see", table=table, user=user)


def is_member(table: Table, user) -> bool:
    """Owner, seated, let in by the link, or a player of one of its matches."""
    if table.owner_id == user.pk:
        return True
    if Seat.objects.filter(table=table, user_id=user.pk).exists():
        return True
    if TableAccess.objects.filter(table=table, user_id=user.pk).exists():
        return True
    return any(
        p.get("user") == user.pk
        for players in Match.objects.filter(table=table).values_list("players", flat=True)
        for p in players
    )


def visible_table(table_id: int, user) -> Table | None:
    """The table if it exists and ``user`` may see it, else None (both mean 404)."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None or not table_visible(table, user):
        return None
    return table


def invited(table: Table, user) -> bool:
    """Whether ``user`` may sit at ``table`` without giving its code: any public table; a private
    one if he is a member (:func:`is_member`). Staff see private tables but need the code to sit."""
    return not table.private or is_member(table, user)


def table_link(table: Table) -> str:
    """The path that brings a friend to ``table``: the invite link of a private table (it lets
    him in), the table's page for a public one. For invitations (the friends list) and shares."""
    if table.private and table.invite_code:
        return reverse("invite:invite", args=[table.invite_code])
    return reverse("lobby:table", args=[table.pk])
