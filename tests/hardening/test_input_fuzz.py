"""Whatever a form or a socket's query string holds, never a 500, never a 1011, and a refused
socket's count is released (issue #30, finding 12).

The crashes the probe found are pinned first; then hypothesis sends every form of the site
random values (text, other scripts' digits, 30-digit numbers, 100,000 characters) and every
lobby socket random query strings.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.social import services as social
from apps.tables import seating
from tests.tables.live_clients import TableSocket, session_cookie

HUGE = "9" * 30


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("/quick/join/", {"mode": "durak", "bots_after": "²"}),
        ("/friends/remove/", {"friend": HUGE}),
        ("/friends/unblock/", {"user": HUGE}),
        ("/friends/block/", {"username": "x" * 100_000}),
        ("/friends/invite/", {"friend": "²", "table": HUGE}),
        ("/friends/accept/", {"request": "-1"}),
    ],
)
def test_the_probes_crashes_are_refusals(make_user, path, data):
    response = signed_in(make_user()).post(path, data)
    assert response.status_code == 302, response.status_code


@pytest.mark.django_db
def test_a_bad_seat_number_is_a_message_not_a_crash(make_user):
    owner = make_user()
    table = seating.table_create(user=owner, game="durak")
    client = signed_in(owner)
    for seat in ("²", HUGE, "-3", "x", ""):
        response = client.post(f"/lobby/tables/{table.pk}/sit/", {"seat": seat}, follow=True)
        assert response.status_code == 200
        assert "bad_seat" not in response.content.decode()  # a sentence, not a code


@pytest.mark.django_db
def test_decline_redirects_only_to_a_local_path(make_user):
    owner, guest = make_user(), make_user()
    table = seating.table_create(user=owner, game="durak")
    social_pair(owner, guest)
    invitation = social.invite(user=owner, friend_id=guest.pk, table_id=table.pk)
    client = signed_in(guest)
    url = f"/friends/invitations/{invitation.pk}/decline/"
    response = client.post(url, {"next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == "/friends/"
    invitation = social.invite(user=owner, friend_id=guest.pk, table_id=table.pk)
    response = client.post(f"/friends/invitations/{invitation.pk}/decline/", {"next": "/lobby/"})
    assert response["Location"] == "/lobby/"


def social_pair(a, b) -> None:
    from apps.social.models import FriendRequest

    social.friend_request(user=a, username=b.username)
    social.friend_accept(user=b, request_id=FriendRequest.objects.get(from_user=a, to_user=b).pk)


values = st.one_of(
    st.text(max_size=40),
    st.integers().map(str),
    st.sampled_from(["²", "٣", HUGE, "-" + HUGE, "1e9", " 7 ", "\x00", "0", "x" * 5000]),
)

FORMS = [
    ("/friends/{action}/", ["username", "request", "friend", "user", "table"]),
    ("/quick/join/", ["mode", "bots_after"]),
    ("/lobby/tables/new/", ["game", "players", "target", "deck", "seats", "rated", "private"]),
    ("/lobby/play-with-bots/", ["game", "level", "players", "seats", "confirm"]),
    ("/lobby/tables/{table}/{table_action}/", ["seat", "level", "ready", "free", "target", "players"]),
    ("/friends/invitations/{number}/decline/", ["next"]),
    ("/i18n/setlang/", ["language", "next"]),
    ("/accounts/profile/", ["display_name", "language"]),
]


@pytest.mark.django_db
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    form=st.sampled_from(FORMS),
    data=st.data(),
    action=st.sampled_from(["request", "accept", "decline", "remove", "block", "unblock", "invite", "zz"]),
    table_action=st.sampled_from(["sit", "stand", "bots", "options", "ready", "invite", "chat", "zz"]),
    number=st.one_of(st.integers(min_value=0, max_value=10**6), st.just(int(HUGE))),
)
def test_no_form_answers_500(make_user, form, data, action, table_action, number):
    user = make_user()
    table = seating.table_create(user=user, game="durak")
    path, fields = form
    path = path.format(action=action, table=table.pk, table_action=table_action, number=number)
    post = {name: data.draw(values, label=name) for name in fields if data.draw(st.booleans())}
    response = signed_in(user).post(path, post)
    assert response.status_code < 500, (path, post)


@pytest.mark.live
@pytest.mark.django_db(transaction=True)
def test_no_lobby_query_string_closes_with_1011_and_counts_are_released(live_site, make_user):
    user = make_user()
    cookie = session_cookie(user)
    queries = [
        "table=%C2%B2",
        f"table={HUGE}",
        "table=-1",
        "table=",
        "tables=0&table=%C2%B2",
        "table=1&table=x",
        "%ff%fe=1",
        "tables=" + "0" * 500,
        "table=" + quote("\x00"),
    ]
    for query in queries + [f"table={quote(text)}" for text in ("١٢", "1 2", "0x10", "１")]:
        sock = TableSocket(live_site, f"/ws/lobby/?{query}", cookie)
        sock.wait_for(lambda m: m.get("op") == "invitations")
        sock.close()
        assert sock.close_code != 1011, query
    # the counts went back down: the user may open as many sockets as ever
    socks = [TableSocket(live_site, "/ws/lobby/?tables=0&table=%C2%B2", cookie) for _ in range(4)]
    for sock in socks:
        sock.wait_for(lambda m: m.get("op") == "invitations")
