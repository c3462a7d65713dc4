"""The table socket ``/ws/tables/<id>/`` and the lobby socket ``/ws/lobby/`` (docs/protocol.md).

Thin: authenticate, join the groups of the seat (or the spectators'), read each client frame
with :mod:`apps.protocol` and dispatch it to one service or selector (on the database thread
pool, :func:`apps.core.threads.in_db_thread_pool`), and turn refusals into ``error``. Every
frame sent is a Struct of :mod:`apps.protocol.server` written by its codec, or text the codec
wrote for the channel layer. The limits each socket is held to are in :mod:`.guards`.
"""

from __future__ import annotations

import logging
from typing import Any

from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation

from apps.chat import services as chat
from apps.core.consumers import CLOSE_NOT_FOUND, CLOSE_UNAUTHENTICATED
from apps.core.errors import Refused
from apps.core.forms import MAX_ID
from apps.core.threads import in_db_thread_pool
from apps.lobby import selectors as lobby_selectors
from apps.protocol import FrameError, decode_client, encode
from apps.protocol import client as frames_in
from apps.protocol import server as frames_out
from apps.social.consumers import SocialLobbyMixin
from apps.tables import access, actor, conf, groups, presence, publishing, seating
from apps.tables import selectors as table_selectors
from apps.tables.models import Table
from apps.tournaments import live as tournament_live
from apps.tournaments import selectors as tournament_selectors
from apps.tournaments.models import Tournament

from .direct import DirectSend, direct_sender
from .guards import SOCKET_COUNTS, TokenBucket, scope_language
from .layer import forget_late_messages

logger = logging.getLogger(__name__)

CLOSE_RATE_LIMITED = 4429
#: Tournaments one lobby socket may follow (a page follows one).
MAX_FOLLOWED = 4
CLOSE_INTERNAL_ERROR = 1011


