"""The checks ratings adds to the tables' seating services (registered in ``RatingsConfig.ready``
through :mod:`apps.tables.hooks`): nobody banned for abandoning plays a rated match.

:func:`start_rated` is the one check that holds on every path: it runs when a match is about
to start (ready, rematch, quick play, a bot swapped for a person), whoever triggered it."""

from __future__ import annotations

from apps.core.errors import Refused

from .fairplay import active_ban, refuse_if_banned
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


def start_rated(*, table, user) -> None:
    """A match about to start at ``table`` that would be rated, with ``user`` seated:
    ``playban_seated`` while he is banned (nothing starts; the caller's action is refused)."""
    if match_rated(table.rated, table.seats.exclude(bot_level=None).exists()) and active_ban(user.pk):
        raise Refused("playban_seated")
