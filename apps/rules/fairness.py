"""Provably fair deals: the algorithm of docs/rules.md §3 (``hmac-sha256-fy-v1``), pure.

A live match's cards come from a 32-byte ``server_seed`` the server committed to
(``commitment``: its SHA-256 hex digest) before anyone could act, mixed with the client seeds
the players sent. Everything here is deterministic and reads no clock and no generator: the
server draws the seed (``secrets``) in apps.tables and hands it in.

- :func:`words` / :class:`Stream`: HMAC-SHA256(server_seed, ``f"{client}|{label}|{counter}"``)
  read as big-endian 32-bit words; :meth:`Stream.draw` without modulo bias.
- :func:`shuffle`: Fisher–Yates from the end on ``words(label)``; ``deck[0]`` is the top.
- :func:`deal`: deal ``n``'s deck (label ``str(n)``) cut into one block of ``hand`` cards per
  occupied seat in increasing seat number, the rest the stock in drawing order.
- :func:`first_ace`: Деберц's first dealer (label ``"dealer"``).
- :func:`draw`: any other draw inside deal ``n`` (label ``f"{n}:{purpose}"``).
- :func:`verify_deals`: every deal of a record against the stream (``manage.py verify_match``).
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

ALGORITHM = "hmac-sha256-fy-v1"

#: Canonical order of docs/rules.md §3: suits ``c d h s``, ranks ascending within each suit.
CANONICAL_SUITS = "cdhs"
CANONICAL_RANKS = "23456789TJQKA"
_LOWEST_RANK = {24: "9", 32: "7", 36: "6", 52: "2"}

#: A client seed: 1–64 printable ASCII characters (0x20–0x7e) other than ``:`` and ``|``.
CLIENT_SEED_RE = re.compile(r"[\x20-\x39\x3b-\x7b\x7d\x7e]{1,64}")
CLIENT_SEED_MAX = 64
SERVER_SEED_BYTES = 32


def commitment(server_seed: bytes) -> str:
    """``sha256(server_seed).hexdigest()``: shown before the match, checked after it."""
    return hashlib.sha256(server_seed).hexdigest()


def valid_client_seed(value: object) -> bool:
    """Whether ``value`` is a client seed docs/rules.md §3 allows (a str of 1–64 printable ASCII
    characters, neither ``:`` nor ``|``)."""
    return isinstance(value, str) and CLIENT_SEED_RE.fullmatch(value) is not None


def client_string(client_seeds: dict[str, Any], seats: Iterable[int]) -> str:
    """The client seeds joined by ``:`` in increasing seat number over the occupied ``seats``
    (a seat without one contributes ``""``): ``{"0": "k3v9"}`` on seats 0, 1 gives ``"k3v9:"``."""
    seeds = {str(k): v for k, v in (client_seeds or {}).items()}
    return ":".join(seeds.get(str(s)) or "" for s in sorted(seats))


def canonical_codes(size: int) -> list[str]:
    """The ``size``-card deck (24, 32, 36, 52) in canonical order, as card codes."""
    ranks = CANONICAL_RANKS[CANONICAL_RANKS.index(_LOWEST_RANK[size]) :]
    return [r + s for s in CANONICAL_SUITS for r in ranks]


def canonical_order(codes: Iterable[str]) -> list[str]:
    """``codes`` sorted into canonical order (whatever order an engine keeps its deck in)."""
    return sorted(codes, key=lambda c: (CANONICAL_SUITS.index(c[1]), CANONICAL_RANKS.index(c[0])))


def words(server_seed: bytes, client: str, label: str) -> Iterator[int]:
    """The endless stream of 32-bit words of ``label``."""
    counter = 0
    while True:
        block = hmac.new(server_seed, f"{client}|{label}|{counter}".encode(), hashlib.sha256).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i : i + 4], "big")
        counter += 1


class Stream:
    """``words(label)`` with :meth:`draw` (uniform in ``range(bound)``, by rejection)."""

    def __init__(self, server_seed: bytes, client: str, label: str) -> None:
        self._words = words(server_seed, client, label)

    def draw(self, bound: int) -> int:
        """The next uniform integer in ``0..bound-1``: words ``>= 2**32 - 2**32 % bound`` are skipped."""
        if not 1 <= bound <= 2**32:
            raise ValueError(f"bound out of range: {bound}")
        limit = 2**32 - (2**32 % bound)
        while True:
            x = next(self._words)
            if x < limit:
                return x % bound


def shuffle(server_seed: bytes, client: str, label: str, cards: Iterable[str]) -> list[str]:
    """``cards`` (canonical order expected) shuffled by Fisher–Yates from the end on ``label``."""
    deck = list(cards)
    stream = Stream(server_seed, client, label)
    for i in range(len(deck) - 1, 0, -1):
        j = stream.draw(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(
    server_seed: bytes, client: str, number: int, codes: Iterable[str], seats: Iterable[int], hand: int
) -> dict[str, Any]:
    """Deal ``number``'s cards in the scenario format: ``{"hands": {"<seat>": [...]}, "stock"}``.

    The deck (``codes``, put in canonical order) shuffled on ``str(number)``; from the top each
    occupied seat in increasing number takes a block of ``hand`` cards, the rest is the stock."""
    deck = shuffle(server_seed, client, str(number), canonical_order(codes))
    ordered = sorted(seats)
    hands = {str(s): deck[i * hand : (i + 1) * hand] for i, s in enumerate(ordered)}
    return {"hands": hands, "stock": deck[len(ordered) * hand :]}


def first_ace(
    server_seed: bytes, client: str, codes: Iterable[str], seats: Iterable[int]
) -> tuple[int, list[list[Any]]]:
    """Деберц's first dealer: the deck shuffled on ``"dealer"`` dealt one card at a time to the
    occupied ``seats`` in increasing number; returns the seat of the first ace and the cards
    shown, ``[[seat, code], ...]`` (the ace last)."""
    deck = shuffle(server_seed, client, "dealer", canonical_order(codes))
    ordered = sorted(seats)
    shown: list[list[Any]] = []
    for i, c in enumerate(deck):
        seat = ordered[i % len(ordered)]
        shown.append([seat, c])
        if c[0] == "A":
            return seat, shown
    raise ValueError("the deck holds no ace")


def draw(server_seed: bytes, client: str, number: int, purpose: str, bound: int) -> int:
    """A draw in ``range(bound)`` inside deal ``number`` for ``purpose`` (``words(f"{n}:{purpose}")``)."""
    return Stream(server_seed, client, f"{number}:{purpose}").draw(bound)


@dataclass(frozen=True)
class Seeds:
    """The seeds of one match: the server seed and the ``client`` string of its seats."""

    server_seed: bytes
    client: str

    def to_json(self) -> dict[str, Any]:
        return {"server_seed": self.server_seed.hex(), "client": self.client}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seeds:
        return cls(bytes.fromhex(data["server_seed"]), data["client"])


def reveal(server_seed: bytes, client_seeds: dict[str, Any], seats: Iterable[int]) -> dict[str, Any]:
    """The ``fairness`` block of a finished match: algorithm, commitment, seed, client seeds."""
    seeds = {str(k): v for k, v in (client_seeds or {}).items()}
    return {
        "algorithm": ALGORITHM,
        "commitment": commitment(server_seed),
        "server_seed": server_seed.hex(),
        "client_seeds": {str(s): seeds.get(str(s)) or "" for s in sorted(seats)},
    }


def deck_size(game: str, options: dict[str, Any]) -> int:
    """The deck a game deals: Обычный блот 24, Базар-блот and Деберц 32, Дурак its ``deck``."""
    if game == "durak":
        return int(options.get("deck", 36))
    return 24 if game == "blot" else 32


def hand_size(game: str, options: dict[str, Any], seats: list[int]) -> int:
    """``H`` of docs/rules.md §3: the cards each seat holds before any choice."""
    if game == "bazar_blot":
        return 8 if len(seats) == 4 else 6
    return 6


def verify_deals(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Each deal of a match record (docs/rules.md §2 format with ``fairness``) against the stream.

    The seats are those of ``fairness.client_seeds`` (every occupied seat is listed); a record
    with ``duplicate`` (a duplicate set's table) deals with the client string ``""``, its deal 0
    being the set's ``duplicate.first``. Returns
    per deal ``{"number", "ok", "expected"}``: ``ok`` when the commitment is the seed's SHA-256,
    each seat's hand holds the cards of its block and the stock is the rest in order. Raises
    ``ValueError`` when the record reveals no seeds of this algorithm.
    """
    fair = record.get("fairness") or {}
    if fair.get("algorithm") != ALGORITHM or not fair.get("server_seed"):
        raise ValueError("the record reveals no seeds of " + ALGORITHM)
    seed = bytes.fromhex(fair["server_seed"])
    committed = commitment(seed) == fair.get("commitment")
    client_seeds = fair.get("client_seeds") or {}
    seats = sorted(int(s) for s in client_seeds)
    # a duplicate set's table (docs/rules.md «Дубль»): every table of the set deals with client ""
    client = "" if record.get("duplicate") else client_string(client_seeds, seats)
    options = record.get("options") or {}
    size, hand = deck_size(record["game"], options), hand_size(record["game"], options, seats)
    out = []
    first = int((record.get("duplicate") or {}).get("first") or 0)  # a duplicate Durak game
    for number, entry in enumerate(record.get("deals") or []):
        expected = deal(seed, client, first + number, canonical_codes(size), seats, hand)
        hands = {str(k): sorted(v) for k, v in (entry.get("hands") or {}).items() if v}
        same = hands == {k: sorted(v) for k, v in expected["hands"].items()}
        ok = committed and same and list(entry.get("stock") or []) == expected["stock"]
        out.append({"number": number, "ok": ok, "expected": expected})
    return out
