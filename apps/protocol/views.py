"""The ``view`` of a ``state`` frame as a typed value, for readers (bots, benches, tests).

The server builds views as dicts (``apps/tables/selectors.py`` and each engine's ``view``) and
sends them as they are; :func:`view_from` reads one into :class:`View`: every key docs/protocol.md
promises, typed, with the game's own keys (``auction``, ``stock``,
``attacker``…) left in the dict. Unknown keys are ignored (the protocol only grows).
"""

from __future__ import annotations

from typing import Any

import msgspec

from .actions import AnyAction


class SeatView(msgspec.Struct, frozen=True, kw_only=True):
    """One seat of ``view.seats``."""

    seat: int
    name: str | None = None
    bot: str | None = None
    connected: bool = False
    ready: bool = False
    cards: int = 0
    team: int | None = None
    rating: str | None = None
    gone_deadline: int | None = None
    #: Durak: whether the seat is still in the game (absent in the belot family).
    playing: bool | None = None


class View(msgspec.Struct, frozen=True, kw_only=True):
    """What one seat (or a spectator: ``seat`` null) sees of the table."""

    table: int
    match: int | None = None
    game: str
    options: dict[str, Any] = {}
    seat: int | None = None
    seats: list[SeatView] = []
    phase: str
    status: str | None = None
    dealer: int | None = None
    trump: str | None = None
    contract: dict[str, Any] | None = None
    hand: list[str] = []
    table_cards: list[dict[str, Any]] = []
    last_trick: list[dict[str, Any]] | None = None
    to_act: list[int] = []
    legal: list[AnyAction] = []
    deadline: int | None = None
    move_deadline: int | None = None
    reserve_ms: int | None = None
    reserves: dict[str, int] | None = None
    deals: list[Any] = []
    totals: list[Any] = []
    result: dict[str, Any] | None = None
    owner: int | None = None
    spectators: int = 0
    rematch: list[int] = []
    #: docs/rules.md §3: ``{"algorithm", "commitment"}``; once the match is over also
    #: ``server_seed``, ``client_seeds`` and ``next_commitment``.
    fairness: dict[str, Any] | None = None


def view_from(value: dict[str, Any]) -> View:
    """``value`` (a frame's ``view``) as a :class:`View`; ``msgspec.ValidationError`` if a
    promised key is missing or of the wrong type."""
    return msgspec.convert(value, View)
