"""Table chat services: channels, phrases and free text, limits, mutes, reports, staff tools."""

from __future__ import annotations

import json

import pytest
from django.contrib.admin.sites import site as admin_site
from django.test import Client

from apps.chat import services
from apps.chat.models import ChatMessage, ChatReport, SiteMute
from apps.chat.phrases import PHRASES
from apps.core.errors import Refused
from apps.protocol import encode
from apps.tables import seating
from apps.tables.moves import move_apply
from tests.tables.helpers import bot_table

pytestmark = pytest.mark.django_db(transaction=True)


def refused(fn, **kwargs) -> Refused:
    with pytest.raises(Refused) as info:
        fn(**kwargs)
    return info.value


@pytest.fixture(autouse=True)
def _fresh_rate(settings):
    """Each test starts with the chat limit untouched (the counters live in the cache)."""
    from django.core.cache import cache

    cache.clear()


def test_players_and_spectators_write_into_their_own_channels(make_user):
    a, b, watcher = make_user(), make_user(), make_user()
    table = bot_table("bazar_blot", {"players": 2}, people=[a, b])
    said = services.message_post(table_id=table.pk, user=a, text="  привет,   как дела? ")
    assert said.channel == "players" and said.seat == 0 and said.text == "привет, как дела?"
    remark = services.message_post(table_id=table.pk, user=watcher, text="у него туз!")
    assert remark.channel == "spectators" and remark.seat is None and remark.spectators_only
    frame = json.loads(encode(services.message_frame(remark)))
    assert list(frame) == ["op", "id", "seat", "name", "user", "text", "phrase", "channel", "t"]
    assert frame["op"] == "chat" and frame["text"] == "у него туз!" and frame["seat"] is None
    # the players' history never has the spectators' mid-match remarks; the spectators' has both
    players = services.history(table_id=table.pk, seated=True, muted=set())
    watchers = services.history(table_id=table.pk, seated=False, muted=set())
    assert [m.text for m in players] == ["привет, как дела?"]
    assert [m.text for m in watchers] == ["привет, как дела?", "у него туз!"]


def test_phrases_free_text_and_bad_messages(make_user):
    a = make_user()
    table = seating.table_create(user=a, game="durak")
    hello = services.message_post(table_id=table.pk, user=a, phrase="hello")
    assert hello.text == "Привет!" and hello.phrase == "hello" and set(PHRASES) == {
        "hello", "good_luck", "good_game", "thanks", "oops",
    }  # fmt: skip
    assert services.message_post(table_id=table.pk, user=a, text="<script>alert(1)</script>").text == (
        "<script>alert(1)</script>"
    )  # stored as written: every client renders it as text
    assert refused(services.message_post, table_id=table.pk, user=a, text="я" * 201).code == "chat_too_long"
    assert services.message_post(table_id=table.pk, user=a, text="я" * 200).text == "я" * 200
    for bad in ({"text": "   "}, {"text": 5}, {}, {"phrase": "cheat"}, {"phrase": "hello", "text": "x"}):
        assert refused(services.message_post, table_id=table.pk, user=a, **bad).code == "bad_message"


def test_team_games_allow_only_phrases_between_players_while_the_match_is_played(make_user):
    people = [make_user() for _ in range(4)]
    watcher = make_user()
    table = bot_table("bazar_blot", {"players": 4}, people=people)
    code = refused(services.message_post, table_id=table.pk, user=people[0], text="у меня козыри").code
    assert code == "chat_off"
    services.message_post(table_id=table.pk, user=people[0], phrase="good_luck")
    services.message_post(table_id=table.pk, user=watcher, text="смотрю")  # spectators: free
    # a table that allows free talk
    free = bot_table("bazar_blot", {"players": 4}, people=[make_user() for _ in range(4)], chat_free=True)
    assert services.message_post(table_id=free.pk, user=free.seats.get(number=0).user, text="ход!").text
    # after the match: free
    match = table.matches.get()
    move_apply(
        match_id=match.pk, seat=1, action={"type": "surrender"}, seq=match.seq, actor="person",
        user_id=people[1].pk,
    )  # fmt: skip
    after = services.message_post(table_id=table.pk, user=people[0], text="хорошо сыграли")
    assert after.channel == "players"


def test_rate_limit(make_user, pinned_rate_window):
    a = make_user()
    table = seating.table_create(user=a, game="durak")
    for n in range(services.RATE_COUNT):
        services.message_post(table_id=table.pk, user=a, text=f"m{n}")
    assert refused(services.message_post, table_id=table.pk, user=a, text="one more").code == "rate_limited"
    assert ChatMessage.objects.filter(table=table).count() == services.RATE_COUNT


