"""Базар-блот (seed 000), classic rules, 4 players in teams or 2 players.

:class:`BazarBlot` is the game ``bazar_blot``; with ``ruleset: "gambler"`` its
``normalize_options``, ``create`` and ``from_json`` hand over to
:class:`apps.rules.bazar_gambler.BazarGambler`, a subclass that overrides the hooks below.
A ruleset's subclass registers itself in ``BazarBlot.RULESETS`` by naming its ``RULESET``;
:mod:`apps.rules.bazar` (the game's entry in ``api.GAMES``) loads every ruleset.

Hooks specific to this family (beyond :class:`apps.rules.belot.TrickGame`'s):

- ``TRUMP_CODES``: trump choices a bid may name (Gambler adds ``all``); ``no_trump`` removes
  ``nt``.
- ``bid_range()``: the lowest and highest numeric bid (8, 24).
- ``contra_allowed(seat)``, ``contra_answerers(seat)``: who may say contra, and who answers it
  in which order.
- ``auction_ends_after_passes()``: the three passes rule (Gambler adds the last word).
- ``made_contract(...)``, ``game_values(...)``, ``score_four(...)``: the scoring of a 4-player
  deal, split so a ruleset can change one step.
- ``capot_game()``: what a capot game is worth (25).
"""

from __future__ import annotations

from typing import Any, ClassVar

from .actions import Canonical
from .base import Action, DealSource, Event
from .belot import _BIT, AUCTION, DECLARE, PASS, TAKE, TrickGame, remembered_options
from .cards import CODES
from .combos import BAZAR_ALL, BAZAR_NO_CARRE, ComboRules
from .errors import IllegalAction, InvalidOptions
from .events import ContractTerms, call
from .tricks import MODE_CODES, MODE_OF, NT, mode_code, round_small

CONTRA_ACTION = Canonical({"type": "contra"})
RECONTRA_ACTION = Canonical({"type": "recontra"})
#: The calls of the contracted team's seat that answers a contra.
_ANSWERS: tuple[Action, ...] = (PASS, RECONTRA_ACTION)

OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "players": (4, 2),
    "target": (51, 101, 301),
    "no_trump": (True, False),
    "combos": ("all", "no_carre_hundred", "none"),
    "auto_declare": (False, True),
    "move_time": (20, 15, 30),
    "theme": ("club", "yard", "kitchen"),
    "ruleset": ("classic", "gambler"),
}

_BID_CACHE: dict[tuple[Any, ...], dict[str, Any]] = {}


def bid_action(value: int, trump: str) -> dict[str, Any]:
    """The shared ``{"type": "bid", "value", "trump"}`` dict (do not mutate)."""
    key = ("bid", value, trump)
    act = _BID_CACHE.get(key)
    if act is None:
        act = _BID_CACHE[key] = Canonical({"type": "bid", "value": value, "trump": trump})
    return act


def capot_action(trump: str) -> dict[str, Any]:
    key = ("capot", trump)
    act = _BID_CACHE.get(key)
    if act is None:
        act = _BID_CACHE[key] = Canonical({"type": "capot", "trump": trump})
    return act


def solo_capot_action(trump: str) -> dict[str, Any]:
    """The shared ``{"type": "capot", "trump", "solo": true}`` dict: «капо на 1 руке»."""
    key = ("solo", trump)
    act = _BID_CACHE.get(key)
    if act is None:
        act = _BID_CACHE[key] = Canonical({"type": "capot", "trump": trump, "solo": True})
    return act


#: Why a solo capot is refused where the table does not play it.
SOLO_OFF = "«капо на 1 руке» is not played at this table (the Gambler option solo_capot is off)"


def name_action(trump: str) -> dict[str, Any]:
    key = ("name", trump)
    act = _BID_CACHE.get(key)
    if act is None:
        act = _BID_CACHE[key] = Canonical({"type": "name", "trump": trump})
    return act


#: ``(type, value)`` pairs allowed per option (so ``True`` is not taken for ``1``).
_ALLOWED = {key: {(type(c), c) for c in choices} for key, choices in OPTION_CHOICES.items()}


