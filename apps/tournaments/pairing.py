"""Who sits with whom: Swiss rounds and arena tables.

An entrant is a player alone or a fixed pair (one line of the standings either way). Two-sided
tables (1 on 1, and 2 on 2 where each side is a pair) are found by maximum weight matching
(networkx's ``max_weight_matching``): every entrant but a bye is paired, nobody meets an
opponent again where a pairing without repeats exists, and among those the sum of the squared
score differences is the least (ties of score broken by rating). Tables of three to six
(Дурак, Деберц 3) are cut from the standings in score order, as BGA groups them, with swaps
between neighbouring tables to avoid repeats.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import networkx as nx


@dataclass(frozen=True, slots=True)
class Entrant:
    """One line of the standings as pairing sees it. ``met``: the entrants already played in
    this event (Swiss) or at the entrant's last table (arena); ``byes``: byes had so far."""

    id: int
    score: float = 0.0
    rating: float = 0.0
    met: frozenset = field(default_factory=frozenset)
    byes: int = 0


@dataclass(frozen=True, slots=True)
class Round:
    """A round's tables (tuples of entrant ids, best placed first) and its byes."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()


def standings_order(entrants: Iterable[Entrant]) -> list[Entrant]:
    """Entrants best first: score, then rating, then id as text (so equal lines stay put)."""
    return sorted(entrants, key=lambda e: (-e.score, -e.rating, str(e.id)))


def _bye_takers(ordered: list[Entrant], count: int) -> list[Entrant]:
    """The ``count`` entrants who sit out: fewest byes first, and among them the lowest placed."""
    ranked = sorted(range(len(ordered)), key=lambda i: (ordered[i].byes, -i))
    return [ordered[i] for i in ranked[:count]]


def _penalty(a: Entrant, b: Entrant) -> int:
    """The cost of seating ``a`` against ``b``: the squared score difference first, the rating
    difference a distant second (both whole numbers, as the matching compares exactly)."""
    return round((a.score - b.score) * 2) ** 2 * 1_000_000 + min(round(abs(a.rating - b.rating)), 999_999)


def _matching(entrants: list[Entrant], window: int | None) -> tuple[list[tuple[Entrant, Entrant]], int]:
    """A maximum weight perfect matching over pairs at most ``window`` places apart in the
    standings (``None``: all pairs); returns the pairs and how many repeat an earlier meeting.
    An empty list when no perfect matching exists within the window."""
    edges: list[tuple[int, int, int, bool]] = []
    for i, a in enumerate(entrants):
        last = len(entrants) if window is None else min(len(entrants), i + 1 + window)
        for j in range(i + 1, last):
            b = entrants[j]
            edges.append((i, j, _penalty(a, b), b.id in a.met or a.id in b.met))
    if not edges:
        return [], 0
    # Every matching found is perfect (maxcardinality), so maximising the weights minimises
    # the penalties plus ``repeat`` per repeated meeting; ``repeat`` outweighs the penalties of
    # a whole matching, so the fewest repeats come first.
    worst = max(penalty for *_, penalty, _repeat in edges)
    repeat_cost = worst * (len(entrants) // 2 + 1) + 1
    ceiling = repeat_cost + worst + 1
    graph = nx.Graph()
    for i, j, penalty, repeat in edges:
        graph.add_edge(i, j, weight=ceiling - penalty - (repeat_cost if repeat else 0))
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matched) * 2 != len(entrants):
        return [], 0
    pairs = [tuple(sorted(pair)) for pair in matched]
    pairs.sort()
    result = [(entrants[i], entrants[j]) for i, j in pairs]
    return result, sum(1 for a, b in result if b.id in a.met or a.id in b.met)


#: Standings cut into blocks of this many for the matching (an even number): the blossom
#: algorithm is cubic, and a pair further apart than a block in score order is never the best.
BLOCK = 64


def pair_two_sided(entrants: Iterable[Entrant], *, window: int = 12) -> Round:
    """A Swiss round of two-sided tables: one bye when the count is odd (fewest byes, lowest
    placed), everyone else paired, repeats only where no pairing avoids them, score groups kept
    as far as they can be. Each block of the standings is matched looking ``window`` places up
    and down first, widened to the whole block when that leaves someone out or repeats a
    meeting; a field of at most two blocks is matched as one."""
    ordered = standings_order(entrants)
    byes = _bye_takers(ordered, len(ordered) % 2)
    playing = [e for e in ordered if e not in byes]
    block = len(playing) if len(playing) <= 2 * BLOCK else BLOCK
    tables: list[tuple[int, int]] = []
    for start in range(0, len(playing), block):
        part = playing[start : start + block]
        best: list[tuple[Entrant, Entrant]] = []
        for span in (window, None):
            if span is not None and span >= len(part):
                continue
            pairs, repeats = _matching(part, span)
            if pairs:
                best = pairs
                if repeats == 0:
                    break
        tables.extend((a.id, b.id) for a, b in best)
    return Round(tables=tuple(tables), byes=tuple(e.id for e in byes))


def table_sizes(count: int, size: int, min_size: int) -> list[int]:
    """Sizes of the tables seating as many of ``count`` entrants as can be, as even as can be,
    each from ``min_size`` to ``size``; fewest tables. The rest (if any) take byes.

    >>> table_sizes(10, 4, 3)
    [4, 3, 3]
    >>> table_sizes(7, 3, 3)
    [3, 3]
    """
    if not 2 <= min_size <= size:
        raise ValueError("table sizes need 2 <= min_size <= size")
    for seated in range(count, min_size - 1, -1):
        tables = -(-seated // size)
        if tables * min_size <= seated:
            base, extra = divmod(seated, tables)
            return [base + 1] * extra + [base] * (tables - extra)
    return []


def _repeats(table: Sequence[Entrant]) -> int:
    return sum(1 for i, a in enumerate(table) for b in table[i + 1 :] if b.id in a.met or a.id in b.met)


def group_tables(entrants: Iterable[Entrant], *, size: int, min_size: int) -> Round:
    """A round of tables of ``min_size`` to ``size`` seats cut from the standings in order (the
    best placed together), the byes to those with fewest byes and lowest placed, then swaps of
    two entrants of equal score between neighbouring tables wherever a swap lowers the number of
    repeated meetings."""
    ordered = standings_order(entrants)
    sizes = table_sizes(len(ordered), size, min_size)
    byes = _bye_takers(ordered, len(ordered) - sum(sizes))
    playing = [e for e in ordered if e not in byes]
    tables: list[list[Entrant]] = []
    start = 0
    for seats in sizes:
        tables.append(playing[start : start + seats])
        start += seats
    improved = True
    while improved:
        improved = False
        for left, right in itertools.pairwise(tables):
            for i, a in enumerate(left):
                for j, b in enumerate(right):
                    if a.score != b.score:
                        continue
                    before = _repeats(left) + _repeats(right)
                    left[i], right[j] = b, a
                    if _repeats(left) + _repeats(right) < before:
                        improved = True
                        a, b = b, a
                    else:
                        left[i], right[j] = a, b
    ordered_tables = tuple(tuple(e.id for e in standings_order(table)) for table in tables)
    return Round(tables=ordered_tables, byes=tuple(e.id for e in byes))


#: The arena matches a part of the standings as one full graph only up to this size.
FULL_GRAPH = 40


def _arena_matching(part: list[Entrant], window: int = 12) -> tuple[list[tuple[int, int]], list[Entrant]]:
    """The most tables of two among ``part`` (in standings order) by weighted matching on score
    and rating, no edge between last opponents, looking ``window`` places up and down first, then
    three times as far, and (a part of at most :data:`FULL_GRAPH`) at the whole part while that
    leaves out more than an odd one; returns the tables and who is left out."""
    best: tuple[list[tuple[int, int]], list[Entrant]] = ([], list(part))
    # the whole part only when it is small: a full graph of a 64-block takes a second, and
    # whoever is left out is tried with the next block (or the next pass, moments later)
    spans = (window, 3 * window, *((None,) if len(part) <= FULL_GRAPH else ()))
    for span in spans:
        if span is not None and span >= len(part):
            continue
        graph = nx.Graph()
        worst = 1
        for i, a in enumerate(part):
            last = len(part) if span is None else min(len(part), i + 1 + span)
            for j in range(i + 1, last):
                b = part[j]
                if b.id not in a.met and a.id not in b.met:
                    penalty = _penalty(a, b)
                    worst = max(worst, penalty)
                    graph.add_edge(i, j, penalty=penalty)
        fresh = worst * (len(part) // 2 + 1) + 2
        for *_ends, data in graph.edges(data=True):
            data["weight"] = fresh - data["penalty"]
        pairs = sorted(tuple(sorted(pair)) for pair in nx.max_weight_matching(graph, maxcardinality=True))
        seated = {i for pair in pairs for i in pair}
        found = (
            [(part[i].id, part[j].id) for i, j in pairs],
            [e for k, e in enumerate(part) if k not in seated],
        )
        if len(found[0]) > len(best[0]):
            best = found
        if len(best[1]) <= len(part) % 2:
            break
    return best


def arena_tables(waiting: Iterable[Entrant], *, size: int, min_size: int | None = None) -> Round:
    """Tables for the arena's free entrants: two-sided tables by weighted matching on standing
    and rating, never against the last table's opponents; tables of three to six cut from the
    standings in order, skipping anyone who sat with one already placed at the table last time.
    Whoever cannot be seated now waits for the next pass (returned as ``byes``)."""
    ordered = standings_order(waiting)
    if size == 2:
        # Blocks of the standings, as a Swiss round's: the blossom algorithm is cubic (a full
        # graph of 1,000 free entrants takes minutes). Whoever a block leaves out (his only
        # candidates were his last opponents) is tried again with the next block.
        tables: list[tuple[int, int]] = []
        carry: list[Entrant] = []
        for start in range(0, len(ordered), BLOCK):
            last = start + BLOCK >= len(ordered) - BLOCK // 2  # a short tail joins the last block
            part = carry + ordered[start : len(ordered) if last else start + BLOCK]
            pairs, carry = _arena_matching(part)
            tables.extend(pairs)
            if last:
                break
        return Round(tables=tuple(tables), byes=tuple(e.id for e in carry))
    least = min_size or size
    groups: list[list[Entrant]] = []
    rest = list(ordered)
    while len(rest) >= least:
        table: list[Entrant] = []
        for entrant in list(rest):
            if len(table) == size:
                break
            if all(entrant.id not in other.met and other.id not in entrant.met for other in table):
                table.append(entrant)
        if len(table) < least:
            break
        groups.append(table)
        rest = [e for e in rest if e not in table]
    return Round(tables=tuple(tuple(e.id for e in t) for t in groups), byes=tuple(e.id for e in rest))
