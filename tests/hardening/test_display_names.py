"""Finding 9 of issue #30: display names that pass for somebody else, hide controls, or talk to
a partner during a team game.

A name is unique among usernames and display names (case-insensitively, lookalike letters read
as Latin), has none of the characters chat refuses, is no bot's name in any language; a change
shows at a table only from its next match (seats and chat), so a name is no channel between
partners while the phrases-only rule holds.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from apps.accounts.models import User
from apps.accounts.names import display_name_checked, is_bot_name
from apps.accounts.services import user_update_profile
from apps.chat import services as chat
from apps.tables import seating, selectors
from apps.tables.models import Match
from apps.tables.moves import move_apply
from tests.tables.helpers import bot_table

pytestmark = pytest.mark.django_db


def profile_post(user, name: str, language: str = "ru") -> tuple[int, str]:
    client = Client()
    client.force_login(user)
    response = client.post(reverse("accounts:profile"), {"display_name": name, "language": language})
    return response.status_code, response.content.decode()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Оля\u202e", "управляющие или невидимые символы (U+202E)"),  # a right-to-left override
        ("О\u200bля", "управляющие или невидимые символы (U+200B)"),  # a zero-width space
        ("\u2066Оля\u2069", "U+2066, U+2069"),  # bidi isolates
        ("Оля\x00", "ноль-байт"),  # Django's form field refuses NUL first
        ("Оля\u200d", "U+200D"),  # a joiner: a name takes none, not even after an emoji
        ("\u3164", "U+3164"),  # the Hangul filler: a "letter" that shows as nothing
        ("...", "хотя бы одна буква"),
    ],
)
def test_a_name_with_controls_or_nothing_readable_is_refused(make_user, name, message):
    user = make_user()
    status, page = profile_post(user, name)
    assert status == 200 and message in page
    user.refresh_from_db()
    assert user.display_name == ""


@pytest.mark.parametrize("name", ["Бот 1", "бот", "БОТ  3", "Bot 1", "bot", "B o t 7", "Bоt 2", "Бот-12"])
def test_a_bots_name_in_any_language_is_refused(make_user, name):
    user = make_user()
    status, page = profile_post(user, name)
    assert status == 200 and "Так за столом зовут ботов" in page
    assert User.objects.get(pk=user.pk).display_name == ""


def test_names_that_only_start_like_a_bots_are_fine(make_user):
    for name in ("Botanik", "Ботаник", "Bot Vasya", "Робот 1"):
        assert not is_bot_name(name), name
    user = make_user()
    assert profile_post(user, "Ботаник")[0] == 302


def test_the_refusal_reads_in_english_on_an_english_page(make_user):
    user = make_user()
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.post(reverse("accounts:profile"), {"display_name": "Bot 2", "language": "en"})
    assert "bots are called" in page.content.decode()


def test_a_name_is_unique_among_usernames_and_display_names(make_user):
    olga, boris, me = make_user("olga"), make_user("boris"), make_user()
    user_update_profile(user=boris, display_name="Борис Великий", language="ru")
    for taken in ("OLGA", "olga", " Olga ", "ОLGA", "борис  великий", "БOРИС ВЕЛИКИЙ"):
        status, page = profile_post(me, taken)
        assert status == 200 and "Это имя уже занято" in page, taken
    assert User.objects.get(pk=me.pk).display_name == ""
    # one's own username, in any case, and one's own name again are fine
    assert profile_post(olga, "Olga")[0] == 302
    assert profile_post(boris, "борис великий")[0] == 302
    assert User.objects.get(pk=boris.pk).display_name == "борис великий"


def test_the_service_and_the_admin_check_the_same_rules(make_user):
    make_user("olga")
    me = make_user()
    with pytest.raises(ValidationError) as refused:
        user_update_profile(user=me, display_name="Olga", language="ru")
    taken = "Это имя уже занято другим игроком: выберите другое."
    assert refused.value.message_dict["display_name"] == [taken]
    staff = User.objects.create_superuser("boss", password="pw-secret-123")
    client = Client()
    client.force_login(staff)
    form = client.get(f"/admin/accounts/user/{me.pk}/change/").context["adminform"].form
    data = {**form.initial, "display_name": "Бот 2", "_save": "1"}
    data = {k: v for k, v in data.items() if v is not None and k not in ("groups", "user_permissions")}
    data["last_login_0"] = data["last_login_1"] = ""
    data["date_joined_0"], data["date_joined_1"] = "2026-01-01", "00:00:00"
    page = client.post(f"/admin/accounts/user/{me.pk}/change/", data)
    assert "Так за столом зовут ботов" in page.content.decode()
    assert User.objects.get(pk=me.pk).display_name == ""


def test_whitespace_is_folded_and_the_keys_follow_every_save(make_user):
    me = make_user()
    assert display_name_checked("  Оля\u00a0\u00a0 Петрова\n", user_id=me.pk) == "Оля Петрова"
    user_update_profile(user=me, display_name="  Оля\u00a0\u00a0 Петрова\n", language="ru")
    me.refresh_from_db()
    assert (me.display_name, me.display_key) == ("Оля Петрова", "oля netpoba")


def test_signup_refuses_a_username_taken_as_a_display_name_or_a_bots(client, make_user):
    boris = make_user("boris")
    user_update_profile(user=boris, display_name="Grom", language="ru")
    for username, message in (("grom", "Это имя уже занято"), ("bot7", "Так за столом зовут ботов")):
        response = client.post(
            reverse("account_signup"),
            {"username": username, "password1": "Kartochki-2026!", "password2": "Kartochki-2026!"},
        )
        assert response.status_code == 200 and message in response.content.decode(), username
        assert not User.objects.filter(username=username).exists()


def test_a_new_name_shows_at_the_table_from_its_next_match(make_user):
    """Seats and chat keep the name a person had when the match started; a team game's partner
    cannot be told anything by a name changed mid-match (the phrases-only rule holds)."""
    a, b = make_user(), make_user()
    user_update_profile(user=a, display_name="Анна", language="ru")
    table = bot_table("bazar_blot", {"players": 4}, people=[a, b])  # a team game
    user_update_profile(user=a, display_name="trump ace in hand", language="ru")
    names = {s["seat"]: s["name"] for s in selectors.seats_info(table.pk)}
    assert names[0] == "Анна"
    _seat, state = selectors.table_state(table.pk, b.pk)
    assert state.view["seats"][0]["name"] == "Анна"
    message = chat.message_post(table_id=table.pk, user=a, phrase="hello")
    assert message.name == "Анна"
    # between matches the table shows the new name
    match = Match.objects.get(table=table)
    surrender = {"type": "surrender"}
    move_apply(match_id=match.pk, seat=1, action=surrender, seq=match.seq, actor="person", user_id=b.pk)
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED
    assert selectors.seats_info(table.pk)[0]["name"] == "trump ace in hand"
    assert chat.message_post(table_id=table.pk, user=a, phrase="thanks").name == "trump ace in hand"


def test_a_waiting_table_shows_a_change_at_once(make_user):
    a = make_user()
    table = seating.table_create(user=a, game="durak")
    user_update_profile(user=a, display_name="Новое имя", language="ru")
    assert selectors.seats_info(table.pk)[0]["name"] == "Новое имя"


@pytest.mark.parametrize("name", ["apps.accounts.names", "apps.accounts.text"])
def test_the_docstring_examples_hold(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), report=True)
    assert result.failed == 0 and result.attempted >= 3, result
