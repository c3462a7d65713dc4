"""The winner's trophy on his profile and player page; tournament matches in «Мои результаты»
with a link to their event."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from apps.tables.models import Match
from apps.tournaments.models import Pairing
from apps.tournaments.registration import tournament_create, tournament_join
from apps.tournaments.rounds import tournament_advance, tournament_start
from apps.tournaments.standings import standings
from tests.stats.helpers import play_out

pytestmark = pytest.mark.django_db(transaction=True)


def _played_final(people, **kw):
    event = tournament_create(
        user=people[0], name="Кубок вечера", format="swiss", mode="durak_2", rounds=1,
        starts_at=timezone.now() + timedelta(minutes=5), **kw,
    )  # fmt: skip
    for person in people:
        tournament_join(tournament_id=event.pk, user=person, code=event.invite_code)
    tournament_start(event.pk)
    (pairing,) = Pairing.objects.filter(tournament=event)
    match = Match.objects.get(table=pairing.table, status=Match.Status.PLAYING)
    play_out(match)
    tournament_advance(event.pk)
    event.refresh_from_db()
    return event, match


def test_the_winner_gets_a_trophy_on_his_profile_and_player_page(client, make_user):
    a, b = make_user(), make_user()
    event, _match = _played_final([a, b])
    assert event.status == "finished"
    first = standings(event)[0]
    assert event.winner_id == first.entrant_id
    winner, loser = (a, b) if first.user_id == a.pk else (b, a)
    client.force_login(winner)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert 'data-testid="trophies"' in page and "Кубок вечера" in page
    assert f'href="/tournaments/{event.pk}/"' in page
    public = client.get(reverse("ratings:player", args=[winner.username])).content.decode()
    assert 'data-testid="trophies"' in public and "Кубок вечера" in public
    assert (
        'data-testid="trophies"'
        not in client.get(reverse("ratings:player", args=[loser.username])).content.decode()
    )
    client.force_login(loser)
    assert 'data-testid="trophies"' not in client.get(reverse("accounts:profile")).content.decode()


def test_tournament_matches_link_to_their_event_in_my_results(client, make_user):
    a, b = make_user(), make_user()
    event, _match = _played_final([a, b], private=True)
    client.force_login(a)
    page = client.get(reverse("stats:my_results")).content.decode()
    assert 'data-testid="result-tournament"' in page
    assert f'href="/tournaments/{event.pk}/"' in page and "Кубок вечера" in page
    # the private event's page opens for its entrant from that link
    assert client.get(f"/tournaments/{event.pk}/").status_code == 200


def test_a_knockout_final_is_on_the_home_page_while_it_plays(client, make_user):
    people = [make_user() for _ in range(4)]
    cup = tournament_create(
        user=people[0], name="Кубок выходных", format="knockout", mode="durak_2", max_entrants=8,
        starts_at=timezone.now() + timedelta(minutes=5),
    )  # fmt: skip
    for person in people:
        tournament_join(tournament_id=cup.pk, user=person)
    tournament_start(cup.pk)
    assert 'data-testid="tournament-finals"' not in client.get("/").content.decode()  # a semi-final
    for pairing in Pairing.objects.filter(tournament=cup, finished=False):
        play_out(Match.objects.get(table=pairing.table, status=Match.Status.PLAYING))
    tournament_advance(cup.pk)
    (final,) = Pairing.objects.filter(tournament=cup, round=2)
    home = client.get("/").content.decode()
    assert 'data-testid="tournament-finals"' in home and "Кубок выходных" in home
    assert f'href="/lobby/tables/{final.table_id}/"' in home
    play_out(Match.objects.get(table=final.table, status=Match.Status.PLAYING))
    tournament_advance(cup.pk)
    assert 'data-testid="tournament-finals"' not in client.get("/").content.decode()
