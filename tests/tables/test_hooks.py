"""apps.tables.hooks: the apps above plug their checks and the seats' ratings into the tables'
services; without a registration the tables do without (and the site registers them all)."""

from __future__ import annotations

import pytest

from apps.core.errors import Refused
from apps.ratings import guards as rating_guards
from apps.ratings.selectors import seat_ratings
from apps.social.guards import sit_unblocked
from apps.tables import hooks


@pytest.fixture
def empty_hooks(monkeypatch):
    monkeypatch.setattr(hooks, "_GUARDS", {"create": [], "sit": [], "ready": []})
    monkeypatch.setattr(hooks, "_SEAT_RATINGS", [])


def test_the_site_registers_its_guards_and_the_seat_ratings():
    assert sit_unblocked in hooks._GUARDS["sit"]
    assert rating_guards.create_rated in hooks._GUARDS["create"]
    assert rating_guards.ready_rated in hooks._GUARDS["ready"]
    assert hooks._SEAT_RATINGS[-1] is seat_ratings


def test_guards_run_in_order_and_the_first_refusal_stops(empty_hooks):
    seen = []

    def first(*, table, user):
        seen.append(("first", table, user))

    def refuse(*, table, user):
        seen.append(("refuse", table, user))
        raise Refused("blocked")

    def never(*, table, user):
        seen.append(("never", table, user))

    for check in (first, refuse, never, first):  # registering twice keeps one
        hooks.guard_register("sit", check)
    hooks.guards_run("ready", table="t", user="u")
    assert seen == []
    with pytest.raises(Refused) as info:
        hooks.guards_run("sit", table="t", user="u")
    assert info.value.code == "blocked"
    assert seen == [("first", "t", "u"), ("refuse", "t", "u")]


def test_seat_ratings_without_a_provider_are_empty_and_the_last_provider_answers(empty_hooks):
    assert hooks.seat_ratings("blot", {}, [(0, 1, None)]) == {}
    hooks.seat_ratings_provide(lambda game, options, seats: {0: "old"})
    hooks.seat_ratings_provide(lambda game, options, seats: {s[0]: f"{game}:{s[1]}" for s in seats})
    assert hooks.seat_ratings("blot", {}, [(0, 7, None), (1, None, "easy")]) == {0: "blot:7", 1: "blot:None"}
