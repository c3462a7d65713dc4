"""The ``state`` frames of a match and the messages that carry them to the table's sockets.

A change of a match is published as one ``table.frames`` message per table: every seat's frame
(its own view, hand included) and the public one, each encoded once. A change of who sits or who
is connected is a ``table.refresh``: every socket refetches its state. Frames are built from
plain arguments (the match, its engine state, the events), never from a move, so the move
service (:mod:`.moves`) and the table actor (:mod:`.actor`) both use them and this module
imports neither. The low-level sends are :mod:`.publishing`'s.
"""

from __future__ import annotations

from django.db.models import F

from apps.protocol import encode
from apps.protocol.server import state_frame
from apps.rules.base import Event, Game

from . import groups, publishing, selectors
from .models import Match


def publish_match(
    match: Match,
    state: Game,
    events: list[Event],
    views: dict[int | None, dict] | None = None,
    *,
    hold_ms: int = 0,
) -> None:
    """Send the table one ``table.frames`` message: per seat the ``state`` frame of its view
    (hand included) and the public one for everybody else; each socket forwards only its own
    (:meth:`apps.sockets.consumers.TableConsumer.table_frames`).

    One ``group_send`` per change instead of one per seat: a fifth of the Redis round trips, and
    every socket of the table gets move N before move N+1 (one Lua script queues them all)."""
    frames = match_frames(match, state, events, views, hold_ms=hold_ms)
    send_frames(match.table_id, frames, match_id=match.pk, seq=match.seq)


def match_frames(
    match: Match,
    state: Game,
    events: list[Event],
    views: dict[int | None, dict] | None = None,
    *,
    hold_ms: int = 0,
) -> dict[str, str]:
    """The encoded ``state`` frame of each seat (by its number as a string) and ``public``.
    Reads the seats' info and the spectators when this process's copies are stale
    (:func:`apps.tables.selectors.seats_info_cached`)."""
    info = selectors.seats_info_cached(match)
    watching = selectors.spectators_cached(match)
    table_views = selectors.match_views(match, state, [*match.seats, None], info, views, spectators=watching)
    frames = {str(seat): frame_text(match.seq, table_views[seat], events, hold_ms) for seat in match.seats}
    frames["public"] = frame_text(match.seq, table_views[None], events, hold_ms)
    return frames


def frame_text(seq: int, view: dict, events: list[Event], hold_ms: int = 0) -> str:
    """A ``state`` frame encoded once (per seat, not per socket). ``hold_ms`` (only when > 0):
    how long the client shows the trick just taken or the deal's summary before this view."""
    return encode(state_frame(seq, view, events, hold_ms))


def send_frames(table_id: int, frames: dict[str, str], *, match_id: int, seq: int) -> None:
    """One message to every socket of the table: ``frames`` by seat number and ``public``, the
    id of the match they show (a socket opened before the match started learns it here) and
    their ``seq`` (a socket already sent that state skips it)."""
    publishing.send_many([(groups.table_all(table_id), frames_message(frames, match_id=match_id, seq=seq))])


def frames_message(frames: dict[str, str], *, match_id: int, seq: int) -> dict:
    """The ``table.frames`` channel-layer message of :func:`send_frames`."""
    return {"type": "table.frames", "frames": frames, "match": match_id, "seq": seq}


def table_refresh(table_id: int) -> None:
    """Tell every socket of the table to refetch its seat and full state (seating or presence
    changed): cheaper over connect/close churn than one message with every seat's state built
    once (docs/performance.md)."""
    seats_changed(table_id)
    publishing.send_many([(groups.table_all(table_id), {"type": "table.refresh"})])


def seats_changed(table_id: int) -> None:
    """Mark the seats' info cached for the table's playing match stale in every process."""
    Match.objects.filter(table_id=table_id, status=Match.Status.PLAYING).update(
        seats_version=F("seats_version") + 1
    )
