"""Finding 10 of issue #30: a request/withdraw loop reloaded the victim's «Друзья» page 30 times
in 4 s.

Social actions are limited per user (``SOCIAL_ACTIONS_PER_MINUTE``, 20): the next one is refused
with ``too_fast`` and a sentence that says when to try again, and nothing is written or sent. The
friends page no longer reloads on a change: it fetches itself again and swaps its parts in place,
one fetch at a time, at least a second apart (a browser test in chromium).
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from apps.core.errors import Refused
from apps.social import services as social
from apps.social.models import Block, FriendRequest
from apps.tables import seating
from tests.social.test_browser import DESKTOP, person, personal_socket_open

PER_MINUTE = 20


@pytest.fixture(autouse=True)
def _fresh_counts(pinned_rate_window):
    """Empty counts, and a window that does not end during the test (its clock stands still)."""
    cache.clear()


def request_and_withdraw(attacker, victim) -> None:
    social.friend_request(user=attacker, username=victim.username)
    request = FriendRequest.objects.get(from_user=attacker, to_user=victim)
    social.friend_decline(user=attacker, request_id=request.pk)


@pytest.mark.django_db
def test_the_request_withdraw_loop_is_cut_off_and_writes_nothing(make_user, settings):
    settings.SOCIAL_ACTIONS_PER_MINUTE = PER_MINUTE
    attacker, victim = make_user(), make_user()
    for _ in range(PER_MINUTE // 2):
        request_and_withdraw(attacker, victim)
    with pytest.raises(Refused) as refused:
        social.friend_request(user=attacker, username=victim.username)
    assert refused.value.code == "too_fast"
    assert re.fullmatch(
        r"Слишком много действий с друзьями подряд\. Попробуйте снова через \d+ с\.", refused.value.message()
    )
    assert not FriendRequest.objects.exists()
    # every kind of social action counts and is refused the same way
    other = make_user()
    table = seating.table_create(user=attacker, game="durak")
    for action in (
        lambda: social.block(user=attacker, username=other.username),
        lambda: social.unblock(user=attacker, user_id=other.pk),
        lambda: social.friend_remove(user=attacker, friend_id=other.pk),
        lambda: social.friend_accept(user=attacker, request_id=1),
        lambda: social.invite(user=attacker, friend_id=other.pk, table_id=table.pk),
        lambda: social.invitation_answer(user=attacker, invitation_id=1, accept=True),
    ):
        with pytest.raises(Refused) as refused:
            action()
        assert refused.value.code == "too_fast"
    assert not Block.objects.exists()
    # another person is not held back by him
    social.friend_request(user=victim, username=other.username)


@pytest.mark.django_db
def test_the_friends_page_says_when_to_try_again(make_user, settings):
    settings.SOCIAL_ACTIONS_PER_MINUTE = 2
    attacker, victim = make_user(), make_user()
    client = Client()
    client.force_login(attacker)
    url = reverse("social:friends_action", args=["request"])
    client.post(url, {"username": victim.username})
    client.post(url, {"username": victim.username})
    page = client.post(url, {"username": victim.username}, follow=True).content.decode()
    assert "Слишком много действий с друзьями подряд. Попробуйте снова через" in page
    client.cookies["django_language"] = "en"
    page = client.post(url, {"username": victim.username}, follow=True).content.decode()
    assert "Too many friends&#x27; actions in a row. Try again in" in page


@pytest.mark.browser
@pytest.mark.live
@pytest.mark.django_db(transaction=True)
def test_the_friends_page_updates_in_place_without_reloading(live_site, browser, settings):
    """The victim's open page shows each request and its withdrawal in place; through a storm it
    is never reloaded and fetches itself at most about once a second."""
    settings.SOCIAL_ACTIONS_PER_MINUTE = PER_MINUTE
    victim, errors = person(browser, live_site, "vika", DESKTOP)
    from apps.accounts.models import User

    attacker = User.objects.create_user(username="zloy", password="pw-secret-123")
    victim_user = User.objects.get(username="vika")
    friends_url = f"{live_site.url}{reverse('social:friends')}"
    victim.goto(friends_url)
    personal_socket_open(victim)
    navigations: list[str] = []
    fetches: list[str] = []
    victim.on("framenavigated", lambda frame: navigations.append(frame.url))
    victim.on("request", lambda req: fetches.append(req.url) if req.url == friends_url else None)
    victim.evaluate("window.stillTheSamePage = true")
    victim.get_by_test_id("add-friend").locator("input[name=username]").fill("half-typed")

    social.friend_request(user=attacker, username="vika")
    expect(victim.get_by_test_id("incoming")).to_contain_text("zloy")
    request = FriendRequest.objects.get(from_user=attacker)
    social.friend_decline(user=attacker, request_id=request.pk)
    expect(victim.get_by_test_id("incoming")).to_have_count(0)
    social.friend_request(user=attacker, username="vika")
    expect(victim.get_by_test_id("incoming")).to_contain_text("zloy")
    request_and_withdraw_only = FriendRequest.objects.get(from_user=attacker)
    social.friend_decline(user=attacker, request_id=request_and_withdraw_only.pk)

    # the storm: the loop runs until the limit cuts it off
    with pytest.raises(Refused):
        for _ in range(30):
            request_and_withdraw(attacker, victim_user)
    expect(victim.get_by_test_id("incoming")).to_have_count(0)  # the last state: nothing pending
    # the fetches still due have run (the page is idle again): none of them reloaded it
    victim.wait_for_function("() => !document.documentElement.dataset.friendsRefreshing", timeout=20_000)

    assert victim.evaluate("window.stillTheSamePage") is True
    assert navigations == []
    assert 1 <= len(fetches) <= 10, fetches
    assert victim.get_by_test_id("add-friend").locator("input[name=username]").input_value() == "half-typed"
    # accepting still works in place: a new request, accepted from the swapped-in part
    cache.clear()
    social.friend_request(user=attacker, username="vika")
    toasts = victim.get_by_test_id("friend-request-toast")
    expect(toasts).to_have_count(1)  # one toast per person asking, through the whole storm
    toasts.locator(".social-toast__close").click()
    victim.get_by_test_id("request-accept").click()
    expect(victim.get_by_test_id("friends-list")).to_contain_text("zloy")
    # an invitation from the new friend shows in the page's invitations in place too
    personal_socket_open(victim)
    victim.evaluate("window.stillTheSamePage = true")
    table = seating.table_create(user=attacker, game="durak")
    social.invite(user=attacker, friend_id=victim_user.pk, table_id=table.pk)
    expect(victim.get_by_test_id("invitations")).to_contain_text(f"#{table.pk}")
    assert victim.evaluate("window.stillTheSamePage") is True
    assert errors == []
