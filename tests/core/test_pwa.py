"""The installable site's files (issue #32): the manifest, the service worker, the offline page
and ``/favicon.ico`` as the server answers them (the browser's side: tests/client/test_pwa_browser.py)."""

from __future__ import annotations

import json
import struct

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height in a PNG's IHDR chunk (fails unless ``data`` is a PNG)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def static_bytes(client: Client, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200, url
    return b"".join(response.streaming_content) if response.streaming else response.content


def test_the_manifest_describes_an_installable_app_in_each_language() -> None:
    client = Client()
    for lang, name, shortcut in (("ru", "Карточки", "Быстрая игра"), ("en", "Kartochki", "Quick play")):
        response = client.get(f"/manifest.webmanifest?lang={lang}")
        assert response.status_code == 200
        assert response["Content-Type"].startswith("application/manifest+json")
        manifest = json.loads(response.content)
        assert manifest["name"] == name and manifest["lang"] == lang
        assert manifest["id"] == "/" and manifest["scope"] == "/"
        assert manifest["display"] == "standalone"
        assert manifest["start_url"] == "/lobby/"
        assert manifest["theme_color"] == manifest["background_color"] == "#1b4332"
        assert [s["name"] for s in manifest["shortcuts"]] == [shortcut]
        assert manifest["shortcuts"][0]["url"] == "/quick/"
        purposes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
        assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes
        for icon in manifest["icons"]:
            width, height = png_size(static_bytes(client, icon["src"]))
            assert f"{width}x{height}" == icon["sizes"]
    # an unknown language is Russian, never an error
    assert json.loads(client.get("/manifest.webmanifest?lang=xx").content)["name"] == "Карточки"


def test_the_service_worker_is_served_for_the_whole_site() -> None:
    response = Client().get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    assert '"/offline/ru/"' in body and '"/offline/en/"' in body
    assert '"/static/css/site.css"' in body
    assert "&quot;" not in body  # JSON, not HTML-escaped


def test_the_offline_page_speaks_both_languages() -> None:
    client = Client()
    ru = client.get("/offline/ru/").content.decode()
    assert "Нет связи — мы вернём вас за стол, как только сеть появится" in ru
    assert 'lang="ru"' in ru
    en = client.get("/offline/en/").content.decode()
    assert "No connection — we will take you back to the table as soon as the network is back" in en
    assert client.get("/offline/xx/").status_code == 404


def test_favicon_ico_is_served_at_the_root() -> None:
    response = Client().get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    data = response.content
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count == 3
    sizes = sorted(data[6 + 16 * i] for i in range(count))
    assert sizes == [16, 32, 48]


def test_every_page_links_the_manifest_and_the_worker_script() -> None:
    page = Client().get("/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest?lang=ru"' in page
    assert 'src="/static/js/pwa.js"' in page
    assert 'name="theme-color" content="#1b4332"' in page
