"""Trick-taking tables and obligations of play shared by the belot family.

Everything here works on card ints (``suit * 9 + rank``, see :mod:`apps.rules.cards`) and on
*masks*: a set of cards is an int with bit ``c`` set for card ``c``. Hands, played cards and
legal plays are masks, so the obligations of play are a handful of ``&`` operations.

Trump modes (the ``mode`` argument everywhere):

- ``0..3``: that suit (``s c d h``) is trump;
- :data:`NT` (4): no trump (без козыря, БК);
- :data:`ALL` (5): every suit is trump (все козыри, ВК; Gambler only).

Per mode the module precomputes (all read-only, indexed ``[mode][card]``):

- :data:`ORDER` strength of a card inside its suit (trump order J 9 A T K Q 8 7 for trump
  cards, A T K Q J 9 8 7 otherwise);
- :data:`POINTS` card points (docs/rules.md common notation);
- :data:`ABOVE` mask of the cards of the same suit that are stronger;
- :data:`BEATS` mask of the cards that take the trick from this card when it is winning
  (stronger cards of its suit, plus every trump when it is not a trump);
- :data:`TRUMPS` mask of the trump cards of the mode.

The obligations of play are one function, :func:`legal_mask`, parameterised by a
:class:`PlayRules` value: each game states its rules as data (``BAZAR``, ``DEBERC``, ...).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import RANKS, SUITS

NT = 4
ALL = 5
#: Trump choice codes of docs/rules.md by mode; ``MODE_OF`` is the inverse.
MODE_CODES: tuple[str, ...] = (*SUITS, "nt", "all")
MODE_OF: dict[str, int] = {code: i for i, code in enumerate(MODE_CODES)}

SUIT_MASK: tuple[int, ...] = tuple(0x1FF << (9 * s) for s in range(4))
FULL_MASK = (1 << 36) - 1
#: Mask of the four cards of each rank index.
RANK_MASK: tuple[int, ...] = tuple(sum(1 << (s * 9 + r) for s in range(4)) for r in range(9))

# Ascending strength inside a suit, by rank character (the six only exists in Durak).
_TRUMP_ASC = "678QKTA9J"
_PLAIN_ASC = "6789JQKTA"
_TRUMP_ORDER = tuple(_TRUMP_ASC.index(r) for r in RANKS)
_PLAIN_ORDER = tuple(_PLAIN_ASC.index(r) for r in RANKS)
_TRUMP_POINTS = dict(zip(RANKS, (0, 0, 0, 14, 10, 20, 3, 4, 11), strict=True))
_PLAIN_POINTS = dict(zip(RANKS, (0, 0, 0, 0, 10, 2, 3, 4, 11), strict=True))
_NT_POINTS = dict(zip(RANKS, (0, 0, 0, 0, 10, 2, 3, 4, 19), strict=True))


def _is_trump(mode: int, suit: int) -> bool:
    return mode in (ALL, suit)


def _order(mode: int, c: int) -> int:
    suit, rank = divmod(c, 9)
    return _TRUMP_ORDER[rank] if _is_trump(mode, suit) else _PLAIN_ORDER[rank]


def _points(mode: int, c: int) -> int:
    suit, rank = divmod(c, 9)
    if _is_trump(mode, suit):
        return _TRUMP_POINTS[RANKS[rank]]
    return (_NT_POINTS if mode == NT else _PLAIN_POINTS)[RANKS[rank]]


#: Per mode, per card: a table of ints.
_Table = tuple[tuple[int, ...], ...]


def _build() -> tuple[_Table, _Table, _Table, _Table, tuple[int, ...]]:
    order: list[tuple[int, ...]] = []
    points: list[tuple[int, ...]] = []
    above: list[tuple[int, ...]] = []
    beats: list[tuple[int, ...]] = []
    trumps: list[int] = []
    for mode in range(6):
        tm = FULL_MASK if mode == ALL else (SUIT_MASK[mode] if mode < 4 else 0)
        o = tuple(_order(mode, c) for c in range(36))
        a = tuple(sum(1 << d for d in range(36) if d // 9 == c // 9 and o[d] > o[c]) for c in range(36))
        b = tuple(a[c] | (0 if tm >> c & 1 else tm) for c in range(36))
        order.append(o)
        points.append(tuple(_points(mode, c) for c in range(36)))
        above.append(a)
        beats.append(b)
        trumps.append(tm)
    return tuple(order), tuple(points), tuple(above), tuple(beats), tuple(trumps)


ORDER, POINTS, ABOVE, BEATS, TRUMPS = _build()


def mode_code(mode: int | None) -> str | None:
    """The docs/rules.md code of a trump mode (``None`` stays ``None``)."""
    return None if mode is None or mode < 0 else MODE_CODES[mode]


def _suit_points() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``[mode][suit][9-bit rank pattern]``: the card points of those cards of the suit (a suit
    scores as a trump, a plain suit or a no-trump suit: three distinct tables, shared)."""
    by_ranks: dict[tuple[int, ...], tuple[int, ...]] = {}
    tables = []
    for mode in range(6):
        per_suit = []
        for suit in range(4):
            ranks = POINTS[mode][suit * 9 : suit * 9 + 9]
            if ranks not in by_ranks:
                pts = [0] * 512
                for bits in range(1, 512):
                    low = bits & -bits
                    pts[bits] = pts[bits ^ low] + ranks[low.bit_length() - 1]
                by_ranks[ranks] = tuple(pts)
            per_suit.append(by_ranks[ranks])
        tables.append(tuple(per_suit))
    return tuple(tables)


