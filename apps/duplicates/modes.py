"""The duplicate modes of docs/rules.md «Дубль» and the cards of a set's deals, pure.

A mode is a game with fixed options and a number of seats; every player of a set sits at
:data:`SEAT` (bots take the other seats). Deal ``n`` of a set is deal ``n`` (docs/rules.md §3) of
the set's server seed with the client string ``""``: the same at every table of the set.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from apps.rules import api, fairness

#: The seat every player of a set takes (a person's partner in 2 on 2 modes is a bot at seat 2).
SEAT = 0
#: Deals in a set unless its creator chose another number, and the bounds a creator may choose.
DEFAULT_DEALS = 8
MIN_DEALS, MAX_DEALS = 1, 16
#: How long a «Дубль с друзьями» set stays open, in minutes (10 min to 7 days).
MIN_OPEN_MINUTES, MAX_OPEN_MINUTES = 10, 7 * 24 * 60


@dataclass(frozen=True)
class Mode:
    """A duplicate mode: ``key`` (stored on a set), the game, its options, its seats."""

    key: str
    game: str
    options: dict = field(hash=False)
    players: int
    deals: int = DEFAULT_DEALS

    def sides(self) -> list[int]:
        """The side of each seat: 2 on 2 partners share a side (seat % 2), else a seat is a side."""
        return [s % 2 for s in range(self.players)] if self.players == 4 else list(range(self.players))


#: docs/rules.md «Дубль»: Базар-блот 4 players (classic and Gambler) and 2 players, Обычный блот,
#: Деберц 2 players and 2 on 2, Дурак 2 players (6 games, each one deal: one match per game).
MODES: dict[str, Mode] = {
    m.key: m
    for m in (
        Mode("bazar_blot_4", "bazar_blot", {"players": 4}, 4),
        Mode("bazar_gambler_4", "bazar_blot", {"players": 4, "ruleset": "gambler"}, 4),
        Mode("bazar_blot_2", "bazar_blot", {"players": 2}, 2),
        Mode("blot", "blot", {}, 2),
        Mode("deberc_2", "deberc", {"players": 2}, 2),
        Mode("deberc_4", "deberc", {"players": 4, "teams": True}, 4),
        Mode("durak_2", "durak", {}, 2, deals=6),
    )
}


def mode_of(key: str) -> Mode:
    """The mode named ``key``; ``KeyError`` for an unknown one."""
    return MODES[key]


#: The options that tell the modes of one game apart.
_MODE_KEYS = ("players", "ruleset", "teams")


def mode_for(game: str, options: dict) -> Mode | None:
    """The mode of ``game`` with normalized ``options`` (players, ruleset, teams), or None when
    docs/rules.md «Дубль» has none (Деберц 3 players, Дурак)."""
    for mode in MODES.values():
        if mode.game != game:
            continue
        wanted = api.normalize_options(game, mode.options)
        if all(wanted.get(k) == options.get(k) for k in _MODE_KEYS):
            return mode
    return None


def dealer_of(mode: Mode, number: int) -> int:
    """docs/rules.md: the dealer of deal ``number`` is seat ``number mod players``."""
    return number % mode.players


def set_deal(server_seed: bytes, mode: Mode, number: int) -> dict:
    """Deal ``number`` of a set: ``{"hands": {"<seat>": [...]}, "stock": [...]}`` (docs/rules.md §3,
    ``client`` = ``""``, every seat occupied)."""
    seats = list(range(mode.players))
    codes = fairness.canonical_codes(fairness.deck_size(mode.game, mode.options))
    hand = fairness.hand_size(mode.game, mode.options, seats)
    return fairness.deal(server_seed, "", number, codes, seats, hand)
