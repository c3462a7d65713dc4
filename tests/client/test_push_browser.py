"""Web Push in Debian's chromium (issue #32): the service worker registered, a subscription made
from the profile page's «Включить уведомления», «Проверить» delivered through Celery to the
suite's local push service, the worker's ``push`` showing that notification and its click
bringing the open tab to the table.

What is real and what is injected (docs/decisions-push.md): headless chromium has no push
service of its own (``pushManager.subscribe`` needs the vendor's), so the test replaces
``PushManager.prototype.subscribe`` / ``getSubscription`` in the page (an init script, nothing
in the site's code) with a subscription of the local push service, whose keys the test made.
Everything after that is the site's: its JavaScript posts the subscription, the server keeps
it, Celery encrypts and posts. Headless chromium cannot receive that post nor click a
notification, so the test hands the decrypted payload to the service worker as a ``push``
event and dispatches ``notificationclick`` on the notification it showed: the worker's own
handlers run.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from apps.accounts.models import User
from apps.push import keys
from apps.push.models import Subscription
from apps.tables.models import Table
from tests.client.test_table_live import PASSWORD, log_in
from tests.live import LiveSite
from tests.push.pushservice import LocalPushService

pytestmark = [pytest.mark.browser, pytest.mark.live]

FAKE_PUSH = """
(subscription) => {
  const fake = {
    endpoint: subscription.endpoint,
    toJSON: () => subscription,
    unsubscribe: async () => { localStorage.removeItem("test.push"); return true; },
  };
  // the browser keeps its subscription across pages: so does the stand-in
  PushManager.prototype.subscribe = async function () {
    localStorage.setItem("test.push", "1");
    return fake;
  };
  PushManager.prototype.getSubscription = async function () {
    return localStorage.getItem("test.push") ? fake : null;
  };
  window.__permissionAsked = 0;
  const ask = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = (...args) => { window.__permissionAsked += 1; return ask(...args); };
}
"""


@pytest.fixture
def push_service():
    service = LocalPushService(keys.public_key())
    yield service
    service.close()


def test_a_subscription_from_the_profile_and_a_notification_that_opens_the_table(
    live_site: LiveSite, celery_worker, browser, push_service
) -> None:
    olga = User.objects.create_user(username="olga", password=PASSWORD)
    table = Table.objects.create(game="durak", options={}, seat_count=2, owner=olga)
    subscription = push_service.subscription()
    context = browser.new_context()
    context.set_default_timeout(15_000)
    context.grant_permissions(["notifications"], origin=live_site.url)
    context.add_init_script(f"({FAKE_PUSH})({json.dumps(subscription)})")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, live_site, "olga")
    page.goto(f"{live_site.url}/accounts/profile/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    assert page.evaluate("() => window.__permissionAsked") == 0  # never on load

    page.get_by_test_id("push-enable").click()
    expect(page.get_by_test_id("push-devices")).to_contain_text("Chrome · Linux")
    expect(page.get_by_test_id("push-status")).to_have_text("Уведомления включены на этом устройстве.")
    expect(page.get_by_test_id("push-enable")).to_be_hidden()
    row = Subscription.objects.get(user=olga)
    assert row.endpoint == subscription["endpoint"] and row.p256dh == subscription["keys"]["p256dh"]

    # a kind off and on again, kept by the server
    # the change is posted in the background: the reload waits for the server's answer to it
    with page.expect_response(lambda r: r.request.method == "POST" and "/preference/" in r.url) as answer:
        page.get_by_test_id("push-kind-rematch").uncheck()
    assert answer.value.ok
    page.reload()
    expect(page.get_by_test_id("push-kind-rematch")).not_to_be_checked()

    # «Проверить»: Celery encrypts and posts to the local push service
    page.get_by_test_id("push-test").click()
    (delivery,) = push_service.wait(1)
    assert delivery.payload["tag"] == "test"

    # the worker shows a pushed notification, and its click brings this tab to the table
    payload = {
        "title": "Ваш ход",
        "body": "Дурак: стол ждёт вас",
        "url": f"/lobby/tables/{table.pk}/",
        "tag": "t",
    }
    (worker,) = context.service_workers
    shown = worker.evaluate(
        """async (payload) => {
          const event = new PushEvent("push", { data: JSON.stringify(payload) });
          const done = [];
          event.waitUntil = (promise) => done.push(promise);
          self.dispatchEvent(event);
          await Promise.all(done);
          const notes = await self.registration.getNotifications();
          return notes.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data.url }));
        }""",
        payload,
    )
    assert shown == [{"title": "Ваш ход", "body": "Дурак: стол ждёт вас", "tag": "t", "url": payload["url"]}]
    worker.evaluate(
        """async () => {
          const [notification] = await self.registration.getNotifications({ tag: "t" });
          const event = new NotificationEvent("notificationclick", { notification });
          const done = [];
          event.waitUntil = (promise) => done.push(promise);
          self.dispatchEvent(event);
          await Promise.all(done);
        }"""
    )
    page.wait_for_url(f"{live_site.url}/lobby/tables/{table.pk}/")
    assert worker.evaluate("async () => (await self.registration.getNotifications()).length") == 0  # closed

    # the device removed from the profile: the server forgets it and the browser unsubscribes
    page.goto(f"{live_site.url}/accounts/profile/")
    page.locator("[data-remove]").click()
    expect(page.get_by_test_id("push-no-devices")).to_be_visible()
    assert not Subscription.objects.filter(user=olga).exists()
    assert page.evaluate("() => localStorage.getItem('test.push')") is None
    assert errors == []
    context.close()


def test_a_refusal_is_not_asked_again(live_site: LiveSite, browser) -> None:
    User.objects.create_user(username="pavel", password=PASSWORD)
    context = browser.new_context()
    context.set_default_timeout(15_000)
    context.add_init_script(
        "Notification.requestPermission = async () => {"
        " window.__asked = (window.__asked || 0) + 1; return 'denied'; };"
    )
    page = context.new_page()
    log_in(page, live_site, "pavel")
    page.goto(f"{live_site.url}/accounts/profile/")
    enable = page.get_by_test_id("push-enable")
    expect(enable).to_be_visible()
    assert page.evaluate("() => window.__asked || 0") == 0
    enable.click()
    expect(page.get_by_test_id("push-status")).to_contain_text("Уведомления запрещены")
    expect(enable).to_be_hidden()
    page.reload()
    expect(page.get_by_test_id("push-status")).to_contain_text("Уведомления запрещены")
    expect(enable).to_be_hidden()
    assert page.evaluate("() => window.__asked || 0") == 0
    context.close()
