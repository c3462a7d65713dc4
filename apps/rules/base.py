"""What every game's state promises, and the source of the cards of each deal.

Each game module (``bazar_blot``, ``blot``, ``deberc``, ``durak``) defines one subclass of
:class:`Game`. The public functions in :mod:`apps.rules.api` only dispatch to these
methods, so a game is complete when it implements every abstract method here.

Contract for implementers:

- ``apply`` is atomic: it validates the whole action first and raises
  :class:`~apps.rules.errors.IllegalAction` before changing anything.
- ``apply`` mutates ``self`` and returns the list of public events (dicts with a ``type``);
  events never carry a card the whole table may not see.
- The state is JSON-serialisable through ``to_json``/``from_json`` and round-trips exactly.
- Nothing reads the clock or an unseeded random generator.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any, ClassVar

from . import fairness

Action = dict[str, Any]
Event = dict[str, Any]


class DealSource:
    """Cards for each deal: given ones (a scenario, a replay), a seeded shuffle, or the fair stream.

    ``given`` is the scenario's list of ``{"hands": {"0": [...]}, "stock": [...]}``; with it the
    source runs dry after the last entry (``next_deal`` returns ``None``) and the match waits
    between deals. Without it every deal is shuffled from ``seed`` and the deal's number, so a
    match is reproducible from its seed alone (scenarios, benches, tests).

    ``fair`` (:class:`~apps.rules.fairness.Seeds`): a live match. Every deal is the stream of
    FAIRNESS.md (:meth:`fair_deal`), and so is every other draw (:meth:`fair_draw`, also with
    ``given``: a replayed record of a live match draws its Шулер penalty cards as it did).

    ``deals`` (RULES.md «Дубль»): a duplicate set's match of exactly that many deals, each
    scored alone (no match target, nothing carried); the match ends after the last one.
    ``first``: the set's number of the match's deal 0 (a duplicate Durak game ``n`` is a match of
    one deal, the set's deal ``n``): the fair stream deals ``first + number``.
    """

    def __init__(
        self,
        seed: int = 0,
        given: list[dict] | None = None,
        fair: fairness.Seeds | None = None,
        deals: int | None = None,
        first: int = 0,
    ) -> None:
        self.seed = seed
        self.given = given
        self.fair = fair
        self.deals = deals
        self.first = first

    def next_deal(self, number: int, deck: tuple[int, ...] | list[int]) -> list[int] | dict | None:
        """Deal number ``number`` (0-based): the given dict, or ``deck`` shuffled, or ``None``."""
        if self.given is not None:
            return self.given[number] if number < len(self.given) else None
        cards = list(deck)
        self.rng(number, "deal").shuffle(cards)
        return cards

    def fair_deal(self, number: int, codes: list[str], seats: list[int], hand: int) -> dict | None:
        """With ``fair`` and no ``given``: deal ``number`` as FAIRNESS.md lays it out (a block of
        ``hand`` cards per occupied seat of ``seats``, the rest the stock), in the scenario
        format; else ``None`` (the caller uses :meth:`next_deal`)."""
        if self.fair is None or self.given is not None:
            return None
        return fairness.deal(self.fair.server_seed, self.fair.client, self.first + number, codes, seats, hand)

    def fair_draw(self, number: int, purpose: str, bound: int) -> int:
        """A draw in ``range(bound)`` inside deal ``number``: the fair stream's
        ``words(f"{number}:{purpose}")`` with ``fair``, else the seeded generator's."""
        if self.fair is not None:
            return fairness.draw(self.fair.server_seed, self.fair.client, number, purpose, bound)
        return self.rng(number, purpose).randrange(bound)

    def rng(self, number: int, purpose: str) -> random.Random:
        """A generator seeded from the match seed, a deal number and a purpose string."""
        return random.Random(f"{self.seed}:{number}:{purpose}")

    def to_json(self) -> dict:
        data: dict[str, Any] = {"seed": self.seed, "given": self.given}
        if self.fair is not None:
            data["fair"] = self.fair.to_json()
        if self.deals is not None:
            data["deals"] = self.deals
        if self.first:
            data["first"] = self.first
        return data

    @classmethod
    def from_json(cls, data: dict) -> DealSource:
        fair = data.get("fair")
        return cls(
            data["seed"],
            data["given"],
            fairness.Seeds.from_json(fair) if fair else None,
            data.get("deals"),
            data.get("first", 0),
        )


class Game(ABC):
    """The state of one match of one game, with the rules as its methods."""

    #: The game's name as in RULES.md: ``bazar_blot``, ``blot``, ``deberc``, ``durak``.
    name: ClassVar[str]

    @classmethod
    @abstractmethod
    def normalize_options(cls, options: dict) -> dict:
        """Options with defaults filled in; raise ``InvalidOptions`` for what RULES.md refuses."""

    @classmethod
    @abstractmethod
    def create(
        cls,
        options: dict,
        *,
        source: DealSource,
        dealer: int | None = None,
        seats: list[int] | None = None,
    ) -> Game:
        """A new match, its first deal already dealt (or waiting when ``source`` is dry).

        ``dealer`` None lets the game choose (Деберц: deal to the first ace; others: from the
        seed). ``seats`` are Durak's occupied seats.
        """

    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats with at least one legal action now, ascending; [] when over or waiting."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now in canonical form (SCENARIOS.md), without
        ``leave``, ``surrender`` and system actions; [] when the seat may not act."""

    @abstractmethod
    def apply(self, seat: int, action: Action, *, system: bool = False) -> list[Event]:
        """Do ``action`` for ``seat``; ``system`` marks the server's own actions (``timeout``,
        ``close``). Raise ``IllegalAction`` and change nothing when it is not allowed."""

    @abstractmethod
    def view(self, seat: int | None) -> dict:
        """What ``seat`` may see (None: a spectator), with the keys PROTOCOL.md lists that
        the engine knows (not ids, names, connections or deadlines: the table adds those)."""

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict]:
        """``view(seat)`` of each of ``seats``, by seat: equal to calling :meth:`view` for each.
        An engine may build the parts every seat sees once; the views may then share those
        parts with each other (with the state, only what :meth:`view` shares: the legal
        actions), so a caller must not change one view's nested values in place."""
        return {seat: self.view(seat) for seat in seats}

    @abstractmethod
    def summary(self) -> dict:
        """``{"deals", "totals", "finished", "winners", "reason"}`` as in SCENARIOS.md results;
        ``reason`` is null while the match goes on."""

    @abstractmethod
    def current_deal(self) -> dict:
        """``{"number", "dealer", "hands", "stock"}``: the cards of the deal in progress as
        dealt, in the scenario format (hidden information: for the record only)."""

    def finished(self) -> bool:
        """``summary()["finished"]`` without building the score sheet (asked after every move)."""
        return bool(self.summary()["finished"])

    def deal_number(self) -> int | None:
        """``current_deal()["number"]`` without listing the cards (asked after every move)."""
        return self.current_deal().get("number")

    @abstractmethod
    def to_json(self) -> dict:
        """The whole state as JSON-ready data."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict) -> Game:
        """The inverse of ``to_json``."""

    def opening_events(self) -> list[Event]:
        """The public events of the deal as dealt, before any action (Durak: ``trump_shown``
        when the deal used up the deck); none by default."""
        return []

    def copy(self) -> Game:
        """An independent copy (games override with something faster)."""
        return type(self).from_json(self.to_json())
