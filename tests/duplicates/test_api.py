"""``/api/duplicates/``: create, list, play (once), read — as the issue and the schema say."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from apps.api import tokens
from apps.duplicates import services
from apps.duplicates.models import DuplicateSet
from apps.duplicates.modes import MODES
from tests.duplicates.helpers import play_entry

pytestmark = pytest.mark.django_db


class Api:
    def __init__(self, user) -> None:
        _token, key = tokens.token_create(user=user, name="test")
        self.client, self.headers = Client(), {"HTTP_AUTHORIZATION": f"Token {key}"}

    def get(self, path: str, **params):
        return self.client.get(path, params, **self.headers)

    def post(self, path: str, body=None):
        return self.client.post(path, json.dumps(body or {}), content_type="application/json", **self.headers)


def test_create_list_play_read(make_user):
    anna, boris = make_user(), make_user()
    a, b = Api(anna), Api(boris)
    made = a.post(
        "/api/duplicates/",
        {"game": "bazar_blot", "options": {"players": 2}, "deals": 2, "open_minutes": 60, "private": True},
    )
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["mode"] == "bazar_blot_2" and body["deals"] == 2 and len(body["code"]) >= 16
    assert len(body["fairness"]["commitment"]) == 64 and "server_seed" not in body["fairness"]
    set_id, code = body["id"], body["code"]
    # a private set: not listed for others, not found without its code
    assert set_id not in [s["id"] for s in b.get("/api/duplicates/").json()]
    assert b.get(f"/api/duplicates/{set_id}/").status_code == 404
    assert b.post(f"/api/duplicates/{set_id}/play/").json()["code"] == "not_found"
    assert b.get(f"/api/duplicates/{set_id}/", code=code).status_code == 200
    played = b.post(f"/api/duplicates/{set_id}/play/", {"code": code})
    assert played.status_code == 201
    table_id = played.json()["table"]
    table = b.get(f"/api/tables/{table_id}/").json()
    assert table["status"] == "playing"
    again = b.post(f"/api/duplicates/{set_id}/play/", {"code": code})
    assert again.status_code == 409 and again.json()["code"] == "already_played"
    # now listed for him (he plays it), results hidden until he finishes
    listed = {s["id"]: s for s in b.get("/api/duplicates/").json()}
    assert listed[set_id]["played"] is True
    assert b.get(f"/api/duplicates/{set_id}/").json()["results"] is None
    play_entry(DuplicateSet.objects.get(pk=set_id).entries.get(user=boris))
    seen = b.get(f"/api/duplicates/{set_id}/").json()
    assert seen["entry"]["finished"] is True
    assert seen["results"]["players"] == 1 and seen["results"]["mine"]["place"] == 1
    assert [d["percent"] for d in seen["results"]["mine"]["deals"]] == [50.0, 50.0]
    assert "code" not in seen  # only its creator gets the code back
    services.set_close(set_id)
    closed = b.get(f"/api/duplicates/{set_id}/").json()
    assert closed["status"] == "closed" and len(closed["fairness"]["server_seed"]) == 64


def test_bad_bodies_are_refused_with_their_codes(make_user):
    a = Api(make_user())
    for body, code in (
        ({"game": "poker"}, "invalid_request"),
        ({"game": "deberc", "options": {"players": 3}}, "bad_mode"),
        ({"game": "blot", "deals": 40}, "bad_deals"),
        ({"game": "blot", "open_minutes": 5}, "bad_open_minutes"),
        ({"game": "blot", "options": {"target": 7}}, "invalid_options"),
    ):
        answer = a.post("/api/duplicates/", body)
        assert answer.status_code == 400, (body, answer.content)
        assert answer.json()["code"] == code, (body, answer.json())
    assert not DuplicateSet.objects.exists()
    assert a.get("/api/duplicates/999999/").status_code == 404


def test_daily_sets_are_listed_first(make_user):
    services.daily_open(services.moscow_day())
    public = services.set_create(user=make_user(), mode="blot", deals=1, open_minutes=60, private=False)
    listed = Api(make_user()).get("/api/duplicates/").json()
    kinds = [s["kind"] for s in listed]
    assert kinds.count("daily") == len(MODES) and kinds[-1] == "friends" and listed[-1]["id"] == public.pk
