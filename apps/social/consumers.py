"""The social side of the lobby socket ``/ws/lobby/`` (docs/protocol.md, «Friends and watching»).

:class:`SocialLobbyMixin` is mixed into :class:`apps.sockets.consumers.LobbyConsumer`: every
lobby socket joins its user's group (invitations and friend changes reach all his pages),
records its page in :mod:`.presence`, and answers the ``friends`` and ``watch`` requests.
``?tables=0`` makes a personal socket (the one every page's header opens): no table list.
``?table=<id>`` says the page shows that table (how spectators and friends' whereabouts are
known without touching the table socket).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from django.utils import translation

from apps.core.forms import cleaned
from apps.core.threads import in_db_thread_pool
from apps.protocol import client as frames_in
from apps.protocol import server as frames_out

from . import groups, presence
from .forms import LobbyQueryForm

if TYPE_CHECKING:
    from apps.accounts.models import User

log = logging.getLogger(__name__)

#: The channel names of this process's open lobby sockets, refreshed together by one task.
_LIVE: dict[str, None] = {}
_heartbeat: asyncio.Task | None = None


async def _beat() -> None:
    while True:
        await asyncio.sleep(presence.HEARTBEAT_SECONDS)
        try:
            await in_db_thread_pool(presence.refresh)(list(_LIVE))
        except Exception:  # a database hiccup: the next beat tries again
            log.exception("refreshing %d presence rows failed", len(_LIVE))


def _ensure_heartbeat() -> None:
    global _heartbeat
    if _heartbeat is None or _heartbeat.done():
        _heartbeat = asyncio.get_running_loop().create_task(_beat())


def _query(scope: dict) -> dict:
    """The socket's query string through :class:`.forms.LobbyQueryForm` (never raises)."""
    raw = scope.get("query_string", b"").decode("latin-1")
    return cleaned(LobbyQueryForm, {k: v[-1] for k, v in parse_qs(raw).items()})


class SocialLobbyMixin:
    """What a lobby socket does for friends and watching; call :meth:`social_joined` once the
    user is known and :meth:`social_left` on disconnect."""

    presence_recorded = False

    if TYPE_CHECKING:  # what the consumer this is mixed into provides
        scope: dict[str, Any]
        channel_layer: Any
        channel_name: str
        user: User
        language: str

        async def send(self, text_data: Any = None, bytes_data: Any = None, close: Any = False) -> None: ...

        async def send_json(self, frame: Any) -> None: ...

    def wants_tables(self) -> bool:
        """False for a personal socket (``?tables=0``): no ``tables`` frames."""
        return _query(self.scope).get("tables") != "0"

    def page_table(self) -> int | None:
        """The table whose page opened this socket (``?table=<id>``), if any."""
        return _query(self.scope)["table"]

    def place(self) -> str:
        """Personal sockets are counted apart from the lobby page's ones (socket caps)."""
        path = self.scope.get("path", "")
        return path if self.wants_tables() else f"{path}#personal"

    async def social_joined(self) -> None:
        await self.channel_layer.group_add(groups.user(self.user.pk), self.channel_name)
        await in_db_thread_pool(presence.socket_opened)(
            channel=self.channel_name, user_id=self.user.pk, table_id=self.page_table()
        )
        self.presence_recorded = True
        _LIVE[self.channel_name] = None
        _ensure_heartbeat()
        count = await in_db_thread_pool(_invitation_count)(self.user.pk)
        await self.send_json(frames_out.Invitations(count=count))

    async def social_left(self) -> None:
        if not getattr(self, "user", None):
            return
        await self.channel_layer.group_discard(groups.user(self.user.pk), self.channel_name)
        if self.presence_recorded:
            self.presence_recorded = False
            _LIVE.pop(self.channel_name, None)
            await in_db_thread_pool(presence.socket_closed)(channel=self.channel_name)

    async def op_friends(self, frame: frames_in.FriendsAsk) -> None:
        """``{"op": "friends"}`` → ``{"op": "friends", "friends": [...]}`` (the friends page asks)."""
        friends = await in_db_thread_pool(_friends)(self.user.pk, self.language)
        await self.send_json(frames_out.Friends(friends=friends))

    async def op_watch(self, frame: frames_in.WatchAsk) -> None:
        """``{"op": "watch"}`` → ``{"op": "watch", "tables": [...], "finished": [...]}``."""
        data = await in_db_thread_pool(_watch)(self.language)
        await self.send_json(frames_out.Watch(**data))

    async def social_frame(self, event: dict) -> None:
        """A frame for this user (``invitation``, ``invitations``, ``friends_changed``)."""
        await self.send(text_data=event["text"])


def _invitation_count(user_id: int) -> int:
    from .selectors import badge_count

    return badge_count(user_id)


def _friends(user_id: int, language: str) -> list[dict]:
    from .selectors import friends_status

    with translation.override(language):
        return friends_status(user_id)


def _watch(language: str) -> dict:
    from .featured import featured_ensure
    from .selectors import watch_list

    featured_ensure()

    with translation.override(language):
        return watch_list()
