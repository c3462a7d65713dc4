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

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, TypedDict

from . import fairness
from .errors import IllegalAction
from .events import AnyEvent

#: An action as a game reads it: one of the typed dicts of :mod:`.actions` (``AnyAction``,
#: checked once by :func:`.actions.canonical`), read generically by its ``type``.
Action = dict[str, Any]
#: A public event as a game builds it: one of the typed dicts of :mod:`.events`.
Event = AnyEvent


try:
    import msgspec
except ImportError:  # the engine runs on a bare Python too (``python -m apps.rules.scenario``)

    def json_text(value: Any) -> str:
        """``value`` (JSON values; tuples, named ones included, as arrays) as compact JSON text,
        non-ASCII letters as they are."""
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

else:
    _encode = msgspec.json.Encoder().encode

    def json_text(value: Any) -> str:
        """``value`` (JSON values; tuples, named ones included, as arrays) as compact JSON text,
        non-ASCII letters as they are: written by msgspec, in C, reading ``value`` without
        changing it or keeping any of it."""
        return _encode(value).decode()


class Outcome(TypedDict):
    """What :meth:`Game.summary` (``api.summary``) returns: the score sheet and the result."""

    #: One result per deal played (docs/rules.md §2 results; Durak: the game's result once over).
    deals: list[dict[str, Any]]
    #: Running totals per side (team, or seat each for himself); Durak keeps none (``[]``).
    totals: list[int]
    #: Whether the match is over.
    finished: bool
    #: The winning seats, ascending; ``[]`` while the match goes on (and on a Durak draw).
    winners: list[int]
    #: Why the match ended (``target``, ``fool``, ``draw``, ``surrender``, ``leave`` ...);
    #: ``None`` while it goes on.
    reason: str | None


