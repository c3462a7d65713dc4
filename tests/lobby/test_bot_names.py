"""Bots keep their stored name «Бот N» (the seeds' words, in views, records and exports); a page
in English shows «Bot N» (issue #19, item 9)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from apps.accounts.models import User
from apps.core.labels import display_name
from apps.stats.sheet import side_names
from apps.tables import seating

pytestmark = pytest.mark.django_db


def test_a_bot_name_is_shown_in_the_page_language_and_a_person_name_never_changes() -> None:
    with translation.override("en"):
        assert display_name("Бот 2", "easy") == "Bot 2"
        assert display_name("Бот 2", None) == "Бот 2"  # a person may be called so
        assert display_name("Оля", None) == "Оля"
        assert side_names(
            [{"seat": 0, "name": "Оля", "bot": None}, {"seat": 2, "name": "Бот 2", "bot": "hard"}],
            {0: 0, 2: 0},
        ) == ["Оля and Bot 2"]
    with translation.override("ru"):
        assert display_name("Бот 2", "easy") == "Бот 2"


def test_the_waiting_page_and_the_lobby_in_english_say_bot(client) -> None:
    user = User.objects.create_user(username="lena", password="pw-secret-123")
    table = seating.table_create(user=user, game="durak", options={}, bots={1: "easy"})
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get(reverse("lobby:table", args=[table.pk])).content.decode()
    assert "Bot 1" in page
    assert 'data-key="1|Бот 1|easy|1"' in page  # compared with the socket's view: kept as sent
    lobby = client.get(reverse("lobby:home")).content.decode()
    assert f"#{table.pk}" in lobby and "Bot 1" in lobby.split('id="lobby-words"')[0]
