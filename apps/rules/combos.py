"""Combinations of the belot family: sequences, carrés, belote, and their comparison.

A combination is a :class:`Combo` (a tuple, so it is immutable and JSON-friendly as a list):
``(kind, value, length, top, suit, cards)`` with ``kind`` :data:`SEQ` or :data:`CARRE`,
``value`` in full points, ``length`` the length it *compares* with, ``top`` the rank index of
its top card, ``suit`` (-1 for a carré) and ``cards`` a mask.

What counts is data, a :class:`ComboRules` per game/option:

=================== ============================== ============ ===== =======
rules                sequence values                compare cap  split carrés
=================== ============================== ============ ===== =======
``BAZAR_ALL``        3: 20, 4: 50, 5+: 100          real length  no    yes
``BAZAR_NO_CARRE``   3: 20, 4+: 50                  4            no    no
``BLOT_RULES``       3: 20, 4: 50, 5+: 100          5            no    yes
``DEBERC_RULES``     3: 20, 4: 50 (longer: split)   4            yes   no
=================== ============================== ============ ===== =======

``split`` (Деберц) takes the top four of a longer run as a fifty and lets the rest form
another combination (7 in a row = 50 + 20); without it a maximal run is one sequence.

Comparison (:func:`combo_key`): any carré beats any sequence; carrés by their rank order
(J 9 A T K Q, no-trump A T K Q J); sequences by compared length, then top card, then being
in the trump suit. :func:`best_side` breaks the remaining ties by play order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .cards import ACE, EIGHT, JACK, KING, NINE, QUEEN, SEVEN, TEN
from .tricks import ALL, NT, RANK_MASK, SUIT_MASK

SEQ = 0
CARRE = 1


class Combo(NamedTuple):
    kind: int
    value: int
    length: int
    top: int
    suit: int
    cards: int


@dataclass(frozen=True)
class ComboRules:
    """What combinations count in a game (see the module table)."""

    seq_values: tuple[tuple[int, int], ...] = ((3, 20), (4, 50), (5, 100))
    compare_cap: int = 8
    split: bool = False
    carres: bool = True
    #: ``table[9-bit rank pattern]``: that suit's sequences (built once, see ``_suit_sequences``).
    table: tuple[Any, ...] = field(default=(), init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "table", tuple(_suit_sequences(bits, self) for bits in range(512)))

    def seq_value(self, length: int) -> int:
        """Value of a run of ``length`` (>= 3) cards: the entry of the longest length <= it."""
        value = 0
        for n, v in self.seq_values:
            if length >= n:
                value = v
        return value

    @property
    def chunk(self) -> int:
        """Largest run length that is one combination when runs are split."""
        return self.seq_values[-1][0]


# Carré values by rank index (0: not a combination).
_CARRE_TRUMP = {JACK: 200, NINE: 140, ACE: 110, TEN: 100, KING: 100, QUEEN: 100}
_CARRE_NT = {ACE: 190, TEN: 100, KING: 100, QUEEN: 100, JACK: 100}
#: ``CARRE_VALUE[mode][rank]``: full points of four cards of that rank (0 = none).
CARRE_VALUE: tuple[tuple[int, ...], ...] = tuple(
    tuple((_CARRE_NT if mode == NT else _CARRE_TRUMP).get(r, 0) for r in range(9)) for mode in range(6)
)
#: Carré strength by rank index: J 9 A T K Q with a trump, A T K Q J in no-trump.
CARRE_ORDER: tuple[int, ...] = tuple("QKTA9J".find(r) for r in "6789TJQKA")
CARRE_ORDER_NT: tuple[int, ...] = tuple("JQKTA".find(r) for r in "6789TJQKA")
assert CARRE_VALUE[0][SEVEN] == 0 and CARRE_VALUE[NT][NINE] == 0 and CARRE_VALUE[0][EIGHT] == 0


def _runs_table() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each 9-bit rank pattern: its maximal runs of 3+ as ``(lowest rank, length)``."""
    table = []
    for bits in range(512):
        runs = []
        r = 0
        while r < 9:
            if bits >> r & 1:
                start = r
                while r < 9 and bits >> r & 1:
                    r += 1
                if r - start >= 3:
                    runs.append((start, r - start))
            else:
                r += 1
        table.append(tuple(runs))
    return tuple(table)


#: ``RUNS[pattern]``: maximal runs of a suit's 9-bit rank pattern.
RUNS = _runs_table()

KIND_NAMES = {20: "tierce", 50: "fifty", 100: "hundred"}


def kind_name(combo: Combo) -> str:
    """The kind shown during trick 1: ``tierce``, ``fifty``, ``hundred`` or ``carre``
    (on screen «терц», «50», «сто», «каре»)."""
    return "carre" if combo.kind == CARRE else KIND_NAMES.get(combo.value, "hundred")


def _suit_sequences(bits: int, rules: ComboRules) -> tuple[tuple[int, int, int, int], ...]:
    """Sequences of one suit's 9-bit pattern as ``(value, compare length, top, rank bits)``."""
    out = []
    cap = rules.compare_cap
    for low, length in RUNS[bits]:
        if rules.split:
            top = low + length - 1
            while length >= 3:
                n = min(length, rules.chunk)
                out.append((rules.seq_value(n), min(n, cap), top, ((1 << n) - 1) << (top - n + 1)))
                top -= n
                length -= n
        else:
            out.append(
                (rules.seq_value(length), min(length, cap), low + length - 1, ((1 << length) - 1) << low)
            )
    return tuple(out)


