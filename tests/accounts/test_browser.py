"""A newcomer's first visit through a real browser (headless Debian chromium) on a live daphne."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from apps.accounts.models import User
from tests.live import ARTIFACTS, LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.live]

PASSWORD = "Kartochki-2026!"


def test_sign_up_log_out_log_in_rename_and_switch_to_english(live_site: LiveSite, page: Page) -> None:
    # The browser asks for English, the site still starts in Russian.
    page.set_extra_http_headers({"Accept-Language": "en-US,en;q=0.9"})
    page.goto(f"{live_site.url}/")
    expect(page.locator("html")).to_have_attribute("lang", "ru")

    # Sign up.
    page.get_by_test_id("signup-link").click()
    expect(page.locator("h1")).to_have_text("Регистрация")
    page.fill("input[name=username]", "olya")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.get_by_test_id("current-user")).to_have_text("olya")
    expect(page.get_by_test_id("greeting")).to_have_text("Здравствуйте, olya!")

    # Log out.
    page.get_by_test_id("logout").click()
    expect(page.get_by_test_id("login-link")).to_be_visible()
    expect(page.get_by_test_id("current-user")).to_have_count(0)

    # Log in.
    page.get_by_test_id("login-link").click()
    page.fill("input[name=login]", "olya")
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.get_by_test_id("current-user")).to_have_text("olya")

    # Change the display name on the profile page.
    page.locator("[data-nav=profile]").click()
    expect(page.locator("h1")).to_have_text("Профиль")
    page.fill("input[name=display_name]", "Ольга")
    page.get_by_test_id("profile-form").locator("button[type=submit]").click()
    expect(page.locator(".message")).to_have_text("Профиль сохранён.")
    expect(page.get_by_test_id("current-user")).to_have_text("Ольга")
    assert User.objects.get(username="olya").display_name == "Ольга"

    # Switch to English with the header switch: the same page, now in English.
    page.locator(".lang-switch button[value=en]").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_have_text("Profile")
    expect(page.get_by_test_id("logout")).to_have_text("Log out")
    assert User.objects.get(username="olya").language == "en"


def test_home_page_fits_a_360px_phone(live_site: LiveSite, page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_site.url}/")
    expect(page.locator("h1")).to_have_text("Карточки")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"page is {overflow}px wider than the phone"
    page.locator("label.nav-toggle__button").click()
    expect(page.get_by_test_id("signup-link")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "home-360px-menu-open.png"), full_page=True)
