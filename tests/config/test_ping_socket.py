"""The ASGI stack end to end: a real daphne, a real websocket client, the session cookie."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.live import LiveSite

pytestmark = pytest.mark.live


def _session_cookie(django_user_model) -> str:
    user = django_user_model.objects.create_user(username="pinger", password="pw-pinger-123")
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


def test_foreign_origin_is_refused_at_the_handshake(live_site: LiveSite, django_user_model) -> None:
    cookie = _session_cookie(django_user_model)
    with pytest.raises(InvalidStatus) as refused:
        connect(
            f"{live_site.ws_url}/ws/ping/",
            origin="http://evil.example.com",
            additional_headers={"Cookie": cookie},
            open_timeout=10,
        )
    assert refused.value.response.status_code == 403


def test_anonymous_user_is_closed_with_4401(live_site: LiveSite) -> None:
    with (
        connect(f"{live_site.ws_url}/ws/ping/", origin=live_site.origin, open_timeout=10) as ws,
        pytest.raises(ConnectionClosed) as closed,
    ):
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 4401


def test_signed_in_user_gets_pong(live_site: LiveSite, django_user_model) -> None:
    cookie = _session_cookie(django_user_model)
    with connect(
        f"{live_site.ws_url}/ws/ping/",
        origin=live_site.origin,
        additional_headers={"Cookie": cookie},
        open_timeout=10,
    ) as ws:
        ws.send(json.dumps({"op": "ping", "t": 1}))
        assert json.loads(ws.recv(timeout=10)) == {"op": "pong", "t": 1}
        ws.send("not json")
        assert json.loads(ws.recv(timeout=10))["code"] == "bad_message"


def test_oversized_message_closes_the_socket(live_site: LiveSite, django_user_model) -> None:
    cookie = _session_cookie(django_user_model)
    with connect(
        f"{live_site.ws_url}/ws/ping/",
        origin=live_site.origin,
        additional_headers={"Cookie": cookie},
        open_timeout=10,
    ) as ws:
        ws.send(json.dumps({"op": "ping", "t": "x" * 5000}))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 4413