#: Card points of a suit's cards by their rank pattern, per mode (:func:`card_points`).
SUIT_POINTS = _suit_points()


def card_points(mask: int, mode: int) -> int:
    """The card points of the cards of ``mask`` in ``mode`` (no last-trick bonus): four
    lookups, one per suit's 9 bits.

    >>> card_points(sum(1 << c for c in range(36)), 0) == sum(POINTS[0])
    True
    """
    p0, p1, p2, p3 = SUIT_POINTS[mode]
    return p0[mask & 511] + p1[mask >> 9 & 511] + p2[mask >> 18 & 511] + p3[mask >> 27 & 511]


def trick_winner(cards: list[int], mode: int) -> int:
    """Index in ``cards`` (in play order, ``cards[0]`` led) of the card that takes the trick."""
    beats = BEATS[mode]
    best = 0
    for i in range(1, len(cards)):
        if beats[cards[best]] >> cards[i] & 1:
            best = i
    return best


def round_small(points: int) -> int:
    """Full points to small points: divide by 10, remainder 6..9 up, 0..5 down (docs/rules.md)."""
    q, r = divmod(points, 10)
    return q + 1 if r >= 6 else q


@dataclass(frozen=True)
class PlayRules:
    """The obligations of play of one game, as flags read by :func:`legal_mask`.

    Every game shares: lead anything; follow the led suit when you can; in no-trump only
    that. The flags say what else applies:

    - ``beat_partner_trump``: when trumps are led (or, void, when trumping over a trump),
      the highest trump must be beaten even when it is the partner's (Базар-блот: yes;
      Деберц: no, any trump will do over the partner's).
    - ``void_partner_free``: void in the led suit while the partner wins the trick: any
      card (Базар-блот: yes; Деберц: no, you still trump).
    - ``void_must_trump``: void in the led suit (and not freed above): play a trump when
      you hold one.
    - ``undertrump_free``: void, an opponent's trump is winning and you cannot beat it:
      any card (Базар-блот) rather than any trump (Деберц).
    - In all-trumps (mode ``ALL``): follow the led suit and beat its highest card when you
      can; void: any card.
    """

    beat_partner_trump: bool = True
    void_partner_free: bool = True
    void_must_trump: bool = True
    undertrump_free: bool = True


#: Базар-блот classic and Gambler, 4 and 2 players (seed 000 rules 1..4).
BAZAR = PlayRules()
#: Деберц (seed 004): the partner's trump need not be beaten, a void player always trumps.
DEBERC = PlayRules(beat_partner_trump=False, void_partner_free=False, undertrump_free=False)
#: Обычный блот (2 players: the partner flags never apply).
BLOT = PlayRules()


def legal_mask(
    hand: int,
    led: int,
    win_card: int,
    win_partner: bool,
    mode: int,
    rules: PlayRules,
) -> int:
    """The mask of cards of ``hand`` that may be played now.

    ``led`` is the led suit (-1 when leading), ``win_card`` the card winning the trick so
    far, ``win_partner`` whether the player's partner played it. Returns a non-empty subset
    of ``hand`` whenever ``hand`` is non-empty.
    """
    if led < 0:
        return hand
    follow = hand & SUIT_MASK[led]
    tm = TRUMPS[mode]
    if follow:
        # Trumps led (or all-trumps): beat the highest card of the suit when you can.
        if tm >> win_card & 1 and win_card // 9 == led and (rules.beat_partner_trump or not win_partner):
            higher = follow & ABOVE[mode][win_card]
            if higher:
                return higher
        return follow
    if mode == ALL or not tm:
        return hand
    if win_partner and rules.void_partner_free:
        return hand
    trumps = hand & tm
    if not trumps or not rules.void_must_trump:
        return hand
    if tm >> win_card & 1:
        if win_partner and not rules.beat_partner_trump:
            return trumps
        higher = trumps & ABOVE[mode][win_card]
        if higher:
            return higher
        return hand if rules.undertrump_free else trumps
    return trumps


def refusal_code(hand: int, led: int, win_card: int, mode: int) -> str:
    """The snake_case reason a card outside the legal mask is refused."""
    if led >= 0 and hand & SUIT_MASK[led]:
        if TRUMPS[mode] >> win_card & 1 and win_card // 9 == led:
            return "must_overtrump"
        return "must_follow_suit"
    if TRUMPS[mode] >> win_card & 1:
        return "must_overtrump"
    return "must_trump"