class AuthenticatedConsumer(AsyncWebsocketConsumer):
    """Accepts only signed-in users (``scope["user"]`` from whichever auth middleware runs:
    the session or an API key); others are closed with 4401 (docs/protocol.md)."""

    #: The client frames this socket reads (a union of :mod:`apps.protocol.client` Structs);
    #: each op ``x`` is handled by ``op_x(frame)``.
    frames: Any = frames_in.LobbyIn
    #: The place this socket is counted at in :data:`SOCKET_COUNTS` (None: not, or no longer).
    counted_place: str | None = None

    async def connect(self) -> None:
        publishing.remember_server_loop()
        await self.accept()
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.language = scope_language(self.scope)
        place = self.place()
        if not SOCKET_COUNTS.open(user.pk, place):
            await self.send_error(Refused("too_many_sockets"))
            await self.close(code=CLOSE_RATE_LIMITED)
            return
        self.counted_place = place
        self.user = user
        self.bucket = TokenBucket(conf.RATE_PER_SECOND, conf.RATE_BURST)
        try:
            await self.joined()
        except Exception:
            # A bug, not the client's input (that is validated): the socket closes with 1011,
            # and what it held is let go now, so the user's later sockets are not refused.
            logger.exception("socket %s failed while joining", place)
            await self.let_go()
            await self.close(code=CLOSE_INTERNAL_ERROR)

    async def let_go(self) -> None:
        """Leave every group and count this socket joined (:meth:`disconnect`), once."""
        place, self.counted_place = getattr(self, "counted_place", None), None
        try:
            await self.disconnect(CLOSE_INTERNAL_ERROR)
        except Exception:
            logger.exception("socket %s failed while leaving", place)
        finally:
            if place is not None:
                SOCKET_COUNTS.close(self.scope["user"].pk, place)

    def place(self) -> str:
        """What this socket is open to, for :data:`SOCKET_COUNTS` (the URL's path)."""
        return self.scope.get("path", "")

    async def joined(self) -> None:
        """Called once the user is known."""

    async def dispatch(self, message: dict) -> None:
        """Channels' dispatch without its ``close_old_connections`` before every message: that hop
        to the process's single sync thread made every state sent to every socket wait behind
        whatever that thread was doing (bench/ws_load.py). These consumers never use the ORM on
        the event loop; :func:`in_db_thread_pool` closes connections around each call itself."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def websocket_disconnect(self, message: dict) -> None:
        try:
            await super().websocket_disconnect(message)
        finally:
            place = getattr(self, "counted_place", None)
            if place is not None:
                self.counted_place = None
                SOCKET_COUNTS.close(self.scope["user"].pk, place)
            forget_late_messages(self.channel_layer, getattr(self, "channel_name", None))

    #: Set once this socket is closing: nothing more is sent or handled (frames queued behind a
    #: flood close would otherwise write to a closed socket).
    closing = False
    #: Writes a table socket's move frames straight to the socket (:mod:`.direct`), set once the
    #: socket is admitted and its first frames went the usual way (:meth:`TableConsumer.joined`);
    #: None before, once closing, and when daphne does not serve it. Connect-time, refusal,
    #: error and closing frames always go the usual way.
    direct: DirectSend | None = None

    async def close(self, code=None, reason=None) -> None:
        self.closing = True
        self.direct = None
        await super().close(code=code, reason=reason)

    async def send(self, text_data=None, bytes_data=None, close=False) -> None:
        if self.closing:
            return
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        except Disconnected:
            # The peer began closing before this consumer heard of it (its disconnect is still
            # in the queue): what was on its way to it, a refresh or a move's frame, is dropped.
            self.closing = True

    async def send_json(self, frame: Any) -> None:
        """Send ``frame`` (a :mod:`apps.protocol.server` Struct) as one text frame."""
        await self.send(text_data=encode(frame))

    async def send_error(self, exc: Refused, request_id: Any = None) -> None:
        with translation.override(self.language):
            data = exc.as_dict()
        await self.send_json(frames_out.error(data, request_id))

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Handle one client frame. Whatever the frame holds, the socket survives: a refusal
        is an ``error`` frame, and so is a handler's unexpected exception (logged, as a bug)."""
        if self.closing or not getattr(self, "user", None):
            return
        if not self.bucket.take():
            await self.send_error(Refused("rate_limited"))
            await self.close(code=CLOSE_RATE_LIMITED)
            return
        raw = text_data if text_data is not None else bytes_data
        try:
            frame = decode_client(raw, self.frames, max_bytes=conf.MAX_FRAME_BYTES)
        except FrameError as exc:
            await self.send_error(Refused("bad_message", detail=exc.detail), exc.request_id)
            return
        request_id = frame.id
        handler = getattr(self, f"op_{frame.op}", None)
        if handler is None:
            await self.send_error(Refused("bad_message", detail="unknown op"), request_id)
            return
        try:
            await handler(frame)
        except Refused as exc:
            await self.send_error(exc, request_id)
        except Exception:
            logger.exception("socket op %r failed on a client frame", frame.op)
            await self.send_error(Refused("bad_message", detail="could not be handled"), request_id)

    async def op_ping(self, frame: frames_in.Ping) -> None:
        await self.send_json(frames_out.Pong(t=frame.t))


