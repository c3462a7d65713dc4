"""The tournament page's live updates: the sockets that follow an event (the lobby socket's
``tournament`` op) are told ``tournament_changed`` after each change of its standings, tables
or bracket is committed, and fetch its state again (static/js/tournament.js)."""

from __future__ import annotations

from django.db import transaction

from apps.protocol import encode
from apps.protocol.server import TournamentChanged
from apps.tables import publishing


def group(tournament_id: int) -> str:
    """The channel-layer group of the sockets following the tournament."""
    return f"tournament.{tournament_id}"


def changed(tournament_id: int) -> None:
    """After the caller's transaction commits, tell the event's followers that it changed."""

    def send() -> None:
        text = encode(TournamentChanged(tournament=tournament_id))
        publishing.send_many([(group(tournament_id), {"type": "tournament.changed", "text": text})])

    transaction.on_commit(send)
