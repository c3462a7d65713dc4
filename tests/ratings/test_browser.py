"""In chromium on the live site: the rating change at the end of a rated match, and the
leaderboard on a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from apps.accounts.models import User
from apps.ratings.models import Rating, RatingChange
from apps.ratings.services import buckets_rebuild
from tests.client.test_table_live import PASSWORD, log_in, table_url
from tests.ratings.helpers import people_match
from tests.stats.helpers import person_acts

pytestmark = [pytest.mark.browser, pytest.mark.live]


def person(username: str) -> User:
    return User.objects.create_user(username=username, password=PASSWORD)


def test_the_rating_change_shows_when_a_rated_match_ends(live_site, page):
    anna, boris = person("anna"), person("boris")
    match = people_match("durak", {}, [anna, boris])
    log_in(page, live_site, "anna")
    page.goto(table_url(live_site, match.table_id))
    page.wait_for_function(
        "() => window.__tableClient && window.__tableClient.view && window.__tableClient.view.match"
    )
    person_acts(match, boris, {"type": "leave"})  # Борис leaves: a loss for him, a win for Анна

    change = RatingChange.objects.get(match=match, user=anna)
    assert change.after > change.before == 1500
    box = page.get_by_test_id("rating-change")
    expect(box).to_have_text(f"Рейтинг: {change.after}? (+{change.after - change.before})")
    expect(box).to_have_class(re.compile(r"\bis-up\b"))
    # after a reload (a new socket, the full state) it is still there
    page.reload()
    expect(page.get_by_test_id("rating-change")).to_have_text(re.compile(r"^Рейтинг: \d+\? \(\+\d+\)$"))

    # and «Мои результаты» says the same for the row
    page.goto(f"{live_site.url}/results/")
    row = page.locator(f'tr[data-match="{match.pk}"]')
    expect(row.get_by_test_id("rating-delta")).to_have_text(f"+{change.after - change.before}")


def test_the_leaderboard_on_a_phone(live_site, browser):
    me = person("me_on_phone")
    others = [User(username=f"player{i:03d}", display_name=f"Игрок с длинным именем {i}") for i in range(120)]
    User.objects.bulk_create(others)
    users = list(User.objects.filter(username__startswith="player").order_by("username"))
    Rating.objects.bulk_create(
        Rating(user=u, mode="deberc_2", value=2100 - 5 * i, mu=25, games=30 + i) for i, u in enumerate(users)
    )
    Rating.objects.create(user=me, mode="deberc_2", value=1700, mu=25, games=40)
    buckets_rebuild()
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        log_in(page, live_site, "me_on_phone")
        page.goto(f"{live_site.url}/ratings/deberc_2/")
        board = page.get_by_test_id("leaderboard")
        expect(board.locator("tbody tr")).to_have_count(100)
        expect(board.locator("tbody tr").first).to_contain_text("2100")
        # 2100 − 5i > 1700 for i < 80, and player080 has 1700 too with an older rating: 81 above me
        expect(page.get_by_test_id("your-place")).to_contain_text("Ваше место: 82")
        mine = board.locator("tr.is-you")
        expect(mine).to_contain_text("me_on_phone")
        expect(mine).to_contain_text("1700")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scrolling
        assert board.locator("th.wide").first.is_hidden()  # the games column gives way on a phone
        page.screenshot(path="test-artifacts/leaderboard_phone.png", full_page=False)
        # another mode from the list of modes
        page.get_by_role("link", name="Дурак, 2 игрока").first.click()
        expect(page.get_by_test_id("empty-board")).to_be_visible()
    finally:
        context.close()
