"""Live matches deal from the stream of docs/rules.md §3: tests that need particular cards search a
server seed for them and fix it (every table's and every next match's) for the test.

    seed = find_server_seed(lambda state: api.to_act(state) == [0], "bazar_blot", {"players": 4})
    fix_server_seed(monkeypatch, seed)

The client string assumes nobody sent a client seed (bots and people readied by the services):
``":" * (seats - 1)``.
"""

from __future__ import annotations

from collections.abc import Callable

from apps.rules import api
from apps.rules.base import Game
from apps.rules.fairness import Seeds


def server_seed(n: int) -> bytes:
    """The ``n``-th candidate seed (32 bytes)."""
    return n.to_bytes(32, "big")


def fair_match(game: str, options: dict, n: int, seats: list[int] | None = None) -> Game:
    """The match a live table of ``game`` starts with server seed :func:`server_seed` (``n``)."""
    norm = api.normalize_options(game, options)
    occupied = seats or list(range(norm.get("players", 2) if game != "durak" else 4))
    return api.new_match(
        game,
        options,
        seats=occupied if game == "durak" else None,
        fair=Seeds(server_seed(n), ":" * (len(occupied) - 1)),
    )


def find_server_seed(
    fits: Callable[[Game], bool], game: str, options: dict, seats: list[int] | None = None, tries: int = 5000
) -> bytes:
    """The first candidate seed whose live match ``fits``."""
    for n in range(1, tries):
        if fits(fair_match(game, options, n, seats)):
            return server_seed(n)
    raise AssertionError(f"no server seed fits in {tries} tries")


def fix_server_seed(monkeypatch, seed: bytes) -> None:
    """Every table (and every next match) drawn from now on gets ``seed``."""
    monkeypatch.setattr("apps.tables.models.new_server_seed", lambda: seed.hex())
