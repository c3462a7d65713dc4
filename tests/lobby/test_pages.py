"""The minimal lobby and table pages and the admin action (Django test client)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

from apps.tables.models import Match, Table

pytestmark = pytest.mark.django_db(transaction=True)


def test_lobby_create_sit_ready_and_start(client, make_user):
    owner, guest = make_user(), make_user()
    client.force_login(owner)
    page = client.get(reverse("lobby:home"))
    assert page.status_code == 200 and "create-durak" in page.content.decode()
    created = client.post(reverse("lobby:create"), {"game": "durak", "durak-transfer": "true"})
    table = Table.objects.get()
    assert created["Location"] == reverse("lobby:table", args=[table.pk])
    assert table.options["transfer"] is True
    client.post(reverse("lobby:table_action", args=[table.pk, "ready"]))
    client.force_login(guest)
    client.post(reverse("lobby:table_action", args=[table.pk, "sit"]), {"seat": "1"})
    assert "data-seat" in client.get(reverse("lobby:table", args=[table.pk])).content.decode()
    client.post(reverse("lobby:table_action", args=[table.pk, "ready"]))
    table.refresh_from_db()
    assert table.status == "playing"
    page = client.get(reverse("lobby:table", args=[table.pk])).content.decode()
    assert 'id="table-app"' in page and "js/table.js" in page


def test_invalid_options_are_refused_with_a_message(client, make_user):
    client.force_login(make_user())
    response = client.post(reverse("lobby:create"), {"game": "bazar_blot", "target": "77"}, follow=True)
    assert not Table.objects.exists()
    assert "target" in response.content.decode()


def test_play_with_bots_asks_before_replacing_an_unfinished_game(client, make_user):
    user = make_user()
    client.force_login(user)
    client.post(reverse("lobby:play_with_bots"), {"game": "durak", "level": "easy"})
    first = Match.objects.get()
    assert "continue" in client.get(reverse("lobby:home")).content.decode()
    asked = client.post(reverse("lobby:play_with_bots"), {"game": "durak", "level": "easy"})
    assert "confirm-new" in asked.content.decode() and Match.objects.count() == 1
    assert "засчитана вам как поражение" in asked.content.decode()  # issue #19, item 14
    client.post(reverse("lobby:play_with_bots"), {"game": "durak", "level": "easy", "confirm": "yes"})
    first.refresh_from_db()
    assert first.status == "finished" and first.result["reason"] == "leave"
    assert Match.objects.filter(status="playing").count() == 1


def test_admin_ends_a_stuck_match(client, django_user_model, make_user):
    admin_user = django_user_model.objects.create_superuser("boss", "boss@example.com", "pw-boss-123")
    from apps.lobby import services

    services.play_with_bots(user=make_user(), game="durak")
    match = Match.objects.get()
    client.force_login(admin_user)
    assert client.get(reverse("admin:tables_match_change", args=[match.pk])).status_code == 200
    client.post(
        reverse("admin:tables_match_changelist"),
        {"action": "end_stuck", "_selected_action": [match.pk]},
    )
    match.refresh_from_db()
    assert match.status == "finished" and match.result["reason"] == "aborted"


def _visible_text(html: str) -> str:
    """The page's text as a reader sees it: no scripts, styles or tags."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_lobby_names_games_levels_and_option_values_in_russian(client, make_user):
    owner = make_user()
    client.force_login(owner)
    client.post(reverse("lobby:create"), {"game": "bazar_blot"})
    text = _visible_text(client.get(reverse("lobby:home")).content.decode())
    assert "Базар-блот — ждёт игроков" in text
    for word in ("обычный", "сложный", "без каре и сотни", "классические", "кухня", "по умолчанию"):
        assert word in text, word
    for code in ("no_carre_hundred", "classic", "kitchen", "waiting", "bazar_blot", "normal"):
        assert code not in text, code


