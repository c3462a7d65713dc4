"""Базар-белот, ruleset ``gambler`` (seed 002): a subclass of :class:`BazarBlot`.

What it changes (docs/rules.md ``bazar_blot`` / ``gambler``), each by a hook:

- trumps: ``all`` (every suit trump, 258 = 26 per deal, belote in every suit, capot 35);
- auction (4 players, :meth:`BazarGambler.auction_legal` / ``auction_apply``):
  contra by either opponent of the last bid, in or out of turn, while his partner has made
  no call since that bid (so ``to_act`` may list two seats); the contracted pair answers
  clockwise from the contra-er; a pair whose both players passed in round one keeps only
  ``pass`` and ``contra``; after three passes the bidder speaks once more (higher in his own
  trump or a capot in it: the auction ends, no contra; another trump: reopened; pass: ends);
  after a capot only a capot in a game worth more (``all``) may follow;
- four sevens in one hand: the deal is void (:meth:`void_deal`); four eights in one hand at the
  start of play: every combination of the deal is cancelled, belote stays;
- declarations count only when shown in trick 2 (:class:`apps.rules.blot_show.ShowRule`);
- scoring: a bid of XX is made with XX × 10 real card points + own counted combinations +
  own belote and a trick; a failed capot gives the opponents the capot's game (25, 35 in
  all-trumps); the deal's whole game is 16, or 26 in all-trumps;
- «капо на 1 руке» (option ``solo_capot``, docs/rules.md "Variants beyond the seeds"): the bid
  ``{"type": "capot", "trump", "solo": true}`` outranks every capot; after it only a solo capot
  in a game worth more; in the play the bidder's partner sits out (:meth:`TrickGame.set_sitting`:
  three-card tricks, his seat skipped, left of the dealer leads or the next seat if that is the
  partner); his combinations and belote never count; scored by :meth:`_score_solo`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .actions import Canonical
from .base import Action, Event
from .bazar_blot import (
    _ANSWERS,
    CONTRA_ACTION,
    SOLO_OFF,
    BazarBlot,
    bid_action,
    capot_action,
    solo_capot_action,
)
from .belot import PASS, remembered_options
from .blot_show import ShowRule
from .cards import EIGHT, SEVEN
from .combos import KQ_MASK
from .errors import IllegalAction
from .events import ContractTerms
from .tricks import ALL, MODE_OF, RANK_MASK, round_small

#: The internal action of a timed-out out-of-turn contra seat (never legal for a client).
WAIVE: dict[str, Any] = Canonical({"type": "waive"})
SEVENS = RANK_MASK[SEVEN]
EIGHTS = RANK_MASK[EIGHT]


class BazarGambler(ShowRule, BazarBlot):
    """``bazar_blot`` with ``ruleset: "gambler"``."""

    RULESET: ClassVar[str] = "gambler"
    TRUMP_CODES: ClassVar[tuple[str, ...]] = ("s", "c", "d", "h", "nt", "all")
    DEFAULT_TARGET: ClassVar[dict[int, int]] = {4: 301, 2: 301}
    #: Whether the last bid is a solo capot (a class default for states saved before it).
    solo: bool = False

    @classmethod
    def normalize_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        return remembered_options(cls, options, cls._normalize)

    # ------------------------------------------------------- deal checks
    def void_deal(self, events: list[Event]) -> bool:
        """Four sevens in one hand: the deal is void before the auction."""
        for seat, hand in enumerate(self.hands):
            if hand & SEVENS == SEVENS:
                events.append({"type": "four_sevens", "seat": seat})
                return True
        return False

    def start_play(self, mode: int, leader: int, contract: ContractTerms | None) -> None:
        super().start_play(mode, leader, contract)
        # The sitting partner's four eights cancel combinations too (docs/rules.md).
        self.four_eights = any(h & EIGHTS == EIGHTS for h in self.hands)
        if contract is not None and contract.get("solo"):
            partner = (contract["seat"] + 2) % 4
            self.set_sitting(partner)
            # His combinations and belote never count: he neither declares nor plays.
            self.may_declare[partner] = False
            for suit in range(4):
                if self.belote[suit] == partner:
                    self.belote[suit] = -1
                    self.belote_cards &= ~KQ_MASK[suit]

    def combos_cancelled(self) -> bool:
        return self.four_eights

    # ------------------------------------------------------------ auction
    def begin_auction(self) -> None:
        super().begin_auction()
        self.four_eights = False
        if self.n == 4:
            #: Seats whose first call of the auction was a pass / that have made a call.
            self.first_pass = 0
            self.called = 0
            #: Seats that made a call since the last bid (their partners may no longer contra).
            self.since_bid = 0
            #: Seats whose time ran out while they could only say contra: they gave it up.
            self.waived = 0
            self.last_word = False
            self.solo = False

    def solo_on(self) -> bool:
        """Whether the table plays «капо на 1 руке» (option ``solo_capot``)."""
        return bool(self.options.get("solo_capot"))

    def _silenced(self, seat: int) -> bool:
        """Both players of ``seat``'s pair passed in the first round."""
        pair = (1 << seat) | (1 << ((seat + 2) % 4))
        return self.first_pass & pair == pair

    def contra_allowed(self, seat: int) -> bool:
        """An opponent of the last bid, no contra yet, his partner silent since that bid."""
        bs = self.bid_seat
        return (
            bs >= 0
            and self.contra_seat < 0
            and (seat - bs) % 2 == 1
            and not self.since_bid >> ((seat + 2) % 4) & 1
            and not self.waived >> seat & 1
        )

    def auction_to_act(self) -> list[int]:
        if self.n == 2 or self.contra_seat >= 0 or self.bid_seat < 0:
            return [self.turn]
        seats = [self.turn]
        for seat in ((self.bid_seat + 1) % 4, (self.bid_seat + 3) % 4):
            if seat != self.turn and self.contra_allowed(seat):
                seats.append(seat)
        seats.sort()
        return seats

    def auction_options(self, seat: int) -> tuple[Action, ...] | list[Action]:
        """The legal calls of ``seat`` (the shared cached tuple in the 4-player auction)."""
        if self.n == 2:
            return super().auction_legal(seat)
        if self.contra_seat >= 0:
            return _ANSWERS if seat == self.turn else ()
        contra = self.contra_allowed(seat)
        if seat != self.turn:
            return (CONTRA_ACTION,) if contra else ()
        silenced = self._silenced(seat)
        key = (
            self.bid,
            self.capot,
            self.bid_trump if self.capot else "",
            self.solo,
            bool(self.options.get("solo_capot")),  # ``solo_on`` inline
            silenced,
            self.last_word,
            self.options["no_trump"],
            contra,
        )
        cached = self._legal_cache.get(key)
        if cached is None:
            cached = self._legal_cache[key] = tuple(self._gambler_legal(*key))
        return cached

    def auction_legal(self, seat: int) -> list[Action]:
        return list(self.auction_options(seat))

    def _gambler_legal(
        self,
        bid: int,
        capot: bool,
        capot_trump: str,
        solo: bool,
        solo_on: bool,
        silenced: bool,
        last_word: bool,
        no_trump: bool,
        contra: bool,
    ) -> list[Action]:
        out: list[Action] = [PASS]
        if not silenced:
            trumps = self.trump_codes()
            higher = capot_trump != "all" and "all" in trumps
            if solo:
                if higher:
                    out.append(solo_capot_action("all"))
            elif capot:
                if higher:
                    out.append(capot_action("all"))
            else:
                out.extend(self._raises(bid, trumps))
            if solo_on and not solo:
                out.extend(solo_capot_action(t) for t in trumps)
        if contra:
            out.append(CONTRA_ACTION)
        return out

    def timeout_auction(self, seat: int) -> Action:
        """The seat in turn passes; a seat that could only say contra out of turn gives it up
        (the ``waive`` below; timers only wait for the seat in turn anyway)."""
        if seat != self.turn and self.n == 4 and self.contra_seat < 0:
            return WAIVE
        return PASS

    def auction_apply(self, seat: int, action: Action, events: list[Event]) -> None:
        if self.n == 2 or self.contra_seat >= 0:
            super().auction_apply(seat, action, events)
            return
        kind = action["type"]
        if action is WAIVE:
            self.waived |= 1 << seat
            return
        if kind == "contra":
            if not self.contra_allowed(seat):
                raise IllegalAction(
                    "cannot_contra", "contra: an opponent of the bid, partner silent since it"
                )
            action = CONTRA_ACTION
        elif seat != self.turn:
            raise IllegalAction("not_your_turn", f"seat {seat} may only say contra now")
        elif kind == "pass":
            action = PASS
        elif kind in ("bid", "capot"):
            action = self._check_bid(seat, kind, action)
        elif kind == "recontra":
            raise IllegalAction("cannot_recontra", "recontra only answers a contra")
        else:
            raise IllegalAction("unknown_action", f"unknown action {kind!r}")
        self._take_gambler(seat, action, events)

    def auction_take(self, seat: int, action: Action, events: list[Event]) -> None:
        """A call of the seat's own legal list (the shared canonical dicts) in the 4-player
        auction before a contra is applied without :meth:`auction_apply`'s checks."""
        if self.n == 4 and self.contra_seat < 0:
            self._take_gambler(seat, action, events)
        else:
            self.auction_apply(seat, action, events)

    def _take_gambler(self, seat: int, action: Action, events: list[Event]) -> None:
        """Apply a legal call of the 4-player auction before a contra, ``action`` its canonical
        shared dict (checked by :meth:`auction_apply`, or one of :meth:`auction_legal`'s)."""
        if action is CONTRA_ACTION:
            self._call(seat, CONTRA_ACTION, events)
            self.contra_seat = seat
            self.multiplier = 2
            self.answer = self.contra_answerers(seat)
            self.turn = self.answer[0]
            return
        if action is PASS:
            self._record(seat, True)
            self._call(seat, PASS, events)
            if self.last_word:
                self._auction_won(events)
                return
            self.passes += 1
            if self.bid_seat < 0 and self.passes >= 4:
                self.redeal(events)
                return
            if self.bid_seat >= 0 and self.passes >= 3:
                self.last_word = True
            self.turn = (seat + 1) % 4
            return
        # a bid or a capot (solo included)
        self._record(seat, False)
        self._call(seat, action, events)
        own = self.last_word and action["trump"] == self.bid_trump
        self.bid = action.get("value", 25)
        self.bid_seat = seat
        self.bid_trump = action["trump"]
        self.capot = action["type"] == "capot"
        self.solo = action.get("solo") is True
        self.passes = 0
        self.since_bid = 0
        self.waived = 0
        self.last_word = False
        if own:
            self._auction_won(events)
            return
        self.turn = (seat + 1) % 4

    def _check_bid(self, seat: int, kind: str, action: Action) -> dict[str, Any]:
        """The canonical bid/capot dict of a legal raise; ``IllegalAction`` otherwise."""
        solo = kind == "capot" and action.get("solo") is True
        if solo and not self.solo_on():
            raise IllegalAction("solo_capot_off", SOLO_OFF)
        if self._silenced(seat):
            raise IllegalAction("pair_passed", "a pair that passed in round one may only pass or contra")
        trump: str = action.get("trump", "")
        self._check_trump(trump)
        if kind == "capot":
            higher = trump == "all" and self.bid_trump != "all"
            if self.solo:
                if not solo or not higher:
                    raise IllegalAction(
                        "capot_too_low", "after a solo capot only a solo capot in a game worth more"
                    )
                return solo_capot_action(trump)
            if solo:
                return solo_capot_action(trump)  # outranks every bid and every capot
            if self.capot and not higher:
                raise IllegalAction("capot_too_low", "after a capot only an all-trumps capot")
            return capot_action(trump)
        if self.capot:
            raise IllegalAction("no_raise_after_capot", "after a capot only a capot in a game worth more")
        value = action.get("value")
        low, high = self.bid_range()
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise IllegalAction("bad_value", f"a bid is {low}..{high}")
        if value <= self.bid:
            raise IllegalAction("bid_too_low", f"a bid must be higher than {self.bid}")
        return bid_action(value, trump)

    def _record(self, seat: int, passed: bool) -> None:
        bit = 1 << seat
        if not self.called & bit:
            self.called |= bit
            if passed:
                self.first_pass |= bit
        self.since_bid |= bit

    def _auction_won(self, events: list[Event]) -> None:
        """As classic; a solo capot's contract says ``"solo": true`` and its leader is left of
        the dealer, or the next seat when that is the sitting partner."""
        if not self.solo:
            super()._auction_won(events)
            return
        contract: ContractTerms = {
            "team": self.side_of[self.bid_seat],
            "seat": self.bid_seat,
            "value": self.bid,
            "trump": self.bid_trump,
            "capot": True,
            "multiplier": self.multiplier,
            "solo": True,
        }
        events.append({"type": "contract", **contract})
        leader = (self.dealer + 1) % 4
        if leader == (self.bid_seat + 2) % 4:
            leader = (leader + 1) % 4
        self.start_play(MODE_OF[self.bid_trump], leader, contract)

    # ------------------------------------------------------------ scoring
    def solo_game(self) -> int:
        """Small points of a solo capot's game: 50, or 70 in all-trumps."""
        return 70 if self.trump == ALL else 50

    def _score_four(self) -> dict[str, Any]:
        if self.played_contract().get("solo"):
            return self._score_solo()
        return super()._score_four()

    def _score_solo(self) -> dict[str, Any]:
        """«Капо на 1 руке»: made when the bidder took every trick. The pair that records (the
        bidder's if made, else the opponents') writes 50 (70 in all-trumps) + every counted
        combination + the belote of the three players, times the contra multiplier; the other
        pair writes nothing."""
        contract = self.played_contract()
        ct = contract["team"]
        combos_full = self.counted_combos()
        belote_full = self.belote_points()
        made = self.tricks[ct] == self.ntricks
        value = self.solo_game() + (sum(combos_full) + sum(belote_full)) // 10
        scores = [0, 0]
        scores[ct if made else 1 - ct] = value * contract["multiplier"]
        return {
            **self._base_result(),
            "combos": combos_full,
            "belote": belote_full,
            "made": made,
            "scores": scores,
        }

    def whole_game(self) -> int:
        """Small points of a deal's game: 26 in all-trumps, else 16."""
        return 26 if self.trump == ALL else 16

    def capot_game(self) -> int:
        return 35 if self.trump == ALL else 25

    def game_values(self, ct: int) -> list[int]:
        """As classic with a 26-point game in all-trumps; a failed capot contract's game
        (the capot's value) goes to the opponents."""
        ot = 1 - ct
        game = [0, 0]
        n = self.ntricks
        if self.tricks[ct] == n:
            game[ct] = self.capot_game()
        elif self.tricks[ot] == n or self.played_contract()["capot"]:
            game[ot] = self.capot_game()
        else:
            game[ot] = round_small(self.points[ot])
            game[ct] = self.whole_game() - game[ot]
        return game

    def made_contract(self, ct: int, game: list[int], combos: list[int], belote: list[int]) -> bool:
        """Made: real card points + own counted combinations + own belote >= bid × 10, with a
        trick; a capot contract needs every trick."""
        contract = self.played_contract()
        if contract["capot"]:
            return self.tricks[ct] == self.ntricks
        own = self.points[ct] + 10 * (combos[ct] + belote[ct])
        return own >= contract["value"] * 10 and self.tricks[ct] >= 1

    # -------------------------------------------------------------- views
    def view_extra(self, seat: int | None) -> dict[str, Any]:
        extra = super().view_extra(seat)
        # The seat the turn waits for (timers, bots); an out-of-turn contra is optional.
        extra["awaiting"] = [self.turn] if self.phase in ("auction", "play") else []
        if self.n == 4 and self.phase == "auction":
            extra["last_word"] = self.last_word
            extra["silenced"] = [s for s in range(2) if self._silenced(s)]
            if extra.get("bid") and self.solo:
                extra["bid"] = {**extra["bid"], "capot": True, "solo": True}
        if self.phase == "play":
            extra["four_eights"] = self.four_eights
        if self.solo_on():
            # The seat that sits out this deal's play (a solo capot's partner), else None.
            extra["sitting"] = self.sitting if self.phase == "play" and self.sitting >= 0 else None
        return extra
