"""Precomputed tables for Дурак's hot paths: action dicts, beating masks, rank bits.

Every action dict here is shared by all states and immutable by convention: the engine
returns these very objects from ``legal_actions`` so that listing moves allocates nothing
but the list.
"""

from __future__ import annotations

from .cards import CODES, DECK_36, cards_of

N_CARDS = len(DECK_36)

#: ``{"type": "attack", "card": code}`` by card int (leading or throwing in).
ATTACK: tuple[dict, ...] = tuple({"type": "attack", "card": CODES[c]} for c in range(N_CARDS))
#: ``{"type": "transfer", "card": code}`` by card int.
TRANSFER: tuple[dict, ...] = tuple({"type": "transfer", "card": CODES[c]} for c in range(N_CARDS))
#: ``{"type": "catch", "card": code}`` by card int.
CATCH: tuple[dict, ...] = tuple({"type": "catch", "card": CODES[c]} for c in range(N_CARDS))
#: ``{"type": "defend", "card": code, "target": code}`` at index ``card * 36 + target``.
DEFEND: tuple[dict, ...] = tuple(
    {"type": "defend", "card": CODES[c], "target": CODES[t]} for c in range(N_CARDS) for t in range(N_CARDS)
)
TAKE: dict = {"type": "take"}
DONE: dict = {"type": "done"}

#: ``1 << rank`` by card int: a card may be thrown in when ``RANK_BIT[c] & table_ranks``.
RANK_BIT: tuple[int, ...] = tuple(1 << (c % 9) for c in range(N_CARDS))


def _beats(card: int, target: int, trump: int) -> bool:
    """Whether ``card`` beats ``target``: same suit and higher, or a trump on a non-trump."""
    if card // 9 == target // 9:
        return card % 9 > target % 9
    return card // 9 == trump


#: ``BEATERS[trump][target]``: bit mask (bit = card int) of the cards that beat ``target``.
BEATERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << c for c in range(N_CARDS) if _beats(c, t, trump)) for t in range(N_CARDS))
    for trump in range(4)
)


def beats(card: int, target: int, trump: int) -> bool:
    """Whether ``card`` beats ``target`` with ``trump`` (suit index) as trumps."""
    return bool(BEATERS[trump][target] >> card & 1)


def lead_key(card: int) -> tuple[int, int]:
    """Sort key "lowest card first": rank, then suit in the order s c d h."""
    return card % 9, card // 9


#: ``CARD_BIT[c] == 1 << c``: hands are bit masks of card ints.
CARD_BIT: tuple[int, ...] = tuple(1 << c for c in range(N_CARDS))
#: All cards of suit ``s`` as a mask.
SUIT_CARDS: tuple[int, ...] = tuple(((1 << 9) - 1) << (9 * s) for s in range(4))
#: ``RANK_CARDS[m]``: mask of every card whose rank bit is in the rank mask ``m`` (0..511).
RANK_CARDS: tuple[int, ...] = tuple(
    sum(1 << c for c in range(N_CARDS) if RANK_BIT[c] & m) for m in range(1 << 9)
)


def _chunk_table(actions: tuple[dict, ...]) -> tuple[tuple[tuple[dict, ...], ...], ...]:
    """``table[suit][chunk]``: the actions of the cards of ``suit`` whose rank bits form ``chunk``."""
    return tuple(
        tuple(tuple(actions[9 * s + r] for r in range(9) if chunk >> r & 1) for chunk in range(1 << 9))
        for s in range(4)
    )


_ATTACK_CHUNKS = _chunk_table(ATTACK)
_TRANSFER_CHUNKS = _chunk_table(TRANSFER)


def _listing(chunks: tuple[tuple[tuple[dict, ...], ...], ...]):
    s0, s1, s2, s3 = chunks

    def listing(mask: int) -> list[dict]:
        return [*s0[mask & 511], *s1[mask >> 9 & 511], *s2[mask >> 18 & 511], *s3[mask >> 27]]

    return listing


#: ``attacks(mask)``: the ``attack`` actions of every card in ``mask``, by card int.
attacks = _listing(_ATTACK_CHUNKS)
#: ``transfers(mask)``: the ``transfer`` actions of every card in ``mask``, by card int.
transfers = _listing(_TRANSFER_CHUNKS)


# Memos of the legal-action lists that recur all game long (a thrower's few cards of the
# table's ranks, the beaters of one target). Values are shared tuples; a memo is emptied
# when it grows past ``MEMO_LIMIT`` entries, so memory stays bounded.
MEMO_LIMIT = 200_000
ATTACKS_MEMO: dict[int, tuple[dict, ...]] = {}
ATTACKS_DONE_MEMO: dict[int, tuple[dict, ...]] = {}
DEFENDS_MEMO: dict[int, tuple[dict, ...]] = {}


