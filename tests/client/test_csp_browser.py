"""The Content-Security-Policy holds and every page still works under it (issue #20, item 9).

In chromium against the live daphne: the API docs (swagger-ui from our own static files, no
CDN), the admin, the lobby's live list and a table page with its socket. A violated policy shows
as a console error ("Refused to ..."), and every request must go to our own origin.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from apps.accounts.models import User
from apps.tables import seating
from tests.client.test_table_live import PASSWORD, log_in
from tests.live import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.live, pytest.mark.django_db(transaction=True)]


def test_pages_work_under_the_csp_and_load_nothing_from_elsewhere(live_site: LiveSite, browser) -> None:
    User.objects.create_superuser(username="root", password=PASSWORD)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="ru-RU")
    context.set_default_timeout(15_000)
    page = context.new_page()
    refused: list[str] = []
    foreign: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    ours = (live_site.url, live_site.ws_url, "data:")
    page.on("request", lambda r: None if r.url.startswith(ours) else foreign.append(r.url))
    try:
        response = page.goto(f"{live_site.url}/api/docs/")
        assert "script-src" in response.headers["content-security-policy"]
        expect(page.locator(".swagger-ui .opblock").first).to_be_visible()
        log_in(page, live_site, "root")
        page.goto(f"{live_site.url}/admin/")
        expect(page.locator("#site-name")).to_be_visible()
        table = seating.table_create(user=User.objects.get(username="root"), game="durak")
        page.goto(f"{live_site.url}/lobby/")
        expect(page.locator(f'#lobby-tables li[data-table="{table.pk}"]')).to_be_visible()
        page.goto(f"{live_site.url}/lobby/tables/{table.pk}/")
        page.wait_for_timeout(1000)
    finally:
        context.close()
    assert not refused, refused
    assert not foreign, foreign
