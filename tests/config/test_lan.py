"""``HOST=0.0.0.0 ./run`` on a game night (issue #33): the LAN addresses (config/lan.py) become
allowed hosts, trusted CSRF origins and accepted socket origins of the embedded default.

No test sends anything to a non-loopback address: the interface list and the route are faked,
and the one real route probe here is towards loopback.
"""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest
from channels.generic.websocket import WebsocketConsumer
from channels.testing import WebsocketCommunicator
from django.middleware.csrf import get_token
from django.test import Client

from apps.api.sockets import websocket_auth
from config import lan
from tests.loops import run_loop

FAKE = "192.168.77.23"

IP_ADDR = """\
1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever preferred_lft forever
2: wlan0    inet 192.168.77.23/24 brd 192.168.77.255 scope global dynamic wlan0\\       valid_lft 86000sec
3: eth1    inet 169.254.3.4/16 brd 169.254.255.255 scope link eth1\\       valid_lft forever
4: docker0    inet 172.17.0.1/16 brd 172.17.255.255 scope global docker0\\       valid_lft forever
"""


def test_ip_addr_output_gives_the_reachable_ipv4_addresses_in_order() -> None:
    assert lan.parse_ip_addr(IP_ADDR) == [FAKE, "172.17.0.1"]
    assert lan.parse_ip_addr("") == []


def test_interface_addresses_read_ip_and_survive_its_absence(monkeypatch) -> None:
    calls = []

    def fake_run(argv, **kwargs):
        calls.append(argv)
        return subprocess.CompletedProcess(argv, 0, stdout=IP_ADDR, stderr="")

    monkeypatch.setattr(lan.shutil, "which", lambda name, path=None: "/sbin/ip")
    assert lan.interface_addresses(run=fake_run) == [FAKE, "172.17.0.1"]
    assert calls == [["/sbin/ip", "-o", "-4", "addr", "show"]]

    def failing(argv, **kwargs):
        raise OSError("no ip")

    assert lan.interface_addresses(run=failing) == []
    monkeypatch.setattr(lan.shutil, "which", lambda name, path=None: None)
    assert lan.interface_addresses(run=fake_run) == []


def test_the_default_routes_address_comes_first_without_duplicates() -> None:
    found = lan.lan_addresses(route=lambda: "10.0.0.5", interfaces=lambda: [FAKE, "10.0.0.5"])
    assert found == ["10.0.0.5", FAKE]
    assert lan.lan_addresses(route=lambda: None, interfaces=lambda: []) == []


def test_a_route_probe_towards_loopback_is_not_a_lan_address() -> None:
    assert lan.route_address(("127.0.0.1", 9)) is None


@pytest.mark.parametrize(
    ("bind", "expected"),
    [
        ("127.0.0.1", []),
        ("localhost", []),
        ("::1", []),
        ("[::1]", []),
        ("0.0.0.0", [FAKE]),
        ("::", [FAKE]),
        ("192.168.1.9", ["192.168.1.9"]),
        ("gamebox.local", ["gamebox.local"]),
    ],
)
def test_served_addresses_by_bind(bind: str, expected: list[str]) -> None:
    assert lan.served_addresses(bind, detect=lambda: [FAKE]) == expected


def test_hosts_origins_and_what_run_prints() -> None:
    assert lan.allowed_hosts([FAKE, "fd00::5"]) == [FAKE, "[fd00::5]"]
    assert lan.trusted_origins([FAKE], 8000) == [f"http://{FAKE}:8000"]
    assert lan.phone_lines([FAKE, "10.0.0.5"], 8000) == [
        f"open http://{FAKE}:8000/ on your phone (same Wi-Fi)",
        "  or http://10.0.0.5:8000/",
    ]
    assert "no LAN address" in lan.phone_lines([], 8000)[0]


def test_main_prints_nothing_for_loopback(monkeypatch, capsys) -> None:
    monkeypatch.setattr(lan, "lan_addresses", lambda: [FAKE])
    lan.main(["127.0.0.1", "8000"])
    assert capsys.readouterr().out == ""
    lan.main(["0.0.0.0", "8123"])
    assert capsys.readouterr().out.splitlines() == [f"open http://{FAKE}:8123/ on your phone (same Wi-Fi)"]


def _dev_settings(monkeypatch, **env: str):
    """``config.settings.dev`` as the embedded default computes it under ``env``, the LAN faked."""
    for name in ("ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "HOST", "PORT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SECRET_KEY", "test-only-key-for-the-dev-settings-module-0123456789abcdef")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(lan, "lan_addresses", lambda: [FAKE])
    monkeypatch.delitem(sys.modules, "config.settings.dev", raising=False)
    module = importlib.import_module("config.settings.dev")
    monkeypatch.delitem(sys.modules, "config.settings.dev")
    return module


def test_loopback_default_allows_only_loopback(monkeypatch) -> None:
    dev = _dev_settings(monkeypatch)
    assert dev.ALLOWED_HOSTS == ["127.0.0.1", "localhost", "[::1]"]
    assert dev.CSRF_TRUSTED_ORIGINS == []
    assert dev.DEBUG is False


@pytest.mark.django_db
def test_a_wildcard_host_allows_the_lan_address_for_pages_forms_and_sockets(
    monkeypatch, settings, django_user_model
):
    dev = _dev_settings(monkeypatch, HOST="0.0.0.0", PORT="8000")
    assert FAKE in dev.ALLOWED_HOSTS and "127.0.0.1" in dev.ALLOWED_HOSTS
    origin = f"http://{FAKE}:8000"
    trusted = dev.CSRF_TRUSTED_ORIGINS
    assert trusted == [origin]
    settings.ALLOWED_HOSTS = dev.ALLOWED_HOSTS
    settings.CSRF_TRUSTED_ORIGINS = trusted

    # A page by the LAN address (no DisallowedHost), then a form posted from the phone's origin.
    phone = Client(enforce_csrf_checks=True, HTTP_HOST=f"{FAKE}:8000")
    assert phone.get("/healthz").status_code == 200
    assert Client(HTTP_HOST="evil.example:8000").get("/healthz").status_code == 400
    user = django_user_model.objects.create_user(username="phone", password="pw-phone-123")
    phone.force_login(user)
    page = phone.get("/lobby/")
    token = get_token(page.wsgi_request)
    posted = phone.post(
        "/i18n/setlang/", {"language": "en", "csrfmiddlewaretoken": token}, HTTP_ORIGIN=origin
    )
    assert posted.status_code in (200, 302), posted.status_code

    assert _socket_accepted(origin)
    assert not _socket_accepted("http://evil.example:8000")


class _Accept(WebsocketConsumer):
    def connect(self) -> None:
        self.accept()


def _socket_accepted(origin: str) -> bool:
    """Whether the site's socket stack (``websocket_auth``: Origin check, session) lets a browser
    handshake from ``origin`` through (in memory, no network)."""

    async def handshake() -> bool:
        communicator = WebsocketCommunicator(
            websocket_auth(_Accept.as_asgi()), "/ws/ping/", headers=[(b"origin", origin.encode())]
        )
        connected, _ = await communicator.connect(timeout=5)
        await communicator.disconnect()
        return connected

    return run_loop(handshake())
