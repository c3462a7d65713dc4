"""``recompute_ratings`` rebuilds exactly the live ratings from the stored results."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from apps.ratings.models import Rating, RatingBucket, RatingChange
from tests.ratings.helpers import people_match
from tests.stats.helpers import person_acts, play_out

pytestmark = pytest.mark.django_db


def snapshot() -> tuple[list, list]:
    ratings = sorted(
        Rating.objects.values_list("user_id", "mode", "mu", "sigma", "value", "games", "updated_at")
    )
    changes = sorted(
        RatingChange.objects.values_list(
            "match_id",
            "user_id",
            "seat",
            "mode",
            "before",
            "after",
            "mu",
            "sigma",
            "games",
            "abandoned",
            "finished_at",
        )
    )
    buckets = sorted(RatingBucket.objects.filter(players__gt=0).values_list("mode", "value", "players"))
    return ratings, changes, buckets


def test_recompute_equals_live(make_user):
    users = [make_user() for _ in range(5)]
    a, b, c, d, e = users
    # several modes, teams, free-for-all, bots on a rated table, a casual table, repeated players
    person_acts(people_match("durak", {}, [a, b]), b, {"type": "leave"})
    play_out(people_match("durak", {}, [a, b, c]))
    person_acts(people_match("bazar_blot", {"players": 4}, [a, b, c, d]), c, {"type": "leave"})
    person_acts(people_match("durak", {}, [c, e], rated=True, bots={2: "hard"}), e, {"type": "leave"})
    person_acts(people_match("durak", {}, [d, e], rated=False), d, {"type": "leave"})
    play_out(people_match("durak", {}, [b, a]))
    person_acts(people_match("bazar_blot", {"players": 4}, [d, c, b, a]), a, {"type": "leave"})
    live = snapshot()
    assert len(live[1]) == 2 + 3 + 4 + 2 + 2 + 4
    assert {m for _u, m, *_ in live[0]} == {"durak_2", "durak_3", "bazar_4"}

    Rating.objects.update(mu=0, value=0, games=0)  # damage the derived data
    RatingChange.objects.all().delete()
    out = StringIO()
    call_command("recompute_ratings", stdout=out)
    assert "7 rated matches" not in out.getvalue()  # the casual one is not rated
    assert out.getvalue().startswith("6 rated matches")
    assert snapshot() == live
    call_command("recompute_ratings", stdout=StringIO())
    assert snapshot() == live  # and again: deterministic


def test_board_buckets_follow_live_updates_and_give_the_place(make_user, settings):
    from apps.ratings.models import Playban, RatingBucket
    from apps.ratings.selectors import place_of
    from apps.ratings.services import buckets_rebuild

    settings.RATINGS_SAME_PAIR_PER_DAY = 100  # a and b play 12 rated matches in a row here
    a, b, c = make_user(), make_user(), make_user()
    for i in range(12):  # a and b pass 10 games (established); c stays provisional
        Playban.objects.all().delete()  # leaving is the quick way to end a match; no bans here
        loser = b if i % 3 else a
        person_acts(people_match("durak", {}, [a, b]), loser, {"type": "leave"})
    Playban.objects.all().delete()
    person_acts(people_match("durak", {}, [a, c]), c, {"type": "leave"})

    def buckets():
        return sorted(RatingBucket.objects.filter(players__gt=0).values_list("mode", "value", "players"))

    live = buckets()
    assert sum(n for _m, _v, n in live) == 2
    buckets_rebuild()
    assert buckets() == live
    ra, rb = Rating.objects.get(user=a, mode="durak_2"), Rating.objects.get(user=b, mode="durak_2")
    assert ra.value > rb.value and (place_of(ra), place_of(rb)) == (1, 2)
    assert place_of(Rating.objects.get(user=c, mode="durak_2")) is None
