"""Card arithmetic of the belot family, on card codes as views carry them ("Th").

Every function here works on what a seat can see: card codes, the trump code of the
contract (``s c d h``, ``nt`` for no-trump, ``all`` for all-trumps) and the cards of a
trick. Nothing reads an engine state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

SUITS = "scdh"

#: Strength inside a suit (higher wins): trumps J 9 A T K Q 8 7, plain A T K Q J 9 8 7.
TRUMP_STRENGTH = {"J": 7, "9": 6, "A": 5, "T": 4, "K": 3, "Q": 2, "8": 1, "7": 0}
PLAIN_STRENGTH = {"A": 7, "T": 6, "K": 5, "Q": 4, "J": 3, "9": 2, "8": 1, "7": 0}
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
NT_POINTS = {"A": 19, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
#: Natural order for sequences (7 8 9 T J Q K A).
SEQUENCE_INDEX = {r: i for i, r in enumerate("789TJQKA")}


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def is_trump(card: str, trump: str | None) -> bool:
    """Whether ``card`` is a trump under contract trump ``trump``."""
    return trump == "all" or (trump is not None and card[1] == trump)


def strength(card: str, trump: str | None) -> int:
    """Order of ``card`` inside its suit (0..7): trump order for trumps, plain otherwise."""
    return TRUMP_STRENGTH[card[0]] if is_trump(card, trump) else PLAIN_STRENGTH[card[0]]


def points(card: str, trump: str | None) -> int:
    """Card points of ``card`` under ``trump`` (docs/rules.md common notation)."""
    if is_trump(card, trump):
        return TRUMP_POINTS[card[0]]
    if trump == "nt":
        return NT_POINTS[card[0]]
    return PLAIN_POINTS[card[0]]


def beats(card: str, best: str, led: str, trump: str | None) -> bool:
    """Whether ``card`` beats ``best``, the card winning a trick whose led suit is ``led``."""
    card_trump, best_trump = is_trump(card, trump), is_trump(best, trump)
    if trump == "all":
        # Every suit is trump: only the led suit can win.
        if card[1] != led:
            return False
        return best[1] != led or TRUMP_STRENGTH[card[0]] > TRUMP_STRENGTH[best[0]]
    if card_trump and not best_trump:
        return True
    if best_trump and not card_trump:
        return False
    if card[1] != best[1]:
        return False
    return strength(card, trump) > strength(best, trump)


def trick_winner(cards: Sequence[str], trump: str | None) -> int:
    """Index in ``cards`` (in play order) of the card winning the trick so far."""
    best = 0
    led = cards[0][1]
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], led, trump):
            best = i
    return best


def sequences(hand: Iterable[str]) -> list[list[str]]:
    """Maximal runs of 3+ cards of one suit in the natural order, each as a list of cards."""
    by_suit: dict[str, list[int]] = {}
    for c in hand:
        by_suit.setdefault(c[1], []).append(SEQUENCE_INDEX[c[0]])
    runs = []
    order = "789TJQKA"
    for s, idx in by_suit.items():
        idx.sort()
        start = 0
        for i in range(1, len(idx) + 1):
            if i == len(idx) or idx[i] != idx[i - 1] + 1:
                if i - start >= 3:
                    runs.append([order[j] + s for j in idx[start:i]])
                start = i
    return runs


def combo_value(hand: Iterable[str], trump: str | None, *, carre: bool = True, hundred: bool = True) -> int:
    """Rough value in full points of the combinations in ``hand`` under ``trump``.

    Sequences 20 / 50 / 100 (100 only with ``hundred``; else a run of 5+ counts 50),
    carrés J 200, 9 140, A 110, T K Q 100 with a trump (no-trump: A 190, T K Q J 100).
    """
    hand = list(hand)
    total = 0
    for run in sequences(hand):
        n = len(run)
        total += 20 if n == 3 else 50 if n == 4 or not hundred else 100
    if carre:
        counts: dict[str, int] = {}
        for c in hand:
            counts[c[0]] = counts.get(c[0], 0) + 1
        for r, n in counts.items():
            if n == 4:
                if trump == "nt":
                    total += {"A": 190, "T": 100, "K": 100, "Q": 100, "J": 100}.get(r, 0)
                else:
                    total += {"J": 200, "9": 140, "A": 110, "T": 100, "K": 100, "Q": 100}.get(r, 0)
    return total


def has_belote(hand: Iterable[str], trump: str | None) -> bool:
    """Trump K and Q in one hand (never in no-trump; any suit in all-trumps)."""
    cards = set(hand)
    if trump in (None, "nt"):
        return False
    suits = SUITS if trump == "all" else trump
    return any("K" + s in cards and "Q" + s in cards for s in suits)
