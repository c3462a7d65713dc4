"""Seating services (apps.tables.seating): options, seats, bots, ready; and the lobby's play with
bots and unfinished bot games."""

from __future__ import annotations

import pytest

from apps.core.errors import Refused
from apps.lobby import selectors
from apps.lobby import services as lobby
from apps.tables import seating
from apps.tables.models import Match, Seat, Table
from apps.tables.selectors import table_options_owner_id, unfinished_match_for

pytestmark = pytest.mark.django_db(transaction=True)


def refused(fn, **kwargs) -> Refused:
    with pytest.raises(Refused) as info:
        fn(**kwargs)
    return info.value


def test_create_normalizes_options_and_refuses_bad_ones(make_user):
    owner = make_user()
    table = seating.table_create(user=owner, game="bazar_blot", options={"players": 2})
    assert table.options["players"] == 2 and table.options["target"] == 51
    assert table.seat_count == 2 and table.seats.get(number=0).user == owner
    bad = refused(seating.table_create, user=owner, game="bazar_blot", options={"target": 77})
    assert bad.code == "invalid_options" and "target" in bad.errors
    assert refused(seating.table_create, user=owner, game="chess").code == "invalid_options"


def test_seats_taken_and_left(make_user):
    owner, other, third = make_user(), make_user(), make_user()
    table = seating.table_create(user=owner, game="bazar_blot", options={"players": 4})
    seating.seat_take(table_id=table.pk, user=other, seat=2)
    assert refused(seating.seat_take, table_id=table.pk, user=third, seat=2).code == "seat_taken"
    assert refused(seating.seat_take, table_id=table.pk, user=third, seat=7).code == "bad_seat"
    seating.seat_take(table_id=table.pk, user=other, seat=3)  # moves
    assert list(table.seats.filter(user=other).values_list("number", flat=True)) == [3]
    seating.seat_leave(table_id=table.pk, user=other)
    assert not table.seats.filter(user=other).exists()
    assert refused(seating.seat_leave, table_id=table.pk, user=other).code == "not_seated"


def test_bots_only_by_the_owner_at_most_three(make_user):
    owner, other = make_user(), make_user()
    table = seating.table_create(user=owner, game="durak")
    seating.seat_take(table_id=table.pk, user=other, seat=1)
    assert refused(seating.bots_set, table_id=table.pk, user=other, seat=2, level="easy").code == "not_owner"
    assert refused(seating.bots_set, table_id=table.pk, user=owner, seat=2, level="evil").code == "bad_level"
    assert refused(seating.bots_set, table_id=table.pk, user=owner, seat=1, level="easy").code == "seat_taken"
    seating.bots_set(table_id=table.pk, user=owner, seat=2, level="hard")
    assert table.seats.get(number=2).bot_level == "hard"
    seating.bots_set(table_id=table.pk, user=owner, seat=2, level=None)
    assert table.seats.get(number=2).bot_level is None


def test_durak_options_belong_to_the_person_on_the_lowest_seat(make_user):
    creator, low = make_user(), make_user()
    table = seating.table_create(user=creator, game="durak", seat=2)
    seating.seat_take(table_id=table.pk, user=low, seat=0)
    assert table_options_owner_id(table) == low.pk
    assert refused(seating.options_set, table_id=table.pk, user=creator, options={}).code == "not_owner"
    seating.options_set(table_id=table.pk, user=low, options={"transfer": True})
    table.refresh_from_db()
    assert table.options["transfer"] is True
    code = refused(seating.options_set, table_id=table.pk, user=low, options={"teams": True}).code
    assert code == "teams_need_four"


def test_durak_pairs_revert_when_a_seat_empties(make_user):
    people = [make_user() for _ in range(4)]
    table = seating.table_create(user=people[0], game="durak")
    for n in range(1, 4):
        seating.seat_take(table_id=table.pk, user=people[n], seat=n)
    seating.options_set(table_id=table.pk, user=people[0], options={"teams": True})
    seating.seat_leave(table_id=table.pk, user=people[3])
    table.refresh_from_db()
    assert table.options["teams"] is False


def test_options_change_resizes_seats_and_resets_ready(make_user):
    owner = make_user()
    table = seating.table_create(user=owner, game="bazar_blot", options={"players": 4})
    seating.ready_set(table_id=table.pk, user=owner, ready=True)
    seating.options_set(table_id=table.pk, user=owner, options={"players": 2})
    table.refresh_from_db()
    assert table.seat_count == 2 and table.seats.count() == 2
    assert not table.seats.get(number=0).ready


def test_belot_match_starts_when_all_seats_filled_and_ready(make_user):
    a, b = make_user(), make_user()
    table = seating.table_create(user=a, game="bazar_blot", options={"players": 2})
    seating.ready_set(table_id=table.pk, user=a)
    seating.seat_take(table_id=table.pk, user=b, seat=1)
    assert Table.objects.get(pk=table.pk).status == "waiting"
    seating.ready_set(table_id=table.pk, user=b)
    table.refresh_from_db()
    assert table.status == "playing"
    match = table.matches.get()
    assert match.seats == [0, 1] and [p["user"] for p in match.players] == [a.pk, b.pk]
    assert refused(seating.seat_take, table_id=table.pk, user=make_user(), seat=0).code == "already_started"


