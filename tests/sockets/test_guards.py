"""What each socket is held to (apps/sockets/guards.py): frames per second, sockets per user,
and the language it answers in."""

from __future__ import annotations

import time
from types import SimpleNamespace

from django.conf import settings

from apps.sockets.guards import SocketCounts, TokenBucket, scope_language
from apps.tables import conf


def test_the_bucket_allows_its_burst_then_refills_at_its_rate() -> None:
    bucket = TokenBucket(rate=1000.0, burst=3)
    assert [bucket.take() for _ in range(3)] == [True, True, True]
    assert bucket.take() is False  # well under a millisecond since: empty
    time.sleep(0.02)  # 20 tokens' worth, capped at the burst
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


def test_socket_counts_cap_each_place_and_each_user_and_forget_closed_sockets() -> None:
    counts = SocketCounts()
    assert all(counts.open(1, "/ws/tables/7/") for _ in range(conf.MAX_SOCKETS_PER_PLACE))
    assert counts.open(1, "/ws/tables/7/") is False  # the place is full, nothing counted
    assert counts.by_user[1] == conf.MAX_SOCKETS_PER_PLACE
    assert counts.open(2, "/ws/tables/7/")  # another user is not concerned
    counts.close(1, "/ws/tables/7/")
    assert counts.open(1, "/ws/tables/7/")  # a closed socket frees its place
    places = [f"/ws/tables/{n}/" for n in range(100, 100 + conf.MAX_SOCKETS_PER_USER)]
    opened = sum(counts.open(1, place) for place in places)
    assert counts.by_user[1] == conf.MAX_SOCKETS_PER_USER  # the user's cap over all places
    assert opened == conf.MAX_SOCKETS_PER_USER - conf.MAX_SOCKETS_PER_PLACE
    for place in ["/ws/tables/7/"] * conf.MAX_SOCKETS_PER_PLACE + places[:opened]:
        counts.close(1, place)
    counts.close(2, "/ws/tables/7/")
    assert counts.by_user == {} and counts.by_place == {}  # no zero counts left behind


def test_the_socket_language_is_the_cookie_then_the_profile_then_russian() -> None:
    cookie = f"sessionid=x; {settings.LANGUAGE_COOKIE_NAME}=en".encode()
    english = SimpleNamespace(language="en")
    assert scope_language({"headers": [(b"cookie", cookie)], "user": SimpleNamespace(language="ru")}) == "en"
    assert scope_language({"headers": [(b"cookie", b"sessionid=x")], "user": english}) == "en"
    unknown = f"{settings.LANGUAGE_COOKIE_NAME}=xx".encode()
    assert scope_language({"headers": [(b"cookie", unknown)], "user": SimpleNamespace(language="de")}) == "ru"
    assert scope_language({}) == settings.LANGUAGE_CODE == "ru"
