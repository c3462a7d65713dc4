"""Reading client frames: every op round-trips, and a malformed frame gets the refusal it got
before the protocol module (``cases.py``: the detail and the echoed ``id`` of each)."""

from __future__ import annotations

import pytest

from apps.protocol import FrameError, decode_client, encode
from apps.protocol.actions import Bid, Capot, Play
from apps.protocol.client import (
    CLIENT_FRAMES,
    Act,
    ChatMute,
    ChatReport,
    ChatSend,
    Claim,
    FriendsAsk,
    LobbyIn,
    Ping,
    Ready,
    Rematch,
    Sync,
    TableIn,
    TournamentFollow,
    WatchAsk,
)
from tests.protocol.cases import LOBBY_CASES, NOT_JSON_NOW, TABLE_CASES

EVERY_FRAME = [
    (Act(seq=4, action={"type": "take"}), '{"op":"act","seq":4,"action":{"type":"take"}}'),
    (Act(seq=0, action={"type": "pass"}, id="r1"), '{"op":"act","seq":0,"action":{"type":"pass"},"id":"r1"}'),
    (Sync(), '{"op":"sync"}'),
    (Ping(t=17), '{"op":"ping","t":17}'),
    (Ping(), '{"op":"ping"}'),
    (ChatSend(text="Привет"), '{"op":"chat","text":"Привет"}'),
    (ChatSend(phrase="good_game"), '{"op":"chat","phrase":"good_game"}'),
    (ChatMute(user=12, mute=False), '{"op":"chat_mute","user":12,"mute":false}'),
    (ChatMute(user=12), '{"op":"chat_mute","user":12}'),
    (ChatReport(id=99), '{"op":"chat_report","id":99}'),
    (Rematch(yes=False), '{"op":"rematch","yes":false}'),
    (Rematch(), '{"op":"rematch"}'),
    (Ready(), '{"op":"ready"}'),
    (Ready(ready=False), '{"op":"ready","ready":false}'),
    (Ready(client_seed="k3v9"), '{"op":"ready","client_seed":"k3v9"}'),
    (Claim(), '{"op":"claim"}'),
    (FriendsAsk(), '{"op":"friends"}'),
    (WatchAsk(), '{"op":"watch"}'),
    (TournamentFollow(tournament=5), '{"op":"tournament","tournament":5}'),
    (TournamentFollow(tournament=5, code="ab12"), '{"op":"tournament","tournament":5,"code":"ab12"}'),
]  # fmt: skip


def test_every_op_is_listed() -> None:
    assert set(CLIENT_FRAMES) == {
        "act", "sync", "ping", "chat", "chat_mute", "chat_report", "rematch", "ready", "claim", "friends",
        "watch", "tournament",
    }  # fmt: skip
    assert {type(f).__struct_config__.tag for f, _ in EVERY_FRAME} == set(CLIENT_FRAMES)


@pytest.mark.parametrize(("frame", "text"), EVERY_FRAME, ids=lambda v: getattr(v, "op", None))
def test_every_frame_round_trips(frame, text: str) -> None:
    assert encode(frame) == text
    assert decode_client(text) == frame
    assert decode_client(text.encode()) == frame


def test_an_act_carries_a_typed_action_as_its_json() -> None:
    assert encode(Act(seq=2, action=Bid(value=90, trump="h"))) == (
        '{"op":"act","seq":2,"action":{"type":"bid","value":90,"trump":"h"}}'
    )
    assert decode_client(encode(Act(seq=2, action=Capot(trump="s", solo=True)))).action == {
        "type": "capot", "trump": "s", "solo": True,
    }  # fmt: skip
    played = decode_client(encode(Act(seq=1, action=Play(card="10s"))))
    assert played.action == {"type": "play", "card": "10s"}


def test_each_socket_reads_only_its_own_ops() -> None:
    assert isinstance(decode_client('{"op":"claim"}', TableIn), Claim)
    assert isinstance(decode_client('{"op":"watch"}', LobbyIn), WatchAsk)
    with pytest.raises(FrameError, match="unknown op"):
        decode_client('{"op":"watch"}', TableIn)


def _refusal(raw, frames):
    try:
        decode_client(raw, frames)
    except FrameError as exc:
        return exc.detail, exc.request_id
    return None, None


@pytest.mark.parametrize(("raw", "detail", "request_id"), TABLE_CASES, ids=lambda v: repr(v)[:40])
def test_a_table_socket_frame_gets_the_refusal_it_got_before(raw, detail, request_id) -> None:
    assert _refusal(raw, TableIn) == (detail, request_id)


@pytest.mark.parametrize(("raw", "detail", "request_id"), LOBBY_CASES, ids=lambda v: repr(v)[:40])
def test_a_lobby_socket_frame_gets_the_refusal_it_got_before(raw, detail, request_id) -> None:
    assert _refusal(raw, LobbyIn) == (detail, request_id)


def test_huge_integers_and_unknown_keys_pass_through_as_they_are() -> None:
    frame = decode_client('{"op":"act","seq":123456789012345678901234567890,"action":{"x":[1]},"zz":1}')
    assert frame.seq == 123456789012345678901234567890 and frame.action == {"x": [1]}
    pong_t = decode_client('{"op":"ping","t":{"a":[1,{"b":null}],"n":18446744073709551616}}', TableIn).t
    assert encode(pong_t) == '{"a":[1,{"b":null}],"n":18446744073709551616}'


def test_a_frame_of_exactly_16_kb_is_read() -> None:
    head, tail = '{"op":"ping","t":"', '"}'
    raw = head + "x" * (16 * 1024 - len(head) - len(tail)) + tail
    assert len(raw) == 16 * 1024
    assert isinstance(decode_client(raw, TableIn), Ping)
    with pytest.raises(FrameError, match="over 16 KB"):
        decode_client(raw[:-2] + "x" + tail, TableIn)


@pytest.mark.parametrize("raw", NOT_JSON_NOW)
def test_values_json_cannot_hold_are_refused_now(raw: str) -> None:
    assert _refusal(raw, TableIn) == ("not JSON", None)
