"""The Django admin reads in one language (issue #19, item 14): Russian on a Russian page, English on
an English page — app and model names, column titles, filters, actions, form labels and choices.

Every object made here has Latin-only data, so any Cyrillic word left on an English page is the
admin's own text. Permission names are data written at migrate time (``Can add …``): their
select boxes are left out of the check."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib import admin
from django.contrib.auth.models import Group
from django.urls import reverse
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import override

from apps.chat.models import ChatMessage, ChatMute, ChatReport, SiteMute
from apps.duplicates.models import DuplicateSet, Entry
from apps.push.models import Preferences as PushPreferences
from apps.push.models import Subscription as PushSubscription
from apps.ratings.models import Playban, QuickEntry, Rating, RatingChange
from apps.social.models import Block, FriendRequest, Friendship, Invitation, Presence
from apps.stats.models import GameRecord, Result
from apps.tables.models import Match, Seat, Table, TableAccess
from apps.tournaments.models import Pairing, Schedule, Tournament, TournamentBan

pytestmark = pytest.mark.django_db

CYRILLIC = re.compile(r"\S*[А-Яа-яЁё]+\S*")
HAS_CYRILLIC = re.compile(r"[А-Яа-яЁё]")
#: The language switch names Russian in Russian on purpose, whatever the page's language.
ALLOWED = {"Русский"}
#: Column titles that read the same in both languages.
SAME_IN_BOTH = {"ID", "Email", "E-mail", "API", "Mu", "Sigma"}
#: The apps with models in the admin (apps.lobby has none: its tables belong to apps.tables).
PROJECT_APPS = ("accounts", "tables", "stats", "chat", "social", "ratings")


def _text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<select[^>]*name="[^"]*permissions[^"]*".*?</select>', " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def _russian_words(html: str) -> list[str]:
    return [w for w in CYRILLIC.findall(_text(html)) if w not in ALLOWED]


def _column_titles(html: str) -> list[str]:
    heads = re.findall(r'<th scope="col"[^>]*>(.*?)</th>', html, flags=re.S)
    titles = [" ".join(re.sub(r"<[^>]+>", " ", h).split()) for h in heads]
    titles = [re.sub(r"^\d+ ", "", t) for t in titles]  # a sorted column shows its sort priority
    return [t for t in titles if t]


def _filter_titles(html: str) -> list[str]:
    return [
        " ".join(re.sub(r"<[^>]+>", " ", t).split())
        for t in re.findall(r"<summary>(.*?)</summary>", html, re.S)
    ]


@pytest.fixture
def boss(django_user_model):
    return django_user_model.objects.create_superuser("boss", "boss@example.com", "pw-boss-123")


@pytest.fixture
def objects(boss, django_user_model) -> dict[type, object]:
    """One object of every model the admin shows, with Latin-only data."""
    now = timezone.now()
    other = django_user_model.objects.create_user("other", password="pw-other-123", display_name="Other")
    table = Table.objects.create(game="durak", seat_count=2, owner=boss, private=True, invite_code="abc")
    Seat.objects.create(table=table, number=0, user=boss)
    Seat.objects.create(table=table, number=1, bot_level="easy")
    match = Match.objects.create(table=table, game="durak", seed=1, state={}, seats=[0, 1])
    message = ChatMessage.objects.create(
        table=table, user=other, name="Other", channel="players", text="hello"
    )
    from allauth.account.models import EmailAddress

    return {
        django_user_model: boss,
        Group: Group.objects.create(name="testers"),
        EmailAddress: EmailAddress.objects.create(user=boss, email="boss@example.com", verified=True),
        Table: table,
        TableAccess: TableAccess.objects.create(table=table, user=other),
        Match: match,
        ChatMessage: message,
        ChatReport: ChatReport.objects.create(message=message, reporter=boss),
        SiteMute: SiteMute.objects.create(user=other, reason="spam", created_by=boss),
        ChatMute: ChatMute.objects.create(owner=boss, muted=other),
        Rating: Rating.objects.create(user=boss, mode="durak", value=1510, games=3, updated_at=now),
        RatingChange: RatingChange.objects.create(
            user=boss,
            match=match,
            seat=0,
            mode="durak",
            before=1500,
            after=1510,
            mu=25,
            sigma=8,
            games=1,
            finished_at=now,
        ),
        Playban: Playban.objects.create(
            user=other,
            reason="left",
            minutes=15,
            starts_at=now,
            ends_at=now + timedelta(minutes=15),
            match=match,
        ),
        QuickEntry: QuickEntry.objects.create(user=other, mode="durak", rating=1500, created_at=now),
        Friendship: Friendship.objects.create(user_low=boss, user_high=other),
        FriendRequest: FriendRequest.objects.create(from_user=other, to_user=boss),
        Block: Block.objects.create(blocker=other, blocked=boss),
        Invitation: Invitation.objects.create(from_user=boss, to_user=other, table=table),
        Presence: Presence.objects.create(channel="chan.1", user_id=boss.pk, table_id=table.pk, seen_at=now),
        Result: Result.objects.create(
            match=match,
            user=boss,
            name="boss",
            game="durak",
            seat=0,
            side=0,
            outcome="win",
            ending="fool",
            started_at=now,
            finished_at=now,
        ),
        GameRecord: GameRecord.objects.create(user=boss, game="durak", played=1, won=1),
        PushSubscription: PushSubscription.objects.create(
            user=boss, endpoint="https://push.example.com/x", p256dh="B" * 87, auth="a" * 22, label="Chrome"
        ),
        PushPreferences: PushPreferences.objects.create(user=boss, kinds={"rematch": False}),
        Tournament: (
            tournament := Tournament.objects.create(
                name="Evening arena",
                format="arena",
                mode="durak_2",
                starts_at=now,
                minutes=30,
                created_by=boss,
            )
        ),
        Pairing: Pairing.objects.create(tournament=tournament, round=1, table=table, entrants=[1, 2]),
        Schedule: Schedule.objects.create(
            name="Daily arena", format="arena", mode="durak_2", time=now.time(), minutes=30
        ),
        TournamentBan: TournamentBan.objects.create(
            user=other, tournament=tournament, hours=24, starts_at=now, ends_at=now + timedelta(hours=24)
        ),
        DuplicateSet: (
            duplicate := DuplicateSet.objects.create(
                mode="durak_2",
                game="durak",
                deals=4,
                commitment="c" * 64,
                opens_at=now,
                closes_at=now + timedelta(hours=1),
                creator=boss,
            )
        ),
        Entry: Entry.objects.create(set=duplicate, user=boss),
    }


def _pages(objects) -> list[str]:
    """The index, every app's page, every registered model's changelist and its object's change form."""
    urls = [reverse("admin:index")]
    labels = {model._meta.app_label for model in admin.site._registry}
    urls += [reverse("admin:app_list", args=[label]) for label in sorted(labels)]
    for model in admin.site._registry:
        opts = model._meta
        urls.append(reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"))
        if model in objects:
            urls.append(reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[objects[model].pk]))
    return urls


