"""The check social adds to the tables' seating services (registered in ``SocialConfig.ready``
through :mod:`apps.tables.hooks`): nobody sits at a table with a person he blocked, or who
blocked him, nor sees a private one where such a person sits or which he owns."""

from __future__ import annotations

from apps.core.errors import Refused

from .selectors import blocked_at_table


def sit_unblocked(*, table, user) -> None:
    """``blocked`` when ``user`` and the table's owner or anyone seated at it have a block
    between them (either way)."""
    if blocked_at_table(table.pk, user):
        raise Refused("blocked")


def see_unblocked(*, table, user) -> None:
    """``blocked`` (a 404 to him) when ``user``, not seated at the private ``table``, and its
    owner or anyone seated there have a block between them."""
    sit_unblocked(table=table, user=user)
