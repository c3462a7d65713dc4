"""Every endpoint of the JSON API of docs/protocol.md: success, each error status and access control.

Through Django's test client with real API tokens (PostgreSQL; the scheduler is off, so a
match only moves when a test moves it).
"""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from apps.api.models import ApiToken
from apps.lobby import services as lobby
from apps.tables import seating
from apps.tables.models import Match
from tests.stats.helpers import play_through

pytestmark = pytest.mark.django_db

ENDPOINTS = [
    ("get", "/api/tables/"),
    ("post", "/api/tables/"),
    ("get", "/api/tables/{id}/"),
    ("post", "/api/tables/{id}/sit/"),
    ("post", "/api/tables/{id}/stand/"),
    ("post", "/api/tables/{id}/bots/"),
    ("post", "/api/tables/{id}/options/"),
    ("post", "/api/tables/{id}/ready/"),
    ("get", "/api/matches/{id}/record/"),
    ("get", "/api/me/results/"),
]


def error(response, status: int, code: str) -> dict:
    """The JSON error of ``response``, checked to have ``status`` and ``code`` and a message."""
    assert response.status_code == status, (response.status_code, response.content[:300])
    body = response.json()
    assert body["code"] == code, body
    assert isinstance(body["message"], str) and body["message"]
    return body


def finished_durak_match(user) -> Match:
    """A Durak match of ``user`` against a bot that ended when ``user`` left it (after each side
    played, so that it is a loss rather than aborted)."""
    table = lobby.play_with_bots(user=user, game="durak", level="easy")
    play_through(Match.objects.get(table=table))
    seating.seat_leave(table_id=table.pk, user=user)
    return Match.objects.get(table=table)


# --------------------------------------------------------------------------- tokens and auth


def test_auth_token_gives_a_working_key_stored_only_as_a_hash(api_for, make_user):
    user = make_user()
    response = api_for().post("/api/auth/token/", {"username": user.username, "password": "pw-secret-123"})
    assert response.status_code == 200
    key = response.json()["token"]
    stored = ApiToken.objects.get(user=user)
    assert key not in (stored.key_hash, stored.prefix) and key.startswith(stored.prefix)
    assert not ApiToken.objects.filter(key_hash=key).exists()
    from tests.api.conftest import ApiClient

    assert ApiClient(key).get("/api/me/results/").status_code == 200


def test_auth_token_refuses_bad_credentials_and_bad_bodies(api_for, make_user):
    user = make_user()
    client = api_for()
    error(
        client.post("/api/auth/token/", {"username": user.username, "password": "nope"}),
        400,
        "bad_credentials",
    )
    error(
        client.post("/api/auth/token/", {"username": "nobody-here", "password": "x"}), 400, "bad_credentials"
    )
    body = error(client.post("/api/auth/token/", {"username": user.username}), 400, "invalid_request")
    assert set(body["errors"]) == {"password"}
    response = client.client.post("/api/auth/token/", "{not json", content_type="application/json")
    error(response, 400, "invalid_request")
    assert not ApiToken.objects.filter(user=user).exists()


def test_auth_token_is_rate_limited_per_username(api_for, make_user, settings):
    settings.API_AUTH_USER_RATE = "2/min"
    user = make_user()
    client = api_for()
    for _ in range(2):
        client.post("/api/auth/token/", {"username": user.username, "password": "wrong"})
    response = client.post("/api/auth/token/", {"username": user.username, "password": "pw-secret-123"})
    error(response, 429, "throttled")
    assert int(response["Retry-After"]) > 0
    other = make_user()
    ok = client.post("/api/auth/token/", {"username": other.username, "password": "pw-secret-123"})
    assert ok.status_code == 200


def test_the_token_endpoint_and_the_site_login_share_one_lockout(make_user, settings):
    """The token endpoint ignored the site login's failed-login lock (issue #30, finding 11):
    five wrong passwords through either lock both for that account and address."""
    settings.API_AUTH_USER_RATE = "100/min"  # the API's own limit out of the way
    user = make_user()
    site = Client()

    def token(password: str, address: str = "127.0.0.1"):
        body = json.dumps({"username": user.username, "password": password})
        return Client().post("/api/auth/token/", body, content_type="application/json", REMOTE_ADDR=address)

    for i in range(3):
        site.post(reverse("account_login"), {"login": user.username, "password": f"wrong-{i}"})
    for i in range(2):
        token(f"wrong-{i}")
    locked = token("pw-secret-123")
    error(locked, 429, "login_locked")
    right = site.post(reverse("account_login"), {"login": user.username, "password": "pw-secret-123"})
    assert right.status_code == 200 and "_auth_user_id" not in site.session  # the form again, locked
    elsewhere = token("pw-secret-123", "198.51.100.7")
    assert elsewhere.status_code == 200  # the lock is per (account, address)


