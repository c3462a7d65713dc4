"""What the chat reads for pages: the people a user hides from himself."""

from __future__ import annotations

from apps.social.selectors import blocked_users
from apps.tables.selectors import user_name

from .models import ChatMute


def hidden_people(user_id: int) -> dict[str, list[dict]]:
    """``{"muted": [{"id", "name"}], "blocked": [{"id", "name"}]}``: whom ``user_id`` muted in
    the chat (newest first) and whom he blocked (his blocks only: one made against him is not his
    to lift). The chat panel and the profile list them, each with «Вернуть»."""
    mutes = ChatMute.objects.filter(owner_id=user_id).select_related("muted").order_by("-created_at", "-id")
    return {
        "muted": [{"id": m.muted_id, "name": user_name(m.muted)} for m in mutes],
        "blocked": [{"id": u.pk, "name": user_name(u)} for u in blocked_users(user_id)],
    }
