"""Issue #36, item 3: a friend request has a live notice — the receiver's badge counts it and a
toast with «Принять» arrives at once on every page (as an invitation does)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from apps.protocol.codec import decode_server, encode
from apps.protocol.server import FriendRequestFrame
from apps.social import selectors, services
from apps.social.models import FriendRequest
from tests.live import LiveSite
from tests.social.test_browser import person, personal_socket_open


@pytest.mark.django_db
def test_the_badge_counts_requests_and_the_frame_is_a_protocol_frame(make_user) -> None:
    anna, boris = make_user("anna"), make_user("boris")
    assert selectors.badge_count(boris) == 0
    services.friend_request(user=anna, username="boris")
    request = FriendRequest.objects.get()
    assert selectors.badge_count(boris) == 1 and selectors.badge_count(anna) == 0
    frame = selectors.friend_request_frame(request)
    assert frame.from_ == {"id": anna.pk, "name": "anna"} and frame.count == 1
    assert frame.accept == reverse("social:friends_action", args=["accept"])
    assert isinstance(decode_server(encode(frame)), FriendRequestFrame)
    services.friend_decline(user=boris, request_id=request.pk)
    assert selectors.badge_count(boris) == 0


@pytest.mark.browser
@pytest.mark.live
@pytest.mark.django_db(transaction=True)
def test_a_friend_request_arrives_live_with_the_badge_and_a_toast_to_accept(live_site: LiveSite, browser):
    boris, errors = person(browser, live_site, "boris", {"width": 360, "height": 740})
    anna, _ = person(browser, live_site, "anna", {"width": 1366, "height": 800})
    boris.goto(f"{live_site.url}{reverse('lobby:home')}")  # not the friends page
    personal_socket_open(boris)
    badge = boris.get_by_test_id("invitation-badge")
    expect(badge).to_be_hidden()
    anna.goto(f"{live_site.url}{reverse('social:friends')}")
    form = anna.get_by_test_id("add-friend")
    form.locator("input[name=username]").fill("boris")
    form.get_by_role("button", name="Отправить заявку").click()
    toast = boris.get_by_test_id("friend-request-toast")
    expect(toast).to_contain_text("anna хочет дружить с вами")
    expect(badge).to_be_visible()
    expect(boris.get_by_test_id("invitation-count")).to_have_text("1")
    toast.get_by_test_id("friend-toast-accept").click()
    boris.wait_for_url("**/friends/")
    expect(boris.locator(".message")).to_have_text("Заявка принята: вы теперь друзья.")
    expect(boris.get_by_test_id("invitation-badge")).to_be_hidden()
    assert not errors
