"""Обычный блот (seed 003): 2 players, 24 cards 9..A, scores in full points.

:class:`Blot` is the game ``blot`` on the shared :class:`apps.rules.belot.TrickGame` core:

- auction: round 1 ``take``/``pass`` (non-dealer first); a face-up jack the dealer must take
  when the non-dealer passes; round 2 ``name`` {``trump``, ``keep``} or ``pass`` for the
  non-dealer, ``name`` only for the dealer;
- extra cards, the non-dealer's batch first (whoever keeps the face-up card gets it + 2);
- play with :data:`apps.rules.tricks.BLOT` obligations; ``declare`` in trick 1, ``show`` in
  trick 2 (:class:`apps.rules.blot_show.ShowRule`), ``concede`` on one's turn at any time;
- scoring of docs/rules.md (``strictly more``, 162 minus the opponent's points, капут +21);
- a match of ``parties`` parties of ``target`` points (``totals`` is the current party).
"""

from __future__ import annotations

from typing import Any, ClassVar

from .actions import Canonical
from .base import Action, Event
from .belot import _BIT, DECLARE, PASS, SHOW, TAKE, TrickGame, remembered_options
from .blot_show import ShowRule
from .cards import CODES, DECK_24, JACK, SUITS
from .combos import BLOT_RULES, ComboRules
from .errors import IllegalAction, InvalidOptions
from .events import ContractTerms, call
from .tricks import BLOT, MODE_CODES, MODE_OF, card_points, mode_code

OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "target": (501, 1001, 2001),
    "parties": (1, 3, 5),
    "move_time": (20, 15, 30),
}

CONCEDE: dict[str, Any] = Canonical({"type": "concede"})
#: Shared ``{"type": "name", "trump", "keep"}`` actions by ``(trump, keep)`` (do not mutate).
NAME: dict[tuple[str, bool], dict[str, Any]] = {
    (t, k): Canonical({"type": "name", "trump": t, "keep": k}) for t in (*SUITS, "nt") for k in (True, False)
}
#: The ``name`` actions of round 2 by the face-up card's suit (4: no face-up card): every
#: other suit and nt, each with keep true then false.
_ROUND_TWO: tuple[tuple[dict[str, Any], ...], ...] = tuple(
    tuple(NAME[(t, k)] for t in (*SUITS, "nt") if t != face for k in (True, False)) for face in (*SUITS, "")
)
#: Points a player gets for taking every trick (капут).
KAPUT = 21
#: The deal's whole game in full points (seed 003: 162, the cards left out count for the taker).
WHOLE = 162


def normalize_blot_options(options: dict[str, Any]) -> dict[str, Any]:
    """Blot options with defaults; ``InvalidOptions`` naming each bad field."""
    errors: dict[str, str] = {}
    out: dict[str, Any] = {}
    for key, value in options.items():
        choices = OPTION_CHOICES.get(key)
        if choices is None:
            errors[key] = "unknown option"
        elif isinstance(value, bool) or value not in choices:
            errors[key] = f"must be one of {list(choices)}"
        else:
            out[key] = value
    if errors:
        raise InvalidOptions(errors)
    for key, choices in OPTION_CHOICES.items():
        out.setdefault(key, choices[0])
    return {k: out[k] for k in OPTION_CHOICES}


