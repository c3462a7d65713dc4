"""Finding 13 of issue #30: chat refuses NUL, control, bidi and zero-width characters (and
zero-width-only text); a frame of 1 MiB or more ends the socket as docs/protocol.md says."""

from __future__ import annotations

import contextlib

import pytest
from django.core.cache import cache

from apps.chat import services
from apps.chat.models import ChatMessage
from apps.core.errors import Refused
from apps.tables import seating
from tests.tables.live_clients import TableSocket, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fresh_rate():
    cache.clear()


@pytest.mark.parametrize(
    "text",
    [
        "\u200b",  # zero-width space only
        "\u200b\u200c\u200d\u2060\ufeff",  # every zero-width character, nothing else
        "привет\x00",  # NUL
        "a\x07b",  # a control character
        "ход \u202eзакат\u202c",  # a right-to-left override
        "\u2066имя\u2069",  # a bidi isolate
        "\u3164",  # the Hangul filler: a "letter" that shows as nothing
        "\u2800\u2800",  # braille blanks
        "x\ue000",  # private use
    ],
)
def test_chat_refuses_control_bidi_and_zero_width_characters(make_user, text):
    a = make_user()
    table = seating.table_create(user=a, game="durak")
    with pytest.raises(Refused) as refused:
        services.message_post(table_id=table.pk, user=a, text=text)
    assert refused.value.code == "bad_characters"
    assert refused.value.message() == "В тексте есть управляющие или невидимые символы: уберите их."
    assert not ChatMessage.objects.exists()


def test_chat_keeps_whitespace_folded_and_emoji_sequences(make_user):
    a = make_user()
    table = seating.table_create(user=a, game="durak")
    text = "привет\n\tвсем\u00a0👨\u200d👩\u200d👧 🏳️\u200d🌈"
    said = services.message_post(table_id=table.pk, user=a, text=text)
    assert said.text == "привет всем 👨\u200d👩\u200d👧 🏳️\u200d🌈"
    with pytest.raises(Refused):  # a joiner between letters joins nothing: refused
        services.message_post(table_id=table.pk, user=a, text="a\u200db")


@pytest.mark.live
def test_frames_under_one_mib_are_refused_and_the_socket_stays_open(live_site, make_user):
    user = make_user()
    sock = TableSocket(live_site, "/ws/lobby/?tables=0", session_cookie(user))
    sock.wait_for(lambda m: m.get("op") == "invitations")
    n = len(sock.messages)
    sock.send('{"op":"ping","t":"' + "x" * 1_000_000 + '"}')  # ~1 MB, under daphne's 1 MiB
    refused = sock.wait_for(lambda m: m.get("op") == "error", start=n)
    assert refused["code"] == "bad_message"
    n = len(sock.messages)
    sock.send({"op": "ping", "t": 1})
    assert sock.wait_for(lambda m: m.get("op") == "pong", start=n)["t"] == 1
    sock.close()


@pytest.mark.live
def test_a_frame_of_one_mib_or_more_drops_the_connection_and_releases_its_count(live_site, make_user):
    """daphne (autobahn's ``maxMessagePayloadSize``, 1 MiB) drops the TCP connection of a
    message over its limit before the consumer sees it: the client reads 1006 (no close frame).
    The socket's count is released: the user opens his four lobby sockets again at once."""
    user = make_user()
    cookie = session_cookie(user)
    sock = TableSocket(live_site, "/ws/lobby/?tables=0", cookie)
    sock.wait_for(lambda m: m.get("op") == "invitations")
    # the server may drop the connection while the frame is still being written
    with contextlib.suppress(Exception):
        sock.send('{"op":"ping","t":"' + "x" * (1024 * 1024) + '"}')
    assert sock.wait_closed() == 1006
    assert not [m for m in sock.messages if m.get("op") == "error"]
    again = [TableSocket(live_site, "/ws/lobby/?tables=0", cookie) for _ in range(4)]
    for other in again:
        assert other.wait_for(lambda m: m.get("op") == "invitations")
        other.close()