def test_a_client_sent_forwarded_for_does_not_dodge_the_ip_limit(make_user, settings):
    """DRF trusted any X-Forwarded-For (NUM_PROXIES unset): a new forged address per request
    escaped the per-IP limit (issue #20, item 4). The address is REMOTE_ADDR alone."""
    settings.API_AUTH_RATE = "3/min"
    client = Client()
    codes = [
        client.post(
            "/api/auth/token/",
            json.dumps({"username": f"u{n}", "password": "x"}),
            content_type="application/json",
            HTTP_X_FORWARDED_FOR=f"10.0.0.{n}",
        ).status_code
        for n in range(5)
    ]
    assert codes == [400, 400, 400, 429, 429]


@pytest.mark.parametrize(("method", "path"), ENDPOINTS)
def test_anonymous_gets_401_everywhere(api_for, method, path):
    response = getattr(api_for(), method)(path.format(id=1))
    error(response, 401, "not_authenticated")
    assert response["WWW-Authenticate"] == "Token"


def test_revoked_unknown_and_malformed_keys_get_401(api_for, make_user):
    from tests.api.conftest import ApiClient

    user = make_user()
    token_client = api_for(user)
    assert token_client.get("/api/me/results/").status_code == 200
    ApiToken.objects.filter(user=user).update(revoked_at="2026-01-01T00:00Z")
    error(token_client.get("/api/me/results/"), 401, "authentication_failed")
    error(ApiClient("kt_" + "x" * 43).get("/api/tables/"), 401, "authentication_failed")
    malformed = ApiClient()
    malformed.headers = {"HTTP_AUTHORIZATION": "Token"}
    error(malformed.get("/api/tables/"), 401, "authentication_failed")


def test_inactive_users_key_stops_working(api_for, make_user):
    user = make_user()
    client = api_for(user)
    user.is_active = False
    user.save()
    error(client.get("/api/me/results/"), 401, "authentication_failed")


def test_api_rate_is_per_token(api_for, make_user, settings):
    settings.API_RATE = "3/min"
    user = make_user()
    first, second = api_for(user), api_for(user)
    for _ in range(3):
        assert first.get("/api/tables/").status_code == 200
    error(first.get("/api/tables/"), 429, "throttled")
    assert second.get("/api/tables/").status_code == 200


def test_browser_session_works_and_needs_csrf_to_write(make_user):
    from django.test import Client

    user = make_user()
    table = seating.table_create(user=user, game="durak")
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(user)
    assert browser.get(f"/api/tables/{table.pk}/").json()["you"] == 0
    response = browser.post(f"/api/tables/{table.pk}/ready/", "{}", content_type="application/json")
    error(response, 403, "permission_denied")


def test_unknown_api_path_is_a_json_404(api_for, make_user):
    error(api_for(make_user()).get("/api/nothing/here/"), 404, "not_found")


# --------------------------------------------------------------------------- tables


def test_list_shows_public_open_tables_with_filters(api_for, make_user):
    user = make_user()
    client = api_for(user)
    durak = seating.table_create(user=user, game="durak")
    blot = seating.table_create(user=user, game="bazar_blot", options={"players": 2})
    hidden = seating.table_create(user=user, game="durak", private=True)
    listed = client.get("/api/tables/").json()
    ids = [t["id"] for t in listed]
    assert durak.pk in ids and blot.pk in ids and hidden.pk not in ids
    entry = next(t for t in listed if t["id"] == durak.pk)
    assert set(entry) >= {"id", "game", "options", "seats", "status"} and entry["status"] == "waiting"
    assert [t["id"] for t in client.get("/api/tables/", game="bazar_blot").json()] == [blot.pk]
    assert client.get("/api/tables/", status="playing").json() == []
    body = error(client.get("/api/tables/", status="finished"), 400, "invalid_request")
    assert "status" in body["errors"]
    error(client.get("/api/tables/", game="chess"), 400, "invalid_request")


def test_create_a_table_with_bots(api_for, make_user):
    user = make_user()
    response = api_for(user).post(
        "/api/tables/",
        {
            "game": "bazar_blot",
            "options": {"players": 4, "target": 51},
            "bots": {"1": "easy", "3": "hard"},
            "seat": 2,
        },
    )
    assert response.status_code == 201
    table = response.json()
    assert table["game"] == "bazar_blot" and table["options"]["target"] == 51
    assert table["status"] == "waiting" and table["match"] is None and table["you"] == 2
    assert table["owner"] == user.pk and table["private"] is False
    assert [(s["seat"], s["bot"]) for s in table["seats"]] == [(0, None), (1, "easy"), (2, None), (3, "hard")]


