"""Card arithmetic of Дурак on the card codes of views ("Th"), and fairness in Шулер.

Ranks count from the six (``RANK["6"] == 0``, the ace 8) in every deck, so the 52-card deck's
2..5 are -4..-1 and the thresholds of the policies mean the same cards in every deck.
"""

from __future__ import annotations

from typing import Any

RANKS = "23456789TJQKA"
RANK = {r: i - 4 for i, r in enumerate(RANKS)}
SUITS = "scdh"
#: The cards of each deck size, as codes (the 24-card deck is 9..A, 36 6..A, 52 2..A).
DECK_CODES = {n: tuple(r + s for s in SUITS for r in RANKS[13 - n // 4 :]) for n in (24, 36, 52)}


def deck_size(view: dict[str, Any]) -> int:
    """The deck of the game a view shows (36 unless its options say otherwise)."""
    deck = (view.get("options") or {}).get("deck")
    return deck if deck in DECK_CODES else 36


def trump_suit(view: dict[str, Any]) -> str | None:
    """The trump suit of a Durak view (its ``trump`` is a suit or the face-up card)."""
    t = view.get("trump")
    if not t:
        card = view.get("trump_card") or view.get("face_up")
        return str(card[1]) if card else None
    return str(t[-1])


def beats(card: str, target: str, trump: str | None) -> bool:
    """Whether ``card`` beats ``target``: same suit higher, or a trump on a non-trump."""
    if card[1] == target[1]:
        return RANK[card[0]] > RANK[target[0]]
    return card[1] == trump


def value(card: str, trump: str | None) -> float:
    """How dear a card is to keep: rank, trumps above every plain card (a trump 6..A is its
    rank + 10; the 52-card deck's trump 2..5 lie between the plain ace and the trump 6)."""
    r = RANK[card[0]]
    if card[1] != trump:
        return r
    return r + 10 if r >= 0 else 9 + r / 10


def table_pairs(view: dict[str, Any]) -> list[tuple[str, str | None]]:
    """The bout as ``[(attack, defence or None), ...]``."""
    return [(e["attack"], e.get("defence")) for e in view.get("table_cards") or [] if e.get("attack")]


def table_ranks(view: dict[str, Any]) -> set[str]:
    ranks = set()
    for a, d in table_pairs(view):
        ranks.add(a[0])
        if d:
            ranks.add(d[0])
    return ranks


def unfair_cards(view: dict[str, Any]) -> set[str]:
    """Cards of the bout that break the rules without Шулер (any seat can see them).

    A defence that does not beat its attack card; an attack card after the first whose rank
    is on no other card of the bout.
    """
    trump = trump_suit(view)
    pairs = table_pairs(view)
    unfair = set()
    for i, (a, d) in enumerate(pairs):
        if d and not beats(d, a, trump):
            unfair.add(d)
        earlier = {c[0] for aa, dd in pairs[:i] for c in (aa, dd) if c}
        if i > 0 and a[0] not in earlier:
            unfair.add(a)
    return unfair


def is_fair(view: dict[str, Any], action: dict[str, Any]) -> bool:
    """Whether ``action`` would be legal without Шулер (leading, throwing, defending, transfer)."""
    trump = trump_suit(view)
    kind = action["type"]
    pairs = table_pairs(view)
    if kind == "defend":
        return beats(action["card"], action["target"], trump)
    if kind == "attack":
        return not pairs or action["card"][0] in table_ranks(view)
    if kind == "transfer":
        return bool(pairs) and all(action["card"][0] == a[0] for a, _ in pairs)
    return True
