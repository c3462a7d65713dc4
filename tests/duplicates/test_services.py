"""Playing sets through the real table services: the same deals for everyone, deterministic
bots, results recorded when the match ends, hidden until the player finishes, the seed kept
until the close, forfeits, the daily rollover (docs/rules.md «Дубль»)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from apps.core.errors import Refused
from apps.duplicates import selectors, services
from apps.duplicates.models import DuplicateSet, Entry
from apps.duplicates.modes import MODES, set_deal
from apps.rules import scenario
from apps.rules.fairness import verify_deals
from apps.tables import seating
from apps.tables.fairness import match_fairness
from apps.tables.models import DealRecord, Match, Move
from apps.tables.selectors import match_record
from tests.duplicates.helpers import play_entry

pytestmark = pytest.mark.django_db


def fresh(dset):
    """The set as a request reads it (its results' version is in the comparison's cache key)."""
    dset.refresh_from_db()
    return dset


def moves_of(match_id: int) -> list[tuple]:
    return list(Move.objects.filter(match_id=match_id).order_by("seq").values_list("seat", "actor", "action"))


def test_two_players_get_the_same_hands_and_the_same_bot_answers(make_user):
    dset = services.set_create(user=make_user(), mode="bazar_blot_4", deals=3, open_minutes=60)
    a, b, c = make_user("anna"), make_user("boris"), make_user("clara")
    ea = services.set_play(user=a, set_id=dset.pk, code=dset.code)
    eb = services.set_play(user=b, set_id=dset.pk, code=dset.code)
    ec = services.set_play(user=c, set_id=dset.pk, code=dset.code)
    assert ea.table_id != eb.table_id
    play_entry(ea)
    play_entry(eb)  # the same play as anna's ...
    play_entry(ec, choose=lambda legal: legal[-1])  # ... and a different one
    # the same play meets the same answers, move for move
    assert moves_of(ea.match_id) == moves_of(eb.match_id)
    deals = {
        e.pk: list(
            DealRecord.objects.filter(match_id=e.match_id)
            .order_by("number")
            .values_list("number", "dealer", "hands", "stock")
        )
        for e in (ea, eb, ec)
    }
    assert [d[0] for d in deals[ea.pk]] == [0, 1, 2]
    for number in range(3):
        expected = set_deal(bytes.fromhex(dset.server_seed), MODES["bazar_blot_4"], number)
        for e in (ea, eb, ec):
            _, dealer, hands, stock = deals[e.pk][number]
            assert dealer == number % 4
            assert {s: sorted(h) for s, h in hands.items()} == {
                s: sorted(h) for s, h in expected["hands"].items()
            }
            assert stock == expected["stock"]
    for e in (ea, eb, ec):
        e.refresh_from_db()
        assert e.finished_at is not None and len(e.results) == 3
        assert all(isinstance(r, int) for r in e.results)
    assert Entry.objects.get(pk=ea.pk).results == Entry.objects.get(pk=eb.pk).results
    for e in (ea, ec):  # each table's record replays anywhere to the same end
        match = Match.objects.get(pk=e.match_id)
        replayed = scenario.run(match_record(match))
        assert replayed["rejected"] == [] and replayed["finished"] is True
        assert replayed["totals"] == match.result["totals"] and len(replayed["deals"]) == 3


def test_played_once_only_and_no_rematch_at_the_table(make_user):
    dset = services.set_create(user=make_user(), mode="blot", deals=1, open_minutes=60, private=False)
    anna = make_user()
    entry = services.set_play(user=anna, set_id=dset.pk)
    with pytest.raises(Refused) as refused:
        services.set_play(user=anna, set_id=dset.pk)
    assert refused.value.code == "already_played"
    play_entry(entry)
    with pytest.raises(Refused) as refused:
        seating.rematch_vote(table_id=entry.table_id, user=anna)
    assert Match.objects.filter(table_id=entry.table_id).count() == 1


def test_a_private_set_needs_its_code(make_user):
    dset = services.set_create(user=make_user(), mode="deberc_2", deals=2, open_minutes=60, private=True)
    assert dset.code and len(dset.code) >= 16
    with pytest.raises(Refused) as refused:
        services.set_play(user=make_user(), set_id=dset.pk)
    assert refused.value.code == "not_found"
    with pytest.raises(Refused):
        services.set_play(user=make_user(), set_id=dset.pk, code="wrong")
    assert services.set_play(user=make_user(), set_id=dset.pk, code=dset.code).table_id


def test_bad_input_is_refused_and_creates_nothing(make_user):
    user = make_user()
    for kwargs, code in (
        ({"mode": "poker"}, "bad_mode"),
        ({"mode": "blot", "deals": 0}, "bad_deals"),
        ({"mode": "blot", "deals": 17}, "bad_deals"),
        ({"mode": "blot", "open_minutes": 9}, "bad_open_minutes"),
        ({"mode": "blot", "open_minutes": 7 * 24 * 60 + 1}, "bad_open_minutes"),
    ):
        with pytest.raises(Refused) as refused:
            services.set_create(user=user, **kwargs)
        assert refused.value.code == code
    assert not DuplicateSet.objects.exists()


def test_results_hidden_until_finished_and_seed_until_closed(make_user):
    dset = services.set_create(user=make_user(), mode="bazar_blot_2", deals=2, open_minutes=60, private=False)
    a, b = make_user(), make_user()
    ea = services.set_play(user=a, set_id=dset.pk)
    eb = services.set_play(user=b, set_id=dset.pk)
    play_entry(ea)
    # b is still playing: he sees nothing of a's results
    assert selectors.set_detail(fresh(dset), b)["results"] is None
    seen = selectors.set_detail(fresh(dset), a)
    assert seen["results"]["players"] == 1 and seen["results"]["mine"]["score"] == 50.0
    # a's match is over, but the set is open: its seed stays secret everywhere
    match = Match.objects.get(pk=ea.match_id)
    assert match.status == Match.Status.FINISHED
    assert "server_seed" not in match_fairness(match)
    assert "fairness" not in match_record(match)
    assert match_record(match)["duplicate"] == {"deals": 2, "first": 0}
    assert "server_seed" not in seen["fairness"]
    play_entry(eb)
    board = selectors.set_detail(fresh(dset), b)["results"]
    assert board["players"] == 2
    assert sorted(line["score"] for line in board["leaderboard"]) in (
        [0.0, 100.0],
        [50.0, 50.0],
        [25.0, 75.0],
    )
    services.set_close(dset.pk)
    dset.refresh_from_db()
    closed = selectors.set_detail(fresh(dset), None)
    assert closed["fairness"]["server_seed"] == dset.server_seed
    assert match_fairness(match)["server_seed"] == dset.server_seed
    assert match_record(match)["fairness"]["server_seed"] == dset.server_seed
    checked = verify_deals(match_record(match))  # the record checks as any match's does
    assert len(checked) == 2 and all(d["ok"] for d in checked)


def test_an_unfinished_player_counts_zero_when_the_set_closes(make_user):
    dset = services.set_create(user=make_user(), mode="blot", deals=3, open_minutes=60, private=False)
    done, quitter = make_user(), make_user()
    e_done = services.set_play(user=done, set_id=dset.pk)
    e_quit = services.set_play(user=quitter, set_id=dset.pk)
    play_entry(e_done)
    play_entry(e_quit, stop_after_deal=1)
    services.set_close(dset.pk)
    e_quit.refresh_from_db()
    assert e_quit.forfeit and e_quit.results == [] and e_quit.finished_at is not None
    assert Match.objects.get(pk=e_quit.match_id).status == Match.Status.FINISHED
    e_quit.refresh_from_db()
    assert e_quit.results == []  # the match ended by his leaving records nothing over the forfeit
    board = selectors.comparison(fresh(dset), quitter.pk)
    assert board["mine"]["score"] == 0.0 and board["mine"]["place"] == 2
    assert board["leaderboard"][0]["score"] == 100.0
    with pytest.raises(Refused) as refused:
        services.set_play(user=make_user(), set_id=dset.pk)
    assert refused.value.code == "set_closed"


def test_daily_rollover_opens_one_set_per_mode_and_closes_after_a_day(make_user):
    now = datetime(2026, 12, 7, 0, 0, 30, tzinfo=services.MOSCOW)
    assert services.rollover(now) == {"closed": 0, "opened": len(MODES)}
    assert services.rollover(now + timedelta(minutes=5)) == {"closed": 0, "opened": 0}
    daily = DuplicateSet.objects.filter(kind="daily")
    assert sorted(daily.values_list("mode", flat=True)) == sorted(MODES)
    first = daily.first()
    assert first.opens_at == datetime(2026, 12, 7, tzinfo=services.MOSCOW)
    assert first.closes_at - first.opens_at == timedelta(hours=24)
    assert first.day.isoformat() == "2026-12-07"
    tomorrow = datetime(2026, 12, 8, 0, 0, 10, tzinfo=services.MOSCOW)
    assert services.rollover(tomorrow) == {"closed": len(MODES), "opened": len(MODES)}
    assert DuplicateSet.objects.filter(kind="daily", status="open").count() == len(MODES)
    assert set(DuplicateSet.objects.filter(status="open").values_list("day", flat=True)) == {tomorrow.date()}


def test_streak_counts_consecutive_days(make_user):
    anna = make_user()
    today = services.moscow_day()
    for back in (0, 1, 2, 4):
        day = today - timedelta(days=back)
        dset = DuplicateSet.objects.create(
            kind="daily",
            mode="blot",
            game="blot",
            options={},
            deals=1,
            commitment="x",
            day=day,
            opens_at=timezone.now(),
            closes_at=timezone.now(),
        )
        Entry.objects.create(set=dset, user=anna, results=[1], finished_at=timezone.now())
    assert selectors.streak(anna, today) == 3
    assert selectors.streak(anna, today + timedelta(days=1)) == 3
    assert selectors.streak(anna, today + timedelta(days=2)) == 0


def test_void_counts_for_nobody(make_user):
    dset = services.set_create(user=make_user(), mode="blot", deals=1, open_minutes=60, private=False)
    entry = services.set_play(user=make_user(), set_id=dset.pk)
    services.set_void(dset.pk)
    dset.refresh_from_db()
    assert dset.status == "void"
    assert selectors.set_detail(fresh(dset), entry.user)["results"] is None
    assert Match.objects.get(pk=entry.match_id).status == Match.Status.FINISHED


def test_admin_lists_sets_and_voids_them(make_user, client, django_user_model):
    staff = django_user_model.objects.create_superuser(username="boss", password="pw-secret-123")
    client.force_login(staff)
    dset = services.set_create(user=make_user(), mode="blot", deals=1, open_minutes=60, private=False)
    entry = services.set_play(user=make_user(), set_id=dset.pk)
    page = client.get(f"/admin/duplicates/duplicateset/{dset.pk}/change/")
    assert page.status_code == 200 and f"/admin/tables/table/{entry.table_id}/".encode() in page.content
    assert client.get("/admin/duplicates/duplicateset/").status_code == 200
    answer = client.post(
        "/admin/duplicates/duplicateset/", {"action": "void_sets", "_selected_action": [dset.pk]}, follow=True
    )
    assert answer.status_code == 200
    dset.refresh_from_db()
    assert dset.status == "void"


def test_leaving_ends_the_set_the_rest_forfeited(make_user):
    dset = services.set_create(user=make_user(), mode="bazar_blot_2", deals=4, open_minutes=60, private=False)
    anna = make_user()
    entry = services.set_play(user=anna, set_id=dset.pk)
    play_entry(entry, stop_after_deal=2)
    seating.match_leave(table=Entry.objects.get(pk=entry.pk).table, user=anna)
    entry.refresh_from_db()
    assert entry.finished_at is not None and not entry.forfeit
    assert len(entry.results) == 4
    assert all(isinstance(r, int) for r in entry.results[:2]) and entry.results[2:] == [None, None]
    mine = selectors.comparison(fresh(dset), anna.pk)["mine"]
    assert [d["percent"] for d in mine["deals"]] == [50.0, 50.0, 0.0, 0.0] and mine["score"] == 25.0


def test_the_comparison_is_computed_once_per_new_result(make_user, django_assert_max_num_queries):
    dset = services.set_create(user=make_user(), mode="blot", deals=1, open_minutes=60, private=False)
    a, b = make_user(), make_user()
    play_entry(services.set_play(user=a, set_id=dset.pk))
    first = selectors.comparison(fresh(dset), a.pk)
    with django_assert_max_num_queries(1):  # cached: only the caller's own entry is read
        assert selectors.comparison(dset, a.pk) == first
    play_entry(services.set_play(user=b, set_id=dset.pk))
    again = selectors.comparison(fresh(dset), b.pk)  # a new result: a new version, recomputed
    assert again["players"] == 2 and again["mine"]["user"] == b.pk
