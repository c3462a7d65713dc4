"""Pure rules of seating: how many seats a game has and when its match may start.

No Django here: the services pass plain data (``occupied`` seat numbers, ``ready`` ones,
``people`` ones).
"""

from __future__ import annotations

from typing import Any

#: Games whose table has 2..6 seats of which 2 or more may be occupied (seed 001).
OPEN_SEAT_GAMES = frozenset({"durak"})
#: The seats a Durak table may have: 2..6 (seed 001: 2..4 players; docs/rules.md "Variants beyond the
#: seeds": up to six). Four is the default, as in the seed; two is the one-on-one table (#36, 7).
DURAK_SEAT_COUNTS = (2, 3, 4, 5, 6)
DURAK_DEFAULT_SEATS = 4
MAX_BOTS = 3


def seat_count(game: str, options: dict[str, Any], seats: int | None = None) -> int:
    """Seats at a table of ``game`` with normalized ``options``.

    Durak has four seats, or 2..6 when ``seats`` asks for them (2 or more of them play); the
    other games seat exactly ``options["players"]`` (default 2: Обычный блот is a game for two).
    """
    if game in OPEN_SEAT_GAMES:
        return seats if seats in DURAK_SEAT_COUNTS else DURAK_DEFAULT_SEATS
    return int(options.get("players", 2))


def max_bots(seats: int) -> int:
    """Bots a table may hold: three, or all seats but one on a six-seat Durak table."""
    return max(MAX_BOTS, seats - 1)


def misfit(game: str, options: dict[str, Any], occupied: int) -> str | None:
    """Why ``occupied`` players cannot play ``options`` (a refusal code), or None.

    Durak: 24 cards deal to at most four players; pairs play with four people at most (with
    fewer, «Пара на пару» reverts when a seat empties, as before).
    """
    if game != "durak":
        return None
    if options.get("deck") == 24 and occupied > 4:
        return "deck_24_four_players"
    if options.get("teams") and occupied > 4:
        return "teams_four_people"
    return None


def min_players(game: str, seats: int) -> int:
    """How many occupied seats a match needs to start."""
    return 2 if game in OPEN_SEAT_GAMES else seats


def can_start(game: str, seats: int, occupied: set[int], ready: set[int], people: set[int]) -> bool:
    """Whether a waiting table starts now.

    Belot family: every seat occupied and ready. Durak (seed 001): at least two seats
    occupied and every occupied seat ready. Always at least one person, at most three bots
    (five on six seats; bots count as ready).
    """
    if not people or len(occupied - people) > max_bots(seats):
        return False
    if len(occupied) < min_players(game, seats):
        return False
    return occupied <= ready


def bot_names(bot_seats: list[int], people: list[int], seats: int) -> dict[int, str]:
    """«Бот 1», «Бот 2», «Бот 3» by seat, counted clockwise from the first person (docs/rules.md).

    With the person at seat 0 the bot at seat ``k`` is «Бот k», so in 2 on 2 with bots the
    partner (seat 2) is «Бот 2» (seed 004).
    """
    start = min(people) if people else 0
    return {seat: f"Бот {(seat - start) % seats or seats}" for seat in bot_seats}


def is_team_game(game: str, options: dict[str, Any]) -> bool:
    """Partners play together (Базар-блот for 4, Деберц 2 on 2, Дурак pair against pair): the
    games where free table talk between players during a deal would be cheating."""
    if game == "bazar_blot":
        return int(options.get("players", 4)) == 4
    if game in ("deberc", "durak"):
        return bool(options.get("teams"))
    return False