def test_create_refuses_invalid_options_per_field(api_for, make_user):
    client = api_for(make_user())
    body = error(
        client.post("/api/tables/", {"game": "bazar_blot", "options": {"target": 77, "colour": "red"}}),
        400,
        "invalid_options",
    )
    assert set(body["errors"]) == {"target", "colour"}
    assert "51" in body["errors"]["target"] and "target" in body["message"]
    error(client.post("/api/tables/", {"game": "chess"}), 400, "invalid_request")
    error(client.post("/api/tables/", {"game": "durak", "options": []}), 400, "invalid_request")
    body = error(
        client.post("/api/tables/", {"game": "durak", "bots": {"one": "easy"}}), 400, "invalid_request"
    )
    assert "bots" in body["errors"]
    error(client.post("/api/tables/", {"game": "durak", "bots": {"1": "evil"}}), 400, "invalid_request")
    error(client.post("/api/tables/", {"game": "blot", "seat": 3}), 400, "bad_seat")
    error(client.post("/api/tables/", {"game": "durak", "bots": {"0": "easy"}}), 409, "seat_taken")


def test_detail_and_404(api_for, make_user):
    owner, other = make_user(), make_user()
    table = seating.table_create(user=owner, game="durak")
    body = api_for(other).get(f"/api/tables/{table.pk}/").json()
    assert body["id"] == table.pk and body["you"] is None and body["owner"] == owner.pk
    assert body["private"] is False and "invite" not in body
    error(api_for(other).get("/api/tables/999999/"), 404, "not_found")
    # a private table: a stranger gets the same 404 as for no table at all (issue #21)
    hidden = seating.table_create(user=owner, game="durak", private=True)
    error(api_for(other).get(f"/api/tables/{hidden.pk}/"), 404, "not_found")
    mine = api_for(owner).get(f"/api/tables/{hidden.pk}/").json()
    assert mine["private"] is True and mine["invite"] == hidden.invite_code


def test_sit_stand_and_their_errors(api_for, make_user):
    owner, other, third = make_user(), make_user(), make_user()
    table = seating.table_create(user=owner, game="bazar_blot", options={"players": 2})
    path = f"/api/tables/{table.pk}"
    joined = api_for(other).post(f"{path}/sit/", {"seat": 1})
    assert joined.status_code == 200 and joined.json()["you"] == 1
    error(api_for(third).post(f"{path}/sit/", {"seat": 1}), 409, "seat_taken")
    error(api_for(third).post(f"{path}/sit/", {"seat": 2}), 400, "bad_seat")
    error(api_for(third).post(f"{path}/sit/", {"seat": "x"}), 400, "invalid_request")
    error(api_for(third).post(f"{path}/sit/", {}), 400, "invalid_request")
    error(api_for(third).post("/api/tables/999999/sit/", {"seat": 0}), 404, "not_found")
    error(api_for(third).post(f"{path}/stand/"), 409, "not_seated")
    stood = api_for(other).post(f"{path}/stand/")
    assert stood.status_code == 200 and stood.json()["you"] is None
    error(api_for(other).post("/api/tables/999999/stand/"), 404, "not_found")


def test_bots_only_by_the_owner(api_for, make_user):
    owner, other = make_user(), make_user()
    table = seating.table_create(user=owner, game="bazar_blot", options={"players": 4})
    path = f"/api/tables/{table.pk}/bots/"
    added = api_for(owner).post(path, {"seat": 1, "level": "hard"})
    assert added.status_code == 200 and added.json()["seats"][1]["bot"] == "hard"
    error(api_for(other).post(path, {"seat": 2, "level": "easy"}), 403, "not_owner")
    error(api_for(owner).post(path, {"seat": 0, "level": "easy"}), 409, "seat_taken")
    error(api_for(owner).post(path, {"seat": 2, "level": "evil"}), 400, "invalid_request")
    error(api_for(owner).post(path, {"seat": 2}), 400, "invalid_request")
    removed = api_for(owner).post(path, {"seat": 1, "level": None})
    assert removed.json()["seats"][1]["bot"] is None
    error(api_for(owner).post("/api/tables/999999/bots/", {"seat": 1, "level": "easy"}), 404, "not_found")


