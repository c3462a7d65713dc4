"""Accounts through Django's test client: profile, language choice, rate limits, admin."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache
from django.urls import reverse

from apps.accounts.models import User

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    cache.clear()
    yield
    cache.clear()


def test_first_migration_creates_the_custom_user() -> None:
    user = User.objects.create_user(username="masha", password="x-pass-123456")
    assert settings.AUTH_USER_MODEL == "accounts.User"
    assert user.language == "ru"
    assert user.public_name == "masha"
    user.display_name = "Маша"
    assert user.public_name == "Маша"


def test_russian_is_shown_whatever_the_browser_asks(client) -> None:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert page.status_code == 200
    assert page.headers["Content-Language"] == "ru"
    assert "Регистрация" in page.content.decode()


def test_signup_keeps_username_as_display_name_and_page_language(client) -> None:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.post(
        reverse("account_signup"),
        {"username": "petya", "email": "", "password1": "Kartochki-2026!", "password2": "Kartochki-2026!"},
    )
    assert response.status_code == 302
    user = User.objects.get(username="petya")
    assert (user.display_name, user.language) == ("petya", "en")


def test_profile_saves_display_name_and_language_and_sets_the_cookie(client) -> None:
    user = User.objects.create_user(username="vasya", password="x-pass-123456")
    client.force_login(user)
    response = client.post(reverse("accounts:profile"), {"display_name": "  Василий ", "language": "en"})
    assert response.status_code == 302
    user.refresh_from_db()
    assert (user.display_name, user.language) == ("Василий", "en")
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    page = client.get(reverse("accounts:profile"))
    assert page.headers["Content-Language"] == "en"


def test_profile_needs_a_signed_in_user(client) -> None:
    response = client.get(reverse("accounts:profile"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_login_applies_the_users_language(client) -> None:
    User.objects.create_user(username="john", password="x-pass-123456", language="en")
    response = client.post(reverse("account_login"), {"login": "john", "password": "x-pass-123456"})
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    assert client.get("/").headers["Content-Language"] == "en"


def test_language_switch_is_saved_for_a_signed_in_user(client) -> None:
    user = User.objects.create_user(username="lena", password="x-pass-123456")
    client.force_login(user)
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.language == "en"


def test_failed_logins_are_rate_limited(client) -> None:
    """After 5 failures for one username, even the right password is refused for a while."""
    User.objects.create_user(username="target", password="the-right-password-1")
    too_many = "Слишком много неудачных попыток входа"
    pages = [
        client.post(reverse("account_login"), {"login": "target", "password": f"wrong-{i}"}).content.decode()
        for i in range(6)
    ]
    assert [too_many in page for page in pages] == [False] * 5 + [True]
    right = client.post(reverse("account_login"), {"login": "target", "password": "the-right-password-1"})
    assert right.status_code == 200  # no redirect: not logged in
    assert too_many in right.content.decode()
    assert "_auth_user_id" not in client.session


def test_failed_logins_from_elsewhere_do_not_lock_the_owner_out(client) -> None:
    """Five wrong passwords from one address locked the account everywhere (issue #20, item
    11): the lock is per (account, address), so the owner's own address still signs in."""
    User.objects.create_user(username="victim", password="the-right-password-1")
    for i in range(6):
        client.post(
            reverse("account_login"), {"login": "victim", "password": f"wrong-{i}"}, REMOTE_ADDR="203.0.113.9"
        )
    credentials = {"login": "victim", "password": "the-right-password-1"}
    right = client.post(reverse("account_login"), credentials, REMOTE_ADDR="198.51.100.7")
    assert right.status_code == 302
    assert "_auth_user_id" in client.session


def test_admin_login_goes_through_the_rate_limited_site_login(client) -> None:
    """25 wrong passwords then the right one signed in through ``/admin/login/`` (issue #20,
    item 3): the admin's form now sends everyone to the site's login and its limits."""
    User.objects.create_user(username="boss", password="the-right-password-1", is_staff=True)
    page = client.get("/admin/login/?next=/admin/")
    assert page.status_code == 302 and page["Location"].startswith(reverse("account_login"))
    for i in range(25):
        client.post("/admin/login/?next=/admin/", {"username": "boss", "password": f"wrong-{i}"})
    client.post("/admin/login/?next=/admin/", {"username": "boss", "password": "the-right-password-1"})
    assert "_auth_user_id" not in client.session  # the admin form no longer signs anyone in


def test_admin_lists_searches_and_filters_users(client) -> None:
    admin = User.objects.create_superuser(username="boss", password="x-pass-123456", email="b@example.org")
    User.objects.create_user(username="searchme", display_name="Искомый", password="x-pass-123456")
    client.force_login(admin)
    found = client.get(reverse("admin:accounts_user_changelist"), {"q": "Искомый"})
    assert found.status_code == 200
    assert "searchme" in found.content.decode()
    filtered = client.get(reverse("admin:accounts_user_changelist"), {"language__exact": "en"})
    assert filtered.status_code == 200
    assert "searchme" not in filtered.content.decode()


def test_navigation_shows_admin_link_only_to_staff(client) -> None:
    user = User.objects.create_user(username="plain", password="x-pass-123456")
    client.force_login(user)
    assert 'data-nav="admin"' not in client.get("/").content.decode()
    user.is_staff = True
    user.save()
    assert 'data-nav="admin"' in client.get("/").content.decode()


def test_password_reset_sends_a_mail(client, mailoutbox) -> None:
    User.objects.create_user(username="forgetful", email="f@example.org", password="x-pass-123456")
    response = client.post(reverse("account_reset_password"), {"email": "f@example.org"})
    assert response.status_code == 302
    assert len(mailoutbox) == 1
    assert "f@example.org" in mailoutbox[0].to


def test_password_change_keeps_the_user_signed_in(client) -> None:
    user = User.objects.create_user(username="changer", password="old-pass-123456")
    client.force_login(user)
    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": "old-pass-123456", "password1": "New-pass-2026!", "password2": "New-pass-2026!"},
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("New-pass-2026!")
    assert client.get(reverse("accounts:profile")).status_code == 200