def _remember(memo: dict, key: int, value: tuple) -> tuple:
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value


def attack_tuple(mask: int) -> tuple[dict, ...]:
    """The ``attack`` actions of the cards in ``mask`` (memoised)."""
    return ATTACKS_MEMO.get(mask) or _remember(ATTACKS_MEMO, mask, tuple(attacks(mask)))


def attack_done_tuple(mask: int) -> tuple[dict, ...]:
    """The ``attack`` actions of the cards in ``mask`` followed by ``done`` (memoised)."""
    return ATTACKS_DONE_MEMO.get(mask) or _remember(ATTACKS_DONE_MEMO, mask, (*attacks(mask), DONE))


def defend_tuple(key: int) -> tuple[dict, ...]:
    """For ``key = beaters_mask << 6 | target``: the ``defend`` actions onto ``target`` of every
    card in ``beaters_mask`` (memoised)."""
    found = DEFENDS_MEMO.get(key)
    if found is None:
        t = key & 63
        found = _remember(DEFENDS_MEMO, key, tuple(DEFEND[c * 36 + t] for c in cards_of(key >> 6)))
    return found


def _same_suit_defends(t: int) -> tuple[tuple[dict, ...], ...]:
    """Indexed by the mask of the higher cards of ``t``'s suit held (bit 0 = the next rank up):
    the ``defend`` actions of those cards onto ``t``."""
    rank = t % 9
    return tuple(
        tuple(DEFEND[(t + 1 + i) * 36 + t] for i in range(8 - rank) if chunk >> i & 1)
        for chunk in range(1 << (8 - rank))
    )


#: ``SAME_SUIT_DEFENDS[t][(hand >> (t + 1)) & HIGHER[t]]``: defences of ``t`` in its own suit.
SAME_SUIT_DEFENDS: tuple = tuple(_same_suit_defends(t) for t in range(N_CARDS))
#: ``HIGHER[t]``: mask of the ranks above ``t``'s rank, shifted down to bit 0.
HIGHER: tuple[int, ...] = tuple((1 << (8 - t % 9)) - 1 for t in range(N_CARDS))


# Seat geometry, by ``inplay`` (bit per seat still in the game), precomputed for all 16 sets.


def _next_opponent(inplay: int, seat: int, teams: bool) -> int:
    for k in (1, 2, 3):
        t = (seat + k) & 3
        if inplay >> t & 1 and not (teams and k == 2):
            return t
    return -1


def _next_in(inplay: int, seat: int) -> int:
    for k in (0, 1, 2, 3):
        t = (seat + k) & 3
        if inplay >> t & 1:
            return t
    return -1


def _throwers(inplay: int, d: int, teams: bool) -> tuple[int, ...]:
    return tuple(s for s in range(4) if inplay >> s & 1 and s != d and not (teams and (s - d) % 2 == 0))


#: ``NEXT_OPPONENT[teams][inplay][seat]``: the next seat clockwise still in that plays against
#: ``seat`` (pairs skip the partner); -1 if none.
NEXT_OPPONENT = tuple(
    tuple(tuple(_next_opponent(m, s, teams) for s in range(4)) for m in range(16)) for teams in (False, True)
)
#: ``NEXT_IN[inplay][seat]``: ``seat`` if still in, else the next such seat clockwise; -1 if none.
NEXT_IN = tuple(tuple(_next_in(m, s) for s in range(4)) for m in range(16))
#: ``THROWERS[teams][inplay][defender]``: who throws in at him, ascending.
THROWERS = tuple(
    tuple(tuple(_throwers(m, d, teams) for d in range(4)) for m in range(16)) for teams in (False, True)
)
#: ``ACTORS[teams][inplay][defender]``: the throwers and the defender, ascending.
ACTORS = tuple(
    tuple(tuple(tuple(sorted((*_throwers(m, d, teams), d))) for d in range(4)) for m in range(16))
    for teams in (False, True)
)
#: ``DRAW_ORDER[inplay][starter][defender]``: who draws after a bout, in order: clockwise from
#: the first attacker (from the next seat when he ended as defender), the defender last.
DRAW_ORDER = tuple(
    tuple(
        tuple((*(t for t in ((a + k) & 3 for k in range(4)) if m >> t & 1 and t != d), d) for d in range(4))
        for a in range(4)
    )
    for m in range(16)
)
