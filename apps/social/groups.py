"""Channel-layer group names of the social app (from ids only, so every process agrees)."""

from __future__ import annotations


def user(user_id: int) -> str:
    """Every lobby socket of one user (each page's header opens one): invitations and friend
    changes reach all his pages."""
    return f"social.user.{user_id}"
