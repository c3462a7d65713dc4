"""Rating updates at the end of a rated match, checked against openskill computed by hand."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from apps.ratings import calibration
from apps.ratings.models import Rating, RatingChange
from apps.ratings.ranking import Participant, match_ranking, shown
from apps.stats.models import Result
from tests.ratings.helpers import people_match
from tests.stats.helpers import person_acts, play_out

pytestmark = pytest.mark.django_db


def rating(user, mode: str) -> Rating:
    return Rating.objects.get(user=user, mode=mode)


def test_duel_leave_is_a_loss_and_matches_openskill(make_user):
    a, b = make_user(), make_user()
    match = people_match("durak", {}, [a, b])
    person_acts(match, b, {"type": "leave"})

    m = PlackettLuce()
    [[wa], [wb]] = m.rate([[m.rating()], [m.rating()]], ranks=[0, 1])
    ra, rb = rating(a, "durak_2"), rating(b, "durak_2")
    assert (ra.mu, ra.sigma, ra.games) == (wa.mu, wa.sigma, 1)
    assert (rb.mu, rb.sigma) == (wb.mu, wb.sigma)
    assert ra.value == shown(wa.mu) > 1500 > rb.value == shown(wb.mu)

    # a second match starts from the stored ratings
    match = people_match("durak", {}, [a, b])
    person_acts(match, a, {"type": "leave"})
    [[wa2], [wb2]] = m.rate([[wa], [wb]], ranks=[1, 0])
    ra, rb = rating(a, "durak_2"), rating(b, "durak_2")
    assert (ra.mu, ra.sigma, ra.games) == (wa2.mu, wa2.sigma, 2)
    assert (rb.mu, rb.sigma, rb.games) == (wb2.mu, wb2.sigma, 2)


def test_teams_update_both_partners(make_user):
    users = [make_user() for _ in range(4)]
    match = people_match("bazar_blot", {"players": 4}, users)
    person_acts(match, users[1], {"type": "leave"})  # seats 1 and 3 lose

    m = PlackettLuce()
    r = [m.rating() for _ in range(4)]
    [[w0, w2], [w1, w3]] = m.rate([[r[0], r[2]], [r[1], r[3]]], ranks=[0, 1])
    for user, want in zip(users, (w0, w1, w2, w3), strict=True):
        got = rating(user, "bazar_4")
        assert (got.mu, got.sigma) == (want.mu, want.sigma)
    changes = {c.seat: c for c in RatingChange.objects.filter(match=match)}
    assert changes[0].after - changes[0].before > 0 > changes[1].after - changes[1].before
    assert changes[1].abandoned and not changes[3].abandoned


def test_free_for_all_with_a_fool(make_user):
    users = [make_user() for _ in range(3)]
    match = people_match("durak", {}, users)
    match = play_out(match)
    rows = {r.seat: r for r in Result.objects.filter(match=match)}
    # by hand: the fool last, everyone else first; a draw: everybody first
    ranks = [2 if rows[s].outcome == "fool" else 0 for s in range(3)]
    assert sorted(ranks) in ([0, 0, 2], [0, 0, 0])
    m = PlackettLuce()
    want = m.rate([[m.rating()] for _ in range(3)], ranks=ranks)
    for seat, user in enumerate(users):
        got = rating(user, "durak_3")
        assert (got.mu, got.sigma, got.games) == (want[seat][0].mu, want[seat][0].sigma, 1)
    if rows[0].outcome != "draw":
        fool = next(s for s in range(3) if rows[s].outcome == "fool")
        assert rating(users[fool], "durak_3").value < 1500
    # the final frame's result carries each person's change
    match.refresh_from_db()
    assert match.result["rated"] is True and match.result["mode"] == "durak_3"
    assert {int(k) for k in match.result["ratings"]} == {0, 1, 2}
    first = match.result["ratings"]["0"]
    assert first["delta"] == first["after"] - first["before"] and first["provisional"] is True


def test_free_for_all_leave_every_opponent_wins(make_user):
    users = [make_user() for _ in range(4)]
    match = people_match("durak", {}, users)
    person_acts(match, users[2], {"type": "leave"})
    m = PlackettLuce()
    want = m.rate([[m.rating()] for _ in range(4)], ranks=[0, 0, 1, 0])
    for seat, user in enumerate(users):
        got = rating(user, "durak_4")
        assert (got.mu, got.sigma) == (want[seat][0].mu, want[seat][0].sigma)


def test_deberc_losers_are_ordered_by_their_totals():
    def p(seat, outcome, score):
        return Participant(seat=seat, side=seat, outcome=outcome, score=score, who=("user", seat))

    teams, ranks = match_ranking([p(0, "loss", 120), p(1, "win", 520), p(2, "loss", 300)], "target")
    assert [t[0].seat for t in teams] == [0, 1, 2] and ranks == [2, 0, 1]
    # a leave: every opponent of the leaver won, whatever the totals
    _, ranks = match_ranking([p(0, "win", 120), p(1, "win", 520), p(2, "loss", 300)], "leave")
    assert ranks == [0, 0, 1]
    # equal totals share a place
    _, ranks = match_ranking(
        [p(0, "loss", 200), p(1, "win", 520), p(2, "loss", 200), p(3, "loss", 90)], "target"
    )
    assert ranks == [1, 0, 1, 3]
    with pytest.raises(ValueError):
        match_ranking([p(0, "void", 0), p(1, "void", 0)], "aborted")


def test_rated_table_with_a_bot_uses_the_bots_fixed_rating(make_user):
    a = make_user()
    match = people_match("durak", {}, [a], rated=True, bots={1: "hard"})
    person_acts(match, a, {"type": "leave"})
    m = PlackettLuce()
    bot = m.rating(mu=calibration.bot_mu("durak_2", "hard"), sigma=calibration.BOT_SIGMA)
    [[want], [bot_after]] = m.rate([[m.rating()], [bot]], ranks=[1, 0])
    got = rating(a, "durak_2")
    assert (got.mu, got.sigma) == (want.mu, want.sigma)
    assert bot_after.mu > bot.mu  # openskill would move the bot; the site keeps it fixed
    assert calibration.bot_mu("durak_2", "hard") == bot.mu


def test_bots_make_a_table_casual_by_default_and_casual_is_never_rated(make_user):
    a, b = make_user(), make_user()
    match = people_match("durak", {}, [a], bots={1: "normal"})
    person_acts(match, a, {"type": "leave"})
    match.refresh_from_db()
    assert match.result["rated"] is False and "ratings" not in match.result
    match = people_match("durak", {}, [a, b], rated=False)
    person_acts(match, a, {"type": "leave"})
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    assert Result.objects.filter(user=a).count() == 2  # the results themselves are kept
