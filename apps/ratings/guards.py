"""The checks ratings adds to the tables' seating services (registered in ``RatingsConfig.ready``
through :mod:`apps.tables.hooks`): nobody banned for abandoning plays a rated match."""

from __future__ import annotations

from .fairplay import refuse_if_banned
from .services import match_rated


def create_rated(*, table, user) -> None:
    """A table created «на рейтинг» (``rated`` chosen): ``playban`` while its owner is banned."""
    if table.rated:
        refuse_if_banned(user.pk)


def ready_rated(*, table, user) -> None:
    """«Готов» at a table whose match would be rated with the seats as they are: ``playban``
    while ``user`` is banned (apps.ratings.fairplay)."""
    if match_rated(table.rated, table.seats.exclude(bot_level=None).exists()):
        refuse_if_banned(user.pk)
