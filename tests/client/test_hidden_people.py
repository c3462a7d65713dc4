"""Issue #36, item 2: a mute (or a block) can be undone after a reload. The table chat and the
profile list the people you hide, each with «Вернуть»; what a muted person wrote comes back.
Chromium on a 360×740 touch phone; real daphne, PostgreSQL, Redis, Celery worker."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from apps.accounts.models import User
from apps.chat.models import ChatMessage, ChatMute
from apps.lobby import services as lobby
from apps.social import services as social
from apps.social.models import Block
from tests.client.test_lobby_feel import PHONE, new_page
from tests.client.test_table_live import PASSWORD
from tests.live import LiveSite, screenshot_dir

pytestmark = [pytest.mark.browser, pytest.mark.live, pytest.mark.django_db(transaction=True)]


def people(*names: str) -> list[User]:
    return [User.objects.create_user(username=name, password=PASSWORD) for name in names]


def test_the_table_chat_lists_mutes_and_blocks_after_a_reload_and_gives_them_back(
    live_site: LiveSite, celery_worker, browser
) -> None:
    anna, boris, _cora = people("anna", "boris", "cora")
    table = lobby.play_with_bots(user=anna, game="durak", options={}, level="easy")
    ChatMessage.objects.create(
        table_id=table.pk, user=boris, name="boris", channel="players", text="я вернулся"
    )
    ChatMute.objects.create(owner=anna, muted=boris)  # muted at another table, days ago
    social.block(user=anna, username="cora")
    page = new_page(browser, live_site, "anna", PHONE)
    page.goto(f"{live_site.url}/lobby/tables/{table.pk}/")
    page.wait_for_function("() => window.__tableClient && window.__tableClient.view")
    page.locator('#table-app [data-control="chat"]').tap()
    hidden = page.get_by_test_id("chat-hidden")
    expect(hidden).to_contain_text("boris")
    expect(hidden).to_contain_text("cora (блок)")
    expect(page.get_by_test_id("chat-log")).not_to_contain_text("я вернулся")
    page.screenshot(path=str(screenshot_dir() / "chat-hidden-people-360x740.png"))
    # «Вернуть» the mute: the server forgets it, and after a reload boris's words are there
    hidden.locator('[data-control="chat-unmute"]').tap()
    expect(hidden).not_to_contain_text("boris")
    expect(hidden).to_contain_text("cora")
    assert not ChatMute.objects.filter(owner=anna).exists()
    # «Вернуть» the block, from the chat too
    hidden.locator('[data-control="chat-unblock"]').tap()
    expect(hidden).to_be_hidden()
    assert not Block.objects.filter(blocker=anna).exists()
    page.reload()
    page.wait_for_function("() => window.__tableClient && window.__tableClient.view")
    page.locator('#table-app [data-control="chat"]').tap()
    expect(page.get_by_test_id("chat-log")).to_contain_text("я вернулся")
    expect(page.get_by_test_id("chat-hidden")).to_be_hidden()


def test_the_profile_lists_mutes_and_blocks_each_with_return(live_site: LiveSite, browser) -> None:
    anna, boris, _cora = people("anna", "boris", "cora")
    page = new_page(browser, live_site, "anna", PHONE)
    page.goto(f"{live_site.url}/accounts/profile/")
    expect(page.get_by_test_id("hidden-people")).to_contain_text("Вы никого не скрыли.")
    ChatMute.objects.create(owner=anna, muted=boris)
    social.block(user=anna, username="cora")
    social.block(user=boris, username="anna")  # boris's block of anna is not hers to lift
    page.reload()
    expect(page.get_by_test_id("hidden-muted")).to_contain_text("boris")
    expect(page.get_by_test_id("hidden-blocked")).to_contain_text("cora")
    expect(page.get_by_test_id("hidden-blocked")).not_to_contain_text("boris")
    shot = screenshot_dir() / "profile-hidden-people-360x740.png"
    page.get_by_test_id("hidden-people").screenshot(path=str(shot))
    page.get_by_test_id("unmute-boris").tap()
    expect(page.locator(".message")).to_have_text("Сообщения снова видны.")
    expect(page.get_by_test_id("hidden-muted")).to_have_count(0)
    assert not ChatMute.objects.filter(owner=anna).exists()
    page.get_by_test_id("unblock-cora").tap()
    expect(page.locator(".message")).to_have_text("Блокировка снята.")
    expect(page.get_by_test_id("hidden-people")).to_contain_text("Вы никого не скрыли.")
    assert list(Block.objects.values_list("blocker__username", "blocked__username")) == [("boris", "anna")]
    assert page.url.endswith("/accounts/profile/#hidden-people")
