"""Every frame a client sends, on the table socket and on the lobby socket, as typed values.

Each frame is a JSON object whose ``op`` is the Struct's tag. Keys a frame does not know are
ignored; ``id`` (any JSON value) is echoed in the ``error`` an op's refusal gets. Read a frame
with :func:`apps.protocol.codec.decode_client`; build one as ``Act(seq=3, action=Play(card="Ah"))``.

>>> from apps.protocol.actions import Play
>>> from apps.protocol.codec import encode
>>> encode(Act(seq=3, action=Play(card="Ah")))
'{"op":"act","seq":3,"action":{"type":"play","card":"Ah"}}'
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET

from .actions import Action


class ClientFrame(msgspec.Struct, tag_field="op", kw_only=True, omit_defaults=True):
    """Base of every client frame; ``id`` is the client's request id (null when absent)."""

    id: Any = None

    @property
    def op(self) -> str:
        """The frame's ``op`` (its tag)."""
        return str(self.__struct_config__.tag)


class Act(ClientFrame, tag="act"):
    """Do ``action`` as my seat; ``seq`` is the state version I acted on.

    ``action`` is read as an object and left to :func:`apps.rules.actions.canonical` and the
    game: an unknown action type is the game's refusal (``unknown_action``, ``not_your_turn``),
    not the frame's. A client may pass an :class:`~apps.protocol.actions.Action` to encode."""

    seq: int
    action: Any

    def __post_init__(self) -> None:
        if not isinstance(self.action, (dict, Action)):
            raise TypeError("act needs seq and action")


class Sync(ClientFrame, tag="sync"):
    """Send me the full state (table socket) or the table list (lobby socket)."""


class Ping(ClientFrame, tag="ping"):
    """Answered by ``pong`` with the same ``t`` (any JSON value, absent if absent)."""

    t: Any = UNSET


class ChatSend(ClientFrame, tag="chat"):
    """Write at this table: ``text`` or ``phrase`` (a phrase code); the chat service checks which."""

    text: str | None = None
    phrase: str | None = None


class ChatMute(ClientFrame, tag="chat_mute"):
    """Mute (``mute`` true, the default) or unmute user ``user``'s chat for myself."""

    user: int
    mute: bool = True


class ChatReport(ClientFrame, tag="chat_report"):
    """Report chat message ``id`` to the moderators (``id`` is also the request id) for
    ``reason``: ``insults``, ``spam``, ``hints`` (to a partner) or ``other``."""

    id: int
    reason: str = "other"


class Rematch(ClientFrame, tag="rematch"):
    """«Ещё партию» (``yes`` true, the default) or not."""

    yes: bool = True


class Ready(ClientFrame, tag="ready"):
    """«Готов» (``ready`` true, the default) or not, before the match; ``client_seed``
    (docs/rules.md §3, optional) the seat's seed for the deals of the next match."""

    ready: bool = True
    client_seed: str | None = None


class Claim(ClientFrame, tag="claim"):
    """«Засчитать победу» over an opponent away past his ``gone_deadline``."""


class FriendsAsk(ClientFrame, tag="friends"):
    """Lobby socket: send me my friends (answered by ``friends``)."""


class WatchAsk(ClientFrame, tag="watch"):
    """Lobby socket: send me the tables being played and the last finished (``watch``)."""


class TournamentFollow(ClientFrame, tag="tournament"):
    """Lobby socket: tell me when ``tournament``'s standings, tables or bracket change
    (``tournament_changed``); ``code``: a private event's invite code."""

    tournament: int
    code: str | None = None


#: What the table socket reads.
TableIn = Act | Sync | Ping | ChatSend | ChatMute | ChatReport | Rematch | Ready | Claim
#: What the lobby socket reads.
LobbyIn = Sync | Ping | FriendsAsk | WatchAsk | TournamentFollow
#: Every client frame.
AnyClientFrame = (
    Act
    | Sync
    | Ping
    | ChatSend
    | ChatMute
    | ChatReport
    | Rematch
    | Ready
    | Claim
    | FriendsAsk
    | WatchAsk
    | TournamentFollow
)

#: ``op`` -> its Struct, for every client frame.
CLIENT_FRAMES: dict[str, type[ClientFrame]] = {
    cls.__struct_config__.tag: cls for cls in AnyClientFrame.__args__
}

#: The refusal's detail when a frame of this op has a field of the wrong type (the texts of the
#: hand checks these Structs replaced); other ops get msgspec's own message.
FIELD_DETAILS: dict[str, str] = {
    "act": "act needs seq and action",
    "rematch": "rematch needs yes: true or false",
    "ready": "ready needs ready: true or false and client_seed: a string",
    "chat_mute": "mute needs another user's id",
    "chat_report": "report needs a message id",
}

__all__ = [
    "CLIENT_FRAMES",
    "FIELD_DETAILS",
    "Act",
    "AnyClientFrame",
    "ChatMute",
    "ChatReport",
    "ChatSend",
    "Claim",
    "ClientFrame",
    "FriendsAsk",
    "LobbyIn",
    "Ping",
    "Ready",
    "Rematch",
    "Sync",
    "TableIn",
    "TournamentFollow",
    "WatchAsk",
]
