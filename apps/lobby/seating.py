"""Pure rules of seating: how many seats a game has and when its match may start.

No Django here: the services pass plain data (``occupied`` seat numbers, ``ready`` ones,
``people`` ones).
"""

from __future__ import annotations

#: Games whose table has four seats of which 2..4 may be occupied (seed 001).
OPEN_SEAT_GAMES = frozenset({"durak"})
MAX_BOTS = 3


def seat_count(game: str, options: dict) -> int:
    """Seats at a table of ``game`` with normalized ``options``.

    Durak always has four seats (2..4 of them play); the other games seat exactly
    ``options["players"]`` (default 2: Обычный блот is a game for two).
    """
    if game in OPEN_SEAT_GAMES:
        return 4
    return int(options.get("players", 2))


def min_players(game: str, seats: int) -> int:
    """How many occupied seats a match needs to start."""
    return 2 if game in OPEN_SEAT_GAMES else seats


def can_start(game: str, seats: int, occupied: set[int], ready: set[int], people: set[int]) -> bool:
    """Whether a waiting table starts now.

    Belot family: every seat occupied and ready. Durak (seed 001): at least two seats
    occupied and every occupied seat ready. Always at least one person, at most three bots
    (bots count as ready).
    """
    if not people or len(occupied - people) > MAX_BOTS:
        return False
    if len(occupied) < min_players(game, seats):
        return False
    return occupied <= ready


def bot_names(bot_seats: list[int], people: list[int], seats: int) -> dict[int, str]:
    """«Бот 1», «Бот 2», «Бот 3» by seat, counted clockwise from the first person (RULES.md).

    With the person at seat 0 the bot at seat ``k`` is «Бот k», so in 2 on 2 with bots the
    partner (seat 2) is «Бот 2» (seed 004).
    """
    start = min(people) if people else 0
    return {seat: f"Бот {(seat - start) % seats or seats}" for seat in bot_seats}


def is_team_game(game: str, options: dict) -> bool:
    """Partners play together (Базар-блот for 4, Деберц 2 on 2, Дурак pair against pair): the
    games where free table talk between players during a deal would be cheating."""
    if game == "bazar_blot":
        return int(options.get("players", 4)) == 4
    if game in ("deberc", "durak"):
        return bool(options.get("teams"))
    return False
