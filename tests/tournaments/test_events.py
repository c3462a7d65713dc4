"""Whole tournaments through the services: a Swiss of 8 and a knockout of 8 played out by a
bot's choices for every person, an arena's passes, pairs, joining and leaving."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.core.errors import Refused
from apps.ratings.models import Rating
from apps.stats.models import Result
from apps.tables.models import Match
from apps.tournaments.models import Entrant, Pairing, Tournament
from apps.tournaments.registration import (
    tournament_confirm,
    tournament_create,
    tournament_join,
    tournament_leave,
)
from apps.tournaments.rounds import arena_pass, tournament_advance, tournament_start
from apps.tournaments.selectors import tournament_detail
from apps.tournaments.standings import standings
from tests.stats.helpers import play_out

pytestmark = pytest.mark.django_db(transaction=True)


def _event(user, fmt: str, mode: str = "durak_2", **kw) -> Tournament:
    return tournament_create(
        user=user,
        name=f"{fmt} test",
        format=fmt,
        mode=mode,
        starts_at=timezone.now() + timedelta(minutes=5),
        **kw,
    )


def _play_round(tournament: Tournament) -> list[Pairing]:
    """Play every open table of the current round to its end; the results advance the event."""
    open_ = list(Pairing.objects.filter(tournament=tournament, finished=False, table__isnull=False))
    for pairing in open_:
        match = Match.objects.get(table=pairing.table, status=Match.Status.PLAYING)
        play_out(match)
    tournament_advance(tournament.pk)
    return open_


def test_a_swiss_of_eight_plays_its_rounds_without_repeats_and_ranks_by_score(make_user):
    people = [make_user() for _ in range(8)]
    swiss = _event(people[0], "swiss", rounds=3)
    for person in people:
        tournament_join(tournament_id=swiss.pk, user=person)
    tournament_start(swiss.pk)
    swiss.refresh_from_db()
    assert swiss.status == "running" and swiss.round == 1

    met: set[frozenset] = set()
    for expected_round in (1, 2, 3):
        swiss.refresh_from_db()
        assert swiss.round == expected_round
        tables = Pairing.objects.filter(tournament=swiss, round=expected_round)
        assert tables.count() == 4
        seated = [pk for p in tables for pk in p.entrants]
        assert len(seated) == len(set(seated)) == 8  # nobody twice in a round
        for p in tables:
            pair = frozenset(p.entrants)
            assert pair not in met  # no repeated opponents in a Swiss of 8 over 3 rounds
            met.add(pair)
            assert p.table.rated is True
        _play_round(swiss)

    swiss.refresh_from_db()
    assert swiss.status == "finished"
    # seat 0 is balanced: in round 2 whoever sat first in round 1 sits second, if his opponent did not
    first_in_1 = {p.entrants[0] for p in Pairing.objects.filter(tournament=swiss, round=1)}
    for p in Pairing.objects.filter(tournament=swiss, round=2):
        if len(first_in_1 & set(p.entrants)) == 1:
            assert p.entrants[1] in first_in_1
    lines = standings(swiss)
    assert [line.place for line in lines] == list(range(1, 9))
    assert all(line.played == 3 for line in lines)
    scores = [line.score for line in lines]
    assert scores == sorted(scores, reverse=True)
    assert sum(scores) == 12  # a point per match in Дурак one on one (a draw: half each)
    # every tournament match was rated in its mode, as today's rated matches are
    assert Result.objects.filter(match__table__tournament_pairing__tournament=swiss).count() == 24
    assert Rating.objects.filter(mode="durak_2", user__in=people).count() == 8


def test_a_knockout_of_eight_halves_each_round_to_one_winner(make_user):
    people = [make_user() for _ in range(8)]
    cup = _event(people[0], "knockout", max_entrants=8)
    for n, person in enumerate(people):
        entrant = tournament_join(tournament_id=cup.pk, user=person)
        Entrant.objects.filter(pk=entrant.pk).update(rating=2000 - n * 10)  # seed n + 1
    tournament_start(cup.pk)
    first = Pairing.objects.filter(tournament=cup, round=1).order_by("id")
    seeds = {e.pk: 2000 - e.rating for e in Entrant.objects.filter(tournament=cup)}
    assert [sorted(seeds[pk] // 10 + 1 for pk in p.entrants) for p in first] == [
        [1, 8],
        [4, 5],
        [2, 7],
        [3, 6],
    ]

    for tables in (4, 2, 1):
        cup.refresh_from_db()
        assert Pairing.objects.filter(tournament=cup, round=cup.round).count() == tables
        _play_round(cup)
    cup.refresh_from_db()
    assert cup.status == "finished"
    alive = Entrant.objects.filter(tournament=cup, eliminated=False)
    assert alive.count() == 1
    assert standings(cup)[0].entrant_id == alive.get().pk


def test_a_knockout_of_six_gives_the_top_seeds_byes(make_user):
    people = [make_user() for _ in range(6)]
    cup = _event(people[0], "knockout", max_entrants=8)
    for n, person in enumerate(people):
        entrant = tournament_join(tournament_id=cup.pk, user=person)
        Entrant.objects.filter(pk=entrant.pk).update(rating=2000 - n * 10)
    tournament_start(cup.pk)
    byes = Pairing.objects.filter(tournament=cup, round=1, table__isnull=True)
    top = set(Entrant.objects.filter(tournament=cup).order_by("-rating").values_list("pk", flat=True)[:2])
    assert {p.entrants[0] for p in byes} == top
    _play_round(cup)
    cup.refresh_from_db()
    assert cup.round == 2 and Pairing.objects.filter(tournament=cup, round=2).count() == 2


def test_an_arena_reseats_free_entrants_never_against_the_last_opponent(make_user):
    people = [make_user() for _ in range(4)]
    arena = _event(people[0], "arena", minutes=30)
    for person in people:
        tournament_join(tournament_id=arena.pk, user=person)
    tournament_start(arena.pk)
    first = list(Pairing.objects.filter(tournament=arena))
    assert len(first) == 2
    play_out(Match.objects.get(table=first[0].table, status=Match.Status.PLAYING))
    tournament_advance(arena.pk)
    # the two freed players just met: they wait (the other two still play)
    assert Pairing.objects.filter(tournament=arena).count() == 2
    play_out(Match.objects.get(table=first[1].table, status=Match.Status.PLAYING))
    tournament_advance(arena.pk)
    second = list(Pairing.objects.filter(tournament=arena).exclude(pk__in=[p.pk for p in first]))
    assert len(second) == 2
    old = {frozenset(p.entrants) for p in first}
    assert all(frozenset(p.entrants) not in old for p in second)
    lines = standings(arena)
    assert all(line.played == 1 for line in lines)
    assert all(line.score == {"win": 2, "draw": 1, "loss": 0}[line.results[0]] for line in lines)
    assert sum(line.score for line in lines) in (2, 3, 4)  # per table: a win 2 + 0, or a draw 1 + 1


def test_an_arena_opens_nothing_in_its_last_30_seconds_and_finishes_after_its_window(make_user):
    people = [make_user() for _ in range(4)]
    arena = _event(people[0], "arena", minutes=20)
    for person in people[:2]:
        tournament_join(tournament_id=arena.pk, user=person)
    tournament_start(arena.pk)
    arena.refresh_from_db()
    (first,) = Pairing.objects.filter(tournament=arena)
    for person in people[2:]:
        tournament_join(tournament_id=arena.pk, user=person)  # an arena takes entrants while it runs
    late = arena.started_at + timedelta(minutes=20) - timedelta(seconds=20)
    assert arena_pass(arena, now=late) == 0
    play_out(Match.objects.get(table=first.table, status=Match.Status.PLAYING))
    tournament_advance(arena.pk, now=arena.started_at + timedelta(minutes=21))
    arena.refresh_from_db()
    assert arena.status == "finished"


def test_pairs_register_together_and_sit_as_partners(make_user):
    a1, a2, b1, b2 = (make_user() for _ in range(4))
    event = _event(a1, "swiss", mode="durak_pairs", rounds=1)
    with pytest.raises(Refused) as info:
        tournament_join(tournament_id=event.pk, user=a1)
    assert info.value.code == "partner_needed"
    tournament_join(tournament_id=event.pk, user=a1, partner=a2)
    with pytest.raises(Refused) as info:
        tournament_join(tournament_id=event.pk, user=b1, partner=a2)
    assert info.value.code == "already_joined"
    tournament_join(tournament_id=event.pk, user=b1, partner=b2)
    assert [line.entrant_id for line in standings(event)] == []  # both pairs wait for their partners
    with pytest.raises(Refused) as info:
        tournament_confirm(tournament_id=event.pk, user=b1)
    assert info.value.code == "not_invited"
    tournament_confirm(tournament_id=event.pk, user=a2)
    tournament_confirm(tournament_id=event.pk, user=b2)
    tournament_start(event.pk)
    (pairing,) = Pairing.objects.filter(tournament=event)
    seats = {s.number: s.user_id for s in pairing.table.seats.all()}
    teams = [{seats[0], seats[2]}, {seats[1], seats[3]}]
    assert sorted(map(sorted, teams)) == sorted([sorted([a1.pk, a2.pk]), sorted([b1.pk, b2.pk])])
    _play_round(event)
    event.refresh_from_db()
    assert event.status == "finished"
    assert len(standings(event)) == 2


def test_joining_and_leaving(make_user):
    owner, other, third = make_user(), make_user(), make_user()
    closed = tournament_create(
        user=owner,
        name="Свои",
        format="swiss",
        mode="durak_2",
        rounds=2,
        starts_at=timezone.now() + timedelta(minutes=5),
        private=True,
    )
    with pytest.raises(Refused) as info:
        tournament_join(tournament_id=closed.pk, user=other)
    assert info.value.code == "not_found"
    tournament_join(tournament_id=closed.pk, user=other, code=closed.invite_code)
    with pytest.raises(Refused) as info:
        tournament_join(tournament_id=closed.pk, user=other, code=closed.invite_code)
    assert info.value.code == "already_joined"
    tournament_leave(tournament_id=closed.pk, user=other)
    assert not Entrant.objects.filter(tournament=closed).exists()
    with pytest.raises(Refused) as info:
        tournament_leave(tournament_id=closed.pk, user=third)
    assert info.value.code == "not_joined"
    with pytest.raises(Refused) as info:
        tournament_create(user=owner, name="x", format="swiss", mode="durak_2", starts_at=timezone.now())
    assert info.value.code == "invalid_options" and "rounds" in info.value.errors
    assert "турнир" in info.value.message() or info.value.message()


def test_a_tournament_with_too_few_entrants_is_cancelled(make_user):
    owner = make_user()
    event = _event(owner, "swiss", rounds=2)
    tournament_join(tournament_id=event.pk, user=owner)
    assert tournament_start(event.pk).status == "cancelled"


def test_an_arena_pause_lets_him_back_after_a_wait_that_doubles(make_user):
    from apps.tournaments.registration import pause_seconds

    people = [make_user() for _ in range(3)]
    arena = _event(people[0], "arena", minutes=30)
    for person in people:
        tournament_join(tournament_id=arena.pk, user=person)
    tournament_start(arena.pk)
    pauser = people[2]
    tournament_leave(tournament_id=arena.pk, user=pauser)
    entrant = Entrant.objects.get(tournament=arena, user=pauser)
    assert entrant.withdrawn and entrant.pauses == 1
    assert 9 <= (entrant.rejoin_at - timezone.now()).total_seconds() <= 10
    with pytest.raises(Refused) as info:
        tournament_join(tournament_id=arena.pk, user=pauser)
    assert info.value.code == "rejoin_later" and "До " in info.value.message()
    Entrant.objects.filter(pk=entrant.pk).update(rejoin_at=timezone.now() - timedelta(seconds=1))
    back = tournament_join(tournament_id=arena.pk, user=pauser)
    assert back.pk == entrant.pk and not back.withdrawn and back.pauses == 1  # the same line
    tournament_leave(tournament_id=arena.pk, user=pauser)
    entrant.refresh_from_db()
    assert entrant.pauses == 2 and 19 <= (entrant.rejoin_at - timezone.now()).total_seconds() <= 20
    assert [pause_seconds(n) for n in (1, 2, 3, 7, 8, 20)] == [10, 20, 40, 600, 600, 600]


def test_a_knockout_best_of_three_plays_at_one_table_until_two_wins(make_user):
    people = [make_user() for _ in range(2)]
    cup = _event(people[0], "knockout", max_entrants=8, best_of=3)
    assert cup.best_of == 3
    for person in people:
        tournament_join(tournament_id=cup.pk, user=person)
    tournament_start(cup.pk)
    final = Pairing.objects.get(tournament=cup, round=1)
    table = final.table
    for played in range(1, 6):
        match = Match.objects.get(table=table, status=Match.Status.PLAYING)
        play_out(match)
        final.refresh_from_db()
        assert len(final.games) == played
        if final.finished:
            break
        assert final.results == {}  # undecided: nobody eliminated, the next match starts
        assert not Entrant.objects.filter(tournament=cup, eliminated=True).exists()
        tournament_advance(cup.pk)
        assert Match.objects.filter(table=table, status=Match.Status.PLAYING).count() == 1
    assert final.finished
    sides = [int(pk) for pk in final.entrants]
    wins = {pk: sum(pk in winners for winners in final.games) for pk in sides}
    assert {final.results[str(pk)]["score"] for pk in sides} == set(wins.values())
    winner = next(pk for pk in sides if final.results[str(pk)]["outcome"] == "win")
    assert wins[winner] == 2 or sum(not w for w in final.games) == 3
    # every match of the pairing was played at its one table and rated
    assert Match.objects.filter(table=table).count() == len(final.games)
    assert Result.objects.filter(match__table=table).count() == 2 * len(final.games)
    tournament_advance(cup.pk)
    cup.refresh_from_db()
    assert cup.status == "finished"
    assert Entrant.objects.get(tournament=cup, eliminated=False).pk == winner
    detail = tournament_detail(cup)
    assert detail["best_of"] == 3
    assert detail["bracket"][0][0]["games"] == ":".join(str(wins[pk]) for pk in sides)


def test_a_pass_opens_its_tables_in_one_batch(make_user):
    """An arena's start opens every table in one batch (apps.tables.bulk): its queries grow by
    the tables' ratings and the start guards only (one by one a table cost ~24), and each table
    is seated, started and paired."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for n in (4, 20):
        people = [make_user() for _ in range(n)]
        arena = _event(people[0], "arena", minutes=30)
        for person in people:
            tournament_join(tournament_id=arena.pk, user=person)
        with CaptureQueriesContext(connection) as queries:
            tournament_start(arena.pk)
        counts.append(len(queries))
        pairings = list(Pairing.objects.filter(tournament=arena).select_related("table"))
        assert len(pairings) == n // 2
        seated = [pk for p in pairings for pk in p.entrants]
        assert sorted(seated) == sorted(set(seated))  # nobody seated twice
        for p in pairings:
            match = Match.objects.get(table=p.table)
            assert match.status == Match.Status.PLAYING and match.absent_bot and match.show_deadline
            assert {pl["user"] for pl in match.players} == {
                e.user_id for e in Entrant.objects.filter(pk__in=p.entrants)
            }
    per_table = (counts[1] - counts[0]) / 8
    # a table: its seats' ratings, 3 start guards a person, and after the commit the lobby's row
    # and the seated notices (push subscriptions): 13 here; one by one it was ~24 + those
    assert per_table <= 14, counts
