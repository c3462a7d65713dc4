"""Provably fair deals at the tables (docs/rules.md §3): the server seeds, the client seeds, and
the ``fairness`` block of the views and records.

A table holds the server seed of its next match (drawn with :mod:`secrets` when the table is
created and again when each match starts, so a rematch gets a new one); only its commitment
leaves the server until that match ends. The seated people's client seeds wait on their
seats until the start, when they go to the match with the server seed. The seeds are
revealed once the match is over (:func:`match_fairness`).
"""

from __future__ import annotations

import functools

from apps.core.errors import Refused
from apps.rules import fairness

from . import hooks, models
from .models import Match, Table


def new_server_seed() -> str:
    """A fresh server seed (hex): :func:`apps.tables.models.new_server_seed`, looked up when
    called, so a test fixes every seed by patching that one function."""
    return models.new_server_seed()


def check_client_seed(value: object) -> str:
    """``value`` as a client seed, or ``Refused("bad_client_seed")`` (1–64 printable ASCII
    characters other than ``:`` and ``|``, docs/rules.md §3)."""
    if not fairness.valid_client_seed(value):
        raise Refused("bad_client_seed")
    return value  # type: ignore[return-value]


@functools.lru_cache(maxsize=4096)
def commitment_of(server_seed_hex: str) -> str:
    """The commitment of a server seed (hex), computed once per seed: every move's views show
    it, and OpenSSL's SHA-256 was ≈ 1–4 % of daphne's time per move (docs/performance.md,
    «Live without pace (h-live6)»)."""
    return fairness.commitment(bytes.fromhex(server_seed_hex))


def table_fairness(table: Table) -> dict:
    """The waiting table's ``fairness``: the algorithm and the commitment of its next match."""
    return {"algorithm": fairness.ALGORITHM, "commitment": commitment_of(table.server_seed)}


def match_fairness(match: Match) -> dict | None:
    """The match's ``fairness``: ``{"algorithm", "commitment"}`` while it is played; once it is
    over also ``server_seed`` (hex), ``client_seeds`` (every occupied seat, ``""`` for a bot or a
    person who sent none) and ``next_commitment`` (the table's next match's: a rematch's).
    None for a match from before fair deals (dealt from a 48-bit seed). A finished match whose
    seed a :mod:`.hooks` provider holds (a duplicate set still open) shows the commitment only."""
    if not match.server_seed:
        return None
    if match.status != Match.Status.FINISHED or hooks.seed_held(match):
        return {"algorithm": fairness.ALGORITHM, "commitment": commitment_of(match.server_seed)}
    out = fairness.reveal(bytes.fromhex(match.server_seed), match.client_seeds, match.seats)
    if match.next_commitment:
        out["next_commitment"] = match.next_commitment
    return out


def match_seeds(match_server_seed: str, client_seeds: dict, seats: list[int]) -> fairness.Seeds:
    """The engine's :class:`~apps.rules.fairness.Seeds` of a match."""
    return fairness.Seeds(bytes.fromhex(match_server_seed), fairness.client_string(client_seeds, seats))
