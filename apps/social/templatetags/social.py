"""``{% social_header %}``: the invitations badge of the site header and the personal lobby
socket's script (every page of a signed-in user)."""

from __future__ import annotations

from django import template

from apps.lobby.models import Table

from ..selectors import pending_invitation_count
from ..words import page_words

register = template.Library()


@register.inclusion_tag("social/_header.html", takes_context=True)
def social_header(context) -> dict:
    """The badge with the count of pending invitations; the page's table (a ``table`` Table in
    the page's context) so the socket can say which table this page shows."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"show": False}
    table = context.get("table")
    return {
        "show": True,
        "count": pending_invitation_count(user),
        "table_id": table.pk if isinstance(table, Table) else "",
        "words": page_words(),
    }
