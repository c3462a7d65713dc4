"""Issue #36 on the site's own pages in chromium (real daphne, PostgreSQL, Redis).

- Item 13: the header keeps every link on one line at 1366 px (no «Быстрая игра» over two
  lines), with the most a person can have in it: a staff user's admin link, a long name.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from apps.accounts.models import User
from tests.client.test_lobby_feel import DESKTOP, new_page
from tests.client.test_table_live import PASSWORD
from tests.live import LiveSite, screenshot_dir

pytestmark = [pytest.mark.browser, pytest.mark.live]

HEADER = """() => {
  const inner = document.querySelector(".site-header__inner").getBoundingClientRect();
  const links = [...document.querySelectorAll(".site-header a, .site-header button, .site-header .user-chip")]
    .filter((el) => el.offsetParent !== null)
    .map((el) => {
      const r = el.getBoundingClientRect();
      const line = parseFloat(getComputedStyle(el).lineHeight) || 24;
      const lines = Math.round((el.scrollHeight - parseFloat(getComputedStyle(el).paddingTop)
        - parseFloat(getComputedStyle(el).paddingBottom)) / line);
      return { text: el.textContent.trim(), lines, right: r.right, top: r.top, bottom: r.bottom };
    });
  return { height: inner.height, right: inner.right, width: document.documentElement.clientWidth, links };
}"""


@pytest.mark.django_db(transaction=True)
def test_the_header_keeps_each_link_on_one_line_at_1366(live_site: LiveSite, browser) -> None:
    User.objects.create_user(username="konstantin_p", password=PASSWORD, is_staff=True)
    page = new_page(browser, live_site, "konstantin_p", DESKTOP)
    for path in ("/lobby/", "/quick/", "/friends/"):
        page.goto(live_site.url + path)
        header = page.evaluate(HEADER)
        texts = [link["text"] for link in header["links"]]
        assert "Быстрая игра" in texts and "Мои результаты" in texts and "⚙Администрирование" in texts
        for link in header["links"]:
            assert link["lines"] <= 1, link
            assert link["right"] <= header["width"], link
        tops = {round(link["top"] + (link["bottom"] - link["top"]) / 2) for link in header["links"]}
        assert max(tops) - min(tops) <= 8, header["links"]  # one row
    page.screenshot(path=str(screenshot_dir() / "header-1366x800.png"))
    expect(page.get_by_test_id("current-user")).to_have_text("konstantin_p")