def test_every_model_has_an_object_for_its_change_form(objects):
    assert set(admin.site._registry) - set(objects) <= {apps.get_model("account", "EmailConfirmation")}


def test_the_english_admin_has_no_russian_word(client, boss, objects):
    client.force_login(boss)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    found = {}
    for url in _pages(objects):
        response = client.get(url)
        assert response.status_code == 200, url
        words = _russian_words(response.content.decode())
        if words:
            found[url] = sorted(set(words))
    assert found == {}


def test_the_russian_admin_names_apps_models_columns_and_filters_in_russian(client, boss, objects):
    client.force_login(boss)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
    index = client.get(reverse("admin:index")).content.decode()
    with override("ru"):
        for label in PROJECT_APPS:
            name = str(apps.get_app_config(label).verbose_name)
            assert HAS_CYRILLIC.search(name), label
            assert name in index, label
        for model in admin.site._registry:
            plural = str(capfirst(model._meta.verbose_name_plural))
            assert HAS_CYRILLIC.search(plural), model
            assert plural in index, model
    english = {}
    for url in _pages(objects):
        html = client.get(url).content.decode()
        titles = _column_titles(html) + _filter_titles(html)
        labels = re.findall(r"<label[^>]*>([^<]*)</label>", html)
        latin = [
            t for t in [*titles, *(" ".join(x.split()).rstrip(":") for x in labels)]
            if t and t not in SAME_IN_BOTH and not HAS_CYRILLIC.search(t)
        ]  # fmt: skip
        if latin:
            english[url] = latin
    assert english == {}


def test_the_english_admin_names_match_the_russian_ones(client, boss):
    """The English index lists the same apps and models, translated (not left out)."""
    client.force_login(boss)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    index = client.get(reverse("admin:index")).content.decode()
    for expected in (
        "Tables",
        "Results",
        "Chat",
        "Friends",
        "Ratings",
        "Accounts",
        "Matches",
        "Play bans",
    ):
        assert f">{expected}<" in index.replace("\n", ""), expected
