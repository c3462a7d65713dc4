"""The table client's texts come from Django's JavaScript catalog (``djangojs`` domain).

- every string the client marks (``gettext("…")``, ``gettext_noop("…")`` in static/js/)
  has an English translation in the compiled ``locale/en/LC_MESSAGES/djangojs.mo``, with the
  same ``%(name)s`` placeholders;
- ``/jsi18n/`` answers the catalog of the request's language and a 304 to a revalidation;
- on the live site the table page shows Russian to a Russian page and English after the
  header's language switch: the seeds' words («Пас», «Беру», «Бито», «Блот!»), the menu, the
  connection state and the hint line.
"""

from __future__ import annotations

import gettext as gnu_gettext
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import Page, expect

from apps.accounts.models import User
from apps.lobby import services as lobby
from apps.rules import api
from tests.client.test_table_live import PASSWORD, log_in, table_url
from tests.fair_seeds import find_server_seed, fix_server_seed
from tests.live import ARTIFACTS, LiveSite

ROOT = Path(__file__).resolve().parents[2]
MARKED = re.compile(r"""\bgettext(?:_noop)?\("((?:[^"\\]|\\.)*)"\)""")
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
#: msgids that read the same in English
SAME_IN_ENGLISH = {"50", "%(name)s: %(what)s"}


def client_msgids() -> set[str]:
    """Every string literal the table client (and the replay viewer) passes to ``gettext`` or
    ``gettext_noop``."""
    ids: set[str] = set()
    for path in (ROOT / "static/js").rglob("*.js"):
        if path.name == "i18n.js":
            continue
        ids |= set(MARKED.findall(path.read_text()))
    return ids


def test_every_client_string_has_an_english_translation() -> None:
    english = gnu_gettext.translation("djangojs", localedir=str(ROOT / "locale"), languages=["en"])
    ids = client_msgids()
    assert len(ids) > 100  # the whole client, not a few strings
    missing = []
    for msgid in sorted(ids):
        text = english.gettext(msgid)
        if text == msgid and msgid not in SAME_IN_ENGLISH:
            missing.append(msgid)
            continue
        assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(msgid)), (msgid, text)
        assert not CYRILLIC.search(text), (msgid, text)
    assert missing == [], f"no English for {missing}: run makemessages -d djangojs and translate"
    # and the Russian catalog knows the same strings (the source language: no translations)
    russian = (ROOT / "locale/ru/LC_MESSAGES/djangojs.po").read_text()
    assert all(f'msgid "{m}"' in russian or len(m) > 70 for m in ids)


@pytest.mark.django_db
def test_the_javascript_catalog_answers_in_the_language_of_its_url(client) -> None:
    english = client.get(reverse("javascript-catalog", args=["en"]))
    assert english.status_code == 200
    assert english["Content-Type"].startswith("text/javascript")
    assert "no-cache" in english["Cache-Control"]  # kept by the browser, revalidated on use
    body = english.content.decode()
    assert '"Pass"' in body and '"Move hints"' in body and "django.interpolate" in body
    # a browser revalidating its copy gets a 304
    again = client.get(
        reverse("javascript-catalog", args=["en"]), HTTP_IF_MODIFIED_SINCE=english["Last-Modified"]
    )
    assert again.status_code == 304
    # the URL's language wins over the request's (a cached catalog never outlives a switch)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    russian = client.get(reverse("javascript-catalog", args=["ru"])).content.decode()
    assert '"Pass"' not in russian and "django.gettext" in russian
    assert client.get("/jsi18n/de/").status_code == 404


# --------------------------------------------------------------------------- live


def seed_where_seat_0_speaks_first() -> bytes:
    return find_server_seed(lambda state: api.to_act(state) == [0], "bazar_blot", {"players": 4})


#: words the client's modules produce, read from the modules the page itself loaded
WORDS = """async () => {
  const entry = document.querySelector('script[type="module"][src*="table"]').src;
  const events = await import(new URL("table/events.js", entry).href);
  const view = window.__tableClient.view;
  return {
    blot: events.describeEvent({ type: "belote", seat: 0 }, { ...view, game: "bazar_blot" }).text,
    take: events.actionText({ type: "take" }),
    done: events.actionText({ type: "done" }),
    pass: events.actionText({ type: "pass", seat: 1 }),
  };
}"""


