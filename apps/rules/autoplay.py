"""A small deterministic card-play policy: the server's move for a timed-out player.

It is the ``normal`` level's play as well (the bots package reuses :func:`choose_card`), so it
only uses what the seat itself sees: its legal cards, the trick on the table and the trump.

Policy, in order:

- Leading: an ace of a plain suit if held (highest-point first); otherwise the cheapest
  plain card; only trumps left: the cheapest trump.
- Partner winning the trick: the cheapest legal card (keep the strong cards).
- Otherwise, when some legal card takes the trick: the weakest card that takes it, plain
  cards before trumps.
- Otherwise: discard the cheapest legal card.

"Cheapest" means fewest card points, then lowest order in its suit, then a plain card
before a trump, then the lowest card int (so the choice is deterministic).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .cards import ACE, cards_of
from .tricks import BEATS, ORDER, POINTS, TRUMPS


class TrickState(Protocol):
    """What :func:`choose_for_state` reads of a belot-family engine state
    (:class:`apps.rules.belot.TrickGame` has it; this module stays below the engines)."""

    @property
    def trump(self) -> int: ...

    @property
    def win_card(self) -> int: ...

    @property
    def win_seat(self) -> int: ...

    @property
    def side_of(self) -> Sequence[int]: ...

    def play_mask(self, seat: int) -> int: ...


def _cheap_key(mode: int, c: int) -> tuple[int, int, int, int]:
    trump = TRUMPS[mode] >> c & 1
    return (POINTS[mode][c], ORDER[mode][c], trump, c)


def choose_card(
    legal: int,
    mode: int,
    win_card: int,
    win_partner: bool,
) -> int:
    """The card to play from the legal mask ``legal`` (non-empty).

    ``win_card`` is the card winning the trick so far (-1 when leading); ``win_partner``
    whether the seat's partner played it.
    """
    cards = cards_of(legal)
    if win_card < 0:
        tm = TRUMPS[mode]
        aces = [c for c in cards if c % 9 == ACE and not tm >> c & 1]
        if aces:
            return max(aces, key=lambda c: (POINTS[mode][c], -c))
        plain = [c for c in cards if not tm >> c & 1]
        return min(plain or cards, key=lambda c: _cheap_key(mode, c))
    if not win_partner:
        beats = BEATS[mode][win_card]
        winners = [c for c in cards if beats >> c & 1]
        if winners:
            return min(winners, key=lambda c: (TRUMPS[mode] >> c & 1, ORDER[mode][c], POINTS[mode][c], c))
    return min(cards, key=lambda c: _cheap_key(mode, c))


def choose_for_state(game: TrickState, seat: int) -> int:
    """:func:`choose_card` for ``seat`` to play now in a belot-family engine state."""
    legal = game.play_mask(seat)
    ws = game.win_seat
    partner = ws >= 0 and ws != seat and game.side_of[ws] == game.side_of[seat]
    return choose_card(legal, game.trump, game.win_card, partner)