def seeded_shuffle(cards: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, the very same order, as straight-line code per length (the decks
    have a few fixed sizes): no Python call per card."""
    shuffle = _SHUFFLES.get(len(cards))
    if shuffle is None:
        shuffle = _SHUFFLES[len(cards)] = _unrolled_shuffle(len(cards))
    shuffle(cards, rng.getrandbits)


def _unrolled_shuffle(size: int) -> Callable[[list[Any], Callable[[int], int]], None]:
    """``random.shuffle``'s Fisher-Yates pass over ``size`` items unrolled: step ``i`` draws
    ``getrandbits(k)`` until it is at most ``i``, ``k`` the bit length of ``i + 1``, exactly as
    ``Random._randbelow`` does, and swaps item ``i`` with the item drawn."""
    lines = ["def shuffle(c, g):"]
    for i in range(size - 1, 0, -1):
        k = (i + 1).bit_length()
        lines.append(f"    j = g({k})")
        lines.append(f"    while j > {i}: j = g({k})")
        lines.append(f"    c[{i}], c[j] = c[j], c[{i}]")
    if size < 2:
        lines.append("    pass")
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)
    shuffle: Callable[[list[Any], Callable[[int], int]], None] = namespace["shuffle"]
    return shuffle


#: The unrolled shuffle per length (:func:`_unrolled_shuffle`).
_SHUFFLES: dict[int, Callable[[list[Any], Callable[[int], int]], None]] = {}


class DealSource:
    """Cards for each deal: given ones (a scenario, a replay), a seeded shuffle, or the fair stream.

    ``given`` is the scenario's list of ``{"hands": {"0": [...]}, "stock": [...]}``; with it the
    source runs dry after the last entry (``next_deal`` returns ``None``) and the match waits
    between deals. Without it every deal is shuffled from ``seed`` and the deal's number, so a
    match is reproducible from its seed alone (scenarios, benches, tests).

    ``fair`` (:class:`~apps.rules.fairness.Seeds`): a live match. Every deal is the stream of
    docs/rules.md §3 (:meth:`fair_deal`), and so is every other draw (:meth:`fair_draw`, also with
    ``given``: a replayed record of a live match draws its Шулер penalty cards as it did).

    ``deals`` (docs/rules.md «Дубль»): a duplicate set's match of exactly that many deals, each
    scored alone (no match target, nothing carried); the match ends after the last one.
    ``first``: the set's number of the match's deal 0 (a duplicate Durak game ``n`` is a match of
    one deal, the set's deal ``n``): the fair stream deals ``first + number``.
    """

    def __init__(
        self,
        seed: int = 0,
        given: list[dict[str, Any]] | None = None,
        fair: fairness.Seeds | None = None,
        deals: int | None = None,
        first: int = 0,
    ) -> None:
        self.seed = seed
        self.given = given
        self.fair = fair
        self.deals = deals
        self.first = first

    def next_deal(self, number: int, deck: tuple[int, ...] | list[int]) -> list[int] | dict[str, Any] | None:
        """Deal number ``number`` (0-based): the given dict, or ``deck`` shuffled, or ``None``."""
        if self.given is not None:
            return self.given[number] if number < len(self.given) else None
        cards = list(deck)
        seeded_shuffle(cards, self.rng(number, "deal"))
        return cards

    def fair_deal(self, number: int, codes: list[str], seats: list[int], hand: int) -> dict[str, Any] | None:
        """With ``fair`` and no ``given``: deal ``number`` as docs/rules.md §3 lays it out (a block of
        ``hand`` cards per occupied seat of ``seats``, the rest the stock), in the scenario
        format; else ``None`` (the caller uses :meth:`next_deal`)."""
        if self.fair is None or self.given is not None:
            return None
        return fairness.deal(self.fair.server_seed, self.fair.client, self.first + number, codes, seats, hand)

    def fair_draw(self, number: int, purpose: str, bound: int) -> int:
        """A draw in ``range(bound)`` inside deal ``number``: the fair stream's
        ``words(f"{first + number}:{purpose}")`` with ``fair`` (the deal's number in the stream,
        as :meth:`fair_deal` deals it), else the seeded generator's."""
        if self.fair is not None:
            return fairness.draw(self.fair.server_seed, self.fair.client, self.first + number, purpose, bound)
        return self.rng(number, purpose).randrange(bound)

    def rng(self, number: int, purpose: str) -> random.Random:
        """A generator seeded from the match seed, a deal number and a purpose string."""
        return random.Random(f"{self.seed}:{number}:{purpose}")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seed": self.seed, "given": self.given}
        if self.fair is not None:
            data["fair"] = self.fair.to_json()
        if self.deals is not None:
            data["deals"] = self.deals
        if self.first:
            data["first"] = self.first
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealSource:
        fair = data.get("fair")
        return cls(
            data["seed"],
            data["given"],
            fairness.Seeds.from_json(fair) if fair else None,
            data.get("deals"),
            data.get("first", 0),
        )


def step_refusal(legal: list[Action] | tuple[Action, ...], seat: int, index: int) -> IllegalAction:
    """The refusal of :meth:`Game.step`'s ``index`` for ``seat``: not his turn (no legal
    action), else an index outside his legal list."""
    if not legal:
        return IllegalAction("not_your_turn", f"seat {seat} may not act now")
    return IllegalAction("bad_index", f"no legal action {index!r} of {len(legal)}")


class Game(ABC):
    """The state of one match of one game, with the rules as its methods."""

    #: The game's name as in docs/rules.md: ``bazar_blot``, ``blot``, ``deberc``, ``durak``.
    name: ClassVar[str]

    @classmethod
    @abstractmethod
    def normalize_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        """Options with defaults filled in; raise ``InvalidOptions`` for what docs/rules.md refuses."""

    @classmethod
    @abstractmethod
    def create(
        cls,
        options: dict[str, Any],
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
        """Every legal action of ``seat`` now in canonical form (docs/rules.md §2), without
        ``leave``, ``surrender`` and system actions; [] when the seat may not act."""

    @abstractmethod
    def apply(self, seat: int | None, action: Action, system: bool = False) -> list[Event]:
        """Do ``action`` for ``seat``; ``system`` marks the server's own actions (``timeout``,
        ``close``). Raise ``IllegalAction`` and change nothing when it is not allowed.

        ``seat`` ``None`` is the system itself, of no seat: only an action of the whole table
        (Шулер's ``close``) is done for it; any other is refused, as for a seat not in play."""

    def legal_count(self, seat: int) -> int:
        """``len(self.legal_actions(seat))``; a game may count without building the list."""
        return len(self.legal_actions(seat))

    def step(self, seat: int, index: int) -> list[Event]:
        """``apply(seat, self.legal_actions(seat)[index])``: the action is the engine's own
        legal one, so a game may play it without the checks ``apply`` makes of an action from
        outside (the seat's turn and the index are still checked: ``IllegalAction`` —
        ``not_your_turn`` or ``bad_index`` — and no change when either is wrong)."""
        legal = self.legal_actions(seat)
        if not 0 <= index < len(legal):
            raise step_refusal(legal, seat, index)
        return self.apply(seat, legal[index])

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator), with the keys docs/protocol.md lists that
        the engine knows (not ids, names, connections or deadlines: the table adds those)."""

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """``view(seat)`` of each of ``seats``, by seat: equal to calling :meth:`view` for each.
        An engine may build the parts every seat sees once; the views may then share those
        parts with each other (with the state, only what :meth:`view` shares: the legal
        actions), so a caller must not change one view's nested values in place."""
        return {seat: self.view(seat) for seat in seats}

    @abstractmethod
    def summary(self) -> Outcome:
        """``{"deals", "totals", "finished", "winners", "reason"}`` as in docs/rules.md §2 results;
        ``reason`` is null while the match goes on."""

    @abstractmethod
    def current_deal(self) -> dict[str, Any]:
        """``{"number", "dealer", "hands", "stock"}``: the cards of the deal in progress as
        dealt, in the scenario format (hidden information: for the record only)."""

    def deals_dealt(self, after: int | None) -> list[dict[str, Any]]:
        """The :meth:`current_deal` of every deal numbered above ``after`` (None: every deal), in
        order: more than the current one when an action (or the match's start) dealt a deal
        that was void at once and dealt again (Gambler's four sevens). For the record only."""
        deal = self.current_deal()
        number = deal.get("number")
        return [deal] if after is None or (number is not None and number > after) else []

    def finished(self) -> bool:
        """``summary()["finished"]`` without building the score sheet (asked after every move)."""
        return bool(self.summary()["finished"])

    def deal_number(self) -> int | None:
        """``current_deal()["number"]`` without listing the cards (asked after every move)."""
        return self.current_deal().get("number")

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data."""

    def to_json_text(self) -> str:
        """``to_json()`` as compact JSON text (:func:`json_text`): what ``json.loads`` of it
        gives equals ``to_json()``. Games override it to write the text straight from the state,
        without the copy ``to_json`` makes."""
        return json_text(self.to_json())

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        """The inverse of ``to_json``."""

    def opening_events(self) -> list[Event]:
        """The public events of the deal as dealt, before any action (Durak: ``trump_shown``
        when the deal used up the deck); none by default."""
        return []

    def copy(self) -> Game:
        """An independent copy (games override with something faster)."""
        return type(self).from_json(self.to_json())