class TableConsumer(AuthenticatedConsumer):
    """A player's or spectator's socket at one table."""

    frames = frames_in.TableIn

    table_id: int
    seat: int | None = None
    match_id: int | None = None
    #: Whether this socket is counted in its seat's ``connections``.
    counted = False
    #: Whether this socket is counted as a spectator's (``Spectator.connections``).
    watching = False
    #: Users whose chat messages this socket's user muted (filled on connect).
    muted: frozenset[int] = frozenset()
    #: ``(match, seq)`` of the newest state this socket was sent: an older one is skipped (the
    #: actor hands frames over directly while a full state may still be on its way).
    shown: tuple[int | None, int] = (None, -1)
    #: Whether this socket is among the table actor's sinks (:mod:`apps.tables.actor`).
    registered = False
    #: Whether this socket passed every check (authenticated, may see the table) and was sent
    #: its first full state: no frame of the table is sent before (docs/security.md).
    admitted = False
    #: Frames the actor handed over between joining its sinks and admission, replayed after
    #: the first full state (the older ones are skipped there), dropped if the socket is refused.
    held: list[tuple[dict[str, str], int | None, int | None]]

    async def joined(self) -> None:
        table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        if table_id > MAX_ID:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        self.table_id = table_id
        self.held = []
        # Every check passes before the socket joins the table's fan-out: a stranger at a
        # private table never receives a frame, whatever the timing.
        if not await in_db_thread_pool(_may_see)(self.table_id, self.user):
            await self.close(code=CLOSE_NOT_FOUND)
            return
        # joined before the first read: nothing published after that read can be missed
        await self.channel_layer.group_add(groups.table_all(self.table_id), self.channel_name)
        hello = actor.socket_joined(self.table_id, self)
        self.registered = True
        await self.channel_layer.group_send(groups.table_all(self.table_id), hello)
        if not await self.send_full_state():
            await self.refuse()
            return
        self.admitted = True
        held, self.held = self.held, []
        for frames, match_id, seq in held:
            await self.frames_deliver(frames, match_id=match_id, seq=seq)
        seated = self.seat is not None
        messages = await in_db_thread_pool(chat.history)(
            table_id=self.table_id, seated=seated, muted=set(self.muted)
        )
        await self.send_json(frames_out.ChatHistory(messages=messages))
        if not self.closing:
            self.direct = direct_sender(self.base_send)

    async def refuse(self) -> None:
        """Close with 4404 (the table is gone or no longer visible to this user) and leave the
        table's fan-out at once, before the close handshake ends."""
        self.admitted = False
        self.held = []
        await self.leave_table()
        await self.close(code=CLOSE_NOT_FOUND)

    async def leave_table(self) -> None:
        await self.channel_layer.group_discard(groups.table_all(self.table_id), self.channel_name)
        if self.registered:
            self.registered = False
            actor.socket_left(self.table_id, self)

    async def disconnect(self, code: int) -> None:
        if not getattr(self, "user", None) or not hasattr(self, "table_id"):
            return
        await self.leave_table()
        if self.counted:
            self.counted = False
            await in_db_thread_pool(presence.seat_presence)(
                table_id=self.table_id, user_id=self.user.pk, delta=-1
            )
        if self.watching:
            self.watching = False
            await in_db_thread_pool(presence.spectator_presence)(
                table_id=self.table_id, user_id=self.user.pk, delta=-1
            )

    async def send_full_state(self) -> bool:
        """Find my seat, send the full state; False (nothing sent) if the table is gone or this
        user may no longer see it. The seat found here picks this socket's frame out of every
        ``table.frames`` message that follows; the chat muted set is read again with it (a block
        made since takes effect at once)."""
        try:
            seat, message, muted = await in_db_thread_pool(_table_state)(self.table_id, self.user)
        except LookupError:
            return False
        self.muted = frozenset(muted)
        self.seat = seat
        self.match_id = message.view.get("match")
        if not self.is_older(self.match_id, message.seq):
            self.shown = (self.match_id, message.seq)
            await self.send_json(message)
        if seat is None:
            self.counted = False  # standing up zeroed the seat's count
        elif not self.counted:
            self.counted = True
            await in_db_thread_pool(presence.seat_presence)(
                table_id=self.table_id, user_id=self.user.pk, delta=+1
            )
        if (seat is None) != self.watching:  # came to watch, or sat down
            self.watching = seat is None
            await in_db_thread_pool(presence.spectator_presence)(
                table_id=self.table_id, user_id=self.user.pk, delta=+1 if self.watching else -1
            )
        return True

    # ----------------------------------------------------------------- client ops

    async def op_sync(self, frame: frames_in.Sync) -> None:
        await self.send_full_state()

    async def op_act(self, frame: frames_in.Act) -> None:
        """Apply the frame's action; a refusal goes back as ``error`` (:meth:`receive`)."""
        seq, action = frame.seq, frame.action
        # Whether the user sits at this seat is checked once, in the move (check_person_seat,
        # which refuses a watcher ``not_seated``); here only the frame's own claim of a seat.
        if "seat" in action and action["seat"] != self.seat:
            raise Refused("not_your_seat")
        if self.match_id is None:
            raise Refused("no_match")
        await actor.actor_for(self.table_id).act(
            match_id=self.match_id, seat=self.seat, action=action, seq=seq, user_id=self.user.pk
        )

    async def op_chat(self, frame: frames_in.ChatSend) -> None:
        """Write into the table chat (``text`` or ``phrase``): it comes back as a ``chat`` frame."""
        await in_db_thread_pool(chat.message_post)(
            table_id=self.table_id, user=self.user, text=frame.text, phrase=frame.phrase
        )

    async def op_chat_mute(self, frame: frames_in.ChatMute) -> None:
        """Mute (``mute``: true, default) or unmute the chat of user ``user`` for myself."""
        other = frame.user
        mute = await in_db_thread_pool(chat.mute_set)(user=self.user, other_id=other, mute=frame.mute)
        self.muted = self.muted | {other} if mute else self.muted - {other}
        await self.send_json(frames_out.ChatMuted(user=other, mute=mute))

    async def op_chat_report(self, frame: frames_in.ChatReport) -> None:
        """Report message ``id`` to the moderators."""
        await in_db_thread_pool(chat.report)(
            user=self.user, table_id=self.table_id, message_id=frame.id, reason=frame.reason
        )
        await self.send_json(frames_out.ChatReported(id=frame.id))

    async def op_rematch(self, frame: frames_in.Rematch) -> None:
        """«Ещё партию» (``yes``: true) or not; the view's ``rematch`` lists who agreed."""
        await in_db_thread_pool(seating.rematch_vote)(table_id=self.table_id, user=self.user, yes=frame.yes)

    async def op_ready(self, frame: frames_in.Ready) -> None:
        """«Готов» (``ready``: true) or not, with an optional ``client_seed`` (docs/rules.md §3)."""
        await in_db_thread_pool(seating.ready_set)(
            table_id=self.table_id, user=self.user, ready=frame.ready, client_seed=frame.client_seed
        )

    async def op_claim(self, frame: frames_in.Claim) -> None:
        """«Засчитать победу» over an opponent away past his ``gone_deadline``."""
        await in_db_thread_pool(presence.claim_victory)(table_id=self.table_id, user_id=self.user.pk)

    # ----------------------------------------------------------------- group messages

    async def table_chat(self, event: dict) -> None:
        """A chat message: not to players if it is a spectator's mid-match remark, not from a
        user I muted."""
        if not self.admitted:
            return
        if not event["players_see"] and self.seat is not None:
            return
        if event.get("author") in self.muted:
            return
        await self.send(text_data=event["text"])

    async def table_chat_hidden(self, event: dict) -> None:
        if not self.admitted:
            return
        await self.send(text_data=event["text"])

    async def table_frames(self, event: dict) -> None:
        """A change of the table from the channel layer (a move of a Celery worker or of another
        process): as :meth:`frames_deliver`. This process's own actor handed its frames over
        directly already."""
        if event.get("origin") == actor.PROCESS_ID:
            return
        await self.frames_deliver(event["frames"], match_id=event.get("match"), seq=event.get("seq"))

    async def frames_deliver(self, frames: dict[str, str], *, match_id: int | None, seq: int | None) -> None:
        """A change of the table: forward my seat's frame (its hand), else the public one, unless
        this socket was already sent that state or a newer one. The match it shows becomes this
        socket's: an ``act`` right after the first frame of a new match (or a rematch) applies
        to it, not ``no_match``. Before admission the frames wait in :attr:`held`."""
        if not self.admitted:
            if self.registered:
                self.held.append((frames, match_id, seq))
            return
        if seq is not None and self.is_older(match_id, seq):
            return
        if match_id is not None:
            self.match_id = match_id
        if seq is not None:
            self.shown = (self.match_id, seq)
        text = frames.get(str(self.seat)) if self.seat is not None else None
        if text is None:
            text = frames["public"]
        if self.direct is not None and not self.closing and self.direct(text):
            return
        await self.send(text_data=text)

    def is_older(self, match_id: int | None, seq: int) -> bool:
        """Whether a state ``(match_id, seq)`` is behind what this socket was sent: an older match,
        or an older ``seq`` of the same one (the same ``seq`` again is sent: a full state after a
        seating change, a match ended by an admin)."""
        shown_match, shown_seq = self.shown
        if shown_match is None or match_id is None:
            return False
        if match_id != shown_match:
            return match_id < shown_match
        return seq < shown_seq

    async def table_hello(self, event: dict) -> None:
        """A socket of the table joined in some process (:mod:`apps.tables.actor`'s handshake)."""
        answer = actor.hello_heard(self.table_id, event)
        if answer is not None:
            await self.channel_layer.group_send(groups.table_all(self.table_id), answer)

    async def table_here(self, event: dict) -> None:
        actor.here_heard(self.table_id, event)

    async def table_refresh(self, event: dict) -> None:
        """Seating, access or a block changed: the full state again, or 4404 if this user may
        no longer see the table."""
        if self.admitted and not await self.send_full_state():
            await self.refuse()


