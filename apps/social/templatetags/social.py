"""``{% social_header %}``: the invitations badge of the site header; ``{% social_socket %}``: the
personal lobby socket's script, on every page of a signed-in user (also where a page hides the
site header, as the table in play does)."""

from __future__ import annotations

from django import template

from apps.tables.models import Table

from ..selectors import badge_count
from ..words import page_words

register = template.Library()


def _user(context):
    request = context.get("request")
    user = getattr(request, "user", None)
    return user if user is not None and user.is_authenticated else None


@register.inclusion_tag("social/_header.html", takes_context=True)
def social_header(context) -> dict:
    """The badge with the count of pending invitations and friend requests (hidden at zero)."""
    user = _user(context)
    if user is None:
        return {"show": False}
    return {"show": True, "count": badge_count(user)}


@register.inclusion_tag("social/_socket.html", takes_context=True)
def social_socket(context) -> dict:
    """The socket's script and words, and the page's table (a ``table`` Table in the page's
    context) so the socket can say which table this page shows."""
    if _user(context) is None:
        return {"show": False}
    table = context.get("table")
    return {
        "show": True,
        "table_id": table.pk if isinstance(table, Table) else "",
        "words": page_words(),
    }
