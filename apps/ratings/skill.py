"""The one openskill model every rating goes through (Weng-Lin with Plackett-Luce, defaults)."""

from __future__ import annotations

from functools import lru_cache

from openskill.models import PlackettLuce


@lru_cache(maxsize=1)
def model() -> PlackettLuce:
    """openskill's Plackett-Luce model with its defaults (mu 25, sigma 25/3, beta 25/6, no tau:
    a rating moves only with games, so a recompute is exact)."""
    return PlackettLuce()