class LobbyConsumer(SocialLobbyMixin, AuthenticatedConsumer):
    """``/ws/lobby/``: ``{"op": "tables", "tables": [...]}`` on connect and on every change (not
    on a personal socket, ``?tables=0``); invitations, friends and watching (:mod:`apps.social`)."""

    async def joined(self) -> None:
        await self.social_joined()
        if self.wants_tables():
            await self.channel_layer.group_add(groups.LOBBY, self.channel_name)
            await self.op_sync(frames_in.Sync())

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(groups.LOBBY, self.channel_name)
        for group in getattr(self, "followed", ()):
            await self.channel_layer.group_discard(group, self.channel_name)
        await self.social_left()

    async def op_sync(self, frame: frames_in.Sync) -> None:
        tables = await in_db_thread_pool(lobby_selectors.open_tables)()
        await self.send_json(frames_out.Tables(tables=tables))

    async def lobby_tables(self, event: dict) -> None:
        await self.send(text_data=event["text"])

    async def op_tournament(self, frame: frames_in.TournamentFollow) -> None:
        """``{"op": "tournament", "tournament": id}``: follow the event's changes
        (``tournament_changed``) while the socket lives; ``not_found`` for an event the user may
        not see, ``bad_message`` past :data:`MAX_FOLLOWED` events on one socket."""
        if not await in_db_thread_pool(_may_follow)(frame.tournament, self.user, frame.code):
            raise Refused("not_found")
        followed: set[str] = self.__dict__.setdefault("followed", set())
        group = tournament_live.group(frame.tournament)
        if group not in followed and len(followed) >= MAX_FOLLOWED:
            raise Refused("bad_message", detail="too many tournaments followed")
        followed.add(group)
        await self.channel_layer.group_add(group, self.channel_name)

    async def tournament_changed(self, event: dict) -> None:
        await self.send(text_data=event["text"])


# --------------------------------------------------------------------- sync calls


def _may_follow(tournament_id: int, user, code: str | None) -> bool:
    """Whether ``user`` may see the tournament's page (a private one: an entrant or its code)."""
    if not 0 < tournament_id <= MAX_ID:
        return False
    t = Tournament.objects.filter(pk=tournament_id).first()
    return t is not None and tournament_selectors.may_see(t, user, code)


def _may_see(table_id: int, user) -> bool:
    """Whether ``user`` may see the table (it exists and is public, his, or he was let in)."""
    return access.visible_table(table_id, user) is not None


def _table_state(table_id: int, user) -> tuple[int | None, frames_out.State, set[int]]:
    """``(seat, full state, users muted)`` for ``user``'s socket; LookupError when the table is
    gone or hidden from him."""
    try:
        seat, message = table_selectors.table_state(table_id, user.pk, user)
    except Table.DoesNotExist:
        raise LookupError(table_id) from None
    return seat, message, chat.muted_by(user.pk)
