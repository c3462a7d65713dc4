"""The bots' fixed ratings per mode, calibrated from the strength matrix of ``bench/bots.py``.

Method (docs/ratings-calibration.md): for each mode and pair of levels (hard–normal, normal–easy),
find the gap in mu at which openskill's own Plackett-Luce model predicts the share of matches
the bench measured (the same seats and sides as the bench: one against two, a fool or a
winner). ``normal`` is anchored at a new player's rating (shown 1500): a newcomer is assumed to
play like the normal bot until his games say otherwise. Deterministic, computed once per process
in a few milliseconds.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import permutations

from .ranking import MU0, shown
from .skill import model

#: A bot's sigma in a rated match: as certain as a player with about a hundred games.
BOT_SIGMA = 2.0

#: ``mode -> (setup, (hard, normal, draws) vs normal, (normal, easy, draws) vs easy)``: matches won
#: by A, by B, drawn, from docs/performance.md «Bots: strength and decision time» (2026-11-29).
#: Setups: ``duel`` A vs B; ``teams`` pair A vs pair B; ``one_vs_two`` one A seat against two B
#: seats, A winning = A wins the match (Деберц) / A is not the fool (Durak: ``one_vs_two_fool``);
#: ``two_vs_two`` A on seats 0 and 2, B on 1 and 3, A winning = an A seat wins (Деберц) / the fool
#: is a B seat (Durak: ``two_vs_two_fool``).
MATRIX: dict[str, tuple[str, tuple[int, int, int], tuple[int, int, int]]] = {
    "bazar_4": ("teams", (150, 50, 0), (198, 2, 0)),
    "bazar_2": ("duel", (144, 56, 0), (193, 7, 0)),
    "gambler_4": ("teams", (152, 48, 0), (199, 1, 0)),
    "gambler_2": ("duel", (183, 17, 0), (200, 0, 0)),
    "blot": ("duel", (263, 137, 0), (195, 5, 0)),
    "deberc_2": ("duel", (135, 65, 0), (175, 25, 0)),
    "deberc_3": ("one_vs_two", (193, 207, 0), (146, 54, 0)),
    "deberc_4": ("two_vs_two", (249, 151, 0), (180, 20, 0)),
    "deberc_2x2": ("teams", (135, 65, 0), (170, 30, 0)),
    "durak_2": ("duel", (147, 43, 10), (191, 8, 1)),
    "durak_3": ("one_vs_two_fool", (166, 28, 6), (199, 1, 0)),
    "durak_4": ("two_vs_two_fool", (249, 145, 6), (196, 4, 0)),
    "durak_pairs": ("teams", (135, 61, 4), (192, 7, 1)),
}

LEVELS = ("easy", "normal", "hard")


def _orders_probability(strengths: list[float], event) -> float:
    """Plackett-Luce: the probability that the finishing order of sides with ``strengths``
    (``exp(mu / c)``) satisfies ``event(order)`` (an order lists side indices, best first)."""
    total = 0.0
    for order in permutations(range(len(strengths))):
        p, left = 1.0, sum(strengths)
        for side in order:
            p *= strengths[side] / left
            left -= strengths[side]
        if event(order):
            total += p
    return total


def a_share(setup: str, gap: float) -> float:
    """The share of matches the A level wins in the bench's ``setup`` when its mu is ``gap``
    above B's, by openskill's Plackett-Luce model (both at :data:`BOT_SIGMA`)."""
    beta2 = model().beta ** 2
    sides = {"duel": 2, "teams": 2, "one_vs_two": 3, "one_vs_two_fool": 3}.get(setup, 4)
    if setup == "teams":
        mus, sigma2 = [2 * gap, 0.0], 2 * BOT_SIGMA**2
    elif setup.startswith("one_vs_two"):
        mus, sigma2 = [gap, 0.0, 0.0], BOT_SIGMA**2
    elif setup.startswith("two_vs_two"):
        mus, sigma2 = [gap, 0.0, gap, 0.0], BOT_SIGMA**2
    else:
        mus, sigma2 = [gap, 0.0], BOT_SIGMA**2
    c = math.sqrt(sides * (sigma2 + beta2))
    strengths = [math.exp(mu / c) for mu in mus]
    a_sides = {0, 2} if setup.startswith("two_vs_two") else {0}
    if setup.endswith("_fool"):
        return _orders_probability(strengths, lambda order: order[-1] not in a_sides)
    return _orders_probability(strengths, lambda order: order[0] in a_sides)


def measured_share(counts: tuple[int, int, int]) -> float:
    """A's share of ``(won, lost, drawn)`` with a draw as half, shrunk by one imagined drawn
    match ((w + d/2 + 1/2) / (n + 1)) so that 200 wins of 200 give a finite gap."""
    won, lost, drawn = counts
    return (won + drawn / 2 + 0.5) / (won + lost + drawn + 1)


def level_gap(setup: str, counts: tuple[int, int, int]) -> float:
    """The mu gap between levels A and B whose predicted share in ``setup`` equals the measured
    one (bisection; the share grows with the gap)."""
    target = measured_share(counts)
    low, high = -60.0, 60.0
    for _ in range(80):
        middle = (low + high) / 2
        if a_share(setup, middle) < target:
            low = middle
        else:
            high = middle
    return (low + high) / 2


@lru_cache(maxsize=1)
def bot_mus() -> dict[str, dict[str, float]]:
    """``mode -> level -> mu`` of the bots (normal at :data:`MU0`)."""
    out = {}
    for mode, (setup, hard_normal, normal_easy) in MATRIX.items():
        out[mode] = {
            "easy": MU0 - level_gap(setup, normal_easy),
            "normal": MU0,
            "hard": MU0 + level_gap(setup, hard_normal),
        }
    return out


def bot_mu(mode: str, level: str) -> float:
    """The fixed mu of a bot of ``level`` in ``mode`` (an unknown level plays as normal)."""
    return bot_mus().get(mode, {}).get(level, MU0)


def bot_rating(mode: str, level: str) -> int:
    """The shown rating of a bot of ``level`` in ``mode``."""
    return shown(bot_mu(mode, level))


def nearest_level(mode: str, rating: float) -> str:
    """The bot level whose rating in ``mode`` is nearest ``rating`` («you play at about the level
    of …»; quick play's bots of matching level)."""
    return min(LEVELS, key=lambda level: (abs(bot_rating(mode, level) - rating), LEVELS.index(level)))


def table() -> list[dict]:
    """Every mode's bot ratings, for the calibration page and docs: ``{"mode", "easy", "normal",
    "hard"}`` (shown ratings)."""
    return [{"mode": mode, **{lv: bot_rating(mode, lv) for lv in LEVELS}} for mode in MATRIX]
