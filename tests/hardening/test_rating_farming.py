"""Two accounts cannot farm a rating (issue #30, finding 2): a match ended before each side
played is aborted (unrated, «Партия прервана», not in the completion rate); a surrender counts
in the completion rate; rated matches between the same two accounts past the day's limit are
played unrated."""

from __future__ import annotations

import pytest

from apps.core.labels import outcome_text
from apps.ratings.fairplay import completion
from apps.ratings.models import RatingChange
from apps.ratings.services import recompute_all
from apps.stats.models import Result
from apps.tables import seating
from apps.tables.models import Match
from apps.tables.moves import move_apply
from tests.stats.helpers import play_through
from tests.tables.helpers import bot_table

pytestmark = pytest.mark.django_db


def act(match: Match, seat: int, action: dict) -> Match:
    user = next(p["user"] for p in match.players if p["seat"] == seat)
    move_apply(match_id=match.pk, seat=seat, action=action, seq=match.seq, actor="person", user_id=user)
    return Match.objects.get(pk=match.pk)


def surrender(match: Match, seat: int = 1) -> None:
    act(match, seat, {"type": "surrender"})


def test_a_surrender_at_seq_0_is_aborted_unrated_and_not_in_completion(make_user):
    a, b = make_user(), make_user()
    table = bot_table("bazar_blot", {"players": 2}, people=[a, b])
    surrender(table.matches.get())
    rows = list(Result.objects.filter(match__table=table))
    assert {r.outcome for r in rows} == {"void"} and outcome_text("void") == "Партия прервана"
    assert not RatingChange.objects.exists()
    assert Match.objects.get(table=table).result["rated"] is False
    assert completion(b.pk) == {"played": 0, "abandoned": 0, "rate": None}


def test_a_surrender_after_both_played_is_rated_and_counts_as_abandoned(make_user):
    a, b = make_user(), make_user()
    table = bot_table("bazar_blot", {"players": 2}, people=[a, b])
    surrender(play_through(table.matches.get()))
    assert RatingChange.objects.filter(user=b).count() == 1
    assert completion(b.pk) == {"played": 1, "abandoned": 1, "rate": 0}
    assert completion(a.pk)["rate"] == 100


def test_past_the_days_limit_the_same_pair_plays_unrated(make_user, settings):
    settings.RATINGS_SAME_PAIR_PER_DAY = 2
    a, b, c = make_user(), make_user(), make_user()
    table = bot_table("bazar_blot", {"players": 2}, people=[a, b], rated=True)  # rematches stay rated
    for round_ in range(3):
        match = Match.objects.filter(table=table).order_by("-id").first()
        surrender(play_through(match))
        if round_ < 2:
            seating.rematch_vote(table_id=table.pk, user=a, yes=True)
            seating.rematch_vote(table_id=table.pk, user=b, yes=True)
    rated = [m.result["rated"] for m in Match.objects.filter(table=table).order_by("id")]
    assert rated == [True, True, False]
    other = bot_table("bazar_blot", {"players": 2}, people=[a, c])  # another pair still counts
    surrender(play_through(other.matches.get()))
    assert Match.objects.get(table=other).result["rated"] is True
    live = sorted(RatingChange.objects.values_list("match_id", "user_id", "after"))
    assert len(live) == 2 * 3
    recompute_all()  # the rebuild applies the same limit in the same order
    assert sorted(RatingChange.objects.values_list("match_id", "user_id", "after")) == live
