"""The belot-family base class: deal → auction → play → score, with hooks for each game.

:class:`TrickGame` implements everything the belot games (Базар-блот classic and Gambler,
Обычный блот, Деберц) share: dealing from a :class:`~apps.rules.base.DealSource`, the play
of tricks with the obligations of :mod:`apps.rules.tricks`, declarations and belote with
:mod:`apps.rules.combos`, timeouts, leave/surrender, the score sheet, views, JSON and a fast
``copy``. A game is a subclass that sets a few class attributes and overrides hooks, the way
python-chess variants override a board's hooks.

Hooks a game overrides (``must`` = abstract, others have a default):

======================== ===================================================================
``normalize_options``    must: options with defaults; ``InvalidOptions`` for bad fields
``setup()``              must: read ``self.options``; set ``self.n`` and ``self.teams``
``deal_shuffled(cards)`` split a shuffled deck into ``(hands, stock)``; default: equal hands
``begin_auction()``      must: set the auction fields and ``self.turn`` after a deal
``void_deal(events)``    whether a fresh deal is void before the auction (redeal); default no
``auction_legal(seat)``  must: legal auction actions of ``seat``
``auction_apply(...)``   must: validate then apply an auction action; call ``start_play`` or
                         ``redeal`` when the auction ends
``auction_count(seat)``  ``len(auction_legal(seat))`` (a game may count without the list)
``auction_take(...)``    apply one of ``auction_legal``'s own actions; default ``auction_apply``
``auction_to_act()``     seats that may speak now; default ``[self.turn]``
``timeout_auction(seat)`` the action for a timed-out seat in the auction; default ``pass`` or
                         the first legal action
``combo_rules()``        :class:`~apps.rules.combos.ComboRules` or None (combinations off)
``declare_allowed(seat)`` whether ``declare`` is legal now (default: trick 1, before his
                         first card, holds a counting combination, not ``auto_declare``)
``extra_actions(seat)``  play-phase actions besides cards (``declare``, ``show``, ``concede``)
``extra_count(seat)``    ``len(extra_actions(seat))`` (asked at every card of those tricks);
                         a game that overrides ``extra_actions`` overrides this too
``apply_extra(...)``     apply such an action (``declare`` is handled here)
``on_first_card(...)``   called once per seat just before his first card (auto-declare here)
``on_trick(...)``        called after each trick (combination comparison after trick 1)
``score_deal()``         must: the deal's result dict (docs/rules.md §2), scores per side
``redeal_result()``      the result dict of a deal without play
``match_result()``       ``None`` or ``{"winners", "reason"}`` after a deal (default: target
                         reached, strictly highest total wins, tie plays on)
``view_extra(seat)``     keys added to ``view``
======================== ===================================================================

State conventions (they make ``copy`` and ``to_json`` cheap): every attribute is JSON data
(ints, bools, strings, lists, dicts with string keys, :class:`~apps.rules.combos.Combo`
tuples) except ``source``; a nested list or dict is never mutated in place once stored —
it is replaced — so ``copy`` only copies the top-level lists. Hands and played cards are
masks (:mod:`apps.rules.tricks`).

A seat may sit out the play of a deal (Gambler's «капо на 1 руке»: the bidder's partner):
``self.sitting`` is that seat (-1: nobody); ``_next[seat]`` is the seat after ``seat`` in the
play and ``_tsize`` the cards in a trick, both derived from ``sitting`` by
:meth:`TrickGame.set_sitting` (never stored in the JSON).

Speed (the hard bot lives on it): the ~20 attributes read on every card are slots
(``HOT_SLOTS``), the rest sit in ``__dict__``; ``copy`` copies the slots with a generated
copier and the lists of ``LIST_FIELDS``. ``_mask`` caches the legal cards of the seat to play:
-1 = not computed yet, 0 = not in the play phase (``to_act``/``legal_actions`` test it first).
A hook that changes a hand or the trick during play must set ``self._mask = -1``.

Action dicts returned by ``legal_actions`` and the events are shared, cached objects (one per
card, one per bid): callers must not mutate them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from . import autoplay
from .actions import Canonical
from .base import Action, DealSource, Event, Game, Outcome, json_text, seeded_shuffle, step_refusal
from .cards import CARD, CODES, DECK_32
from .combos import KQ_MASK, Combo, ComboRules, belote_suits, best_side, find_combos, has_combo, kind_name
from .errors import IllegalAction
from .events import Call, ContractTerms
from .events import Play as PlayEvent
from .tricks import BAZAR, BEATS, POINTS, SUIT_MASK, TRUMPS, PlayRules, legal_mask, mode_code, refusal_code

#: Shared immutable action dicts: ``PLAY[c]`` is ``{"type": "play", "card": code}``.
PLAY: tuple[dict[str, Any], ...] = tuple(Canonical({"type": "play", "card": code}) for code in CODES)
#: ``id(PLAY[c])`` -> ``c``: ``apply`` knows a shared play action by its identity (the objects
#: live as long as the module, so no other object can have their ids).
_CARD_OF_PLAY: dict[int, int] = {id(action): c for c, action in enumerate(PLAY)}
PASS: dict[str, Any] = Canonical({"type": "pass"})
DECLARE: dict[str, Any] = Canonical({"type": "declare"})
SHOW: dict[str, Any] = Canonical({"type": "show"})
CONTRA: dict[str, Any] = Canonical({"type": "contra"})
RECONTRA: dict[str, Any] = Canonical({"type": "recontra"})
TAKE: dict[str, Any] = Canonical({"type": "take"})

AUCTION, PLAY_PHASE, WAITING, OVER = "auction", "play", "waiting", "over"
_VIEW_PHASE = {AUCTION: "auction", PLAY_PHASE: "play", WAITING: "deal_over", OVER: "match_over"}
_PLAYER_ACTIONS = ("leave", "surrender")
_SYSTEM_ACTIONS = ("timeout", "close")
_COMBO_FIELDS = ("combos", "declared")
#: Shared ``{"type": "play", "seat", "card"}`` events (events must not be mutated).
_PLAY_EVENTS: tuple[tuple[PlayEvent, ...], ...] = tuple(
    tuple({"type": "play", "seat": s, "card": code} for code in CODES) for s in range(4)
)
#: ``_SUIT_PLAYS[suit][9-bit rank pattern]``: the shared play actions of those cards.
_SUIT_PLAYS: tuple[tuple[tuple[dict[str, Any], ...], ...], ...] = tuple(
    tuple(tuple(PLAY[s * 9 + r] for r in range(9) if bits >> r & 1) for bits in range(512)) for s in range(4)
)
_SP0, _SP1, _SP2, _SP3 = _SUIT_PLAYS
_SUIT_SHIFT: tuple[int, ...] = (0, 9, 18, 27)
_BIT: tuple[int, ...] = tuple(1 << c for c in range(36))
#: ``_SUIT_CARDS[suit][9-bit rank pattern]``: the card ints of those cards, ascending.
_SUIT_CARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s * 9 + r for r in range(9) if bits >> r & 1) for bits in range(512)) for s in range(4)
)
_SC0, _SC1, _SC2, _SC3 = _SUIT_CARDS
#: ``_RINGS[n][seat]``: the seat after ``seat`` at a table of ``n`` (nobody sitting out).
_RINGS: dict[int, tuple[int, ...]] = {n: tuple((s + 1) % n for s in range(n)) for n in (2, 3, 4)}
#: ``_FREE_FOLLOW[mode][led]``: whether a seat holding the led suit may play any card of it —
#: the led suit is not a trump. (The card winning a trick of a plain suit is never a trump of
#: that suit, and a trick led in trumps is always won by a trump of it: so this is
#: ``legal_mask``'s "the best card is a trump of the led suit" test, known at the lead.)
_FREE_FOLLOW: tuple[tuple[bool, ...], ...] = tuple(
    tuple(not TRUMPS[mode] & SUIT_MASK[led] for led in range(4)) for mode in range(6)
)


#: Normalised options by ``(class, the options' items, their values' types)``: every match
#: normalises its options as it starts (``api.new_match``), and most are a few tables' same ones.
_NORMALIZED: dict[tuple[Any, ...], dict[str, Any]] = {}
#: At most this many remembered (the options come from outside).
_NORMALIZED_MAX = 256


def remembered_options(
    cls: type, options: dict[str, Any], normalize: Callable[[dict[str, Any]], dict[str, Any]]
) -> dict[str, Any]:
    """``normalize(options)`` (a game's pure options check, ``cls``'s), remembered: a fresh
    copy of the first result for the same options (the same values of the same types, so
    ``True`` is not taken for ``1``); ``InvalidOptions`` is raised every time, never kept."""
    try:
        key = (cls, tuple(options.items()), tuple(map(type, options.values())))
        out = _NORMALIZED.get(key)
    except TypeError:  # a value that is not hashable: checked (and refused) every time
        return normalize(options)
    if out is None:
        out = normalize(options)
        if len(_NORMALIZED) < _NORMALIZED_MAX:
            _NORMALIZED[key] = out
    return dict(out)


#: Values :func:`_walked` keeps as they are without a call (most of a view's leaves).
_LEAVES = frozenset({int, str, bool, float, type(None)})


def _walked(value: Any) -> Any:
    """A fresh JSON-ready copy: tuples (``Combo`` included) become lists, nothing is shared
    with the state."""
    if isinstance(value, (list, tuple)):
        return [v if type(v) in _LEAVES else _walked(v) for v in value]
    if isinstance(value, dict):
        return {k: v if type(v) in _LEAVES else _walked(v) for k, v in value.items()}
    return value


try:
    import msgspec
except ImportError:  # the engine runs on a bare Python too (``python -m apps.rules.scenario``)
    _jsonable = _walked
else:
    _json_encode = msgspec.json.Encoder().encode
    _json_decode = msgspec.json.Decoder().decode

    def _jsonable(value: Any) -> Any:
        """:func:`_walked`'s copy, written as JSON and read back by msgspec: in C, a third of
        the time of the walk, which every move paid for its snapshot and its views. What a
        state holds (JSON values, tuples, dicts with string keys) comes back equal to the
        walk, types and key order included (the property tests compare them)."""
        return _json_decode(_json_encode(value))


def _combo_lists(value: list[Any]) -> list[Any]:
    return [None if x is None else [Combo(*c) for c in x] for x in value]


#: Attributes read on every card live in slots (faster than the instance dict, which the
#: many cold attributes make slow); every other attribute is in ``__dict__``.
HOT_SLOTS: tuple[str, ...] = (
    "turn",
    "phase",
    "_mask",
    "_cards",
    "_bids",
    "hands",
    "trick_cards",
    "led",
    "win_card",
    "win_seat",
    "trump",
    "n",
    "trick_no",
    "belote_cards",
    "played",
    "side_of",
    "tricks",
    "points",
    "ntricks",
    "trick_leader",
    "last_leader",
    "last_cards",
    "rules",
    "extra_tricks",
    "_next",
    "_tsize",
)
_SLOT_LISTS = ("hands", "trick_cards", "tricks", "points")


def _slot_copier() -> Callable[..., Any]:
    """``copy_slots(src, dst)``: plain statements, one per slot (lists mutated in place copied)."""
    lines = ["def copy_slots(s, d):"]
    for name in HOT_SLOTS:
        lines.append(f"    d.{name} = s.{name}[:]" if name in _SLOT_LISTS else f"    d.{name} = s.{name}")
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)
    copier: Callable[..., Any] = namespace["copy_slots"]
    return copier


_copy_slots = _slot_copier()


class TrickGame(Game):
    """A match of a belot-family game; see the module docstring for the hooks."""

    __slots__ = HOT_SLOTS

    #: Deck of the game (32 cards; Обычный блот: 24).
    DECK: ClassVar[tuple[int, ...]] = DECK_32
    #: Obligations of play (see :class:`apps.rules.tricks.PlayRules`).
    PLAY_RULES: ClassVar[PlayRules] = BAZAR
    #: ``extra_actions`` is consulted only while ``trick_no`` is below this (1: trick 1 only;
    #: a game with ``show`` in trick 2 sets 2, one with ``concede`` at any time sets 99).
    EXTRA_TRICKS: ClassVar[int] = 1
    #: Attributes (besides the slots) holding lists that are mutated in place: ``copy``
    #: copies exactly these; a subclass that mutates a list attribute in place adds it here.
    LIST_FIELDS: ClassVar[tuple[str, ...]] = (
        "combos",
        "declared",
        "may_declare",
        "belote",
        "belote_said",
        "calls",
        "deals",
    )

    # Instance attributes (all set by ``_init_match`` / ``_start_deal`` / ``start_play``).
    options: dict[str, Any]
    source: DealSource
    n: int
    teams: bool
    side_of: list[int]
    hands: list[int]
    trick_cards: list[int]
    last_cards: list[int]
    calls: list[Call]
    deals: list[dict[str, Any]]
    totals: list[int]
    contract: ContractTerms | None
    result: dict[str, Any] | None
    combos: list[list[Combo] | None]
    declared: list[list[Combo] | None]
    may_declare: list[bool]
    dealt_hands: list[list[int]] | None
    stock: list[int]
    _cards: tuple[int, ...]
    #: The legal calls of the seat in turn in the auction, as :meth:`legal_count` found them
    #: (``auction_options``) for :meth:`step` to take by index; ``()``: not worked out. Only
    #: :meth:`step` and :meth:`apply` change an auction, and both clear it first.
    _bids: tuple[Action, ...] | list[Action]
    #: The cards of each deal that was void as dealt (:meth:`void_deal`), for the record; only
    #: ever replaced, never mutated, so the class's empty default is safe to share.
    void_deals: list[dict[str, Any]] = []

    #: Whether ``on_trick`` is called after every trick (a game that overrides it) or only
    #: after trick 1, where the base's comparison of combinations is (set per class).
    EVERY_TRICK: ClassVar[bool] = False

    #: Whether only ``self.turn`` speaks in the auction (``auction_to_act`` not overridden).
    ONE_SPEAKER: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.EVERY_TRICK = cls.on_trick is not TrickGame.on_trick
        cls.ONE_SPEAKER = cls.auction_to_act is TrickGame.auction_to_act

    # ----------------------------------------------------------------- hooks
    def setup(self) -> None:
        """Read ``self.options``; set ``self.n`` (seats) and ``self.teams``."""
        raise NotImplementedError

    def hand_size(self) -> int:
        """Cards per hand in the first distribution of a shuffled deal."""
        return len(self.DECK) // self.n

    def deal_shuffled(self, cards: list[int]) -> tuple[list[list[int]], list[int]]:
        """Split a shuffled deck: hands from left of the dealer in batches, the rest as stock."""
        size = self.hand_size()
        n = self.n
        first = self.dealer + 1  # seat ``s`` gets batch ``(s - first) % n``
        hands = [cards[(s - first) % n * size : ((s - first) % n + 1) * size] for s in range(n)]
        return hands, cards[n * size :]

    def begin_auction(self) -> None:
        """Set the auction fields and ``self.turn`` for a freshly dealt deal."""
        raise NotImplementedError

    def void_deal(self, events: list[Event]) -> bool:
        """Whether the deal just dealt is void before its auction (Gambler: four sevens in one
        hand); the base then records a redeal and the next dealer deals. Default: never."""
        return False

    def auction_legal(self, seat: int) -> list[Action]:
        """Legal auction actions of ``seat``; [] when ``seat`` may not speak now."""
        raise NotImplementedError

    def auction_apply(self, seat: int, action: Action, events: list[Event]) -> None:
        """Validate (raise ``IllegalAction`` before any change) and apply an auction action."""
        raise NotImplementedError

    def auction_count(self, seat: int) -> int:
        """``len(self.auction_legal(seat))``; a game may count without building the list."""
        return len(self.auction_legal(seat))

    def auction_options(self, seat: int) -> tuple[Action, ...] | list[Action]:
        """``auction_legal(seat)`` of the seat in turn, for :meth:`step` to take a call from by
        index (kept in ``_bids``; a game may return a shared tuple: nobody changes it)."""
        return self.auction_legal(seat)

    def auction_take(self, seat: int, action: Action, events: list[Event]) -> None:
        """Apply ``action``, one of the dicts of ``auction_legal(seat)`` (:meth:`step`'s bid):
        :meth:`auction_apply` by default, which checks it again; a game whose checks are split
        from the application overrides this."""
        self.auction_apply(seat, action, events)

    def auction_to_act(self) -> list[int]:
        return [self.turn]

    def timeout_auction(self, seat: int) -> Action:
        """What the server does for a seat whose time ran out in the auction."""
        legal = self.auction_legal(seat)
        return PASS if PASS in legal else legal[0]

    def combo_rules(self) -> ComboRules | None:
        """Which combinations count; None when combinations are off."""
        return None

    def auto_declare(self) -> bool:
        return bool(self.options.get("auto_declare"))

    def declare_allowed(self, seat: int) -> bool:
        return self.trick_no == 0 and self.may_declare[seat] and not self.auto_declare()

    def extra_actions(self, seat: int) -> list[Action]:
        """Non-card play actions of ``seat`` (its turn): ``declare`` by default."""
        # ``declare_allowed`` needs ``may_declare``: asked first, the common "no" is one lookup
        return (
            [DECLARE] if self.trick_no == 0 and self.may_declare[seat] and self.declare_allowed(seat) else []
        )

    def extra_count(self, seat: int) -> int:
        """``len(self.extra_actions(seat))`` without the list: ``declare`` or nothing."""
        return 1 if self.trick_no == 0 and self.may_declare[seat] and self.declare_allowed(seat) else 0

    def apply_extra(self, seat: int, action: Action, events: list[Event]) -> None:
        """Apply a non-card play action; validate first."""
        if action["type"] == "declare":
            if not self.declare_allowed(seat):
                raise IllegalAction("cannot_declare", "no combination to declare now")
            self.declare(seat, events)
            return
        raise IllegalAction("unknown_action", f"unknown action {action['type']!r}")

    def on_first_card(self, seat: int, events: list[Event]) -> None:
        """Just before ``seat``'s first card: the declaration window closes (auto-declare)."""
        if self.may_declare[seat]:
            if self.auto_declare():
                self.declare(seat, events)
            self.may_declare[seat] = False

    def on_trick(self, events: list[Event]) -> None:
        """After each trick; after trick 1 the combinations are compared and shown."""
        if self.trick_no == 1:
            self.compare_combos(events)

    def score_deal(self) -> dict[str, Any]:
        raise NotImplementedError

    def redeal_result(self) -> dict[str, Any]:
        zeros = [0] * self.nsides
        return {
            "redeal": True,
            "trump": None,
            "contract": None,
            "tricks": zeros,
            "card_points": zeros,
            "combos": zeros,
            "belote": zeros,
            "made": False,
            "scores": zeros,
        }

    def match_result(self) -> dict[str, Any] | None:
        """After a deal: the target reached and one side strictly ahead wins."""
        totals = self.totals
        best = max(totals)
        if best < self.options["target"] or totals.count(best) > 1:
            return None
        return {"winners": self.seats_of_side(totals.index(best)), "reason": "target"}

    def view_extra(self, seat: int | None) -> dict[str, Any]:
        return {}

    # ------------------------------------------------------------ creation
    @classmethod
    def create(
        cls,
        options: dict[str, Any],
        *,
        source: DealSource,
        dealer: int | None = None,
        seats: list[int] | None = None,
    ) -> TrickGame:
        self = cls.__new__(cls)
        self._init_match(options, source, dealer)
        self._start_deal([])
        return self

    def _init_match(self, options: dict[str, Any], source: DealSource, dealer: int | None) -> None:
        self.options = options
        self.source = source
        self.rules = self.PLAY_RULES
        self.extra_tricks = self.EXTRA_TRICKS
        self.setup()
        n = self.n
        self.side_of = [s % 2 for s in range(n)] if self.teams else list(range(n))
        self.nsides = 2 if self.teams else n
        if dealer is None:
            # The first dealer follows from the seed alone (cheap: no generator to seed).
            if source.fair is not None:  # a live match: the fair stream's draw (docs/rules.md §3)
                dealer = source.fair_draw(0, "dealer", n)
            else:
                dealer = (
                    source.seed % n if isinstance(source.seed, int) else source.rng(0, "dealer").randrange(n)
                )
        self.dealer = dealer % n
        self.number = 0
        self.deals = []
        self.totals = [0] * self.nsides
        self.result = None
        self.phase = WAITING
        self._cards = ()
        self._bids = ()

    def played_contract(self) -> ContractTerms:
        """The contract of the deal in play (scoring asks: the auction has ended with one)."""
        contract = self.contract
        assert contract is not None, "no contract before the auction ends"
        return contract

    def seats_of_side(self, side: int) -> list[int]:
        return [s for s in range(self.n) if self.side_of[s] == side]

    def _start_deal(self, events: list[Event]) -> None:
        """Deal number ``self.number`` by ``self.dealer``; wait when the source is dry."""
        source = self.source
        got: list[int] | dict[str, Any] | None
        if source.fair is not None and source.given is None:
            got = source.fair_deal(
                self.number, [CODES[c] for c in self.DECK], list(range(self.n)), self.hand_size()
            )
        elif source.given is None and type(source) is DealSource:
            got = shuffled_deck(source.seed, self.number, self.DECK)
        else:
            got = source.next_deal(self.number, self.DECK)
        self._reset_play()
        if got is None:
            self.phase = WAITING
            self.dealt_hands = None
            self.hands = [0] * self.n
            self.stock = []
            return
        if isinstance(got, dict):
            raw = got.get("hands") or {}
            hands = [[CARD[c] for c in raw.get(str(s), [])] for s in range(self.n)]
            stock = [CARD[c] for c in got.get("stock") or []]
        else:
            hands, stock = self.deal_shuffled(got)
        self.dealt_hands = hands
        self.stock = stock
        self.hands = [sum(map(_BIT.__getitem__, h)) for h in hands]
        self.phase = AUCTION
        events.append({"type": "deal", "number": self.number, "dealer": self.dealer})
        if self.void_deal(events):
            self.void_deals = [*self.void_deals, self.current_deal()]
            self.redeal(events)
            return
        self.begin_auction()

    def _reset_play(self) -> None:
        n = self.n
        self.trump = -1
        self.contract = None
        self.leader = (self.dealer + 1) % n
        self.turn = self.leader
        self.trick_leader = self.leader
        self.trick_cards = []
        self.last_leader = -1
        self.last_cards = []
        self.led = -1
        self.win_card = -1
        self.win_seat = -1
        self.trick_no = 0
        self._mask = 0
        self._cards = ()
        self._bids = ()
        self.ntricks = 0
        self.played = 0
        self.tricks = [0] * self.nsides
        self.points = [0] * self.nsides
        self.combos = [None] * n
        self.declared = [None] * n
        self.may_declare = [False] * n
        self.combo_side = -1
        self.belote = [-1, -1, -1, -1]
        self.belote_cards = 0
        self.belote_said = [0, 0, 0, 0]
        self.calls = []
        self.set_sitting(-1)

    def set_sitting(self, seat: int) -> None:
        """``seat`` sits out the play of this deal (-1: everybody plays): the turn skips it and
        a trick has one card fewer."""
        n = self.n
        self.sitting = seat
        if seat < 0:
            self._next = _RINGS[n]
            self._tsize = n
            return
        nxt = [(s + 1) % n for s in range(n)]
        nxt = [nxt[t] if t == seat else t for t in nxt]
        self._next = tuple(nxt)
        self._tsize = n - 1

    def _trick_entries(self, leader: int, cards: list[int]) -> list[dict[str, Any]]:
        """``[{"seat", "card"}, ...]`` of a trick led by ``leader`` (for the views)."""
        seats = self.play_seats(leader, len(cards))
        return [{"seat": s, "card": CODES[c]} for s, c in zip(seats, cards, strict=True)]

    def play_seats(self, first: int, count: int) -> list[int]:
        """The ``count`` seats that play from ``first`` on, in play order (the sitter skipped)."""
        out = []
        seat = first
        for _ in range(count):
            out.append(seat)
            seat = self._next[seat]
        return out

    def start_play(self, mode: int, leader: int, contract: ContractTerms | None) -> None:
        """End the auction: trump ``mode``, ``leader`` leads; find combinations and belote."""
        self.phase = PLAY_PHASE
        self._mask = -1
        self._bids = ()
        self.trump = mode
        self.contract = contract
        self.leader = leader
        self.trick_leader = leader
        self.turn = leader
        hands = self.hands
        self.ntricks = max(map(int.bit_count, hands))
        rules = self.combo_rules()
        may = self.may_declare
        if rules is None:
            for seat in range(self.n):
                may[seat] = False
        else:  # combinations are found lazily (``declare``): a cheap test says whether any counts
            for seat in range(self.n):
                may[seat] = has_combo(hands[seat], mode, rules)
        if mode < 4:  # belote_suits' one-trump case inline
            kq = KQ_MASK[mode]
            for seat in range(self.n):
                if hands[seat] & kq == kq:
                    self.belote[mode] = seat
                    self.belote_cards |= kq
            return
        for seat in range(self.n):
            for s in belote_suits(hands[seat], mode):
                self.belote[s] = seat
                self.belote_cards |= KQ_MASK[s]

    def redeal(self, events: list[Event]) -> None:
        """The deal ends without play (all passed): record it, the next dealer deals."""
        result = self.redeal_result()
        self.deals.append(result)
        events.append({"type": "redeal", "number": self.number})
        self._next_deal(events)

    def _next_deal(self, events: list[Event]) -> None:
        limit = self.source.deals
        if limit is not None and len(self.deals) >= limit:  # a duplicate set's last deal
            self._over(self.duplicate_result(), events)
            return
        self.number += 1
        self.dealer = (self.dealer + 1) % self.n
        self._start_deal(events)

    # ------------------------------------------------------------ queries
    def to_act(self) -> list[int]:
        if self._mask:  # non-zero only in play (see ``_mask``)
            return [self.turn]
        if self.phase == AUCTION:
            return [self.turn] if self.ONE_SPEAKER else self.auction_to_act()
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        m = self._mask
        if not m or seat != self.turn:  # not this seat's card now (``_mask`` 0: not in play)
            return self.auction_legal(seat) if self.phase == AUCTION else []
        if m < 0:
            self.legal_count(seat)
            m = self._mask
        out = [*_SP0[m & 511], *_SP1[m >> 9 & 511], *_SP2[m >> 18 & 511], *_SP3[m >> 27]]
        if self.trick_no < self.extra_tricks:
            out += self.extra_actions(seat)
        return out

    def legal_count(self, seat: int) -> int:
        """``len(legal_actions(seat))``. For the seat to play it works out the cards he may
        play, kept in ``_mask`` and, as card ints in the order of :meth:`legal_actions`, in
        ``_cards`` (what every other method reads): :meth:`play_mask` with its common cases
        inline (leading: any card; following a suit that is not a trump: any card of the
        suit, one table lookup)."""
        m = self._mask
        if not m or seat != self.turn:
            if self.phase != AUCTION:
                return 0
            if seat != self.turn:
                return self.auction_count(seat)
            bids = self._bids = self.auction_options(seat)  # for ``step`` to take by index
            return len(bids)
        if m < 0:
            led = self.led
            if led < 0:
                m = self.hands[seat]
                self._cards = _SC0[m & 511] + _SC1[m >> 9 & 511] + _SC2[m >> 18 & 511] + _SC3[m >> 27]
            else:
                m = self.hands[seat] & SUIT_MASK[led]
                if m and _FREE_FOLLOW[self.trump][led]:
                    self._cards = _SUIT_CARDS[led][m >> _SUIT_SHIFT[led]]
                else:
                    ws = self.win_seat  # play_mask, less its call
                    partner = ws != seat and self.side_of[ws] == self.side_of[seat]
                    m = legal_mask(self.hands[seat], led, self.win_card, partner, self.trump, self.rules)
                    self._cards = _SC0[m & 511] + _SC1[m >> 9 & 511] + _SC2[m >> 18 & 511] + _SC3[m >> 27]
            self._mask = m
        if self.trick_no < self.extra_tricks:
            return len(self._cards) + self.extra_count(seat)
        return len(self._cards)

    def play_mask(self, seat: int) -> int:
        """The mask of cards ``seat`` may play now (it must be his turn in play)."""
        hand = self.hands[seat]
        if self.led < 0:
            return hand
        ws = self.win_seat
        partner = ws != seat and self.side_of[ws] == self.side_of[seat]
        return legal_mask(hand, self.led, self.win_card, partner, self.trump, self.rules)

    # ------------------------------------------------------------ actions
    def apply(self, seat: int | None, action: Action, system: bool = False) -> list[Event]:
        c = _CARD_OF_PLAY.get(id(action), -1)  # one of the shared ``PLAY`` actions: its card
        if c < 0:
            kind = action.get("type")
            if kind != "play":
                return self._apply_other(seat, kind, action, system)
            if seat != self.turn:
                raise IllegalAction("not_your_turn", f"seat {seat} may not play now")
            code = action.get("card")
            c = CARD.get(code, -1) if type(code) is str else -1
            if c < 0:
                raise IllegalAction("bad_card", f"not a card: {action.get('card')!r}")
        elif seat != self.turn:
            raise IllegalAction("not_your_turn", f"seat {seat} may not play now")
        m = self._mask
        if m < 0:
            self.legal_count(seat)
            m = self._mask
        if not m & _BIT[c]:
            self._refuse(seat, c)
        return self.step(seat, self._cards.index(c))  # checked: now the engine's own card

    def step(self, seat: int, index: int) -> list[Event]:
        """Action ``index`` of :meth:`legal_actions`: a card is taken from ``_cards`` (the list
        of actions is not built) and played here, without :meth:`apply`'s checks."""
        m = self._mask
        if not m or seat != self.turn:
            return self._step_auction(seat, index)
        if m < 0:
            self.legal_count(seat)
        if index < 0:
            return self._step_extra(seat, index)
        try:
            c = self._cards[index]
        except IndexError:  # past the cards: an extra action (rare), else a bad index
            return self._step_extra(seat, index)
        bit = _BIT[c]
        self._mask = -1
        if self.trick_no and not self.belote_cards & bit:
            events: list[Event] = [_PLAY_EVENTS[seat][c]]
        else:  # trick 1 (the declaration window) or a belote card: their events first
            events = []
            if self.trick_no == 0:
                self.on_first_card(seat, events)
            if self.belote_cards & bit:
                self._say_belote(seat, c // 9, events)
            events.append(_PLAY_EVENTS[seat][c])
        self.hands[seat] ^= bit
        self.played |= bit
        trick = self.trick_cards
        trick.append(c)
        if self.led < 0:
            self.led = c // 9
            self.win_card = c
            self.win_seat = seat
        else:
            if BEATS[self.trump][self.win_card] & bit:
                self.win_card = c
                self.win_seat = seat
            if len(trick) == self._tsize:  # the trick is taken (here rather than a call a trick)
                winner = self.win_seat
                side = self.side_of[winner]
                total = sum(map(POINTS[self.trump].__getitem__, trick))
                number = self.trick_no = self.trick_no + 1
                last = number == self.ntricks
                if last:
                    total += 10
                self.tricks[side] += 1
                self.points[side] += total
                events.append({"type": "trick", "winner": winner, "points": total})
                self.last_leader = self.trick_leader
                self.last_cards = trick
                self.trick_leader = self.turn = winner
                self.trick_cards = []
                self.led = self.win_card = self.win_seat = -1
                if number == 1 or self.EVERY_TRICK:
                    self.on_trick(events)
                if last:
                    self._finish_deal(events)
                return events
        self.turn = self._next[seat]
        return events

    def _step_auction(self, seat: int, index: int) -> list[Event]:
        """:meth:`step` outside the seat's card: bid ``index`` of his legal calls in the auction
        (``_bids`` when :meth:`legal_count` worked them out, else ``auction_options``) goes
        straight to :meth:`auction_take` (by default :meth:`auction_apply`, where :meth:`apply`
        sends a bid after its checks); with no legal action (not his turn, no auction)
        ``not_your_turn``."""
        legal = self._bids
        self._bids = ()  # the auction changes now (or the index is refused): worked out again
        if self.phase != AUCTION:
            legal = ()
        elif not legal or seat != self.turn:
            legal = self.auction_options(seat) if seat == self.turn else self.auction_legal(seat)
        if not 0 <= index < len(legal):
            raise step_refusal(legal, seat, index)
        events: list[Event] = []
        self.auction_take(seat, legal[index], events)
        return events

    def _step_extra(self, seat: int, index: int) -> list[Event]:
        """:meth:`step` past the cards: the extra action (``declare``, ``show``, ``concede``) at
        that place of :meth:`legal_actions`, else ``bad_index``."""
        if index >= 0 and self.trick_no < self.extra_tricks:
            extra = self.extra_actions(seat)
            if index - len(self._cards) < len(extra):
                # What ``apply`` would do with it: the seat is in turn in the play, so
                # ``_apply_other``'s checks all pass and it hands the action to ``apply_extra``.
                events: list[Event] = []
                self.apply_extra(seat, extra[index - len(self._cards)], events)
                return events
        raise IllegalAction("bad_index", f"no legal action {index!r} of {self.legal_count(seat)}") from None

    def _apply_other(self, seat: int | None, kind: Any, action: Action, system: bool) -> list[Event]:
        """:meth:`apply` of every action but ``play``."""
        self._bids = ()  # whatever this does to an auction, ``step`` works its calls out again
        if kind in _SYSTEM_ACTIONS:
            if not system:
                raise IllegalAction("system_only", f"{kind} is a system action")
            if kind == "close":
                raise IllegalAction("unknown_action", "close is not used in this game")
            return self._timeout(seat)
        if self.phase == OVER:
            raise IllegalAction("match_over", "the match is over")
        if kind in _PLAYER_ACTIONS:
            if not isinstance(seat, int) or not 0 <= seat < self.n:
                raise IllegalAction("not_seated", "no such seat")
            events: list[Event] = []
            self.end_match(self.side_of[seat], kind, events)
            return events
        if seat is None or (
            seat != self.turn if self.ONE_SPEAKER and self.phase == AUCTION else seat not in self.to_act()
        ):
            raise IllegalAction("not_your_turn", f"seat {seat} may not act now")
        events = []
        if self.phase == AUCTION:
            self.auction_apply(seat, action, events)
        else:
            self.apply_extra(seat, action, events)
        return events

    def _timeout(self, seat: int | None) -> list[Event]:
        if seat is None or seat not in self.to_act():
            raise IllegalAction("not_your_turn", f"seat {seat} may not act now")
        events: list[Event] = [{"type": "timeout", "seat": seat}]
        if self.phase == AUCTION:
            self.auction_apply(seat, self.timeout_auction(seat), events)
        else:
            card = autoplay.choose_for_state(self, seat)
            events += self.apply(seat, PLAY[card])
        return events

    def _refuse(self, seat: int, c: int) -> None:
        """Raise the reason why card ``c`` may not be played by ``seat`` now."""
        if self.phase != PLAY_PHASE:
            raise IllegalAction("not_your_turn", "no card is played now")
        hand = self.hands[seat]
        if not hand >> c & 1:
            raise IllegalAction("not_in_hand", f"{CODES[c]} is not in the hand")
        raise IllegalAction(refusal_code(hand, self.led, self.win_card, self.trump))

    def _say_belote(self, seat: int, suit: int, events: list[Event]) -> None:
        said = self.belote_said[suit] + 1
        self.belote_said[suit] = said
        events.append(
            {
                "type": "belote",
                "seat": seat,
                "suit": "scdh"[suit],
                "word": "belote" if said == 1 else "rebelote",
            }
        )

    def _finish_deal(self, events: list[Event]) -> None:
        result = self.score_deal()
        self.deals.append(result)
        scores = result["scores"]
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        events.append({"type": "deal_scored", "result": result, "totals": self.totals})
        outcome = self.match_result() if self.source.deals is None else None
        if outcome is not None:
            self._over(outcome, events)
            return
        self._next_deal(events)

    def duplicate_result(self) -> dict[str, Any]:
        """A duplicate set's match after its last deal (docs/rules.md «Дубль»): the side strictly
        ahead on the deals' sum wins; equal sums: nobody (reason ``deals``)."""
        totals = self.totals
        best = max(totals)
        if totals.count(best) > 1:
            return {"winners": [], "reason": "deals"}
        return {"winners": self.seats_of_side(totals.index(best)), "reason": "deals"}

    def end_match(self, losing_side: int, reason: str, events: list[Event]) -> None:
        """``leave`` / ``surrender``: the losing side loses at once, every other side wins."""
        winners = [s for s in range(self.n) if self.side_of[s] != losing_side]
        self._over({"winners": winners, "reason": reason}, events)

    def _over(self, outcome: dict[str, Any], events: list[Event]) -> None:
        self.phase = OVER
        self._mask = 0
        self.result = outcome
        events.append({"type": "match_over", "winners": outcome["winners"], "reason": outcome["reason"]})

    # ------------------------------------------------------- declarations
    def declare(self, seat: int, events: list[Event]) -> None:
        """``seat`` declares all his combinations (kinds public now, cards after trick 1)."""
        found = self.seat_combos(seat)
        self.declared[seat] = found
        self.may_declare[seat] = False
        events.append({"type": "declare", "seat": seat, "kinds": [kind_name(c) for c in found]})

    def seat_combos(self, seat: int) -> list[Combo]:
        """The combinations ``seat`` holds for this deal (found from his hand before his first
        card, then kept in ``self.combos``)."""
        found = self.combos[seat]
        if found is None:
            found = self.combos[seat] = find_combos(self.hands[seat], self.trump, self.combo_rules())
        return found

    def play_order(self) -> list[int]:
        """Seats from the first leader of the deal, in turn order."""
        return self.play_seats(self.leader, self._tsize)

    def compare_combos(self, events: list[Event]) -> None:
        """Decide which side's declared combinations count; announce their cards."""
        if not any(self.declared):
            return
        side = best_side(self.declared, self.trump, self.play_order(), self.side_of)
        self.combo_side = side
        events.append({"type": "combos", "side": side, "shown": self.shown_combos()})

    def shown_combos(self) -> list[dict[str, Any]]:
        """The counted combinations with their cards (public after trick 1)."""
        out = []
        for seat in range(self.n):
            found = self.declared[seat]
            if found and self.side_of[seat] == self.combo_side:
                out.append(
                    {
                        "seat": seat,
                        "combos": [
                            {"kind": kind_name(c), "value": c.value, "cards": _mask_codes(c.cards)}
                            for c in found
                        ],
                    }
                )
        return out

    def counted_combos(self) -> list[int]:
        """Full points of the counted (winning side's declared) combinations, per side."""
        out = [0] * self.nsides
        if self.combo_side < 0:
            return out
        for seat in range(self.n):
            found = self.declared[seat]
            if found and self.side_of[seat] == self.combo_side:
                out[self.combo_side] += sum(c.value for c in found)
        return out

    def belote_points(self) -> list[int]:
        """Full points of belote per side (20 per held trump K+Q; announced or not)."""
        out = [0] * self.nsides
        for seat in self.belote:
            if seat >= 0:
                out[self.side_of[seat]] += 20
        return out

    # --------------------------------------------------------------- views
    def visible_cards(self, seat: int | None) -> set[str]:
        """Codes of every card ``seat`` may see now: his hand, cards played, shown combos,
        a face-up card (the contract for the property tests)."""
        mask = self.played | (self.hands[seat] if seat is not None else 0)
        if self.trick_no >= 1 and self.combo_side >= 0:
            for seat_ in range(self.n):
                found = self.declared[seat_]
                if found and self.side_of[seat_] == self.combo_side:
                    for c in found:
                        mask |= c.cards
        return set(_mask_codes(mask)) | self.extra_visible(seat)

    def extra_visible(self, seat: int | None) -> set[str]:
        return set()

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.n
        mine = seat if isinstance(seat, int) and 0 <= seat < n else None
        declarations = []
        for s in range(n):
            found = self.declared[s]
            if found is None:
                continue
            entry: dict[str, Any] = {"seat": s, "kinds": [kind_name(c) for c in found]}
            if self.trick_no >= 1:
                counted = self.side_of[s] == self.combo_side
                entry["counted"] = counted
                entry["cards"] = _mask_codes(_combos_mask(found)) if counted else []
            declarations.append(entry)
        view = {
            "game": self.name,
            "options": self.options,
            "seat": mine,
            "seats": [
                {
                    "seat": s,
                    "cards": self.hands[s].bit_count(),
                    "team": self.side_of[s] if self.teams else None,
                }
                for s in range(n)
            ],
            "phase": _VIEW_PHASE[self.phase],
            "number": self.number,
            "dealer": self.dealer,
            "trump": mode_code(self.trump),
            "contract": self.contract,
            "hand": _mask_codes(self.hands[mine]) if mine is not None else [],
            "table_cards": self._trick_entries(self.trick_leader, self.trick_cards),
            "last_trick": self._trick_entries(self.last_leader, self.last_cards),
            "leader": self.leader,
            "trick_number": self.trick_no,
            "tricks": list(self.tricks),
            "auction": list(self.calls),
            "declarations": declarations,
            "belote": [
                {"seat": self.belote[s], "suit": "scdh"[s], "said": self.belote_said[s]}
                for s in range(4)
                if self.belote[s] >= 0 and self.belote_said[s]
            ],
            "to_act": self.to_act(),
            "legal": self.legal_actions(mine) if mine is not None else [],
            "deals": self.deals,
            "totals": self.totals,
            "result": self.result,
        }
        view.update(self.view_extra(mine))
        out: dict[str, Any] = _jsonable(view)
        return out

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """The public view built once (this class's :meth:`view`, overrides included), and per
        seat a shallow copy with the seat's own ``seat``, ``hand`` and ``legal``: the only keys
        of a trick game's view that depend on the seat (``view_extra`` and the show rule's
        declarations do not; tests compare every seat's view with :meth:`view` along random
        matches of every game). Five views of a 4-player table cost about one."""
        public = self.view(None)
        out: dict[int | None, dict[str, Any]] = {}
        for seat in seats:
            mine = seat if isinstance(seat, int) and 0 <= seat < self.n else None
            if mine is None:
                out[seat] = public if seat is None else dict(public)
                continue
            view = dict(public)
            view["seat"] = mine
            view["hand"] = _mask_codes(self.hands[mine])
            view["legal"] = _jsonable(self.legal_actions(mine))
            out[seat] = view
        return out

    def summary(self) -> Outcome:
        return {
            "deals": _jsonable(self.deals),
            "totals": list(self.totals),
            "finished": self.phase == OVER,
            "winners": list(self.result["winners"]) if self.result else [],
            "reason": self.result["reason"] if self.result else None,
        }

    def finished(self) -> bool:
        return self.phase == OVER

    def deal_number(self) -> int | None:
        return self.number

    def deals_dealt(self, after: int | None) -> list[dict[str, Any]]:
        start = -1 if after is None else after
        void = [d for d in self.void_deals if d["number"] > start]
        return void + super().deals_dealt(after)

    def current_deal(self) -> dict[str, Any]:
        hands = self.dealt_hands
        return {
            "number": self.number,
            "dealer": self.dealer,
            "hands": {str(s): [CODES[c] for c in h] for s, h in enumerate(hands)} if hands else {},
            "stock": [CODES[c] for c in self.stock] if hands else [],
        }

    # ------------------------------------------------------- persistence
    def _persisted(self) -> dict[str, Any]:
        """What :meth:`to_json` holds, its values the state's own (shared: only to be copied
        or written at once): the slots and attributes not starting with ``_`` (``rules`` left
        out), then the deal source's data."""
        raw = {k: getattr(self, k) for k in HOT_SLOTS if k[0] != "_" and k != "rules"}
        raw.update((k, v) for k, v in self.__dict__.items() if k != "source" and k[0] != "_")
        raw["source"] = self.source.to_json()
        return raw

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = _jsonable(self._persisted())
        return data

    def to_json_text(self) -> str:
        """:meth:`to_json` as JSON text, written straight from the state (no copy made)."""
        return json_text(self._persisted())

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TrickGame:
        self = cls.__new__(cls)
        state = _jsonable({k: v for k, v in data.items() if k != "source"})
        for key in _COMBO_FIELDS:
            if key in state:
                state[key] = _combo_lists(state[key])
        state["source"] = DealSource.from_json(data["source"])
        state["_mask"] = -1 if state["phase"] == PLAY_PHASE else 0
        state["_cards"] = ()
        state["_bids"] = ()
        state["rules"] = cls.PLAY_RULES
        sitting = state.pop("sitting", -1)
        for key, value in state.items():
            setattr(self, key, value)
        self.set_sitting(sitting)
        return self

    def copy(self) -> TrickGame:
        """An independent copy: the slots (lists copied), then ``__dict__`` with the lists
        named in ``LIST_FIELDS`` copied; everything else is immutable or replaced rather than
        mutated (see the module docstring)."""
        new = self.__class__.__new__(self.__class__)
        _copy_slots(self, new)
        d = self.__dict__.copy()
        for key in self.LIST_FIELDS:
            d[key] = d[key][:]
        new.__dict__ = d
        return new


def shuffled_deck(seed: int, number: int, deck: tuple[int, ...]) -> list[int]:
    """Exactly ``DealSource(seed).next_deal(number, deck)`` for a shuffled source, without the
    method calls of ``DealSource`` (a test checks the two agree)."""
    cards = list(deck)
    seeded_shuffle(cards, random.Random(f"{seed}:{number}:deal"))
    return cards


def _copy_result(result: dict[str, Any]) -> dict[str, Any]:
    """A copy of a deal result (its values are JSON scalars, flat lists or flat dicts)."""
    return {k: (v[:] if type(v) is list else dict(v) if type(v) is dict else v) for k, v in result.items()}


def _mask_codes(mask: int) -> list[str]:
    out = []
    while mask:
        low = mask & -mask
        out.append(CODES[low.bit_length() - 1])
        mask ^= low
    return out


def _combos_mask(found: list[Combo]) -> int:
    m = 0
    for c in found:
        m |= c.cards
    return m
