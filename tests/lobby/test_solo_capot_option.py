"""The lobby offers Gambler's «Капо на 1 руке» (option ``solo_capot``) and refuses it elsewhere."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from apps.core.labels import mode_label
from apps.tables.models import Table

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_new_table_form_offers_the_option(client, make_user):
    client.force_login(make_user())
    html = client.get(reverse("lobby:home")).content.decode()
    assert "Капо на 1 руке" in html
    assert 'name="bazar_blot-solo_capot"' in html


def test_a_gambler_table_with_solo_capot(client, make_user):
    client.force_login(make_user())
    client.post(
        reverse("lobby:create"),
        {"game": "bazar_blot", "bazar_blot-ruleset": "gambler", "bazar_blot-solo_capot": "true"},
    )
    table = Table.objects.get()
    assert table.options["ruleset"] == "gambler" and table.options["solo_capot"] is True
    html = client.get(reverse("lobby:table", args=[table.pk])).content.decode()
    assert '<option value="true" selected>да</option>' in html
    assert "капо на 1 руке" in mode_label("bazar_blot", table.options)


def test_a_classic_table_keeps_its_options_without_the_flag(client, make_user):
    client.force_login(make_user())
    client.post(reverse("lobby:create"), {"game": "bazar_blot", "bazar_blot-solo_capot": "false"})
    table = Table.objects.get()
    assert "solo_capot" not in table.options
    assert "капо" not in mode_label("bazar_blot", table.options)


def test_solo_capot_outside_gambler_is_refused_with_a_message(client, make_user):
    client.force_login(make_user())
    response = client.post(
        reverse("lobby:create"),
        {"game": "bazar_blot", "bazar_blot-ruleset": "classic", "bazar_blot-solo_capot": "true"},
        follow=True,
    )
    assert not Table.objects.exists()
    assert "solo_capot" in response.content.decode()


def test_the_option_reads_in_english(client, make_user):
    client.force_login(make_user())
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = client.get(reverse("lobby:home")).content.decode()
    assert "Solo capot" in html and "Капо на 1 руке" not in html