def test_options_by_the_owner_before_the_start(api_for, make_user):
    owner, other = make_user(), make_user()
    table = seating.table_create(user=owner, game="bazar_blot", options={"players": 2})
    path = f"/api/tables/{table.pk}/options/"
    changed = api_for(owner).post(path, {"options": {"players": 4, "target": 301}})
    assert changed.status_code == 200
    assert changed.json()["options"]["target"] == 301 and len(changed.json()["seats"]) == 4
    error(api_for(other).post(path, {"options": {"players": 2}}), 403, "not_owner")
    body = error(api_for(owner).post(path, {"options": {"players": 5}}), 400, "invalid_options")
    assert "players" in body["errors"]
    error(api_for(owner).post(path, {}), 400, "invalid_request")
    error(api_for(owner).post("/api/tables/999999/options/", {"options": {}}), 404, "not_found")


def test_ready_starts_the_match_then_seats_and_options_are_locked(api_for, make_user):
    owner, other = make_user(), make_user()
    owner_api = api_for(owner)
    created = owner_api.post("/api/tables/", {"game": "durak", "bots": {"1": "easy"}}).json()
    path = f"/api/tables/{created['id']}"
    error(api_for(other).post(f"{path}/ready/", {"ready": True}), 409, "not_seated")
    error(owner_api.post(f"{path}/ready/", {"ready": "maybe"}), 400, "invalid_request")
    started = owner_api.post(f"{path}/ready/", {"ready": True}).json()
    assert started["status"] == "playing" and started["match"] == Match.objects.get(table_id=created["id"]).pk
    error(api_for(other).post(f"{path}/sit/", {"seat": 2}), 409, "already_started")
    error(owner_api.post(f"{path}/options/", {"options": {}}), 409, "already_started")
    error(owner_api.post(f"{path}/bots/", {"seat": 2, "level": "easy"}), 409, "already_started")
    error(owner_api.post(f"{path}/ready/", {"ready": False}), 409, "already_started")
    error(owner_api.post("/api/tables/999999/ready/", {}), 404, "not_found")


def test_stand_during_the_match_leaves_it_and_loses(api_for, make_user):
    user = make_user()
    client = api_for(user)
    table = lobby.play_with_bots(user=user, game="durak", level="easy")
    left = client.post(f"/api/tables/{table.pk}/stand/")
    assert left.status_code == 200
    body = client.get(f"/api/tables/{table.pk}/").json()
    assert body["status"] == "finished" and body["result"]["reason"] == "leave"
    assert 0 not in body["result"]["winners"]


# --------------------------------------------------------------------------- records and results


def test_record_of_a_finished_match_and_its_access(api_for, make_user):
    user, stranger = make_user(), make_user()
    match = finished_durak_match(user)
    record = api_for(user).get(f"/api/matches/{match.pk}/record/")
    assert record.status_code == 200
    spec = record.json()
    assert spec["game"] == "durak" and spec["deals"] and spec["deals"][0]["hands"]
    assert spec["expect"]["finished"] is True
    # a private table's record: a stranger cannot tell it from a match that does not exist
    error(api_for(stranger).get(f"/api/matches/{match.pk}/record/"), 404, "not_found")
    error(api_for(user).get("/api/matches/999999/record/"), 404, "not_found")
    running = lobby.play_with_bots(user=stranger, game="durak", level="easy")
    running_match = Match.objects.get(table=running)
    error(api_for(stranger).get(f"/api/matches/{running_match.pk}/record/"), 409, "match_not_finished")
    error(api_for(user).get(f"/api/matches/{running_match.pk}/record/"), 404, "not_found")  # not his


def test_record_of_a_public_tables_match_is_open_to_all(api_for, make_user):
    user, stranger = make_user(), make_user()
    table = seating.table_create(user=user, game="durak", bots={"1": "easy"})
    seating.ready_set(table_id=table.pk, user=user)
    seating.seat_leave(table_id=table.pk, user=user)
    match = Match.objects.get(table=table)
    assert api_for(stranger).get(f"/api/matches/{match.pk}/record/").status_code == 200


def test_my_results_newest_first_and_only_mine(api_for, make_user):
    user, other = make_user(), make_user()
    first = finished_durak_match(user)
    second = finished_durak_match(user)
    finished_durak_match(other)
    results = api_for(user).get("/api/me/results/").json()
    assert [r["match"] for r in results] == [second.pk, first.pk]
    assert (
        results[0]["game"] == "durak" and results[0]["outcome"] == "loss" and results[0]["ending"] == "leave"
    )
    assert api_for(make_user()).get("/api/me/results/").json() == []


