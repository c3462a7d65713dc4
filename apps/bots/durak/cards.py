"""Card arithmetic of Дурак on the card codes of views ("Th"), and fairness in Шулер."""

from __future__ import annotations

RANKS = "6789TJQKA"
RANK = {r: i for i, r in enumerate(RANKS)}
SUITS = "scdh"


def trump_suit(view: dict) -> str | None:
    """The trump suit of a Durak view (its ``trump`` is a suit or the face-up card)."""
    t = view.get("trump")
    if not t:
        card = view.get("trump_card") or view.get("face_up")
        return card[1] if card else None
    return t[-1]


def beats(card: str, target: str, trump: str | None) -> bool:
    """Whether ``card`` beats ``target``: same suit higher, or a trump on a non-trump."""
    if card[1] == target[1]:
        return RANK[card[0]] > RANK[target[0]]
    return card[1] == trump


def value(card: str, trump: str | None) -> int:
    """How dear a card is to keep: rank, trumps above every plain card."""
    return RANK[card[0]] + (10 if card[1] == trump else 0)


def table_pairs(view: dict) -> list[tuple[str, str | None]]:
    """The bout as ``[(attack, defence or None), ...]``."""
    return [(e["attack"], e.get("defence")) for e in view.get("table_cards") or [] if e.get("attack")]


def table_ranks(view: dict) -> set[str]:
    ranks = set()
    for a, d in table_pairs(view):
        ranks.add(a[0])
        if d:
            ranks.add(d[0])
    return ranks


def unfair_cards(view: dict) -> set[str]:
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


def is_fair(view: dict, action: dict) -> bool:
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
