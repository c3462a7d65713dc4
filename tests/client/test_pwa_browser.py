"""The installable site in Debian's chromium (issue #32): the manifest a browser installs from,
the service worker in control of the page, the offline page with the network cut, and the table
client back at the table when the network returns. Real daphne, Celery, PostgreSQL, Redis."""

from __future__ import annotations

import struct

import pytest
from playwright.sync_api import Page, expect

from apps.accounts.models import User
from apps.lobby import services as lobby
from tests.client.test_table_live import PASSWORD, log_in, table_url
from tests.live import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.live]

OFFLINE_RU = "Нет связи — мы вернём вас за стол, как только сеть появится"


def controlled(page: Page) -> None:
    """Wait until the service worker controls ``page`` (it claims the page it was installed from)."""
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")


def test_the_site_installs_and_answers_offline(live_site: LiveSite, browser) -> None:
    User.objects.create_user(username="olga", password=PASSWORD)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, live_site, "olga")
    page.goto(f"{live_site.url}/lobby/")
    controlled(page)
    scope = page.evaluate("() => navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == f"{live_site.url}/"

    # Lighthouse's installability checks: a same-origin manifest with a name, a start URL in
    # scope, standalone display, and 192 and 512 px PNG icons that exist
    href = page.evaluate("() => document.querySelector('link[rel=manifest]').href")
    assert href.startswith(f"{live_site.url}/")
    manifest = page.request.get(href).json()
    assert manifest["name"] == "Карточки" and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/lobby/" and manifest["scope"] == "/"
    assert manifest["theme_color"] == "#1b4332"
    sizes = set()
    for icon in manifest["icons"]:
        response = page.request.get(f"{live_site.url}{icon['src']}")
        assert response.ok and response.headers["content-type"] == "image/png"
        body = response.body()
        width, height = struct.unpack(">II", body[16:24])
        assert f"{width}x{height}" == icon["sizes"]
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes
    (shortcut,) = manifest["shortcuts"]  # «Быстрая игра»: a page of the site that answers
    assert shortcut["name"] == "Быстрая игра" and shortcut["url"] == "/quick/"
    assert page.request.get(f"{live_site.url}{shortcut['url']}").ok
    assert page.request.get(f"{live_site.url}{shortcut['icons'][0]['src']}").ok
    assert page.request.get(f"{live_site.url}/favicon.ico").headers["content-type"] == "image/x-icon"

    # the network is cut: a page asked for is answered by the offline page in the site's style
    context.set_offline(True)
    page.goto(f"{live_site.url}/lobby/")
    expect(page.get_by_test_id("offline")).to_contain_text(OFFLINE_RU)
    assert page.evaluate(
        "() => getComputedStyle(document.querySelector('.site-header')).backgroundColor"
    ) != ("rgba(0, 0, 0, 0)")  # site.css came from the worker's cache
    # the network is back: the page the player was going to comes by itself
    context.set_offline(False)
    expect(page.get_by_test_id("current-user")).to_have_text("olga")
    assert page.url == f"{live_site.url}/lobby/"
    assert errors == []
    context.close()


def test_the_table_comes_back_when_the_network_does(live_site: LiveSite, celery_worker, browser) -> None:
    user = User.objects.create_user(username="pavel", password=PASSWORD)
    table = lobby.play_with_bots(
        user=user, game="bazar_blot", options={"players": 4, "target": 51}, level="easy", bot_delay_ms=100
    )
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, live_site, "pavel")
    page.goto(table_url(live_site, table.pk))
    conn = page.locator("#table-app .conn")
    expect(conn).to_have_class("conn conn-open")
    page.wait_for_function("() => window.__tableClient && window.__tableClient.view")
    seq = page.evaluate("() => window.__tableClient.seq")

    context.set_offline(True)
    expect(conn).to_have_class("conn conn-closed")
    page.wait_for_timeout(1500)  # a retry or two fails while offline
    context.set_offline(False)
    expect(conn).to_have_class("conn conn-open", timeout=5000)  # at once, not after the backoff
    page.wait_for_function("(seq) => window.__tableClient.view && window.__tableClient.seq >= seq", arg=seq)
    assert errors == []
    context.close()
