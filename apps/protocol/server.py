"""Every frame the server sends, on the table socket and on the lobby socket, as typed values.

Each frame is a JSON object whose ``op`` is the Struct's tag; fields are written in the order
declared here, a field left :data:`~msgspec.UNSET` is left out. Payloads that services build as
dicts (a ``view``, ``events``, the lobby's table list, friends, the watch list) are carried as
they are, their key order kept: the golden test (``tests/protocol/test_golden_frames.py``) holds
every frame byte for byte to the recorded ones. Typed readers for those
payloads: :mod:`.views`, :mod:`.events`.

>>> from apps.protocol.codec import encode
>>> encode(Pong(t=7)), encode(Pong())
('{"op":"pong","t":7}', '{"op":"pong"}')
>>> encode(Error(code="stale", message="Стол уже изменился", id=4))
'{"op":"error","code":"stale","message":"Стол уже изменился","id":4}'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
from msgspec import UNSET, UnsetType


class ServerFrame(msgspec.Struct, tag_field="op", kw_only=True):
    """Base of every server frame."""


# ------------------------------------------------------------------ table socket


class State(ServerFrame, tag="state"):
    """The table after change ``seq`` as one seat (or the public) sees it, with the ``events`` of
    that change; ``hold_ms`` (only when > 0): how long to show the trick or deal just ended."""

    seq: int
    view: dict[str, Any]
    events: Sequence[Mapping[str, Any]]
    hold_ms: int | UnsetType = UNSET


def state_frame(
    seq: int, view: dict[str, Any], events: Sequence[Mapping[str, Any]], hold_ms: int = 0
) -> State:
    """The :class:`State` of change ``seq``; ``hold_ms`` left out when 0 (as the site always did)."""
    return State(seq=seq, view=view, events=events, hold_ms=hold_ms or UNSET)


class Error(ServerFrame, tag="error"):
    """A refusal: ``code`` (stable), ``message`` (the user's language), ``rule`` (the engine's
    code for ``illegal``), ``errors`` (per option field), ``id`` (the request's)."""

    code: str
    message: str
    rule: str | UnsetType = UNSET
    errors: dict[str, Any] | UnsetType = UNSET
    id: Any = UNSET


def error(data: dict[str, Any], request_id: Any = None) -> Error:
    """The :class:`Error` of a refusal's ``{"code", "message", "rule"?, "errors"?}``, with ``id``
    when ``request_id`` is not None."""
    return Error(**data, id=UNSET if request_id is None else request_id)


class Pong(ServerFrame, tag="pong"):
    """The answer to ``ping``: its ``t``, absent if the ping had none."""

    t: Any = UNSET


class Chat(ServerFrame, tag="chat"):
    """One chat message (docs/protocol.md, «Table chat»)."""

    id: int
    seat: int | None
    name: str
    user: int | None
    text: str
    phrase: str | None
    channel: str
    t: int


class ChatHistory(ServerFrame, tag="chat_history"):
    """The last messages this reader may see, oldest first (after the first ``state``)."""

    messages: list[Chat]


class ChatHidden(ServerFrame, tag="chat_hidden"):
    """A moderator hid these messages."""

    ids: list[int]


class ChatMuted(ServerFrame, tag="chat_mute"):
    """Acknowledges ``chat_mute``."""

    user: Any
    mute: bool


class ChatReported(ServerFrame, tag="chat_report"):
    """Acknowledges ``chat_report``."""

    id: Any


# ------------------------------------------------------------------ lobby socket


class Tables(ServerFrame, tag="tables"):
    """The public tables waiting or playing (``apps.lobby.selectors.open_tables``)."""

    tables: list[dict[str, Any]]


class TablesDiff(ServerFrame, tag="tables_diff"):
    """What changed in the lobby list since the last ``tables`` or ``tables_diff``: rows ``added``
    (new to the list), ``changed`` (listed before, now different; the whole row) and the ids
    ``removed`` (no longer listed). Rows are those of :class:`Tables`."""

    added: list[dict[str, Any]]
    changed: list[dict[str, Any]]
    removed: list[int]


class Invitations(ServerFrame, tag="invitations"):
    """How many invitations wait for the user (the header's badge)."""

    count: int


class Invitation(ServerFrame, tag="invitation"):
    """A friend invited the user to his table (``from``: ``{"id", "name"}``)."""

    id: int
    from_: dict[str, Any] = msgspec.field(name="from")
    table: int
    game: str
    game_name: str
    url: str
    accept: str
    decline: str
    count: int


class FriendRequestFrame(ServerFrame, tag="friend_request"):
    """Someone asked the user to be friends (``from``: ``{"id", "name"}``; ``accept`` and
    ``decline``: the friends page's form actions, POST with ``request`` = ``id``)."""

    id: int
    from_: dict[str, Any] = msgspec.field(name="from")
    accept: str
    decline: str
    count: int


class QuickSeated(ServerFrame, tag="quick_seated"):
    """Quick play seated the user at ``table`` and its match started (``url``: the table's page)."""

    table: int
    url: str


class FriendsChanged(ServerFrame, tag="friends_changed"):
    """The user's friend list changed: ask ``friends``."""


class Friends(ServerFrame, tag="friends"):
    """The answer to ``friends``."""

    friends: list[dict[str, Any]]


class Watch(ServerFrame, tag="watch"):
    """The answer to ``watch``: tables being played and the last finished."""

    tables: list[dict[str, Any]]
    finished: list[dict[str, Any]]


class TournamentSeated(ServerFrame, tag="tournament_seated"):
    """A tournament's round seated the user at ``table`` (``url``: its page), wherever he is."""

    tournament: int
    name: str
    table: int
    url: str


class TournamentPair(ServerFrame, tag="tournament_pair"):
    """A friend entered a pairs tournament with the user as partner (``url``: the tournament's
    page, where «Играю в паре» accepts)."""

    tournament: int
    url: str


class TournamentChanged(ServerFrame, tag="tournament_changed"):
    """A followed tournament's standings, tables or bracket changed (a result, a best-of-3's
    match, a new round or pass, its end): its page fetches its state again."""

    tournament: int


#: Every server frame, as a tagged union on ``op``.
AnyServerFrame = (
    State
    | Error
    | Pong
    | Chat
    | ChatHistory
    | ChatHidden
    | ChatMuted
    | ChatReported
    | Tables
    | TablesDiff
    | Invitations
    | Invitation
    | FriendRequestFrame
    | QuickSeated
    | FriendsChanged
    | Friends
    | Watch
    | TournamentSeated
    | TournamentPair
    | TournamentChanged
)

#: ``op`` -> its Struct, for every server frame.
SERVER_FRAMES: dict[str, type[ServerFrame]] = {
    cls.__struct_config__.tag: cls for cls in AnyServerFrame.__args__
}
