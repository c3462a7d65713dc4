"""No-shows in tournaments: a person who never opens his tournament table is replaced by a bot
after the no-show time and loses that match (the others win it, whatever the bot scored), two
no-shows withdraw him from the event, and a repeated removal bans him from joining
tournaments: 24 h, then twice as long each time (lichess)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from apps.core.errors import Refused
from apps.tables.models import Match
from apps.tables.no_show import match_no_show_check
from apps.tables.presence import seat_presence
from apps.tournaments import penalties
from apps.tournaments.models import Entrant, Pairing, Tournament, TournamentBan
from apps.tournaments.registration import tournament_create, tournament_join
from apps.tournaments.rounds import tournament_advance, tournament_start
from apps.tournaments.standings import standings
from tests.stats.helpers import play_out
from tests.tournaments.helpers import final_of_two

pytestmark = pytest.mark.django_db(transaction=True)


def _arena(owner, people) -> Tournament:
    arena = tournament_create(
        user=owner, name="Арена", format="arena", mode="durak_2", minutes=60,
        starts_at=timezone.now() + timedelta(minutes=5),
    )  # fmt: skip
    for person in people:
        tournament_join(tournament_id=arena.pk, user=person)
    tournament_start(arena.pk)
    return arena


def _no_show_at(pairing: Pairing, absent) -> Match:
    """Everyone at the table but ``absent`` opens it; the no-show deadline passes: a bot takes
    his seat and the match is played to its end."""
    match = Match.objects.get(table=pairing.table, status=Match.Status.PLAYING)
    assert match.absent_bot
    waited = (match.show_deadline - match.created_at).total_seconds()
    assert waited == pytest.approx(settings.TOURNAMENTS_NO_SHOW_SECONDS * match.time_scale, abs=0.5)
    for seat in match.table.seats.exclude(user=absent).exclude(user=None):
        seat_presence(table_id=match.table_id, user_id=seat.user_id, delta=+1)
    Match.objects.filter(pk=match.pk).update(show_deadline=timezone.now() - timedelta(seconds=1))
    assert match_no_show_check(match_id=match.pk) is True
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING and match.show_deadline is None
    (stand_in,) = [p for p in match.players if p.get("replaced") == absent.pk]
    assert stand_in["user"] is None and stand_in["bot"] == "normal"
    assert not match.table.seats.filter(user=absent).exists()
    return play_out(match)


def _table_of(arena: Tournament, entrant: Entrant) -> Pairing:
    return next(
        p for p in Pairing.objects.filter(tournament=arena, finished=False) if entrant.pk in p.entrants
    )


def test_a_no_show_loses_and_two_withdraw_him_from_the_event(make_user):
    absent, *others = [make_user() for _ in range(4)]
    arena = _arena(absent, [absent, *others])
    gone = Entrant.objects.get(tournament=arena, user=absent)
    first = _table_of(arena, gone)
    (rival,) = [pk for pk in first.entrants if pk != gone.pk]
    _no_show_at(first, absent)
    first.refresh_from_db()
    assert first.finished
    assert first.results[str(rival)]["outcome"] == "win"
    assert first.results[str(gone.pk)]["outcome"] == "loss"
    gone.refresh_from_db()
    assert gone.no_shows == 1 and not gone.withdrawn
    lines = {line.entrant_id: line for line in standings(arena)}
    assert lines[rival].score == 2 and lines[gone.pk].score == 0

    # the other table plays out; the arena seats him again with someone new: he stays away again
    (other,) = Pairing.objects.filter(tournament=arena, finished=False)
    play_out(Match.objects.get(table=other.table, status=Match.Status.PLAYING))
    tournament_advance(arena.pk)
    second = _table_of(arena, gone)
    assert rival not in second.entrants  # never the last table's opponent
    _no_show_at(second, absent)
    gone.refresh_from_db()
    assert gone.no_shows == 2 and gone.withdrawn
    assert not TournamentBan.objects.exists()  # a first removal is a warning
    tournament_advance(arena.pk)
    assert all(gone.pk not in p.entrants for p in Pairing.objects.filter(tournament=arena, finished=False))
    assert {line.entrant_id: line.withdrawn for line in standings(arena)}[gone.pk] is True
    with pytest.raises(Refused) as info:  # no coming back into this event
        tournament_join(tournament_id=arena.pk, user=absent)
    assert info.value.code == "removed"


def test_a_repeated_removal_bans_for_24_hours_then_twice_as_long(make_user):
    absent = make_user()
    now = timezone.now()
    for _ in range(2):  # two earlier events removed him
        event = _arena(absent, [absent, make_user()])
        entrant = Entrant.objects.get(tournament=event, user=absent)
        for _ in range(penalties.NO_SHOWS_OUT):
            ban = penalties.no_show_count(entrant.pk, absent.pk, now=now)
    assert ban is not None and ban.hours == 24
    assert ban.ends_at - ban.starts_at == timedelta(hours=24)
    assert penalties.active_ban(absent.pk) == ban
    event = tournament_create(
        user=absent, name="Ещё одна", format="swiss", mode="durak_2", rounds=3,
        starts_at=timezone.now() + timedelta(minutes=5),
    )  # fmt: skip
    with pytest.raises(Refused) as info:
        tournament_join(tournament_id=event.pk, user=absent)
    assert info.value.code == "tournament_ban" and "ends_at" in info.value.errors
    assert "неяв" in info.value.message()

    # the next one (while the first runs) doubles and follows it
    TournamentBan.objects.all().update(ends_at=now + timedelta(hours=24))
    third = penalties.ban_give(absent.pk, tournament_id=None, now=now + timedelta(hours=1))
    assert third.hours == 48 and third.starts_at == now + timedelta(hours=24)


@pytest.mark.parametrize(
    ("previous", "hours"),
    [([], 24), ([24], 48), ([24, 48], 96), ([384], 384), ([200, 24], 384)],
)
def test_ban_lengths_double_up_to_sixteen_days(previous, hours):
    assert penalties.ban_hours(previous) == hours


def test_a_player_banned_from_rated_play_mid_event_forfeits_instead_of_stalling_the_round(make_user):
    from apps.ratings.models import Playban

    people = [make_user() for _ in range(4)]
    swiss = tournament_create(
        user=people[0], name="Швейцарка", format="swiss", mode="durak_2", rounds=2,
        starts_at=timezone.now() + timedelta(minutes=5),
    )  # fmt: skip
    for person in people:
        tournament_join(tournament_id=swiss.pk, user=person)
    tournament_start(swiss.pk)
    for p in Pairing.objects.filter(tournament=swiss, finished=False):
        play_out(Match.objects.get(table=p.table, status=Match.Status.PLAYING))
    now = timezone.now()
    Playban.objects.create(
        user=people[1], reason="test", minutes=60, starts_at=now, ends_at=now + timedelta(hours=1)
    )
    tournament_advance(swiss.pk)
    swiss.refresh_from_db()
    assert swiss.round == 2
    banned = Entrant.objects.get(tournament=swiss, user=people[1])
    (forfeit,) = [p for p in Pairing.objects.filter(tournament=swiss, round=2) if banned.pk in p.entrants]
    assert forfeit.table is None and forfeit.finished
    assert forfeit.results[str(banned.pk)]["outcome"] == "loss"
    (other,) = [pk for pk in forfeit.entrants if pk != banned.pk]
    assert forfeit.results[str(other)] == {"outcome": "win", "score": None, "points": 1.0}
    for p in Pairing.objects.filter(tournament=swiss, finished=False):
        play_out(Match.objects.get(table=p.table, status=Match.Status.PLAYING))
    tournament_advance(swiss.pk)
    swiss.refresh_from_db()
    assert swiss.status == "finished"
    assert {line.entrant_id: line.played for line in standings(swiss)}[banned.pk] == 2


def test_a_best_of_three_checks_each_later_match_for_a_no_show(make_user):
    present, absent = make_user(), make_user()
    cup, final = final_of_two(present, absent, name="До двух побед", best_of=3)
    first = Match.objects.get(table=final.table, status=Match.Status.PLAYING)
    for person in (present, absent):  # both come to the first match
        seat_presence(table_id=first.table_id, user_id=person.pk, delta=+1)
    Match.objects.filter(pk=first.pk).update(show_deadline=timezone.now() - timedelta(seconds=1))
    assert match_no_show_check(match_id=first.pk) is False
    play_out(first)
    final.refresh_from_db()
    assert not final.finished  # one match never decides a best of three
    seat_presence(table_id=first.table_id, user_id=absent.pk, delta=-1)  # he leaves after it
    tournament_advance(cup.pk)
    later = Match.objects.get(table=final.table, status=Match.Status.PLAYING)
    assert later.pk != first.pk and later.absent_bot and later.show_deadline is not None
    Match.objects.filter(pk=later.pk).update(show_deadline=timezone.now() - timedelta(seconds=1))
    assert match_no_show_check(match_id=later.pk) is True  # he has not come back: a bot sits in
    play_out(later)
    final.refresh_from_db()
    gone = Entrant.objects.get(tournament=cup, user=absent)
    assert final.finished and final.results[str(gone.pk)]["outcome"] == "loss"
    kept = Entrant.objects.get(tournament=cup, user=present)
    assert final.results[str(kept.pk)]["outcome"] == "win"
    gone.refresh_from_db()
    assert gone.no_shows == 1 and gone.eliminated