def test_errors_in_the_users_language(api_for, make_user):
    english = make_user(language="en")
    owner = make_user()
    table = seating.table_create(user=owner, game="durak")
    body = error(api_for(english).post(f"/api/tables/{table.pk}/sit/", {"seat": 0}), 409, "seat_taken")
    assert body["message"].isascii(), body
    body = error(api_for(make_user()).post(f"/api/tables/{table.pk}/sit/", {"seat": 0}), 409, "seat_taken")
    assert not body["message"].isascii(), body


def test_schema_and_docs_are_public_and_list_every_endpoint(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    assert sorted(schema["paths"]) == [
        "/api/auth/token/",
        "/api/duplicates/",
        "/api/duplicates/{set_id}/",
        "/api/duplicates/{set_id}/play/",
        "/api/matches/{match_id}/record/",
        "/api/me/results/",
        "/api/quick/",
        "/api/ratings/{mode}/",
        "/api/tables/",
        "/api/tables/{table_id}/",
        "/api/tables/{table_id}/bots/",
        "/api/tables/{table_id}/invite/",
        "/api/tables/{table_id}/options/",
        "/api/tables/{table_id}/ready/",
        "/api/tables/{table_id}/sit/",
        "/api/tables/{table_id}/stand/",
        "/api/tournaments/",
        "/api/tournaments/{tournament_id}/",
        "/api/tournaments/{tournament_id}/confirm/",
        "/api/tournaments/{tournament_id}/join/",
        "/api/tournaments/{tournament_id}/leave/",
        "/api/tournaments/{tournament_id}/rounds/{round}/",
        "/api/users/{username}/ratings/",
    ]
    assert schema["components"]["securitySchemes"]["tokenAuth"]["name"] == "Authorization"
    assert client.get("/api/docs/").status_code == 200


@pytest.mark.parametrize("body", ["[" * 50_000, '{"username": ' + "[" * 50_000 + "]" * 50_000 + "}"])
def test_deeply_nested_bodies_are_json_400_not_500(api_for, make_user, body):
    """50,000 nested ``[`` raised RecursionError (a 500) before any login (issue #20, item 5)."""
    response = api_for().client.post("/api/auth/token/", body, content_type="application/json")
    error(response, 400, "invalid_request")
    signed_in = api_for(make_user())
    response = signed_in.client.post(
        "/api/tables/", body, content_type="application/json", **signed_in.headers
    )
    error(response, 400, "invalid_request")


def test_an_oversized_body_is_a_json_error(api_for, make_user):
    """A 5 MB body got Django's HTML 400 page (issue #20, item 7)."""
    client = api_for(make_user())
    body = '{"game": "' + "x" * 5_000_000 + '"}'
    response = client.client.post("/api/tables/", body, content_type="application/json", **client.headers)
    assert response.status_code in (400, 413)
    assert response["Content-Type"].startswith("application/json")
    assert "code" in response.json()


def test_create_a_six_seat_durak_table_and_sit_at_seat_5(api_for, make_user):
    owner, other = make_user(), make_user()
    response = api_for(owner).post(
        "/api/tables/",
        {
            "game": "durak",
            "options": {"deck": 52, "throw": "neighbors"},
            "seat_count": 6,
            "bots": {"4": "easy"},
        },
    )
    assert response.status_code == 201, response.json()
    table = response.json()
    assert [s["seat"] for s in table["seats"]] == [0, 1, 2, 3, 4, 5]
    assert table["options"]["deck"] == 52 and table["options"]["throw"] == "neighbors"
    path = f"/api/tables/{table['id']}"
    assert api_for(other).post(f"{path}/sit/", {"seat": 5}).json()["you"] == 5
    error(api_for(owner).post("/api/tables/", {"game": "durak", "seat_count": 7}), 400, "invalid_request")
    two = api_for(owner).post("/api/tables/", {"game": "durak", "seat_count": 2}).json()
    assert [s["seat"] for s in two["seats"]] == [0, 1]  # one on one (#36, item 7)
    four = api_for(owner).post("/api/tables/", {"game": "durak"}).json()
    error(api_for(other).post(f"/api/tables/{four['id']}/sit/", {"seat": 5}), 400, "bad_seat")
    body = error(
        api_for(owner).post(
            "/api/tables/",
            {
                "game": "durak",
                "options": {"deck": 24},
                "seat_count": 6,
                "bots": dict.fromkeys("1234", "easy"),
            },
        ),
        400,
        "deck_24_four_players",
    )
    assert "24" in body["message"]
