"""The game ``bazar_blot`` with every ruleset loaded (its entry in ``api.GAMES``).

:class:`BazarBlot` hands a ``ruleset: "gambler"`` match over to the subclass registered for
it; importing :mod:`apps.rules.bazar_gambler` here registers it, so the classic module needs
no import of its own subclass.
"""

from __future__ import annotations

from .bazar_blot import BazarBlot
from .bazar_gambler import BazarGambler

__all__ = ["BazarBlot", "BazarGambler"]