def normalize_bazar_options(options: dict[str, Any], default_target: dict[int, int]) -> dict[str, Any]:
    """Validate Базар-блот options and fill defaults; ``default_target`` by player count."""
    errors = {}
    out = {}
    for key, choices in OPTION_CHOICES.items():
        value = options.get(key, choices[0]) if key != "target" else None
        if key != "target" and (type(value), value) not in _ALLOWED[key]:
            errors[key] = f"must be one of {list(choices)}"
        out[key] = value
    for key in options:
        if key not in OPTION_CHOICES and key != "solo_capot":
            errors[key] = "unknown option"
    solo = options.get("solo_capot", False)
    if type(solo) is not bool:
        errors["solo_capot"] = "must be one of [False, True]"
    elif solo and out["ruleset"] != "gambler":
        errors["solo_capot"] = "«капо на 1 руке» is a Gambler option: it needs ruleset gambler"
    elif solo and out["players"] != 4:
        errors["solo_capot"] = "«капо на 1 руке» needs 4 players (the bidder's partner sits out)"
    if out["ruleset"] == "gambler":
        # Gambler only (the classic options stay exactly as they were).
        out["solo_capot"] = solo
    players = out["players"]
    target = options.get("target", default_target.get(players, 101) if type(players) is int else 101)
    if (type(target), target) not in _ALLOWED["target"]:
        errors["target"] = "must be one of [51, 101, 301]"
    out["target"] = target
    if errors:
        raise InvalidOptions(errors)
    return out


def _gambler_class() -> type[BazarBlot]:
    """The Gambler subclass, registered when :mod:`apps.rules.bazar_gambler` is imported."""
    cls = BazarBlot.RULESETS.get("gambler")
    if cls is None:
        raise ImportError("the gambler ruleset is not loaded: use apps.rules.bazar (api.GAMES)")
    return cls


