"""API keys: the service (hash only, cap, revoke) and the profile page's section."""

from __future__ import annotations

import re

import pytest

from apps.api import tokens
from apps.api.models import ApiToken

pytestmark = pytest.mark.django_db


def test_a_key_is_stored_as_its_hash_and_authenticates_until_revoked(make_user):
    user = make_user()
    token, key = tokens.token_create(user=user, name="bot")
    assert key.startswith("kt_") and len(key) > 40 and token.key_hash == tokens.key_hash(key)
    assert key not in str(ApiToken.objects.filter(pk=token.pk).values().get())
    assert tokens.token_authenticate(key).user == user
    assert tokens.token_authenticate(key[:-1] + ("A" if key[-1] != "A" else "B")) is None
    assert tokens.token_authenticate("") is None and tokens.token_authenticate("kt_" + "x" * 200) is None
    assert tokens.token_revoke(user=make_user(), token_id=token.pk) is False  # not his
    assert tokens.token_revoke(user=user, token_id=token.pk) is True
    assert tokens.token_authenticate(key) is None
    assert tokens.token_revoke(user=user, token_id=token.pk) is False  # already


def test_at_most_fifty_active_keys_the_least_recently_used_goes(make_user, monkeypatch):
    monkeypatch.setattr(tokens, "MAX_ACTIVE_TOKENS", 3)
    user = make_user()
    made = [tokens.token_create(user=user) for _ in range(3)]
    tokens.token_authenticate(made[0][1])  # the first is used, the second never
    tokens.token_create(user=user)
    active = {t.pk for t in tokens.tokens_for_user(user)}
    assert len(active) == 3 and made[0][0].pk in active and made[1][0].pk not in active


def test_header_parsing():
    assert tokens.key_from_header("Token kt_abc") == "kt_abc"
    assert tokens.key_from_header(b"token kt_abc") == "kt_abc"
    assert tokens.key_from_header("Bearer kt_abc") is None
    assert tokens.key_from_header("Token a b") is None and tokens.key_from_header(None) is None


def test_profile_makes_shows_once_and_revokes_keys(client, make_user):
    user = make_user()
    client.force_login(user)
    page = client.get("/accounts/profile/").content.decode()
    assert 'data-testid="api-tokens"' in page and "api-token-revoke" not in page
    made = client.post("/api/keys/new/", {"name": "мой бот"})
    assert made.status_code == 200 and "no-store" in made["Cache-Control"]
    key = re.search(r'data-testid="api-token-key">([^<]+)<', made.content.decode()).group(1)
    token = ApiToken.objects.get(user=user)
    assert token.name == "мой бот" and tokens.token_authenticate(key).pk == token.pk
    page = client.get("/accounts/profile/").content.decode()
    assert "мой бот" in page and token.prefix in page and key not in page
    back = client.post(f"/api/keys/{token.pk}/revoke/")
    assert back.status_code == 302 and back["Location"] == "/accounts/profile/"
    assert tokens.token_authenticate(key) is None
    assert "api-token-revoke" not in client.get("/accounts/profile/").content.decode()


def test_someone_elses_key_cannot_be_revoked(client, make_user):
    owner, other = make_user(), make_user()
    token, key = tokens.token_create(user=owner)
    client.force_login(other)
    client.post(f"/api/keys/{token.pk}/revoke/")
    assert tokens.token_authenticate(key) is not None


def test_key_pages_need_a_signed_in_post(client, make_user):
    assert client.post("/api/keys/new/").status_code == 302  # to the login page
    assert not ApiToken.objects.exists()
    client.force_login(make_user())
    assert client.get("/api/keys/new/").status_code == 405


def test_english_messages_of_the_api_itself(client, make_user):
    client.cookies["django_language"] = "en"
    body = client.get("/api/me/results/").json()
    assert body["code"] == "not_authenticated" and body["message"].startswith("Sign in")
    user = make_user()
    client.force_login(user)
    body = client.get("/api/tables/", {"status": "nope"}).json()
    assert body["code"] == "invalid_request" and body["message"].startswith("Invalid request.")