def test_lobby_and_waiting_table_pages_have_no_russian_left_in_english(client, make_user):
    owner = make_user("owner")
    client.force_login(owner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    client.post(reverse("lobby:create"), {"game": "deberc", "deberc-players": "3"})
    table = Table.objects.get()
    client.post(reverse("lobby:table_action", args=[table.pk, "bots"]), {"seat": "1", "level": "hard"})
    pages = {
        "lobby": client.get(reverse("lobby:home")).content.decode(),
        "table": client.get(reverse("lobby:table", args=[table.pk])).content.decode(),
    }
    for name, html in pages.items():
        # Bot names («Бот 2») are people's names at the table, not interface words.
        text = re.sub(r"Бот \d", "", _visible_text(html))
        assert not re.search(r"[А-Яа-яЁё]", text), (name, re.findall(r"\S*[А-Яа-яЁё]+\S*", text)[:10])
    assert "Deberts" in pages["table"] or "Deberc" in pages["table"]
    assert "(hard)" in _visible_text(pages["table"])


def test_waiting_table_shows_the_current_options_selected(client, make_user):
    client.force_login(make_user())
    client.post(
        reverse("lobby:create"),
        {"game": "bazar_blot", "bazar_blot-combos": "none", "bazar_blot-target": "301"},
    )
    table = Table.objects.get()
    html = client.get(reverse("lobby:table", args=[table.pk])).content.decode()
    assert '<option value="none" selected>без комбинаций</option>' in html
    assert '<option value="301" selected>301</option>' in html
    assert "по умолчанию" not in html  # a table's options are concrete values
    assert "до 301" in _visible_text(html)


def test_a_game_with_bots_in_a_chosen_mode_from_the_new_table_form(client, make_user):
    client.force_login(make_user())
    page = client.get(reverse("lobby:home")).content.decode()
    assert 'data-testid="bots-deberc"' in page
    response = client.post(
        reverse("lobby:play_with_bots"),
        {"game": "deberc", "deberc-players": "3", "deberc-target": "501", "level": "hard"},
    )
    table = Table.objects.get()
    assert response["Location"] == reverse("lobby:table", args=[table.pk])
    assert table.options["players"] == 3 and table.options["target"] == 501
    assert sorted(s.bot_level for s in table.seats.all() if s.bot_level) == ["hard", "hard"]
    assert Match.objects.filter(table=table).exists()


def test_the_waiting_page_offers_sit_only_to_those_standing_and_not_ready_once_ready(client, make_user):
    """A seated player was offered «Сесть» and had no «Не готов» (issue #19, item 14)."""
    owner, guest = make_user(), make_user()
    client.force_login(owner)
    client.post(reverse("lobby:create"), {"game": "durak"})
    table = Table.objects.get()
    url = reverse("lobby:table", args=[table.pk])
    page = client.get(url).content.decode()
    assert 'data-testid="sit"' not in page and 'data-testid="ready"' in page
    client.post(reverse("lobby:table_action", args=[table.pk, "ready"]))
    page = client.get(url).content.decode()
    assert 'data-testid="not-ready"' in page and 'data-testid="ready"' not in page
    client.post(reverse("lobby:table_action", args=[table.pk, "ready"]), {"ready": "0"})
    assert not table.seats.get(user=owner).ready
    client.force_login(guest)
    assert 'data-testid="sit"' in client.get(url).content.decode()


def test_durak_deck_throw_in_and_six_seats_from_the_lobby_form(client, make_user):
    client.force_login(make_user())
    page = client.get(reverse("lobby:home")).content.decode()
    for words in ("Колода", "Подкидывают", "соседи", "Мест за столом"):
        assert words in page
    assert 'name="durak-deck"' in page and 'name="durak-throw"' in page and 'name="durak-seats"' in page
    client.post(
        reverse("lobby:create"),
        {"game": "durak", "durak-deck": "52", "durak-throw": "neighbors", "durak-seats": "6"},
    )
    table = Table.objects.get()
    assert table.options["deck"] == 52 and table.options["throw"] == "neighbors"
    assert table.seat_count == 6 and table.seats.count() == 6
    waiting = client.get(reverse("lobby:table", args=[table.pk])).content.decode()
    assert "52 карт" in waiting and "подкидывают соседи" in waiting
    client.post(reverse("lobby:play_with_bots"), {"game": "durak", "durak-seats": "6", "level": "easy"})
    played = Table.objects.exclude(pk=table.pk).get()
    assert played.seat_count == 6 and played.status == "playing"
    assert Match.objects.get(table=played).seats == [0, 1, 2, 3, 4, 5]


def test_a_two_seat_durak_table_refuses_pairs_with_a_message(client, make_user):
    client.force_login(make_user())
    response = client.post(
        reverse("lobby:create"), {"game": "durak", "durak-seats": "2", "durak-teams": "true"}, follow=True
    )
    assert not Table.objects.exists()
    assert "Пара на пару — только когда заняты все четыре места." in response.content.decode()
    client.post(reverse("lobby:create"), {"game": "durak", "durak-seats": "3"})
    assert Table.objects.get().seat_count == 3