class BazarBlot(TrickGame):
    """Базар-блот, classic ruleset (docs/rules.md ``bazar_blot``)."""

    #: Shared legal auction lists by ``(bid, capot, no_trump, contra allowed)``, per class.
    _legal_cache: ClassVar[dict[tuple[Any, ...], tuple[Any, ...]]] = {}

    name = "bazar_blot"
    TRUMP_CODES: ClassVar[tuple[str, ...]] = ("s", "c", "d", "h", "nt")
    DEFAULT_TARGET: ClassVar[dict[int, int]] = {4: 101, 2: 51}

    #: Ruleset name -> the subclass that plays it, filled as each subclass naming its
    #: ``RULESET`` is defined.
    RULESETS: ClassVar[dict[str, type[BazarBlot]]] = {}

    #: Whether the 4-player auction is this class's (none of its methods overridden):
    #: :meth:`auction_take` then applies a legal call without the checks, and
    #: :meth:`_four_legal` reads :meth:`contra_allowed` inline (set per class).
    SPLIT_FOUR: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._legal_cache = {}
        cls.SPLIT_FOUR = all(
            getattr(cls, name) is getattr(BazarBlot, name)
            for name in ("auction_apply", "_take_four", "auction_legal", "contra_allowed", "_four_legal")
        )
        ruleset = cls.__dict__.get("RULESET")
        if isinstance(ruleset, str):
            BazarBlot.RULESETS[ruleset] = cls

    # ------------------------------------------------------------ options
    @classmethod
    def normalize_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        if cls is BazarBlot and options.get("ruleset") == "gambler":
            return _gambler_class().normalize_options(options)
        return remembered_options(cls, options, cls._normalize)

    @classmethod
    def _normalize(cls, options: dict[str, Any]) -> dict[str, Any]:
        return normalize_bazar_options(options, cls.DEFAULT_TARGET)

    @classmethod
    def create(
        cls,
        options: dict[str, Any],
        *,
        source: DealSource,
        dealer: int | None = None,
        seats: list[int] | None = None,
    ) -> TrickGame:
        if cls is BazarBlot and options.get("ruleset") == "gambler":
            return _gambler_class().create(options, source=source, dealer=dealer, seats=seats)
        return super().create(options, source=source, dealer=dealer, seats=seats)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TrickGame:
        if cls is BazarBlot and (data.get("options") or {}).get("ruleset") == "gambler":
            return _gambler_class().from_json(data)
        return super().from_json(data)

    def setup(self) -> None:
        self.n = self.options["players"]
        self.teams = self.n == 4

    def hand_size(self) -> int:
        return 8 if self.n == 4 else 6

    def combo_rules(self) -> ComboRules | None:
        combos = self.options["combos"]
        if combos == "none":
            return None
        return BAZAR_NO_CARRE if combos == "no_carre_hundred" else BAZAR_ALL

    def trump_codes(self) -> tuple[str, ...]:
        """Trumps a bid may name under the options."""
        if self.options["no_trump"]:
            return self.TRUMP_CODES
        return tuple(t for t in self.TRUMP_CODES if t != "nt")

    def bid_range(self) -> tuple[int, int]:
        return 8, 24

    def capot_game(self) -> int:
        """The game of a side that took every trick (and of a capot contract)."""
        return 25

    # ------------------------------------------------------------ auction
    def begin_auction(self) -> None:
        self.turn = (self.dealer + 1) % self.n
        self.passes = 0
        if self.n == 4:
            self.bid = 0
            self.bid_seat = -1
            self.bid_trump = ""
            self.capot = False
            self.contra_seat = -1
            self.multiplier = 1
            self.answer: list[int] = []
        else:
            self.round = 1
            self.face_up = self.stock[0] if self.stock else -1
            self.taker = -1

    def auction_legal(self, seat: int) -> list[Action]:
        if seat != self.turn:
            return []
        if self.n == 2:
            return self._legal_two(seat)
        return list(self._four_legal(seat))

    def auction_count(self, seat: int) -> int:
        if self.n == 4 and self.SPLIT_FOUR:
            return len(self._four_legal(seat)) if seat == self.turn else 0
        return len(self.auction_legal(seat))

    def _four_legal(self, seat: int) -> tuple[Action, ...]:
        """The shared legal calls of the 4-player auction's seat in turn."""
        if self.contra_seat >= 0:
            return _ANSWERS
        if self.SPLIT_FOUR:  # contra_allowed inline: a bid stands and ``seat`` is against it
            bs = self.bid_seat
            side_of = self.side_of
            contra = bs >= 0 and side_of[seat] != side_of[bs]
        else:
            contra = self.contra_allowed(seat)
        key = (self.bid, self.capot, self.options["no_trump"], contra)
        cached = self._legal_cache.get(key)
        if cached is None:
            cached = self._legal_cache[key] = tuple(self._build_legal(*key))
        return cached

    def _build_legal(self, bid: int, capot: bool, no_trump: bool, contra: bool) -> list[Action]:
        out: list[Action] = [PASS]
        if not capot:
            out.extend(self._raises(bid, self.trump_codes()))
        if contra:
            out.append(CONTRA_ACTION)
        return out

    def _raises(self, bid: int, trumps: tuple[str, ...]) -> list[Action]:
        """Every bid above ``bid`` in ``bid_range`` in each of ``trumps``, then capot in each."""
        low, high = self.bid_range()
        out = [bid_action(value, t) for value in range(max(low, bid + 1), high + 1) for t in trumps]
        out.extend(capot_action(t) for t in trumps)
        return out

    def contra_allowed(self, seat: int) -> bool:
        """Contra: a bid stands, ``seat`` is against it, no contra yet."""
        return (
            self.bid_seat >= 0 and self.contra_seat < 0 and self.side_of[seat] != self.side_of[self.bid_seat]
        )

    def contra_answerers(self, contra_seat: int) -> list[int]:
        """Members of the contracted team in turn order after the contra."""
        n = self.n
        return [
            (contra_seat + i) % n
            for i in range(1, n)
            if self.side_of[(contra_seat + i) % n] == self.side_of[self.bid_seat]
        ]

    def _check_trump(self, trump: Any) -> int:
        if not isinstance(trump, str) or trump not in self.trump_codes():
            raise IllegalAction("bad_trump", f"cannot name trump {trump!r}")
        return MODE_OF[trump]

    def auction_apply(self, seat: int, action: Action, events: list[Event]) -> None:
        if self.n == 2:
            self._apply_two(seat, action, events)
            return
        kind = action["type"]
        if self.contra_seat >= 0:
            if kind == "recontra":
                action = RECONTRA_ACTION
            elif kind == "pass":
                action = PASS
            else:
                raise IllegalAction("auction_closed", "after contra only recontra or pass")
        elif kind == "pass":
            action = PASS
        elif kind in ("bid", "capot"):
            if kind == "capot" and action.get("solo"):
                raise IllegalAction("solo_capot_off", SOLO_OFF)
            if self.capot:
                raise IllegalAction("no_raise_after_capot", "after a capot only pass or contra")
            number = 25
            if kind == "bid":
                value = action.get("value")
                low, high = self.bid_range()
                if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                    raise IllegalAction("bad_value", f"a bid is {low}..{high}")
                if value <= self.bid:
                    raise IllegalAction("bid_too_low", f"a bid must be higher than {self.bid}")
                number = value
            trump: str = action.get("trump", "")
            self._check_trump(trump)
            action = bid_action(number, trump) if kind == "bid" else capot_action(trump)
        elif kind == "contra":
            if not self.contra_allowed(seat):
                raise IllegalAction("cannot_contra", "contra only against the last bid, by its opponents")
            action = CONTRA_ACTION
        elif kind == "recontra":
            raise IllegalAction("cannot_recontra", "recontra only answers a contra")
        else:
            raise IllegalAction("unknown_action", f"unknown action {kind!r}")
        self._take_four(seat, action, events)

    def _step_auction(self, seat: int, index: int) -> list[Event]:
        """The 4-player classic auction: the seat in turn's call ``index`` of the shared legal
        tuple (``_bids``, as :meth:`legal_count` found it), applied by :meth:`_take_four` (no
        list copied, no checks); else the base's."""
        legal = self._bids
        if legal and self.SPLIT_FOUR and self.n == 4 and seat == self.turn and self.phase == AUCTION:
            self._bids = ()
            if 0 <= index < len(legal):
                events: list[Event] = []
                self._take_four(seat, legal[index], events)
                return events
        return super()._step_auction(seat, index)

    def auction_options(self, seat: int) -> tuple[Action, ...] | list[Action]:
        """The 4-player classic auction's shared legal tuple (:meth:`_four_legal`, no copy);
        else ``auction_legal``."""
        if self.n == 4 and self.SPLIT_FOUR:
            return self._four_legal(seat)
        return self.auction_legal(seat)

    def auction_take(self, seat: int, action: Action, events: list[Event]) -> None:
        """The 4-player classic auction applies a call of the seat's own legal list without
        :meth:`auction_apply`'s checks (the list is built from the same rules)."""
        if self.n == 4 and self.SPLIT_FOUR:
            self._take_four(seat, action, events)
        else:
            self.auction_apply(seat, action, events)

    def _take_four(self, seat: int, action: Action, events: list[Event]) -> None:
        """Apply a legal call of the 4-player auction, ``action`` its canonical shared dict
        (checked by :meth:`auction_apply`, or one of :meth:`auction_legal`'s)."""
        self._call(seat, action, events)
        if self.contra_seat >= 0:
            if action is RECONTRA_ACTION:
                self.multiplier = 4
                self._auction_won(events)
            else:
                self.answer = self.answer[1:]
                if self.answer:
                    self.turn = self.answer[0]
                else:
                    self._auction_won(events)
        elif action is PASS:
            self.passes += 1
            if self.bid_seat >= 0 and self.passes >= 3:
                self._auction_won(events)
            elif self.bid_seat < 0 and self.passes >= self.n:
                self.redeal(events)
            else:
                self.turn = (seat + 1) % self.n
        elif action is CONTRA_ACTION:
            self.contra_seat = seat
            self.multiplier = 2
            self.answer = self.contra_answerers(seat)
            self.turn = self.answer[0]
        else:  # a bid or a capot
            self.bid = action.get("value", 25)
            self.bid_seat = seat
            self.bid_trump = action["trump"]
            self.capot = action["type"] == "capot"
            self.passes = 0
            self.turn = (seat + 1) % self.n

    def _call(self, seat: int, action: Action, events: list[Event]) -> None:
        entry = call(seat, action)
        self.calls.append(entry)
        events.append(entry)

    def _auction_won(self, events: list[Event]) -> None:
        """The last bid is the contract: play starts left of the dealer."""
        contract: ContractTerms = {
            "team": self.side_of[self.bid_seat],
            "seat": self.bid_seat,
            "value": self.bid,
            "trump": self.bid_trump,
            "capot": self.capot,
            "multiplier": self.multiplier,
        }
        events.append({"type": "contract", **contract})
        self.start_play(MODE_OF[self.bid_trump], (self.dealer + 1) % self.n, contract)

    # ---------------------------------------------------- 2-player auction
    def _legal_two(self, seat: int) -> list[Action]:
        if self.round == 1:
            return [TAKE, PASS]
        face = CODES[self.face_up][1] if self.face_up >= 0 else ""
        key = ("two", face, self.options["no_trump"])  # the trumps named: by the class and no_trump
        cached = self._legal_cache.get(key)
        if cached is None:
            cached = self._legal_cache[key] = (
                *(name_action(t) for t in self.trump_codes() if t != face),
                PASS,
            )
        return list(cached)

    def _apply_two(self, seat: int, action: Action, events: list[Event]) -> None:
        kind = action["type"]
        if kind == "pass":
            self._call(seat, PASS, events)
            self.passes += 1
            if self.passes < 2:
                self.turn = 1 - seat
            elif self.round == 1:
                self.round, self.passes = 2, 0
                self.turn = (self.dealer + 1) % 2
            else:
                self.redeal(events)
            return
        if kind == "take" and self.round == 1:
            if self.face_up < 0:
                raise IllegalAction("no_face_up", "no face-up card")
            self._call(seat, TAKE, events)
            self._two_taken(seat, self.face_up // 9, events)
        elif kind == "name" and self.round == 2:
            trump = action.get("trump")
            if not isinstance(trump, str) or name_action(trump) not in self._legal_two(seat):
                raise IllegalAction("bad_trump", f"cannot name {trump!r}")
            self._call(seat, name_action(trump), events)
            self._two_taken(seat, MODE_OF[trump], events)
        elif kind in ("take", "name"):
            raise IllegalAction("wrong_round", f"{kind} is not allowed in round {self.round}")
        else:
            raise IllegalAction("unknown_action", f"unknown action {kind!r}")

    def _two_taken(self, taker: int, mode: int, events: list[Event]) -> None:
        """Extra cards, the non-dealer's batch first: the taker gets the face-up card + 2."""
        nd = (self.dealer + 1) % 2
        face, rest = self.stock[0], self.stock[1:]
        if taker == nd:
            batches = {nd: [face, *rest[0:2]], self.dealer: rest[2:5]}
        else:
            batches = {nd: rest[0:3], self.dealer: [face, *rest[3:5]]}
        hands = list(self.hands)
        for seat, cards in batches.items():
            hands[seat] |= sum(map(_BIT.__getitem__, cards))  # distinct cards: the sum is their OR
        self.hands = hands
        self.taker = taker
        contract: ContractTerms = {"seat": taker, "trump": MODE_CODES[mode]}
        events.append({"type": "contract", **contract})
        self.start_play(mode, nd, contract)

    # -------------------------------------------------------------- scoring
    def score_deal(self) -> dict[str, Any]:
        if self.n == 2:
            return self._score_two()
        return self._score_four()

    def _base_result(self) -> dict[str, Any]:
        return {
            "redeal": False,
            "trump": mode_code(self.trump),
            "contract": self.contract,
            "tricks": list(self.tricks),
            "card_points": list(self.points),
        }

    def game_values(self, ct: int) -> list[int]:
        """Small-point game of each team: capot 25/0, else the defenders' rounded points and
        16 minus that for the contracting team ``ct``."""
        ot = 1 - ct
        game = [0, 0]
        total_tricks = self.ntricks
        if self.tricks[ct] == total_tricks:
            game[ct] = self.capot_game()
        elif self.tricks[ot] == total_tricks:
            game[ot] = self.capot_game()
        else:
            game[ot] = round_small(self.points[ot])
            game[ct] = 16 - game[ot]
        return game

    def made_contract(self, ct: int, game: list[int], combos: list[int], belote: list[int]) -> bool:
        """Made: game + counted combinations + belote >= the bid, with a trick; a capot
        contract needs every trick."""
        contract = self.played_contract()
        if contract["capot"]:
            return self.tricks[ct] == self.ntricks
        return game[ct] + combos[ct] + belote[ct] >= contract["value"] and self.tricks[ct] >= 1

    def _score_four(self) -> dict[str, Any]:
        contract = self.played_contract()
        ct = contract["team"]
        ot = 1 - ct
        combos_full = self.counted_combos()
        belote_full = self.belote_points()
        combos = [v // 10 for v in combos_full]
        belote = [v // 10 for v in belote_full]
        game = self.game_values(ct)
        made = self.made_contract(ct, game, combos, belote)
        whole = game[0] + game[1]
        scores = [0, 0]
        mult = contract["multiplier"]
        if mult == 1:
            if made:
                scores = [game[s] + combos[s] + belote[s] for s in (0, 1)]
            else:
                scores[ct] = belote[ct]
                scores[ot] = whole + combos[0] + combos[1] + belote[ot]
        else:
            side = ct if made else ot
            scores[side] = (whole + combos[0] + combos[1]) * mult + belote[side]
            scores[1 - side] = belote[1 - side]
        return {
            **self._base_result(),
            "combos": combos_full,
            "belote": belote_full,
            "made": made,
            "scores": scores,
        }

    def _score_two(self) -> dict[str, Any]:
        taker = self.taker
        other = 1 - taker
        combos_full = self.counted_combos()
        belote_full = self.belote_points()
        game = [round_small(p) for p in self.points]
        for s in (0, 1):
            if self.tricks[s] == self.ntricks:
                game[s] += 9
        own = [game[s] + combos_full[s] // 10 + belote_full[s] // 10 for s in (0, 1)]
        made = own[taker] > own[other] and self.tricks[taker] >= 1
        if made:
            scores = own
        else:
            scores = [0, 0]
            scores[taker] = belote_full[taker] // 10
            scores[other] = (
                game[0] + game[1] + (combos_full[0] + combos_full[1]) // 10 + belote_full[other] // 10
            )
        return {
            **self._base_result(),
            "combos": combos_full,
            "belote": belote_full,
            "made": made,
            "scores": scores,
        }

    # ---------------------------------------------------------------- views
    def extra_visible(self, seat: int | None) -> set[str]:
        if self.n == 2 and self.phase != "waiting" and getattr(self, "face_up", -1) >= 0:
            return {CODES[self.face_up]}
        return set()

    def view_extra(self, seat: int | None) -> dict[str, Any]:
        extra: dict[str, Any] = {}
        if self.n == 2 and self.phase != "waiting":
            extra["face_up"] = CODES[self.face_up] if self.face_up >= 0 else None
            extra["taker"] = self.taker if self.taker >= 0 else None
            extra["stock"] = max(0, len(self.stock) - (6 if self.taker >= 0 else 1))
        elif self.n == 4 and self.phase == "auction":
            extra["bid"] = (
                {"seat": self.bid_seat, "value": self.bid, "trump": self.bid_trump}
                if self.bid_seat >= 0
                else None
            )
            extra["contra"] = self.contra_seat if self.contra_seat >= 0 else None
        return extra


__all__ = ["DECLARE", "NT", "BazarBlot", "normalize_bazar_options"]