def table_texts(page: Page) -> dict:
    """What the table shows now, by part."""
    return {
        "pass": page.inner_text('.panel [data-action="pass"]'),
        "menu": page.text_content(".tbar-menu"),
        "conn": page.inner_text(".conn"),
        "hint": page.inner_text(".hint-line .hint-text"),
        "panel": page.text_content(".panel"),
        "sheet": page.text_content(".sheet-title"),
        "words": page.evaluate(WORDS),
    }


@pytest.mark.browser
@pytest.mark.live
def test_the_table_speaks_russian_then_english_after_the_switch(
    live_site: LiveSite, celery_worker, browser, monkeypatch
) -> None:
    user = User.objects.create_user(username="anna", password=PASSWORD)
    seed = seed_where_seat_0_speaks_first()
    fix_server_seed(monkeypatch, seed)
    table = lobby.play_with_bots(user=user, game="bazar_blot", options={"players": 4}, level="easy")
    context = browser.new_context(viewport={"width": 1440, "height": 900}, locale="ru-RU")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, live_site, "anna")

    def open_table() -> dict:
        page.goto(table_url(live_site, table.pk))
        expect(page.locator("#table-app .conn")).to_have_class("conn conn-open")
        # the auction waits for the person (seat 0 speaks first): the bid panel is up
        expect(page.locator('.panel [data-action="pass"]')).to_be_enabled()
        return table_texts(page)

    ru = open_table()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    assert ru["pass"] == "Пас"
    for word in ("Подсказки ходов", "Последняя взятка", "Счёт", "Клавиши", "Сдаться", "Выйти"):
        assert word in ru["menu"]
    assert ru["conn"] == "В сети"
    assert ru["hint"] == "Выберите заявку или скажите «Пас»"
    assert ru["sheet"] == "Счёт"
    assert ru["words"] == {"blot": "Блот!", "take": "Беру", "done": "Бито", "pass": "Пас"}
    page.screenshot(path=str(ARTIFACTS / "live-table-ru-1440x900.png"))

    # the site header's language switch (the table in play has its own bar: switched from the
    # lobby), then the table comes back in English
    page.locator('[data-control="home"]').click()
    page.locator(".lang-switch button[value=en]").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    en = open_table()
    assert en["pass"] == "Pass"
    for word in ("Move hints", "Last trick", "Score", "Keys", "Surrender", "Leave"):
        assert word in en["menu"]
    assert en["conn"] == "Online"
    assert en["hint"] == "Choose a bid or say “Pass”"
    assert en["sheet"] == "Score"
    assert en["words"] == {"blot": "Belote!", "take": "Take", "done": "Done", "pass": "Pass"}
    # nothing Russian left in the table's own texts (players' names aside)
    for part in ("menu", "panel", "hint", "conn"):
        assert not CYRILLIC.search(en[part]), (part, en[part])
    page.screenshot(path=str(ARTIFACTS / "live-table-en-1440x900.png"))
    assert errors == []
    context.close()


@pytest.mark.browser
@pytest.mark.live
def test_the_replay_speaks_english_from_the_catalog(live_site: LiveSite, celery_worker, browser) -> None:
    """The replay viewer (static/js/replay.js) reads its words from the same catalog."""
    import json

    from tests.stats.helpers import play_actions, scripted_table

    spec_path = ROOT / "tests/rules/scenarios/durak/durak_game_over_fool_2p.json"
    spec = json.loads(spec_path.read_text())
    olga = User.objects.create_user(username="olga", password=PASSWORD, language="en")
    boris = User.objects.create_user(username="boris", password=PASSWORD)
    # two people, no bot: a Celery worker left running by another test has no bot move to race
    # the scripted actions with
    _, match = scripted_table(spec, people=[olga, boris])
    play_actions(match, spec)
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    log_in(page, live_site, "olga")
    page.locator(".lang-switch button[value=en]").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.goto(f"{live_site.url}{reverse('stats:match', args=[match.pk])}")
    expect(page.get_by_test_id("replay-pos")).to_have_text("Deal 1 of 1 · move 0 of 6")
    page.get_by_test_id("replay-next").click()
    expect(page.get_by_test_id("replay-action")).to_contain_text("attacks Q♠")
    assert not CYRILLIC.search(page.inner_text(".replay"))
    context.close()