def test_history_is_the_last_fifty_without_hidden_or_muted(make_user, settings):
    a, b = make_user(), make_user()
    table = seating.table_create(user=a, game="durak")
    services.RATE_COUNT, old = 10_000, services.RATE_COUNT
    try:
        for n in range(60):
            services.message_post(table_id=table.pk, user=a if n % 2 else b, text=f"m{n}")
    finally:
        services.RATE_COUNT = old
    log = services.history(table_id=table.pk, seated=True, muted=set())
    assert [m.text for m in log] == [f"m{n}" for n in range(10, 60)]
    services.mute_set(user=a, other_id=b.pk, mute=True)
    assert services.muted_by(a.pk) == {b.pk}
    log = services.history(table_id=table.pk, seated=True, muted=services.muted_by(a.pk))
    assert log and all(m.user == a.pk for m in log)
    services.mute_set(user=a, other_id=b.pk, mute=False)
    assert services.muted_by(a.pk) == set()
    assert refused(services.mute_set, user=a, other_id=a.pk).code == "bad_message"
    last = ChatMessage.objects.filter(table=table).order_by("-id").first()
    services.messages_hide([last.pk])
    assert services.history(table_id=table.pk, seated=True, muted=set())[-1].text == "m58"


def test_reports_go_to_the_admin_queue_and_staff_mute_site_wide(make_user):
    a, b = make_user(), make_user()
    staff = make_user()
    staff.is_staff = staff.is_superuser = True
    staff.save()
    table = seating.table_create(user=a, game="durak")
    rude = services.message_post(table_id=table.pk, user=b, text="гадость")
    services.report(user=a, table_id=table.pk, message_id=rude.pk)
    services.report(user=a, table_id=table.pk, message_id=rude.pk)  # once per reporter
    assert ChatReport.objects.filter(message=rude, resolved=False).count() == 1
    assert refused(services.report, user=a, table_id=table.pk + 1, message_id=rude.pk).code == "not_found"
    # the moderator's queue in the admin: hide, then mute the author everywhere
    admin = Client()
    admin.force_login(staff)
    queue = admin.get("/admin/chat/chatreport/")
    assert queue.status_code == 200 and "гадость" in queue.content.decode()
    report = ChatReport.objects.get(message=rude)
    admin.post("/admin/chat/chatreport/", {"action": "hide_messages", "_selected_action": [report.pk]})
    rude.refresh_from_db()
    assert rude.hidden and ChatReport.objects.get(pk=report.pk).resolved
    admin.post("/admin/chat/chatmessage/", {"action": "mute_authors", "_selected_action": [rude.pk]})
    assert SiteMute.objects.filter(user=b).exists()
    assert refused(services.message_post, table_id=table.pk, user=b, text="снова").code == "chat_muted"
    assert ChatMessage in admin_site._registry


def test_a_block_either_way_hides_their_chat_from_each_other(make_user):
    """«Block a user: no chat» (issue #21): a block hides the messages both ways, like a mute."""
    from apps.social import services as social

    a, b, c = make_user(), make_user(), make_user()
    table = seating.table_create(user=a, game="durak")
    services.message_post(table_id=table.pk, user=b, text="от b")
    services.message_post(table_id=table.pk, user=c, text="от c")
    social.block(user=b, username=a.username)  # b blocked a: neither sees the other
    assert services.muted_by(a.pk) == {b.pk} and services.muted_by(b.pk) == {a.pk}
    shown = services.history(table_id=table.pk, seated=True, muted=services.muted_by(a.pk))
    assert [m.text for m in shown] == ["от c"]
    assert services.muted_by(c.pk) == set()


def test_a_report_keeps_its_reason_and_the_admin_shows_it(make_user):
    """#36, item 12: the reason chosen in the report dialog is stored and listed for moderators."""
    a, b = make_user(), make_user()
    staff = make_user()
    staff.is_staff = staff.is_superuser = True
    staff.save()
    table = seating.table_create(user=a, game="durak")
    hint = services.message_post(table_id=table.pk, user=b, text="ходи с бубей")
    assert services.report(user=a, table_id=table.pk, message_id=hint.pk, reason="hints").reason == "hints"
    assert refused(services.report, user=a, table_id=table.pk, message_id=hint.pk, reason="boring").code == (
        "bad_message"
    )
    assert ChatReport.objects.get(message=hint, reporter=a).reason == ChatReport.Reason.HINTS
    assert services.report(user=b, table_id=table.pk, message_id=hint.pk).reason == "other"  # the default
    admin = Client()
    admin.force_login(staff)
    page = admin.get("/admin/chat/chatreport/").content.decode()
    assert "подсказки партнёру" in page and "ходи с бубей" in page
    hints = admin.get("/admin/chat/chatreport/?reason__exact=hints").content.decode()
    assert hints.count("ходи с бубей") == 1
