"""The table socket's social ops against the live daphne: chat channels and history, limits,
mute and report, a moderator hiding a message, the spectators' count, «Ещё партию», and a
private table's socket closed for strangers (issue #21)."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from apps.chat import services as chat
from apps.chat.models import ChatMessage, ChatReport
from apps.tables import seating
from apps.tables.models import Match
from apps.tables.moves import move_apply
from tests.tables.helpers import bot_table
from tests.tables.live_clients import TableSocket, session_cookie

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]


def op(name: str, **fields):
    return lambda m: m.get("op") == name and all(m.get(k) == v for k, v in fields.items())


def chat_texts(sock: TableSocket) -> list[str]:
    return [m["text"] for m in sock.messages if m.get("op") == "chat"]


@pytest.fixture(autouse=True)
def _fresh_rate():
    cache.clear()


def test_chat_channels_history_limits_mute_report_and_hide(live_site, make_user):
    a, b, watcher = make_user(), make_user(), make_user()
    table = bot_table("bazar_blot", {"players": 2}, people=[a, b])
    path = f"/ws/tables/{table.pk}/"
    sa = TableSocket(live_site, path, session_cookie(a))
    sb = TableSocket(live_site, path, session_cookie(b))
    sw = TableSocket(live_site, path, session_cookie(watcher))
    for sock in (sa, sb, sw):
        assert sock.wait_for(op("chat_history"))["messages"] == []
    # the players see one spectator
    sa.wait_for(lambda m: m.get("op") == "state" and m["view"]["spectators"] == 1)

    sa.send({"op": "chat", "text": "<script>alert(1)</script> привет"})
    for sock in (sa, sb, sw):
        frame = sock.wait_for(op("chat", channel="players"))
        assert frame["text"] == "<script>alert(1)</script> привет" and frame["seat"] == 0
    sb.send({"op": "chat", "phrase": "good_luck"})
    assert sa.wait_for(op("chat", phrase="good_luck"))["text"] == "Удачи!"

    # a spectator's remark mid-match reaches the spectators only
    sw.send({"op": "chat", "text": "у него туз"})
    assert sw.wait_for(op("chat", channel="spectators"))["text"] == "у него туз"
    sa.send({"op": "ping", "t": 1})
    sb.send({"op": "ping", "t": 1})
    sa.wait_for(op("pong"))
    sb.wait_for(op("pong"))  # the remark was published before these pongs were asked for
    assert "у него туз" not in chat_texts(sa) + chat_texts(sb)

    # bad messages, too long, and the limit: errors, the socket stays open
    sa.send({"op": "chat", "text": "я" * 201, "id": "c1"})
    assert sa.wait_for(op("error", code="chat_too_long"))["id"] == "c1"
    sa.send({"op": "chat", "phrase": "cheat"})
    sa.wait_for(op("error", code="bad_message"))
    for n in range(chat.RATE_COUNT):
        sw.send({"op": "chat", "text": f"m{n}"})
    sw.wait_for(op("error", code="rate_limited"))
    sw.send({"op": "ping", "t": 2})
    sw.wait_for(op("pong", t=2))

    # b mutes a for himself; a reconnect brings the history without a's messages
    sb.send({"op": "chat_mute", "user": a.pk, "mute": True})
    sb.wait_for(op("chat_mute", user=a.pk, mute=True))
    start = len(sb.messages)
    sa.send({"op": "chat", "phrase": "oops"})
    sa.wait_for(op("chat", phrase="oops"))
    sb.send({"op": "ping", "t": 3})
    sb.wait_for(op("pong", t=3), start=start)
    assert not any(m.get("phrase") == "oops" for m in sb.messages[start:])
    sb.close()
    sb = TableSocket(live_site, path, session_cookie(b))
    log = sb.wait_for(op("chat_history"))["messages"]
    assert [m["text"] for m in log] == ["Удачи!"]  # not a's, not the spectators'
    log = TableSocket(live_site, path, session_cookie(watcher)).wait_for(op("chat_history"))["messages"]
    assert "у него туз" in [m["text"] for m in log] and len(log) <= chat.HISTORY

    # a reports b's phrase; a moderator hides it: the sockets drop it at once
    phrase = ChatMessage.objects.get(phrase="good_luck")
    sa.send({"op": "chat_report", "id": phrase.pk, "reason": "spam"})
    sa.wait_for(op("chat_report", id=phrase.pk))
    assert ChatReport.objects.filter(message=phrase, reporter=a, reason="spam").exists()
    chat.messages_hide([phrase.pk])
    assert sa.wait_for(op("chat_hidden"))["ids"] == [phrase.pk]


def test_team_players_get_chat_off_and_rematch_goes_through_the_socket(live_site, make_user):
    people = [make_user() for _ in range(4)]
    table = bot_table("bazar_blot", {"players": 4}, people=people)
    path = f"/ws/tables/{table.pk}/"
    socks = [TableSocket(live_site, path, session_cookie(p)) for p in people]
    socks[0].send({"op": "chat", "text": "у меня козыри"})
    socks[0].wait_for(op("error", code="chat_off"))
    socks[0].send({"op": "rematch", "yes": True})
    socks[0].wait_for(op("error", code="no_rematch"))
    socks[0].send({"op": "rematch", "yes": "да"})
    socks[0].wait_for(op("error", code="bad_message"))
    match = table.matches.get()
    move_apply(
        match_id=match.pk, seat=1, action={"type": "surrender"}, seq=match.seq, actor="person",
        user_id=people[1].pk,
    )  # fmt: skip
    socks[0].send({"op": "chat", "text": "хорошо сыграли"})  # free after the match
    socks[2].wait_for(op("chat", text="хорошо сыграли"))
    for n, sock in enumerate(socks):
        sock.send({"op": "rematch", "yes": True})
        if n < 3:
            socks[3].wait_for(lambda m, n=n: m.get("op") == "state" and n in m["view"]["rematch"])
    fresh = socks[0].wait_for(lambda m: m.get("op") == "state" and m["view"]["match"] != match.pk)
    assert fresh["seq"] == 0 and fresh["view"]["seat"] == 0 and fresh["view"]["phase"] != "match_over"
    assert {"type": "match_started", "rematch_of": match.pk} in fresh["events"]
    assert Match.objects.filter(table=table).count() == 2


def test_a_private_tables_socket_is_closed_for_strangers(live_site, make_user):
    owner, friend, stranger = make_user(), make_user(), make_user()
    table = seating.table_create(user=owner, game="durak", private=True)
    path = f"/ws/tables/{table.pk}/"
    assert TableSocket(live_site, path, session_cookie(stranger)).wait_closed() == 4404
    seating.invite_join(code=table.invite_code, user=friend)
    view = TableSocket(live_site, path, session_cookie(friend)).wait_for(op("state"))["view"]
    assert view["table"] == table.pk and view["seat"] is None
