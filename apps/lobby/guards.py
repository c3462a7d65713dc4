"""The check the lobby adds to the tables' seating services (registered in ``LobbyConfig.ready``
through :mod:`apps.tables.hooks`): nobody sits down at a table, or creates one, while a match of
his is being played at another. «Играть с ботами» first ends his unfinished
match with bots (docs/rules.md), so only a match with people refuses it."""

from __future__ import annotations

from apps.core.errors import Refused
from apps.tables.selectors import unfinished_match_for


def not_playing_elsewhere(*, table, user) -> None:
    """``in_match`` («Сначала доиграйте начатую партию.») when ``user`` plays a match at a table
    other than ``table`` (an unsaved table being created is always another)."""
    match = unfinished_match_for(user.pk)
    if match is not None and (table.pk is None or match.table_id != table.pk):
        raise Refused("in_match")