BAZAR_ALL = ComboRules()
BAZAR_NO_CARRE = ComboRules(seq_values=((3, 20), (4, 50)), compare_cap=4, carres=False)
BLOT_RULES = ComboRules(compare_cap=5)
DEBERC_RULES = ComboRules(seq_values=((3, 20), (4, 50)), compare_cap=4, split=True, carres=False)


def sequences(hand: int, rules: ComboRules) -> list[Combo]:
    """The sequences of ``hand`` under ``rules`` (a card in one sequence only)."""
    table = rules.table
    out = []
    for s in range(4):
        for value, length, top, bits in table[(hand >> (9 * s)) & 0x1FF]:
            out.append(Combo(SEQ, value, length, top, s, bits << (9 * s)))
    return out


#: ``_CARRE_RANKS[mode]``: ``(rank, mask, value)`` of the ranks whose carré counts.
_CARRE_RANKS = tuple(
    tuple((r, RANK_MASK[r], CARRE_VALUE[mode][r]) for r in range(9) if CARRE_VALUE[mode][r])
    for mode in range(6)
)


def carres(hand: int, mode: int, rules: ComboRules) -> list[Combo]:
    """The carrés of ``hand`` that count in ``mode`` (none when ``rules.carres`` is off)."""
    if not rules.carres:
        return []
    return [Combo(CARRE, value, 4, r, -1, m) for r, m, value in _CARRE_RANKS[mode] if hand & m == m]


#: ``_CARRE_BITS[mode]``: rank bits whose carré counts in ``mode``.
_CARRE_BITS = tuple(sum(1 << r for r, _m, _v in ranks) for ranks in _CARRE_RANKS)


def has_combo(hand: int, mode: int, rules: ComboRules) -> bool:
    """Whether ``hand`` holds a combination that counts (a cheap test before ``find_combos``)."""
    table = rules.table
    if table[hand & 511] or table[hand >> 9 & 511] or table[hand >> 18 & 511] or table[hand >> 27 & 511]:
        return True
    return bool(rules.carres and hand & (hand >> 9) & (hand >> 18) & (hand >> 27) & _CARRE_BITS[mode])


def find_combos(hand: int, mode: int, rules: ComboRules | None) -> list[Combo]:
    """Every combination of ``hand`` that counts (``rules`` None: combinations are off).

    Sequences and carrés are found independently: a card may be in both.
    """
    if rules is None:
        return []
    return carres(hand, mode, rules) + sequences(hand, rules)


def combo_key(combo: Combo, mode: int) -> tuple[int, int, int, int]:
    """Sort key: the stronger combination has the larger key (play-order ties excluded)."""
    if combo.kind == CARRE:
        return (1, (CARRE_ORDER_NT if mode == NT else CARRE_ORDER)[combo.top], 0, 0)
    trump = 1 if mode == ALL or mode == combo.suit else 0
    return (0, combo.length, combo.top, trump)


def best_key(combos: list[Combo], mode: int) -> tuple[int, int, int, int] | None:
    """The key of the strongest of ``combos`` (None when empty)."""
    if not combos:
        return None
    return max(combo_key(c, mode) for c in combos)


def best_side(
    declared: list[list[Combo] | None],
    mode: int,
    play_order: list[int],
    side_of: list[int],
) -> int:
    """The side whose best declared combination wins, or -1 when nobody declared one.

    ``declared[seat]`` is what that seat declared; ``play_order`` lists seats from the first
    leader. Equal best keys go to the seat earliest in ``play_order``.
    """
    best = None
    side = -1
    for seat in play_order:
        key = best_key(declared[seat] or [], mode)
        if key is not None and (best is None or key > best):
            best, side = key, side_of[seat]
    return side


#: ``KQ_MASK[suit]``: the king and queen of that suit.
KQ_MASK: tuple[int, ...] = tuple((1 << (s * 9 + KING)) | (1 << (s * 9 + QUEEN)) for s in range(4))


def belote_suits(hand: int, mode: int) -> list[int]:
    """Suits in which ``hand`` holds the trump king and queen (none in no-trump)."""
    if mode < 4:
        kq = KQ_MASK[mode] if mode >= 0 else 0
        return [mode] if kq and hand & kq == kq else []
    if mode == NT:
        return []
    return [s for s in range(4) if hand & KQ_MASK[s] == KQ_MASK[s]]


def combos_mask(combos: list[Combo]) -> int:
    """The cards of ``combos`` as one mask."""
    m = 0
    for c in combos:
        m |= c.cards
    return m


__all__ = [
    "BAZAR_ALL",
    "BAZAR_NO_CARRE",
    "BLOT_RULES",
    "CARRE",
    "DEBERC_RULES",
    "SEQ",
    "SUIT_MASK",
    "Combo",
    "ComboRules",
    "belote_suits",
    "best_key",
    "best_side",
    "carres",
    "combo_key",
    "combos_mask",
    "find_combos",
    "has_combo",
    "kind_name",
    "sequences",
]
