"""Two properties of issue #30's "Tests that must exist", checked by hypothesis against the live
daphne while a private match is played:

- a table socket refused for any reason (signed out, a forged session, a stranger at a private
  table, a blocked member, a missing table, an id past bigint, one socket too many), whatever
  the client sends at once, never receives a table frame: nothing at all, or for the socket cap
  only the ``error`` that explains it (findings 1 and 6);
- whatever a socket's query string holds, the lobby and the table sockets answer as usual, never
  close with 1011, and release their counts: the user opens his four sockets after the run
  (finding 12).
"""

from __future__ import annotations

import contextlib
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.social import services as social
from apps.tables.models import TableAccess
from tests.hardening.test_private_socket import Players, is_state
from tests.tables.helpers import bot_table
from tests.tables.live_clients import TableSocket, session_cookie

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]

CLOSE_UNAUTHENTICATED, CLOSE_NOT_FOUND, CLOSE_RATE_LIMITED = 4401, 4404, 4429
PER_PLACE = 4

REASONS = ["signed_out", "forged_session", "stranger", "blocked", "missing", "past_bigint", "one_too_many"]

#: What a hurried client sends right after connecting, before it hears anything.
FIRST_FRAMES = st.sampled_from(
    [
        None,
        {"op": "sync"},
        {"op": "chat", "text": "привет"},
        {"op": "act", "seq": 0, "action": {"type": "pass"}},
        {"op": "ready", "ready": True},
        "not json",
    ]
)


@pytest.fixture
def private_match(live_site, make_user):
    """A private duel being played, a member with four sockets open on it, a blocked member and a
    stranger; yields ``(table, cookies, the member's sockets)`` and stops the players afterwards."""
    owner, partner, member, blocked, stranger = (make_user() for _ in range(5))
    table = bot_table("bazar_blot", {"players": 2}, people=[owner, partner], private=True)
    for user in (member, blocked):
        TableAccess.objects.create(table=table, user=user)
    social.block(user=owner, username=blocked.username)
    path = f"/ws/tables/{table.pk}/"
    socks = {n: TableSocket(live_site, path, session_cookie(u)) for n, u in enumerate([owner, partner])}
    players = Players(socks)
    players.start()
    people = {"member": member, "blocked": blocked, "stranger": stranger}
    cookies = {name: session_cookie(u) for name, u in people.items()}
    held = [TableSocket(live_site, path, cookies["member"]) for _ in range(PER_PLACE)]
    for sock in held:
        sock.wait_for(is_state)
    try:
        yield table, cookies, held
    finally:
        players.stop.set()
        players.join(10)


def refusal(reason: str, table, cookies: dict[str, str]) -> tuple[str, str | None, int]:
    """``(path, cookie, close code)`` of a socket refused for ``reason``."""
    path = f"/ws/tables/{table.pk}/"
    return {
        "signed_out": (path, None, CLOSE_UNAUTHENTICATED),
        "forged_session": (path, "sessionid=" + "x" * 32, CLOSE_UNAUTHENTICATED),
        "stranger": (path, cookies["stranger"], CLOSE_NOT_FOUND),
        "blocked": (path, cookies["blocked"], CLOSE_NOT_FOUND),
        "missing": (f"/ws/tables/{table.pk + 10**6}/", cookies["member"], CLOSE_NOT_FOUND),
        "past_bigint": (f"/ws/tables/{'9' * 30}/", cookies["member"], CLOSE_NOT_FOUND),
        "one_too_many": (path, cookies["member"], CLOSE_RATE_LIMITED),  # his four are open
    }[reason]


def test_a_socket_refused_for_any_reason_never_receives_a_table_frame(live_site, private_match):
    table, cookies, _held = private_match

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(reason=st.sampled_from(REASONS), first=FIRST_FRAMES, repeat=st.integers(1, 3))
    def refused_without_a_frame(reason, first, repeat):
        path, cookie, code = refusal(reason, table, cookies)
        for _ in range(repeat):
            sock = TableSocket(live_site, path, cookie)
            if first is not None:
                with contextlib.suppress(Exception):  # the server may have closed already
                    sock.send(first)
            assert sock.wait_closed() == code, reason
            if reason == "one_too_many":
                assert [(m["op"], m.get("code")) for m in sock.messages] == [("error", "too_many_sockets")]
            else:
                assert sock.messages == [], (reason, sock.messages[:2])

    refused_without_a_frame()


QUERY_KEYS = st.one_of(st.sampled_from(["table", "tables", "seat", "id", ""]), st.text(max_size=8))
QUERY_VALUES = st.one_of(
    st.text(max_size=30),
    st.integers().map(str),
    st.sampled_from(["²", "٣", "9" * 30, "-1", "0", "１", "0x10", "\x00", "%", "%zz", "&&", "=="]),
)


@st.composite
def query_strings(draw) -> str:
    """A query string as a client may send it: encoded pairs, raw bytes, or both."""
    pairs = draw(st.lists(st.tuples(QUERY_KEYS, QUERY_VALUES), max_size=4))
    encoded = "&".join(f"{quote(k)}={quote(v)}" for k, v in pairs)
    raw = "".join(f"%{b:02X}" for b in draw(st.binary(max_size=12)))
    return draw(st.sampled_from([encoded, raw, f"{encoded}&{raw}", f"table={raw}"]))


def test_no_socket_query_string_closes_with_1011_and_counts_are_released(live_site, private_match):
    table, cookies, held = private_match
    member = cookies["member"]
    for sock in held:  # the member's four table sockets: the run opens its own
        sock.close()

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(query=query_strings(), socket=st.sampled_from(["lobby", "table"]))
    def answers_as_usual(query, socket):
        if socket == "lobby":
            sock = TableSocket(live_site, f"/ws/lobby/?{query}", member)
            sock.wait_for(lambda m: m.get("op") == "invitations")
        else:
            sock = TableSocket(live_site, f"/ws/tables/{table.pk}/?{query}", member)
            assert sock.wait_for(is_state)["view"]["table"] == table.pk
        sock.close()
        assert sock.close_code != 1011, query

    answers_as_usual()
    # every count went back down: he may open as many sockets as ever, at both places
    for path in ("/ws/lobby/?tables=0", f"/ws/tables/{table.pk}/"):
        socks = [TableSocket(live_site, path, member) for _ in range(PER_PLACE)]
        for sock in socks:
            sock.wait_for(lambda m: m.get("op") in ("invitations", "state"))
            assert sock.close_code is None
