"""The consumers refuse what the protocol module refuses, through live daphne: each malformed
frame of ``cases.py`` gets ``error`` ``bad_message`` with the frame's ``id`` when it had one,
written as the site always wrote it, and the socket keeps answering."""

from __future__ import annotations

import time

import pytest

from tests.protocol.cases import LOBBY_CASES, NOT_JSON_NOW, TABLE_CASES
from tests.tables.helpers import bot_table
from tests.tables.live_clients import TableSocket, session_cookie

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]


def _refused_as_before(sock: TableSocket, cases) -> None:
    for n, (raw, detail, request_id) in enumerate(cases):
        if raw is None or detail is None:
            continue
        start = len(sock.messages)
        sock.ws.send(raw)
        error = sock.wait_for(lambda m: m.get("op") == "error", start=start)
        assert error["code"] == "bad_message", (raw[:60], error)
        keys = ["op", "code", "message"] + (["id"] if request_id is not None else [])
        assert [k for k in error if k != "_at"] == keys, (raw[:60], error)
        assert error.get("id") == request_id
        assert error["message"] == "Сообщение не понято."
        sock.send({"op": "ping", "t": n})
        sock.wait_for(lambda m, n=n: m.get("op") == "pong" and m.get("t") == n, start=start)
        time.sleep(0.12)  # stay under the frame rate limit (20 a second)
    assert sock.close_code is None


def test_the_table_socket_refuses_each_malformed_frame_as_before(live_site, make_user):
    a = make_user()
    table = bot_table("durak", {}, people=[a])
    sock = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(a))
    sock.wait_for(lambda m: m.get("op") == "chat_history")
    _refused_as_before(sock, TABLE_CASES + [(raw, "not JSON", None) for raw in NOT_JSON_NOW])


def test_the_lobby_socket_refuses_the_table_ops(live_site, make_user):
    sock = TableSocket(live_site, "/ws/lobby/", session_cookie(make_user()))
    sock.wait_for(lambda m: m.get("op") == "tables")
    _refused_as_before(sock, LOBBY_CASES)
    start = len(sock.messages)
    sock.send({"op": "watch"})
    assert set(sock.wait_for(lambda m: m.get("op") == "watch", start=start)) >= {"tables", "finished"}


def test_acknowledgements_and_pongs_are_the_typed_frames(live_site, make_user):
    a, b = make_user(), make_user()
    table = bot_table("durak", {}, people=[a, b])
    sock = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(a))
    sock.wait_for(lambda m: m.get("op") == "chat_history")
    for frame, answer in [
        ({"op": "ping"}, {"op": "pong"}),
        ({"op": "ping", "t": None}, {"op": "pong", "t": None}),
        ({"op": "ping", "t": {"x": [1, 2**70]}}, {"op": "pong", "t": {"x": [1, 2**70]}}),
        ({"op": "chat_mute", "user": b.pk}, {"op": "chat_mute", "user": b.pk, "mute": True}),
        ({"op": "chat_mute", "user": b.pk, "mute": False}, {"op": "chat_mute", "user": b.pk, "mute": False}),
    ]:
        start = len(sock.messages)
        sock.send(frame)
        got = sock.wait_for(lambda m, op=answer["op"]: m.get("op") == op, start=start)
        assert {k: v for k, v in got.items() if k != "_at"} == answer
    start = len(sock.messages)
    sock.send({"op": "act", "seq": 10**6, "action": {"type": "done"}, "id": "r7"})
    error = sock.wait_for(lambda m: m.get("op") == "error", start=start)
    assert error["code"] == "stale" and error["id"] == "r7"
