"""Pure seating rules: seats per game, when a match starts, bot names."""

from apps.rules.seating import bot_names, can_start, seat_count


def test_seat_count():
    assert seat_count("durak", {}) == 4
    assert seat_count("bazar_blot", {"players": 2}) == 2
    assert seat_count("deberc", {"players": 3}) == 3
    assert seat_count("blot", {"target": 501}) == 2


def test_belot_family_starts_only_full_and_ready():
    assert not can_start("bazar_blot", 4, {0, 1, 2}, {0, 1, 2}, {0})
    assert not can_start("bazar_blot", 4, {0, 1, 2, 3}, {1, 2, 3}, {0})
    assert can_start("bazar_blot", 4, {0, 1, 2, 3}, {0, 1, 2, 3}, {0})


def test_durak_starts_with_two_to_four_ready_occupied_seats():
    assert not can_start("durak", 4, {0}, {0}, {0})
    assert can_start("durak", 4, {0, 2}, {0, 2}, {0, 2})
    assert not can_start("durak", 4, {0, 1, 2}, {0, 1}, {0, 2})
    assert not can_start("durak", 4, {0, 1}, {0, 1}, set())  # a person must sit


def test_bots_are_named_by_seat_from_the_person():
    assert bot_names([1, 2, 3], [0], 4) == {1: "Бот 1", 2: "Бот 2", 3: "Бот 3"}
    assert bot_names([2], [0, 1, 3], 4) == {2: "Бот 2"}  # 2 on 2: the partner is «Бот 2»
    assert bot_names([0, 3], [1, 2], 4) == {3: "Бот 2", 0: "Бот 3"}
