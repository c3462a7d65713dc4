"""Which module decides for a game: the Durak player or the belot family's player."""

from __future__ import annotations

from types import ModuleType


def player_for(game: str) -> ModuleType:
    """The module deciding for ``game`` (imported lazily: a game's engine may not exist yet)."""
    if game == "durak":
        from .durak import player as durak_player

        return durak_player
    from .belot import player as belot_player

    return belot_player
