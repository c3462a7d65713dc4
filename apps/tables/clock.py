"""Pure timing rules of a table: move time, the belot family's reserve, Durak's 30 s.

Durations are in milliseconds and multiplied by ``scale`` (the ``TABLES_TIME_SCALE``
setting: 1 in production, small in tests so turns time out in a fraction of a second).
"""

from __future__ import annotations

from apps.rules.base import Event

#: Per player per deal, belot family (seed 000, docs/rules.md "Timeouts").
RESERVE_MS = 30_000
#: Durak: every action (seed 001 §11).
DURAK_MOVE_MS = 30_000
#: Шулер: the check before a bout closes (seed 001 §12).
CHECK_MS = 4_000
#: Durak: a disconnected player not back within this loses (seed 001 §11).
DISCONNECT_MS = 30_000
#: Quick play: a seated person must open the table within this time of the start (lichess: 20 s).
NO_SHOW_MS = 20_000
DEFAULT_MOVE_TIME_S = 20
#: How long everyone sees a completed trick (a Durak bout: its last card) before play goes on.
TRICK_HOLD_MS = 1_500
#: How long the deal's summary stays up before the next deal's auction can be played.
DEAL_HOLD_MS = 5_000
_HOLD_BY_EVENT = {"trick": TRICK_HOLD_MS, "bout_over": TRICK_HOLD_MS, "deal_scored": DEAL_HOLD_MS}


def hold_ms(events: list[Event], scale: float = 1.0) -> int:
    """The pause after a change with these engine ``events`` (0: none).

    The table shows the full trick, who took it, and the deal's summary for this long; the
    next turn's clock starts after it and bots wait it out, so nobody loses time to it."""
    held = max((_HOLD_BY_EVENT.get(event.get("type", ""), 0) for event in events), default=0)
    return scaled(held, scale) if held else 0


def has_reserve(game: str) -> bool:
    """The belot family has a per-deal reserve after the move time; Durak does not."""
    return game != "durak"


def turn_ms(game: str, options: dict, phase: str | None, scale: float = 1.0) -> int:
    """Time for the current turn before the reserve (if any) starts running."""
    if game == "durak":
        base = CHECK_MS if phase == "check" else DURAK_MOVE_MS
    else:
        base = int(options.get("move_time") or DEFAULT_MOVE_TIME_S) * 1000
    return scaled(base, scale)


def reserve_ms(scale: float = 1.0) -> int:
    """The full reserve each player gets at the start of every deal."""
    return scaled(RESERVE_MS, scale)


def disconnect_ms(scale: float = 1.0) -> int:
    return scaled(DISCONNECT_MS, scale)


def scaled(ms: int, scale: float) -> int:
    return max(1, int(ms * scale))


def reserve_after(reserve: int, elapsed_ms: int, turn: int) -> int:
    """Reserve left after a turn that took ``elapsed_ms`` of which ``turn`` ms were free."""
    return max(0, reserve - max(0, elapsed_ms - turn))
