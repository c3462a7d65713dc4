"""Every page a player reaches outside the table reads entirely in English when English is chosen."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db

CYRILLIC = re.compile(r"\S*[А-Яа-яЁё]+\S*")
#: The language switch names Russian in Russian on purpose, whatever the page's language.
ALLOWED = {"Русский"}


def _russian_words(html: str) -> list[str]:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", html)
    return [w for w in CYRILLIC.findall(text) if w not in ALLOWED]


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"])
def test_anonymous_pages_in_english(client, path):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.get(path)
    assert response.status_code == 200
    assert _russian_words(response.content.decode()) == []


@pytest.mark.parametrize("path", ["/", "/accounts/profile/", "/results/", "/lobby/"])
def test_signed_in_pages_in_english(client, path):
    user = get_user_model().objects.create_user(username="reader", password="pw-secret-123")
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.get(path)
    assert response.status_code == 200
    assert _russian_words(response.content.decode()) == []
