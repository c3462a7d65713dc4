"""Precomputed tables for Дурак's hot paths: action dicts, beating masks, rank bits, seat rings.

Cards of one deck are ints ``suit * width + rank``: ``width`` 9 for the 24- and 36-card decks
(ranks ``6..A``, the ints of :mod:`cards`; the 24-card deck uses ranks ``9..A`` of them) and 13
for the 52-card deck (ranks ``2..A``). :class:`CardTables` holds one width's tables; the
module-level names are those of width 9 (the seeds' game) and stay as they always were.

Every action dict here is shared by all states and immutable by convention: the engine
returns these very objects from ``legal_actions`` so that listing moves allocates nothing
but the list.

:class:`Ring` holds the seat geometry of one table (its occupied seats, pairs, who may throw
in), precomputed for every set of seats still in the game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from .actions import Canonical
from .cards import CODES, DECK_24, DECK_36, SUITS, cards_of

#: Ranks of the 52-card deck, low to high; ``2``..``5`` join the ranks of :mod:`cards`.
RANKS_52 = "23456789TJQKA"
#: Deck size -> the width of its card ints.
WIDTH = {24: 9, 36: 9, 52: 13}
MAX_ATTACKS = 6

#: ``SEATS[m]``: the seats whose bits are set in ``m`` (a bit per seat 0..5), ascending.
SEATS: tuple[tuple[int, ...], ...] = tuple(tuple(s for s in range(6) if m >> s & 1) for m in range(64))

TAKE: dict[str, Any] = Canonical({"type": "take"})
DONE: dict[str, Any] = Canonical({"type": "done"})

# Memos of the legal-action lists that recur all game long (a thrower's few cards of the
# table's ranks, the beaters of one target). Values are shared tuples; a memo is emptied
# when it grows past ``MEMO_LIMIT`` entries, so memory stays bounded.
MEMO_LIMIT = 200_000


def _remember(memo: dict[int, tuple[Any, ...]], key: int, value: tuple[Any, ...]) -> tuple[Any, ...]:
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value


class CardTables:
    """The card tables of one card width (9: ranks 6..A; 13: ranks 2..A)."""

    def __init__(self, width: int) -> None:
        w = self.width = width
        n = self.n_cards = 4 * w
        if w == 9:
            self.codes: tuple[str, ...] = CODES
        else:
            self.codes = tuple(r + s for s in SUITS for r in RANKS_52)
        codes_ = self.codes
        self.card: dict[str, int] = {c: i for i, c in enumerate(codes_)}
        full = (1 << w) - 1
        #: ``{"type": "attack", "card": code}`` by card int (leading or throwing in).
        self.ATTACK = tuple(Canonical({"type": "attack", "card": codes_[c]}) for c in range(n))
        #: ``{"type": "transfer", "card": code}`` by card int.
        self.TRANSFER = tuple(Canonical({"type": "transfer", "card": codes_[c]}) for c in range(n))
        #: ``{"type": "catch", "card": code}`` by card int.
        self.CATCH = tuple(Canonical({"type": "catch", "card": codes_[c]}) for c in range(n))
        #: ``{"type": "defend", "card": code, "target": code}`` at index ``card * n_cards + target``.
        self.DEFEND = tuple(
            Canonical({"type": "defend", "card": codes_[c], "target": codes_[t]})
            for c in range(n)
            for t in range(n)
        )
        #: ``1 << rank`` by card int: a card may be thrown in when ``RANK_BIT[c] & table_ranks``.
        self.RANK_BIT = tuple(1 << (c % w) for c in range(n))
        #: ``BEATERS[trump][target]``: bit mask (bit = card int) of the cards that beat ``target``.
        self.BEATERS = tuple(
            tuple(sum(1 << c for c in range(n) if self._beats(c, t, trump)) for t in range(n))
            for trump in range(4)
        )
        #: ``CARD_BIT[c] == 1 << c``: hands are bit masks of card ints.
        self.CARD_BIT = tuple(1 << c for c in range(n))
        #: All cards of suit ``s`` as a mask.
        self.SUIT_CARDS = tuple(full << (w * s) for s in range(4))
        #: ``RANK_CARDS[m]``: mask of every card whose rank bit is in the rank mask ``m``.
        per_rank = [sum(1 << (w * s + r) for s in range(4)) for r in range(w)]
        rank_cards = [0] * (1 << w)
        for m in range(1, 1 << w):
            low = m & -m
            rank_cards[m] = rank_cards[m ^ low] | per_rank[low.bit_length() - 1]
        self.RANK_CARDS = tuple(rank_cards)
        #: ``SAME_SUIT_DEFENDS[t][(hand >> (t + 1)) & HIGHER[t]]``: defences of ``t`` in its suit.
        self.SAME_SUIT_DEFENDS = tuple(self._same_suit_defends(t) for t in range(n))
        #: ``HIGHER[t]``: mask of the ranks above ``t``'s rank, shifted down to bit 0.
        self.HIGHER = tuple((1 << (w - 1 - t % w)) - 1 for t in range(n))
        #: Ranks in the low half of a suit's chunk in :attr:`TRUMP_DEFENDS` (the rest: the high half).
        self.LOW_RANKS = low = (w + 1) // 2
        #: Mask of the low half's ranks.
        self.LOW_MASK = (1 << low) - 1
        #: ``TRUMP_DEFENDS[trump][t]``: for a target ``t`` outside the trump suit, ``(low, high)``
        #: — ``low[ranks & LOW_MASK] + high[ranks >> LOW_RANKS]`` are the ``defend`` actions onto
        #: ``t`` of the trumps whose rank bits are ``ranks``, ascending; ``None`` for a trump ``t``.
        #: A row is built on its trump's first use (:meth:`trump_defends`): thousands of tuples
        #: that a process playing no Дурак should not carry (the garbage collector walks them).
        self.TRUMP_DEFENDS: list[tuple[tuple[Any, Any] | None, ...] | None] = [None] * 4
        self.ATTACKS_MEMO: dict[int, tuple[dict[str, Any], ...]] = {}
        self.ATTACKS_DONE_MEMO: dict[int, tuple[dict[str, Any], ...]] = {}
        self.DEFENDS_MEMO: dict[int, tuple[dict[str, Any], ...]] = {}
        self.attacks = self._listing(self._chunk_table(self.ATTACK))
        self.transfers = self._listing(self._chunk_table(self.TRANSFER))

    def _beats(self, card: int, target: int, trump: int) -> bool:
        """Whether ``card`` beats ``target``: same suit and higher, or a trump on a non-trump."""
        w = self.width
        if card // w == target // w:
            return card % w > target % w
        return card // w == trump

    def beats(self, card: int, target: int, trump: int) -> bool:
        """Whether ``card`` beats ``target`` with ``trump`` (suit index) as trumps."""
        return bool(self.BEATERS[trump][target] >> card & 1)

    def lead_key(self, card: int) -> tuple[int, int]:
        """Sort key "lowest card first": rank, then suit in the order s c d h."""
        return card % self.width, card // self.width

    def _same_suit_defends(self, t: int) -> tuple[tuple[dict[str, Any], ...], ...]:
        """Indexed by the mask of the higher cards of ``t``'s suit held (bit 0 = the next rank
        up): the ``defend`` actions of those cards onto ``t``."""
        w, n = self.width, self.n_cards
        above = w - 1 - t % w
        return tuple(
            tuple(self.DEFEND[(t + 1 + i) * n + t] for i in range(above) if chunk >> i & 1)
            for chunk in range(1 << above)
        )

    def trump_defends(self, trump: int) -> tuple[tuple[Any, Any] | None, ...]:
        """The row of :attr:`TRUMP_DEFENDS` of suit ``trump``, built and kept on the first call."""
        row = self.TRUMP_DEFENDS[trump]
        if row is None:
            row = self.TRUMP_DEFENDS[trump] = self._trump_defends(trump)
        return row

    def _trump_defends(self, trump: int) -> tuple[tuple[Any, Any] | None, ...]:
        """One trump suit's row of :attr:`TRUMP_DEFENDS`."""
        w, n, low = self.width, self.n_cards, self.LOW_RANKS
        first = trump * w

        def half(t: int, start: int, size: int) -> tuple[tuple[dict[str, Any], ...], ...]:
            return tuple(
                tuple(self.DEFEND[(first + start + r) * n + t] for r in range(size) if chunk >> r & 1)
                for chunk in range(1 << size)
            )

        return tuple(None if t // w == trump else (half(t, 0, low), half(t, low, w - low)) for t in range(n))

    def _chunk_table(self, actions: tuple[dict[str, Any], ...]) -> tuple[Any, ...]:
        """``table[suit][chunk]``: the actions of the cards of ``suit`` whose rank bits form ``chunk``."""
        w = self.width
        return tuple(
            tuple(tuple(actions[w * s + r] for r in range(w) if chunk >> r & 1) for chunk in range(1 << w))
            for s in range(4)
        )

    def _listing(self, chunks: tuple[Any, ...]) -> Callable[[int], list[dict[str, Any]]]:
        s0, s1, s2, s3 = chunks
        w = self.width
        full = (1 << w) - 1
        w2, w3 = 2 * w, 3 * w

        def listing(mask: int) -> list[dict[str, Any]]:
            return [*s0[mask & full], *s1[mask >> w & full], *s2[mask >> w2 & full], *s3[mask >> w3]]

        return listing

    def attack_tuple(self, mask: int) -> tuple[dict[str, Any], ...]:
        """The ``attack`` actions of the cards in ``mask`` (memoised)."""
        return self.ATTACKS_MEMO.get(mask) or _remember(self.ATTACKS_MEMO, mask, tuple(self.attacks(mask)))

    def attack_done_tuple(self, mask: int) -> tuple[dict[str, Any], ...]:
        """The ``attack`` actions of the cards in ``mask`` followed by ``done`` (memoised)."""
        memo = self.ATTACKS_DONE_MEMO
        return memo.get(mask) or _remember(memo, mask, (*self.attacks(mask), DONE))

    def defend_tuple(self, key: int) -> tuple[dict[str, Any], ...]:
        """For ``key = beaters_mask << 6 | target``: the ``defend`` actions onto ``target`` of every
        card in ``beaters_mask`` (memoised)."""
        found = self.DEFENDS_MEMO.get(key)
        if found is None:
            t, n = key & 63, self.n_cards
            found = _remember(
                self.DEFENDS_MEMO, key, tuple(self.DEFEND[c * n + t] for c in cards_of(key >> 6))
            )
        return found


@cache
def card_tables(width: int) -> CardTables:
    """The tables of card width ``width`` (9 or 13), built once."""
    return CardTables(width)


@cache
def deck_cards(size: int) -> tuple[int, ...]:
    """The card ints of the ``size``-card deck (24, 36 or 52), in a fixed order."""
    if size == 36:
        return DECK_36
    if size == 24:
        return DECK_24
    return tuple(range(52))


# The tables of the seeds' 36-card game under their old names (tests and tools import them).
_T9 = card_tables(9)
N_CARDS = _T9.n_cards
ATTACK, TRANSFER, CATCH, DEFEND = _T9.ATTACK, _T9.TRANSFER, _T9.CATCH, _T9.DEFEND
RANK_BIT, BEATERS, CARD_BIT, SUIT_CARDS = _T9.RANK_BIT, _T9.BEATERS, _T9.CARD_BIT, _T9.SUIT_CARDS
RANK_CARDS, SAME_SUIT_DEFENDS, HIGHER = _T9.RANK_CARDS, _T9.SAME_SUIT_DEFENDS, _T9.HIGHER
attacks, transfers = _T9.attacks, _T9.transfers
beats, lead_key = _T9.beats, _T9.lead_key


# ---------------------------------------------------------------------------- seats


class Ring:
    """The seats of one table: ``size`` seats (4, or 6 when a seat above 3 is taken) clockwise,
    ``occupied`` of them taken, pairs or not, everyone or the defender's neighbours throwing.

    Pairs (4 occupied seats only) are the 1st and 3rd against the 2nd and 4th occupied seat in
    seat order: seats 0&2 against 1&3 on the seeds' table. Every table is indexed by
    ``inplay``, a bit per seat still in the game.
    """

    def __init__(self, occupied: tuple[int, ...], teams: bool, neighbors: bool) -> None:
        self.occupied = occupied
        r = self.size = 6 if max(occupied) > 3 else 4
        self.teams = teams
        #: ``side[s]``: a seat's side (its pair's number 0/1 in pairs, else the seat itself).
        self.side = tuple((occupied.index(s) % 2 if s in occupied else -1) if teams else s for s in range(r))
        #: ``pair_masks[t]``: the seats of pair ``t`` (pairs only).
        self.pair_masks = (
            tuple(sum(1 << s for s in occupied if self.side[s] == t) for t in (0, 1)) if teams else ()
        )
        masks = range(1 << r)
        seats = range(r)
        #: ``next_opponent[inplay][seat]``: the next seat clockwise still in that plays against
        #: ``seat`` (pairs skip the partner); -1 if none.
        self.next_opponent = tuple(tuple(self._next_opponent(m, s) for s in seats) for m in masks)
        #: ``next_in[inplay][seat]``: ``seat`` if still in, else the next such seat clockwise; -1 if none.
        self.next_in = tuple(tuple(self._next_in(m, s) for s in seats) for m in masks)
        #: ``after[inplay][seat]``: the next seat still in after ``seat`` clockwise.
        self.after = tuple(tuple(self._next_in(m, (s + 1) % r) for s in seats) for m in masks)
        #: ``throwers[inplay][defender]``: who throws in at him, ascending.
        self.throwers = tuple(tuple(self._throwers(m, d, neighbors) for d in seats) for m in masks)
        #: ``actors[inplay][defender]``: the throwers and the defender, ascending.
        self.actors = tuple(tuple(tuple(sorted((*self.throwers[m][d], d))) for d in seats) for m in masks)
        #: ``draw_order[inplay][starter][defender]``: who draws after a bout, in order: clockwise
        #: from the first attacker (from the next seat when he ended as defender), the defender last.
        self.draw_order = tuple(
            tuple(
                tuple(
                    (*(t for t in ((a + k) % r for k in range(r)) if m >> t & 1 and t != d), d) for d in seats
                )
                for a in seats
            )
            for m in masks
        )

    def _next_opponent(self, inplay: int, seat: int) -> int:
        r, side = self.size, self.side
        for k in range(1, r):
            t = (seat + k) % r
            if inplay >> t & 1 and side[t] != side[seat]:
                return t
        return -1

    def _next_in(self, inplay: int, seat: int) -> int:
        r = self.size
        for k in range(r):
            t = (seat + k) % r
            if inplay >> t & 1:
                return t
        return -1

    def _throwers(self, inplay: int, d: int, neighbors: bool) -> tuple[int, ...]:
        side = self.side
        found = [s for s in range(self.size) if inplay >> s & 1 and s != d and side[s] != side[d]]
        if neighbors and inplay.bit_count() > 3:
            r = self.size
            before = next(t for t in ((d - k) % r for k in range(1, r)) if inplay >> t & 1)
            after = next(t for t in ((d + k) % r for k in range(1, r)) if inplay >> t & 1)
            found = [s for s in found if s in (before, after)]
        return tuple(found)


@cache
def ring(occupied: tuple[int, ...], teams: bool, neighbors: bool) -> Ring:
    """The :class:`Ring` of a table (built once per seating and mode)."""
    return Ring(occupied, teams, neighbors)
