"""Базар-белот, ruleset ``gambler`` (seed 002): a subclass of :class:`BazarBlot`.

Minimal placeholder until the Gambler ruleset is written: it only changes the trump choices
(``all`` added) and the default target (301); the other differences of RULES.md are still
to be implemented by overriding the hooks listed in :mod:`apps.rules.bazar_blot`.
"""

from __future__ import annotations

from typing import ClassVar

from .bazar_blot import BazarBlot, normalize_bazar_options


class BazarGambler(BazarBlot):
    """``bazar_blot`` with ``ruleset: "gambler"``."""

    TRUMP_CODES: ClassVar[tuple[str, ...]] = ("s", "c", "d", "h", "nt", "all")
    DEFAULT_TARGET: ClassVar[dict[int, int]] = {4: 301, 2: 301}

    @classmethod
    def normalize_options(cls, options: dict) -> dict:
        return normalize_bazar_options(options, cls.DEFAULT_TARGET)