def test_durak_starts_when_every_seated_is_ready(make_user):
    a, b = make_user(), make_user()
    table = seating.table_create(user=a, game="durak")
    seating.ready_set(table_id=table.pk, user=a)
    assert Table.objects.get(pk=table.pk).status == "waiting"  # alone
    seating.seat_take(table_id=table.pk, user=b, seat=2)
    seating.ready_set(table_id=table.pk, user=b)
    match = Match.objects.get(table=table)
    assert match.seats == [0, 2]


def test_play_with_bots_starts_at_once_and_replaces_an_unfinished_bot_game_as_a_loss(make_user):
    user = make_user()
    first = lobby.play_with_bots(user=user, game="bazar_blot", level="easy")
    assert first.status == "playing" and first.private
    names = [s.bot_level for s in Seat.objects.filter(table=first).order_by("number")]
    assert names == [None, "easy", "easy", "easy"]
    assert unfinished_match_for(user.pk).table_id == first.pk
    second = lobby.play_with_bots(user=user, game="durak", bots=2)
    old = Match.objects.get(table=first)
    assert old.status == "finished" and old.result["reason"] == "leave" and 0 in old.result["losers"]
    assert unfinished_match_for(user.pk).table_id == second.pk
    assert Match.objects.get(table=second).seats == [0, 1, 2]


def test_open_tables_lists_public_unfinished_tables(make_user):
    owner = make_user()
    public = seating.table_create(user=owner, game="durak")
    lobby.play_with_bots(user=make_user(), game="durak")
    listed = selectors.open_tables()
    assert [t["id"] for t in listed] == [public.pk]
    assert listed[0]["seats"][0]["name"] == owner.username


# ---------------------------------------------------------------- Durak with six seats (variants)


def test_durak_six_seats_with_five_bots_starts_a_six_player_game(make_user):
    owner = make_user()
    table = lobby.play_with_bots(user=owner, game="durak", options={"deck": 52}, level="easy", seats=6)
    table.refresh_from_db()
    assert table.seat_count == 6 and table.status == Table.Status.PLAYING
    assert table.seats.exclude(bot_level=None).count() == 5
    match = Match.objects.get(table=table)
    assert match.seats == [0, 1, 2, 3, 4, 5] and match.options["deck"] == 52
    assert match.state["state"]["occupied"] == [0, 1, 2, 3, 4, 5]


def test_durak_seat_count_is_four_unless_two_to_six_is_asked(make_user):
    owner = make_user()
    assert seating.table_create(user=owner, game="durak").seat_count == 4
    assert seating.table_create(user=owner, game="durak", seats=7).seat_count == 4
    assert seating.table_create(user=owner, game="durak", seats=1).seat_count == 4
    for count in (2, 3, 5):  # one on one, three, five (#36, item 7)
        table = seating.table_create(user=owner, game="durak", seats=count)
        assert table.seat_count == count and table.seats.count() == count
    six = seating.table_create(user=owner, game="durak", seats=6)
    assert six.seat_count == 6 and six.seats.count() == 6
    assert seating.table_create(user=owner, game="bazar_blot", seats=6).seat_count == 4
    assert refused(lobby.play_with_bots, user=owner, game="durak", bots=4).code == "too_many_bots"


def test_durak_24_cards_and_pairs_refuse_a_fifth_player(make_user):
    people = [make_user() for _ in range(5)]
    table = seating.table_create(user=people[0], game="durak", options={"deck": 24}, seats=6)
    for n in range(1, 4):
        seating.seat_take(table_id=table.pk, user=people[n], seat=n)
    code = refused(seating.seat_take, table_id=table.pk, user=people[4], seat=4).code
    assert code == "deck_24_four_players"
    code = refused(seating.bots_set, table_id=table.pk, user=people[0], seat=5, level="easy").code
    assert code == "deck_24_four_players"
    seating.seat_take(table_id=table.pk, user=people[3], seat=5)  # moving is no fifth player
    seating.options_set(table_id=table.pk, user=people[0], options={"deck": 36, "teams": True})
    assert refused(seating.seat_take, table_id=table.pk, user=people[4], seat=4).code == "teams_four_people"
    seating.options_set(table_id=table.pk, user=people[0], options={"deck": 36})
    seating.seat_take(table_id=table.pk, user=people[4], seat=4)
    for key, code in (({"deck": 24}, "deck_24_four_players"), ({"teams": True}, "teams_four_people")):
        assert refused(seating.options_set, table_id=table.pk, user=people[0], options=key).code == code
    table.refresh_from_db()
    assert table.options["deck"] == 36 and table.options["teams"] is False and table.seat_count == 6
    assert (
        refused(lobby.play_with_bots, user=people[0], game="durak", options={"deck": 24}, seats=6).code
        == "deck_24_four_players"
    )