class Blot(ShowRule, TrickGame):
    """Обычный блот (docs/rules.md ``blot``)."""

    name = "blot"
    DECK: ClassVar[tuple[int, ...]] = DECK_24
    PLAY_RULES = BLOT
    #: ``concede`` is possible in every trick.
    EXTRA_TRICKS: ClassVar[int] = 99

    @classmethod
    def normalize_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        return remembered_options(cls, options, normalize_blot_options)

    def setup(self) -> None:
        self.n = 2
        self.teams = False
        self.parties_won = [0, 0]
        self.party = 0
        self.new_party = False

    def hand_size(self) -> int:
        return 6

    def combo_rules(self) -> ComboRules | None:
        return BLOT_RULES

    def auto_declare(self) -> bool:
        return False

    # ------------------------------------------------------------ auction
    def begin_auction(self) -> None:
        if self.new_party:
            # The deal after a party's last one starts the next party from zero.
            self.new_party = False
            self.totals = [0, 0]
        self.round = 1
        self.passes = 0
        self.face_up = self.stock[0] if self.stock else -1
        self.taker = -1
        self.keep = -1
        self.turn = (self.dealer + 1) % 2

    def _face_jack(self) -> bool:
        return self.face_up >= 0 and self.face_up % 9 == JACK

    def auction_legal(self, seat: int) -> list[Action]:
        if seat != self.turn:
            return []
        if self.round == 1:
            if seat == self.dealer and self._face_jack() and self.passes == 1:
                return [TAKE]
            return [TAKE, PASS]
        names = _ROUND_TWO[self.face_up // 9 if self.face_up >= 0 else 4]
        return list(names) if seat == self.dealer else [*names, PASS]

    def auction_apply(self, seat: int, action: Action, events: list[Event]) -> None:
        kind = action["type"]
        if kind == "pass":
            if PASS not in self.auction_legal(seat):
                raise IllegalAction("must_choose", "the dealer may not pass here")
            self._call(seat, PASS, events)
            self.passes += 1
            if self.round == 1 and self.passes == 2:
                self.round, self.passes = 2, 0
            self.turn = 1 - seat
        elif kind == "take":
            if self.round != 1 or self.face_up < 0:
                raise IllegalAction("wrong_round", "take only in the first round")
            self._call(seat, TAKE, events)
            self._taken(seat, self.face_up // 9, seat, events)
        elif kind == "name":
            if self.round != 2:
                raise IllegalAction("wrong_round", "name only in the second round")
            act = NAME.get((action.get("trump"), action.get("keep")))  # type: ignore[arg-type]
            if act is None or act not in self.auction_legal(seat):
                raise IllegalAction("bad_trump", "name another suit or nt, with keep true or false")
            self._call(seat, act, events)
            self._taken(seat, MODE_OF[act["trump"]], seat if act["keep"] else -1, events)
        else:
            raise IllegalAction("unknown_action", f"unknown action {kind!r}")

    #: :meth:`step`'s call of the seat's own legal list: :meth:`auction_apply` itself (the
    #: base's hook would only call it).
    auction_take = auction_apply

    def timeout_auction(self, seat: int) -> Action:
        legal = self.auction_legal(seat)
        if PASS in legal:
            return PASS
        if TAKE in legal:
            return TAKE
        # The dealer must name: the suit he holds most of (ties: suit order), keeping nothing.
        hand = self.hands[seat]
        best = max(
            (a for a in legal if not a["keep"] and a["trump"] != "nt"),
            key=lambda a: (hand >> (9 * SUITS.index(a["trump"])) & 0x1FF).bit_count(),
        )
        return best

    def _call(self, seat: int, action: Action, events: list[Event]) -> None:
        entry = call(seat, action)
        self.calls = [*self.calls, entry]
        events.append(entry)

    def _taken(self, taker: int, mode: int, keeper: int, events: list[Event]) -> None:
        """Extra cards, non-dealer's batch first: the keeper of the face-up card gets it + 2,
        the other 3; nobody keeps it: 3 each. Then the non-dealer leads."""
        nd = (self.dealer + 1) % 2
        face, rest = self.stock[0], self.stock[1:]
        if keeper == nd:
            batches = ((nd, [face, *rest[0:2]]), (self.dealer, rest[2:5]))
        elif keeper == self.dealer:
            batches = ((nd, rest[0:3]), (self.dealer, [face, *rest[3:5]]))
        else:
            batches = ((nd, rest[0:3]), (self.dealer, rest[3:6]))
        hands = list(self.hands)
        for seat, cards in batches:
            hands[seat] |= sum(map(_BIT.__getitem__, cards))
        self.hands = hands
        self.taker = taker
        self.keep = keeper
        contract: ContractTerms = {"seat": taker, "trump": MODE_CODES[mode]}
        events.append({"type": "contract", **contract})
        self.start_play(mode, nd, contract)

    # --------------------------------------------------------------- play
    def extra_actions(self, seat: int) -> list[Action]:
        """:class:`ShowRule`'s (``declare`` in trick 1, ``show`` in trick 2) inline, then
        ``concede`` (every card asks: :meth:`legal_count`)."""
        trick_no = self.trick_no
        if trick_no == 0:
            return [DECLARE, CONCEDE] if self.declare_allowed(seat) else [CONCEDE]
        if trick_no == 1 and self.show_allowed(seat):
            return [SHOW, CONCEDE]
        return [CONCEDE]

    def extra_count(self, seat: int) -> int:
        """``len(extra_actions(seat))`` without the list (every card asks): ``concede``, and
        ``declare`` in trick 1 or ``show`` in trick 2 (``show_allowed`` inline)."""
        trick_no = self.trick_no
        if trick_no == 0:
            return 2 if self.may_declare[seat] and self.declare_allowed(seat) else 1
        return 2 if trick_no == 1 and self.declared[seat] and not self.shown[seat] else 1

    def apply_extra(self, seat: int, action: Action, events: list[Event]) -> None:
        if action["type"] == "concede":
            self.concede(seat, events)
            return
        super().apply_extra(seat, action, events)

    def concede(self, seat: int, events: list[Event]) -> None:
        """F8: the trick on the table and every later trick go to the opponent.

        Declarations whose show window the concede cuts off (trick 1, or the opponent's turn in
        trick 2 not yet come) count as shown; the conceder's own chance in trick 2 has come.
        """
        other = 1 - seat
        left = self.ntricks - self.trick_no
        shown = list(self.shown)
        cut_off = [
            self.trick_no == 0 or (self.trick_no == 1 and s != seat and not self.trick_cards) for s in (0, 1)
        ]
        for s in (0, 1):
            if self.declared[s] and cut_off[s]:
                shown[s] = True
        self.shown = shown
        rest = self.hands[0] | self.hands[1]
        for c in self.trick_cards:
            rest |= 1 << c
        total = card_points(rest, self.trump) + 10
        events.append({"type": "concede", "seat": seat, "tricks": left, "points": total})
        self.tricks[other] += left
        self.points[other] += total
        self.played |= rest
        self.hands = [0, 0]
        self.trick_cards = []
        self.led = self.win_card = self.win_seat = -1
        self.trick_no = self.ntricks
        self._mask = -1
        self.compare_shown(events)
        self._finish_deal(events)

    # ------------------------------------------------------------ scoring
    def score_deal(self) -> dict[str, Any]:
        self.compare_shown([])
        taker = self.taker
        other = 1 - taker
        combos = self.counted_combos()
        belote = self.belote_points()
        points = self.points
        own = [points[s] + combos[s] + belote[s] for s in (0, 1)]
        made = own[taker] > own[other]
        scores = [0, 0]
        if made:
            scores[taker] = WHOLE - points[other] + combos[taker] + belote[taker]
            scores[other] = own[other]
        else:
            scores[other] = WHOLE + combos[0] + combos[1] + belote[0] + belote[1]
        for s in (0, 1):
            if self.tricks[s] == 0:
                scores[1 - s] += KAPUT
        return {
            "redeal": False,
            "trump": mode_code(self.trump),
            "contract": self.contract,
            "tricks": list(self.tricks),
            "card_points": list(points),
            "combos": combos,
            "belote": belote,
            "made": made,
            "scores": scores,
        }

    def match_result(self) -> dict[str, Any] | None:
        """A party is won at ``target`` by the strictly higher total; the match by the first
        to win ``parties`` parties. The next party's first deal starts from zero."""
        totals = self.totals
        best = max(totals)
        if best < self.options["target"] or totals[0] == totals[1]:
            return None
        winner = totals.index(best)
        won = list(self.parties_won)
        won[winner] += 1
        self.parties_won = won
        self.party += 1
        if self.deals:
            self.deals[-1] = {**self.deals[-1], "party_winner": winner}
        if won[winner] >= self.options["parties"]:
            return {"winners": [winner], "reason": "target"}
        self.new_party = True
        return None

    # -------------------------------------------------------------- views
    def extra_visible(self, seat: int | None) -> set[str]:
        if self.phase != "waiting" and self.face_up >= 0:
            return {CODES[self.face_up]}
        return set()

    def view_extra(self, seat: int | None) -> dict[str, Any]:
        extra: dict[str, Any] = {"parties_won": list(self.parties_won), "party": self.party}
        if self.phase != "waiting":
            extra["face_up"] = CODES[self.face_up] if self.face_up >= 0 else None
            extra["taker"] = self.taker if self.taker >= 0 else None
            extra["keeper"] = self.keep if self.keep >= 0 else None
            extra["round"] = self.round
            hidden = 1 if self.taker < 0 else (6 if self.keep >= 0 else 7)
            extra["stock"] = max(0, len(self.stock) - hidden)
        return extra
