"""Деберц (seed 004, docs/rules.md ``deberc``): 2, 3 or 4 players, or 2 on 2.

:class:`Deberc` is the game ``deberc``, a :class:`apps.rules.belot.TrickGame` that overrides
its hooks:

- the first dealer is found by dealing one card at a time (from seat 0, a shuffle seeded
  from the match seed) until the first ace (:func:`first_ace_draw`, shown in the view as
  ``first_dealer``);
- 6 cards each, ``stock[0]`` face up; trump chosen in two rounds (``take`` / ``pass``, then
  ``name`` / ``pass``), the dealer may not pass in round 2 (обяз);
- extra cards (:meth:`Deberc.extra_batches`), then Деберц (8 9 T J Q K A of trumps) ends
  the match at once;
- play with :data:`apps.rules.tricks.DEBERC` obligations, automatic combinations with
  :data:`apps.rules.combos.DEBERC_RULES` (counted only when their side took a trick), бела
  announced with its first card and counted when that trick is won by its side;
- scoring (:mod:`apps.rules.deberc_scoring`): made / байт / hanging points carried.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from . import fairness
from .actions import Canonical
from .base import Action, DealSource, Event, seeded_shuffle
from .belot import _BIT, PASS, TAKE, WAITING, TrickGame, remembered_options
from .cards import ACE, CODES, DECK_32, EIGHT, SUITS
from .combos import DEBERC_RULES, ComboRules
from .deberc_scoring import DealPoints, score_points
from .errors import IllegalAction, InvalidOptions
from .events import ContractTerms, call
from .tricks import DEBERC, MODE_CODES, MODE_OF, POINTS, SUIT_MASK, mode_code

OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "players": (2, 3, 4),
    "teams": (False, True),
    "target": (301, 501, 1001),
    "move_time": (20, 15, 30),
}

#: ``DEBERC_MASK[suit]``: the 8 9 T J Q K A of that suit.
DEBERC_MASK: tuple[int, ...] = tuple(sum(1 << (s * 9 + r) for r in range(EIGHT, ACE + 1)) for s in range(4))
#: Shared ``{"type": "name", "trump": s}`` actions (do not mutate).
NAME: dict[str, dict[str, Any]] = {s: Canonical({"type": "name", "trump": s}) for s in SUITS}


def _same_type(value: Any, choice: Any) -> bool:
    return type(value) is type(choice)


def normalize_deberc_options(options: dict[str, Any]) -> dict[str, Any]:
    """Deberc options with defaults; ``InvalidOptions`` naming each bad field."""
    errors: dict[str, str] = {}
    out: dict[str, Any] = {}
    for key, value in options.items():
        choices = OPTION_CHOICES.get(key)
        if choices is None:
            errors[key] = "unknown option"
        elif not any(value == c and _same_type(value, c) for c in choices):
            errors[key] = f"must be one of {list(choices)}"
        else:
            out[key] = value
    for key, choices in OPTION_CHOICES.items():
        out.setdefault(key, choices[0])
    if out["teams"] and out["players"] != 4:
        errors["teams"] = "teams are played with 4 players only"
    if errors:
        raise InvalidOptions(errors)
    return {k: out[k] for k in OPTION_CHOICES}


def first_ace_draw(source: DealSource, n: int) -> tuple[int, list[list[Any]]]:
    """The first dealer: a deck shuffled from the match seed is dealt one card at a time,
    seat 0 first, until the first ace; its receiver deals. Returns the dealer and the cards
    shown, ``[[seat, code], ...]`` (the last one is the ace)."""
    if source.fair is not None:  # a live match: docs/rules.md §3's draw on words("dealer")
        return fairness.first_ace(
            source.fair.server_seed, source.fair.client, [CODES[c] for c in DECK_32], range(n)
        )
    cards = list(DECK_32)
    rng = source.rng(0, "first_dealer") if source.seed is not None else random.Random(0)
    seeded_shuffle(cards, rng)
    shown = []
    for i, c in enumerate(cards):
        seat = i % n
        shown.append([seat, CODES[c]])
        if c % 9 == ACE:
            return seat, shown
    raise AssertionError("a 32-card deck holds aces")  # pragma: no cover


class Deberc(TrickGame):
    """Деберц (docs/rules.md ``deberc``)."""

    #: The first dealer's draw (``[[seat, code], ...]``, the ace last), None when given.
    first_draw: list[list[Any]] | None
    #: Points left hanging by a «висячий» deal, carried to the next one.
    hanging: int

    name = "deberc"
    PLAY_RULES = DEBERC
    #: Declarations are automatic: no ``declare`` action is ever legal.
    EXTRA_TRICKS: ClassVar[int] = 0

    # ------------------------------------------------------------ options
    @classmethod
    def normalize_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        return remembered_options(cls, options, normalize_deberc_options)

    @classmethod
    def create(
        cls,
        options: dict[str, Any],
        *,
        source: DealSource,
        dealer: int | None = None,
        seats: list[int] | None = None,
    ) -> Deberc:
        draw = None
        if dealer is None:
            dealer, draw = first_ace_draw(source, options["players"])
        self = cls.__new__(cls)
        self._init_match(options, source, dealer)
        self.first_draw = draw
        self.hanging = 0
        self._start_deal([])
        return self

    def setup(self) -> None:
        self.n = self.options["players"]
        self.teams = bool(self.options["teams"]) and self.n == 4

    def hand_size(self) -> int:
        return 6

    def combo_rules(self) -> ComboRules | None:
        return DEBERC_RULES

    def auto_declare(self) -> bool:
        return True

    # ------------------------------------------------------------ auction
    def begin_auction(self) -> None:
        self.turn = (self.dealer + 1) % self.n
        self.round = 1
        self.passes = 0
        self.face_up = self.stock[0] if self.stock else -1
        self.chooser = -1
        self.deberc_seat = -1
        self.bela_seat = -1
        self.bela_trick = -1
        self.bela_won = False

    def auction_legal(self, seat: int) -> list[Action]:
        if seat != self.turn:
            return []
        if self.round == 1:
            return [TAKE, PASS] if self.face_up >= 0 else [PASS]
        names = [NAME[s] for i, s in enumerate(SUITS) if self.face_up < 0 or i != self.face_up // 9]
        return names if seat == self.dealer else [*names, PASS]

    def auction_apply(self, seat: int, action: Action, events: list[Event]) -> None:
        kind = action["type"]
        if kind == "pass":
            if self.round == 2 and seat == self.dealer:
                raise IllegalAction("must_name", "the dealer may not pass in round 2 (обяз)")
            self._call(seat, PASS, events)
            self.passes += 1
            if self.passes < self.n:
                self.turn = (seat + 1) % self.n
            else:
                self.round, self.passes = 2, 0
                self.turn = (self.dealer + 1) % self.n
        elif kind == "take":
            if self.round != 1:
                raise IllegalAction("wrong_round", "take is for round 1")
            if self.face_up < 0:
                raise IllegalAction("no_face_up", "no face-up card")
            self._call(seat, TAKE, events)
            self._chosen(seat, self.face_up // 9, events)
        elif kind == "name":
            if self.round != 2:
                raise IllegalAction("wrong_round", "name is for round 2")
            trump = action.get("trump")
            if not isinstance(trump, str) or NAME.get(trump) not in self.auction_legal(seat):
                raise IllegalAction("bad_trump", f"cannot name {trump!r}")
            self._call(seat, NAME[trump], events)
            self._chosen(seat, MODE_OF[trump], events)
        else:
            raise IllegalAction("unknown_action", f"unknown action {kind!r}")

    #: :meth:`step`'s call of the seat's own legal list: :meth:`auction_apply` itself (the
    #: base's hook would only call it).
    auction_take = auction_apply

    def timeout_auction(self, seat: int) -> Action:
        """Pass when allowed; the obliged dealer names his strongest allowed suit."""
        legal = self.auction_legal(seat)
        if PASS in legal:
            return PASS
        hand = self.hands[seat]

        def strength(action: Action) -> tuple[int, int, int]:
            s = MODE_OF[action["trump"]]
            mine = hand & SUIT_MASK[s]
            return (sum(POINTS[s][c] for c in range(s * 9, s * 9 + 9) if mine >> c & 1), mine.bit_count(), -s)

        return max(legal, key=strength)

    def _call(self, seat: int, action: Action, events: list[Event]) -> None:
        entry = call(seat, action)
        self.calls.append(entry)
        events.append(entry)

    def extra_batches(self) -> list[tuple[int, list[int]]]:
        """Extra cards, from left of the dealer, each seat's whole batch: 3 each from
        ``stock[1:]`` for 2-3 players; for 4, 2 each, the dealer the face-up card and one more."""
        n, stock = self.n, self.stock
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        if n < 4:
            return [(seat, stock[1 + 3 * i : 4 + 3 * i]) for i, seat in enumerate(order)]
        batches = [(seat, stock[1 + 2 * i : 3 + 2 * i]) for i, seat in enumerate(order[:3])]
        batches.append((self.dealer, stock[0:1] + stock[7:8]))
        return batches

    def _chosen(self, seat: int, mode: int, events: list[Event]) -> None:
        """Trump chosen: the contract, the extra cards, then Деберц or play."""
        self.chooser = seat
        contract: ContractTerms = {"seat": seat, "trump": MODE_CODES[mode]}
        events.append({"type": "contract", **contract})
        hands = list(self.hands)
        for s, cards in self.extra_batches():
            hands[s] |= sum(map(_BIT.__getitem__, cards))  # distinct cards: their bits' sum is their OR
        self.hands = hands
        events.append({"type": "extra_cards", "counts": [h.bit_count() for h in hands]})
        for s in range(self.n):
            if hands[s] & DEBERC_MASK[mode] == DEBERC_MASK[mode]:
                self._deberc(s, mode, contract, events)
                return
        self.start_play(mode, (self.dealer + 1) % self.n, contract)

    def _deberc(self, seat: int, mode: int, contract: ContractTerms, events: list[Event]) -> None:
        """Деберц: the match is won at once; the deal scores nothing, hanging points stay."""
        self.trump = mode
        self.contract = contract
        self.deberc_seat = seat
        events.append({"type": "deberc", "seat": seat, "cards": _codes(DEBERC_MASK[mode])})
        k = self.nsides
        result = {
            "redeal": False,
            "trump": mode_code(mode),
            "contract": contract,
            "tricks": [0] * k,
            "card_points": [0] * k,
            "combos": [0] * k,
            "belote": [0] * k,
            "outcome": "made",
            "hanging": self.hanging,
            "deberc": seat,
            "scores": [0] * k,
        }
        self.deals.append(result)
        events.append({"type": "deal_scored", "result": result, "totals": self.totals})
        if self.source.deals is not None:  # «Дубль»: the Деберц wins its deal, the set goes on
            self._next_deal(events)
            return
        self._over({"winners": self.seats_of_side(self.side_of[seat]), "reason": "deberc"}, events)

    # ---------------------------------------------------------------- play
    def _say_belote(self, seat: int, suit: int, events: list[Event]) -> None:
        """Бела is announced with the first of the trump K and Q only (core hook override)."""
        if self.belote_said[suit]:
            return
        self.belote_said[suit] = 1
        self.bela_seat = seat
        self.bela_trick = self.trick_no
        events.append({"type": "belote", "seat": seat, "suit": SUITS[suit], "word": "bela"})

    def on_trick(self, events: list[Event]) -> None:
        if self.trick_no == 1:  # the base's ``on_trick``, without its call (every trick comes here)
            self.compare_combos(events)
        if self.bela_trick == self.trick_no - 1 and self.bela_seat >= 0:
            winner = self.trick_leader
            self.bela_won = self.side_of[winner] == self.side_of[self.bela_seat]
            events.append({"type": "bela", "seat": self.bela_seat, "counted": self.bela_won})

    def counted_combos(self) -> list[int]:
        """The best side's combinations, only if that side took a trick."""
        out = super().counted_combos()
        side = self.combo_side
        if side >= 0 and self.tricks[side] == 0:
            return [0] * self.nsides
        return out

    def belote_points(self) -> list[int]:
        """20 to the side of the бела's owner when it won the trick of the announcement."""
        out = [0] * self.nsides
        if self.bela_won:
            out[self.side_of[self.bela_seat]] = 20
        return out

    # ------------------------------------------------------------- scoring
    def score_deal(self) -> dict[str, Any]:
        combos = self.counted_combos()
        bela = self.belote_points()
        scored = score_points(
            DealPoints(
                own=[p + c + b for p, c, b in zip(self.points, combos, bela, strict=True)],
                chooser=self.side_of[self.chooser],
                chooser_seat=self.chooser,
                side_of=self.side_of,
                hanging=self.hanging if self.source.deals is None else 0,  # «Дубль»: none carried
            )
        )
        self.hanging = scored.hanging
        return {
            "redeal": False,
            "trump": mode_code(self.trump),
            "contract": self.contract,
            "tricks": list(self.tricks),
            "card_points": list(self.points),
            "combos": combos,
            "belote": bela,
            "outcome": scored.outcome,
            "hanging": scored.hanging,
            "deberc": None,
            "scores": scored.scores,
        }

    # --------------------------------------------------------------- views
    def extra_visible(self, seat: int | None) -> set[str]:
        out = set()
        if self.phase != WAITING and self.face_up >= 0:
            out.add(CODES[self.face_up])
        if self.deberc_seat >= 0:
            out.update(_codes(DEBERC_MASK[self.trump]))
        if self._shows_first_draw():
            out.update(c for _s, c in self.first_draw or [])
        return out

    def _shows_first_draw(self) -> bool:
        """The cards dealt face up to find the first dealer stay on view during the first
        auction (they came from a separate shuffle: they tell nothing about the deal)."""
        return bool(self.first_draw) and self.number == 0 and self.phase == "auction"

    def view_extra(self, seat: int | None) -> dict[str, Any]:
        waiting = self.phase == WAITING
        extra: dict[str, Any] = {
            "obligation": self.dealer,
            "hanging": self.hanging,
            "first_dealer": self._first_dealer_view(),
        }
        if not waiting:
            extra["face_up"] = CODES[self.face_up] if self.face_up >= 0 else None
            extra["round"] = self.round if self.phase == "auction" else None
            extra["chooser"] = self.chooser if self.chooser >= 0 else None
            extra["deberc"] = self.deberc_seat if self.deberc_seat >= 0 else None
            extra["bela"] = self._bela_view()
        return extra

    def _first_dealer_view(self) -> dict[str, Any] | None:
        """The cards dealt to find the first dealer, shown during the first deal."""
        if not self._shows_first_draw():
            return None
        draw = self.first_draw or []
        return {"cards": [{"seat": s, "card": c} for s, c in draw], "dealer": draw[-1][0]}

    def _bela_view(self) -> dict[str, Any] | None:
        """The бела announced this deal; ``counted`` is None until its trick is taken."""
        if self.bela_seat < 0:
            return None
        counted = self.bela_won if self.bela_trick < self.trick_no else None
        return {"seat": self.bela_seat, "counted": counted}


def _codes(mask: int) -> list[str]:
    return [CODES[c] for c in range(36) if mask >> c & 1]


__all__ = ["Deberc", "first_ace_draw", "normalize_deberc_options"]
