"""The duplicate pages: the list with the form, a set's page before and after playing, the
private link, the replays of the best results, the streak on the profile, the table's banner."""

from __future__ import annotations

import pytest

from apps.duplicates import services
from apps.duplicates.models import DuplicateSet
from apps.duplicates.modes import MODES
from tests.duplicates.helpers import play_entry

pytestmark = pytest.mark.django_db


def test_list_create_play_and_compare(make_user, client):
    services.daily_open(services.moscow_day())
    anna = make_user("anna")
    client.force_login(anna)
    page = client.get("/duplicates/")
    assert page.status_code == 200
    assert page.content.count(b'class="card duplicate-row"') == len(MODES)  # today's daily sets
    made = client.post(
        "/duplicates/new/", {"mode": "blot", "deals": "2", "open_minutes": "60", "private": "on"}
    )
    dset = DuplicateSet.objects.get(kind="friends")
    assert made.status_code == 302 and made["Location"] == f"/duplicates/c/{dset.code}/"
    own = client.get(made["Location"])
    assert own.status_code == 200 and dset.code.encode() in own.content and b"duplicate-play" in own.content
    played = client.post(f"/duplicates/{dset.pk}/play/", {"code": dset.code})
    entry = dset.entries.get(user=anna)
    assert played["Location"] == f"/lobby/tables/{entry.table_id}/"
    table_page = client.get(played["Location"])
    assert b'data-duplicate-deals="2"' in table_page.content and b"duplicate-bar" in table_page.content
    assert b"duplicate-continue" in client.get(f"/duplicates/{dset.pk}/").content
    assert b"duplicate-score" not in client.get(f"/duplicates/{dset.pk}/").content
    play_entry(entry)
    boris = make_user("boris")
    client.force_login(boris)
    assert client.get(f"/duplicates/{dset.pk}/").status_code == 404  # private: the link only
    client.post(f"/duplicates/{dset.pk}/play/", {"code": dset.code})
    # boris has not finished: anna's match (the best so far) stays closed to him
    assert client.get(f"/matches/{entry.match_id}/").status_code == 404
    play_entry(dset.entries.get(user=boris))
    page = client.get(f"/duplicates/{dset.pk}/")
    text = page.content.decode()
    assert "duplicate-score" in text and "duplicate-board" in text
    assert text.count('data-testid="best-replay"') == 2
    assert client.get(f"/matches/{entry.match_id}/").status_code == 200  # now he may replay it
    again = client.post(f"/duplicates/{dset.pk}/play/", {"code": dset.code}, follow=True)
    assert "duplicate-message" in again.content.decode()


def test_bad_form_loses_nothing_and_says_why(make_user, client):
    client.force_login(make_user())
    answer = client.post(
        "/duplicates/new/", {"mode": "blot", "deals": "99", "open_minutes": "60"}, follow=True
    )
    assert "duplicate-message" in answer.content.decode()
    assert not DuplicateSet.objects.exists()


def test_profile_shows_the_streak(make_user, client):
    anna = make_user()
    client.force_login(anna)
    assert b"profile-duplicate-streak" in client.get("/accounts/profile/").content
