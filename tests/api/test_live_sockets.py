"""The table socket's handshake with API tokens, against a real daphne (PostgreSQL, Redis).

Programs send ``Authorization: Token <key>`` and no Origin; browsers keep the Origin check.
"""

from __future__ import annotations

import json

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from apps.api import tokens
from apps.tables import seating
from tests.tables.live_clients import session_cookie

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]


def open_socket(site, path: str, headers: dict, origin: str | None = None):
    return connect(f"{site.ws_url}{path}", additional_headers=headers, origin=origin, open_timeout=10)


def test_a_token_handshake_without_origin_gets_its_seat(api_site, make_user):
    user = make_user()
    table = seating.table_create(user=user, game="durak")
    _token, key = tokens.token_create(user=user)
    with open_socket(api_site, f"/ws/tables/{table.pk}/", {"Authorization": f"Token {key}"}) as ws:
        state = json.loads(ws.recv(timeout=10))
        assert state["op"] == "state" and state["view"]["seat"] == 0 and state["view"]["table"] == table.pk
        ws.send(json.dumps({"op": "ping", "t": 7}))
        for _ in range(10):  # states may come first (the seat's presence changed)
            frame = json.loads(ws.recv(timeout=10))
            if frame["op"] == "pong":
                break
        assert frame == {"op": "pong", "t": 7}


@pytest.mark.parametrize("kind", ["unknown", "revoked", "malformed"])
def test_a_bad_token_is_closed_with_4401(api_site, make_user, kind):
    user = make_user()
    table = seating.table_create(user=user, game="durak")
    token, key = tokens.token_create(user=user)
    if kind == "revoked":
        tokens.token_revoke(user=user, token_id=token.pk)
    header = {"unknown": "Token kt_" + "A" * 43, "revoked": f"Token {key}", "malformed": "Token a b"}[kind]
    with open_socket(api_site, f"/ws/tables/{table.pk}/", {"Authorization": header}) as ws:
        with pytest.raises(Exception) as info:
            ws.recv(timeout=10)
        assert ws.close_code == 4401, info.value


def test_browser_sockets_keep_the_origin_check(api_site, make_user):
    user = make_user()
    table = seating.table_create(user=user, game="durak")
    cookie = {"Cookie": session_cookie(user)}
    with pytest.raises(InvalidStatus) as info:
        open_socket(api_site, f"/ws/tables/{table.pk}/", cookie, origin="http://evil.example")
    assert info.value.response.status_code == 403
    with pytest.raises(InvalidStatus):
        open_socket(api_site, f"/ws/tables/{table.pk}/", cookie)  # no Origin, no token
    with open_socket(api_site, f"/ws/tables/{table.pk}/", cookie, origin=api_site.origin) as ws:
        assert json.loads(ws.recv(timeout=10))["view"]["seat"] == 0


def test_a_token_socket_ignores_the_session_cookie(api_site, make_user):
    """With a token header the token alone says who you are (a cookie cannot smuggle a user in)."""
    owner, other = make_user(), make_user()
    table = seating.table_create(user=owner, game="durak")
    _token, key = tokens.token_create(user=other)
    headers = {"Authorization": f"Token {key}", "Cookie": session_cookie(owner)}
    with open_socket(api_site, f"/ws/tables/{table.pk}/", headers) as ws:
        assert json.loads(ws.recv(timeout=10))["view"]["seat"] is None
