"""The tournaments' JSON API: the list, one tournament with its standings, join / confirm /
leave with the refusals' codes and statuses, each round's pairing, and the OpenAPI schema."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.tables.models import Match
from apps.tournaments.models import Entrant, Pairing
from apps.tournaments.registration import tournament_create, tournament_join
from apps.tournaments.rounds import tournament_advance, tournament_start
from tests.api.conftest import _throttles_reset, api_for  # noqa: F401
from tests.stats.helpers import play_out

pytestmark = pytest.mark.django_db(transaction=True)


def _event(user, **kw):
    fields = {"name": "Швейцарка", "format": "swiss", "mode": "durak_2", "rounds": 2}
    fields.update(kw)
    return tournament_create(user=user, starts_at=timezone.now() + timedelta(minutes=5), **fields)


def error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    body = response.json()
    assert body["code"] == code and body["message"], body
    return body


def test_the_list_and_a_tournament_with_its_standings_and_rounds(api_for, make_user):  # noqa: F811
    people = [make_user() for _ in range(4)]
    swiss = _event(people[0])
    hidden = _event(people[0], name="Свои", private=True)
    api = api_for(people[1])
    assert api.get("/api/tournaments/").status_code == 200
    listed = api.get("/api/tournaments/").json()
    assert [t["id"] for t in listed["upcoming"]] == [swiss.pk]  # the private one is not listed
    assert listed["live"] == [] and listed["finished"] == []
    assert listed["upcoming"][0]["format"] == "swiss" and listed["upcoming"][0]["entrants"] == 0
    error(api.get(f"/api/tournaments/{hidden.pk}/"), 404, "not_found")
    assert api.get(f"/api/tournaments/{hidden.pk}/", code=hidden.invite_code).status_code == 200
    error(api.get("/api/tournaments/99999999999999/"), 404, "not_found")

    for person in people:
        body = api_for(person).post(f"/api/tournaments/{swiss.pk}/join/", {}).json()
        assert body["you"]["entrant"] and body["you"]["withdrawn"] is False
    error(api.post(f"/api/tournaments/{swiss.pk}/join/", {}), 409, "already_joined")
    tournament_start(swiss.pk)

    detail = api.get(f"/api/tournaments/{swiss.pk}/").json()
    assert detail["status"] == "running" and detail["round"] == 1
    assert len(detail["standings"]) == 4 and len(detail["current"]) == 2
    assert detail["your_table"]["table"] in [t["table"] for t in detail["current"]]
    round1 = api.get(f"/api/tournaments/{swiss.pk}/rounds/1/").json()
    assert round1["round"] == 1 and [t["table"] for t in round1["tables"]] == [
        t["table"] for t in detail["current"]
    ]
    assert sorted(e["id"] for t in round1["tables"] for e in t["entrants"]) == sorted(
        Entrant.objects.filter(tournament=swiss).values_list("pk", flat=True)
    )
    error(api.get(f"/api/tournaments/{swiss.pk}/rounds/2/"), 404, "not_found")  # not paired yet

    for pairing in Pairing.objects.filter(tournament=swiss, finished=False):
        play_out(Match.objects.get(table=pairing.table, status=Match.Status.PLAYING))
    tournament_advance(swiss.pk)
    after = api.get(f"/api/tournaments/{swiss.pk}/").json()
    assert after["round"] == 2
    assert sorted(line["score"] for line in after["standings"]) in ([0, 0, 1, 1], [0, 0.5, 0.5, 1], [0.5] * 4)
    assert all(
        t["finished"] and t["results"]
        for t in api.get(f"/api/tournaments/{swiss.pk}/rounds/1/").json()["tables"]
    )


def test_join_refusals_and_leave(api_for, make_user):  # noqa: F811
    owner, other = make_user(), make_user()
    pairs = _event(owner, mode="durak_pairs")
    api = api_for(other)
    error(api.post(f"/api/tournaments/{pairs.pk}/join/", {}), 400, "partner_needed")
    error(api.post(f"/api/tournaments/{pairs.pk}/join/", {"partner": "nobody-here"}), 400, "no_such_partner")
    body = api.post(f"/api/tournaments/{pairs.pk}/join/", {"partner": owner.username}).json()
    assert body["you"]["pending_partner"] is True
    assert api_for(owner).get(f"/api/tournaments/{pairs.pk}/").json()["invited"]
    error(api.post(f"/api/tournaments/{pairs.pk}/confirm/"), 403, "not_invited")
    accepted = api_for(owner).post(f"/api/tournaments/{pairs.pk}/confirm/").json()
    assert accepted["you"]["pending_partner"] is False and len(accepted["standings"]) == 1

    solo = _event(owner)
    error(api.post(f"/api/tournaments/{solo.pk}/join/", {"partner": owner.username}), 400, "no_partner")
    error(api.post(f"/api/tournaments/{solo.pk}/leave/"), 409, "not_joined")
    assert api.post(f"/api/tournaments/{solo.pk}/join/", {}).status_code == 200
    left = api.post(f"/api/tournaments/{solo.pk}/leave/").json()
    assert left["you"] is None and not Entrant.objects.filter(tournament=solo).exists()
    error(api.post(f"/api/tournaments/{solo.pk}/join/", {"code": "x" * 65}), 400, "invalid_request")

    rated = _event(owner, rating_min=1800)
    error(api.post(f"/api/tournaments/{rated.pk}/join/", {}), 403, "rating_range")
    full = _event(owner, max_entrants=2)
    for person in (owner, make_user()):
        tournament_join(tournament_id=full.pk, user=person)
    error(api.post(f"/api/tournaments/{full.pk}/join/", {}), 409, "full")
    tournament_start(full.pk)
    tournament_advance(full.pk)
    late = _event(owner, rounds=3)
    for person in (owner, make_user()):
        tournament_join(tournament_id=late.pk, user=person)
    tournament_start(late.pk)
    late.round = 2
    late.save(update_fields=["round"])
    error(api.post(f"/api/tournaments/{late.pk}/join/", {}), 409, "closed")
    error(api_for(None).get("/api/tournaments/"), 401, "not_authenticated")


def test_the_schema_documents_the_tournament_endpoints(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    paths = {p for p in schema["paths"] if p.startswith("/api/tournaments/")}
    assert paths == {
        "/api/tournaments/",
        "/api/tournaments/{tournament_id}/",
        "/api/tournaments/{tournament_id}/rounds/{round}/",
        "/api/tournaments/{tournament_id}/join/",
        "/api/tournaments/{tournament_id}/confirm/",
        "/api/tournaments/{tournament_id}/leave/",
    }
    join = schema["paths"]["/api/tournaments/{tournament_id}/join/"]["post"]
    assert {"200", "400", "403", "404", "409"} <= set(join["responses"])
