"""Дурак (seed 001, RULES.md "durak"): подкидной and переводной, 2–4 players, pairs, Шулер.

One match is one game. Seats are the occupied ones of 0..3 (empty seats are skipped);
pairs are seats 0&2 against 1&3. A game runs as a chain of bouts (коны):

- ``lead``: the bout's starter puts any card on the table (``attack``);
- ``bout``: the defender beats (``defend``), transfers (``transfer``) or says ``take``;
  the throwers add cards (``attack``) or say ``done``; the bout closes by itself as
  RULES.md settles it (a discard, or the defender takes the table);
- ``check`` (Шулер only): before a bout closes only ``catch`` is legal, until the system
  action ``close``;
- ``over``: the game has a result.

Hidden information kept here and never shown: the hands, the stock order and which table
cards were unfair. Decisions RULES.md leaves open are written in ``docs/rules-notes.md``.
"""

from __future__ import annotations

from typing import Any

from .base import Action, DealSource, Event, Game
from .cards import CARD, CODES, DECK_36, SUIT_INDEX, SUITS, codes, parse_cards
from .durak_tables import ATTACK, BEATERS, CATCH, DEFEND, DONE, RANK_BIT, TAKE, TRANSFER, lead_key
from .errors import IllegalAction, InvalidOptions

WAITING, LEAD, BOUT, CHECK, OVER = "waiting", "lead", "bout", "check", "over"
#: PROTOCOL.md phase names by engine phase.
VIEW_PHASE = {WAITING: "waiting", LEAD: "play", BOUT: "play", CHECK: "check", OVER: "match_over"}

DEFAULTS: dict[str, Any] = {"transfer": False, "teams": False, "cheating": False, "move_time": 30}
HAND_SIZE = 6
MAX_ATTACKS = 6

#: Fields copied verbatim by ``to_json``/``from_json``/``copy`` (lists are copied one level deep).
_SCALARS = (
    "transfer", "teams", "cheating", "seed", "trump", "phase", "starter", "defender", "prio",
    "rankmask", "unbeaten", "took", "opened", "done", "banned", "pending", "penalties", "reason",
)  # fmt: skip
_LISTS = ("occupied", "stock", "discard", "playing", "out_order", "att", "dfn", "att_owner", "winners")


class Durak(Game):
    """The state of one game of Дурак, with its rules as methods."""

    name = "durak"

    # ------------------------------------------------------------------ options, creation

    @classmethod
    def normalize_options(cls, options: dict) -> dict:
        """Defaults filled in; ``InvalidOptions`` names every unknown or bad field."""
        errors = {}
        for key in options:
            if key not in DEFAULTS:
                errors[key] = "unknown option"
        result = dict(DEFAULTS)
        for key in ("transfer", "teams", "cheating"):
            if key in options:
                if isinstance(options[key], bool):
                    result[key] = options[key]
                else:
                    errors[key] = "must be true or false"
        if "move_time" in options:
            value = options["move_time"]
            if value == 30 and not isinstance(value, bool):
                result["move_time"] = 30
            else:
                errors["move_time"] = "must be 30 (seconds per action)"
        if errors:
            raise InvalidOptions(errors)
        return result

    @classmethod
    def create(
        cls,
        options: dict,
        *,
        source: DealSource,
        dealer: int | None = None,
        seats: list[int] | None = None,
    ) -> Durak:
        """A new game on ``seats`` (default all four), dealt from ``source``.

        ``teams`` falls back to false unless all four seats are taken; ``dealer`` is ignored
        (Durak deals from the lowest seat).
        """
        occupied = _check_seats(seats)
        options = dict(options)
        if len(occupied) < 4:
            options["teams"] = False
        self = cls.__new__(cls)
        self.options = options
        self.transfer = options["transfer"]
        self.teams = options["teams"]
        self.cheating = options["cheating"]
        self.seed = source.seed
        self.given = source.given
        self.occupied = occupied
        self._reset_bout_fields()
        self.penalties = 0
        self.reason = None
        self.winners = []
        self.result = None
        self.discard = []
        self.out_order = []
        self.playing = [s in occupied for s in range(4)]
        self.starter = self.defender = self.prio = -1
        deal = source.next_deal(0, DECK_36)
        if deal is None:
            self.hands = [[] for _ in range(4)]
            self.stock = []
            self.dealt = ([[] for _ in range(4)], [])
            self.trump = -1
            self.phase = WAITING
        else:
            hands, stock = _deal_cards(deal, occupied)
            self.dealt = ([list(h) for h in hands], list(stock))
            self.hands = hands
            self.stock = stock
            self.trump = _trump_suit(hands, stock, occupied)
            self._start_bout(_first_attacker(hands, occupied, self.trump))
        self._cache = None
        return self

    def _reset_bout_fields(self) -> None:
        """Empty table and the bout's flags."""
        self.att = []  # attack cards in order
        self.dfn = []  # the card beating att[i], or -1
        self.att_owner = []  # seat that put att[i]
        self.rankmask = 0  # ranks on the table (bit per rank)
        self.unbeaten = 0
        self.took = False
        self.opened = False  # the others may throw (starter/transferrer said done or had nothing)
        self.done = 0  # bit per seat: said done since the last card was added
        self.banned = 0  # bit per seat: may not catch until the bout ends
        self.unfair = set()  # table cards put by cheating (hidden)
        self.pending = None  # in the check phase: "discard" or "take"

    def _start_bout(self, leader: int) -> None:
        self._reset_bout_fields()
        self.starter = self.prio = leader
        self.defender = self._next_opponent(leader)
        self.phase = LEAD

    # ------------------------------------------------------------------ seats

    def _next_opponent(self, seat: int) -> int:
        """The next seat clockwise still in the game that plays against ``seat``; -1 if none."""
        playing = self.playing
        for k in (1, 2, 3):
            t = (seat + k) & 3
            if playing[t] and not (self.teams and k == 2):
                return t
        return -1

    def _next_playing(self, seat: int) -> int:
        """``seat`` itself if still in the game, else the next such seat clockwise; -1 if none."""
        playing = self.playing
        for k in (0, 1, 2, 3):
            t = (seat + k) & 3
            if playing[t]:
                return t
        return -1

    def _throwers(self) -> list[int]:
        """Seats that throw in this bout: everyone still in but the defender (pairs: his opponents)."""
        d = self.defender
        playing = self.playing
        if self.teams:
            return [s for s in ((d + 1) & 3, (d + 3) & 3) if playing[s]]
        return [s for s in self.occupied if playing[s] and s != d]

    def _same_side(self, a: int, b: int) -> bool:
        return a == b or (self.teams and (a - b) % 2 == 0)

    # ------------------------------------------------------------------ what may happen now

    def _room(self) -> bool:
        """Whether the bout's limits leave room for one more attack card."""
        return len(self.att) < MAX_ATTACKS and self.unbeaten < len(self.hands[self.defender])

    def _has_throwable(self, seat: int) -> bool:
        """Whether ``seat`` holds a card he could throw in (any card in Шулер), limits aside."""
        hand = self.hands[seat]
        if self.cheating:
            return bool(hand)
        mask = self.rankmask
        return any(RANK_BIT[c] & mask for c in hand)

    def _eligible(self, seat: int) -> bool:
        """Whether ``seat`` may throw now: the starter/transferrer first, the others once opened."""
        return (seat == self.prio or self.opened) and not self.done >> seat & 1

    def _someone_may_throw(self) -> bool:
        """Whether an eligible thrower who has not said done can still put a card."""
        if not self._room():
            return False
        return any(self._eligible(s) and self._has_throwable(s) for s in self._throwers())

    def _transfer_target(self) -> int:
        """The seat a transfer would pass the bout to, or -1 when a transfer is not allowed now."""
        if not self.transfer or self.took or self.unbeaten != len(self.att) or len(self.att) >= MAX_ATTACKS:
            return -1
        target = self._next_opponent(self.defender)
        if target < 0 or len(self.hands[target]) < len(self.att) + 1:
            return -1
        return target

    def _legal(self) -> dict[int, list[Action]]:
        """Every seat's legal actions now (cached until the next applied action)."""
        cache = self._cache
        if cache is not None:
            return cache
        legal: dict[int, list[Action]] = {}
        phase = self.phase
        if phase == LEAD:
            legal[self.starter] = [ATTACK[c] for c in self.hands[self.starter]]
        elif phase == BOUT:
            self._legal_bout(legal)
        if self.cheating and phase in (BOUT, CHECK):
            self._legal_catches(legal)
        self._cache = legal
        return legal

    def _legal_bout(self, legal: dict[int, list[Action]]) -> None:
        hands = self.hands
        d = self.defender
        hand_d = hands[d]
        att = self.att
        mask = self.rankmask
        cheating = self.cheating
        if not self.took and self.unbeaten:
            acts = []
            dfn = self.dfn
            if cheating:
                for i, t in enumerate(att):
                    if dfn[i] < 0:
                        acts.extend(DEFEND[c * 36 + t] for c in hand_d)
            else:
                beaters = BEATERS[self.trump]
                for i, t in enumerate(att):
                    if dfn[i] < 0:
                        m = beaters[t]
                        acts.extend(DEFEND[c * 36 + t] for c in hand_d if m >> c & 1)
            if self._transfer_target() >= 0:
                if cheating:
                    acts.extend(TRANSFER[c] for c in hand_d)
                else:
                    acts.extend(TRANSFER[c] for c in hand_d if RANK_BIT[c] & mask)
            acts.append(TAKE)
            legal[d] = acts
        if not self._room():
            return
        may_done = self.took or not self.unbeaten
        prio, opened, done = self.prio, self.opened, self.done
        for s in self._throwers():
            if (s != prio and not opened) or done >> s & 1:
                continue
            if cheating:
                throws = [ATTACK[c] for c in hands[s]]
            else:
                throws = [ATTACK[c] for c in hands[s] if RANK_BIT[c] & mask]
            if throws:
                if may_done:
                    throws.append(DONE)
                legal[s] = throws

    def _legal_catches(self, legal: dict[int, list[Action]]) -> None:
        table = self._table_owners()
        if not table:
            return
        for s in self.occupied:
            if not self.playing[s] or self.banned >> s & 1:
                continue
            acts = [CATCH[c] for c, owner in table if not self._same_side(owner, s)]
            if acts:
                legal.setdefault(s, []).extend(acts)

    def _table_owners(self) -> list[tuple[int, int]]:
        """``(card, seat that put it)`` for every card on the table."""
        pairs = list(zip(self.att, self.att_owner, strict=True))
        d = self.defender
        pairs.extend((c, d) for c in self.dfn if c >= 0)
        return pairs

    def to_act(self) -> list[int]:
        """Seats with at least one legal action now, ascending (several throwers may act at once)."""
        return sorted(self._legal())

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now; the dicts are shared, do not mutate them."""
        acts = self._legal().get(seat)
        return list(acts) if acts else []

    def awaiting(self) -> list[int]:
        """Seats whose move the game waits for (a ``timeout`` is legal for them), ascending."""
        phase = self.phase
        if phase == LEAD:
            return [self.starter]
        if phase != BOUT:
            return []
        seats = []
        if not self.took and self.unbeaten:
            seats.append(self.defender)
        legal = self._legal()
        for s in self._throwers():
            acts = legal.get(s)
            if acts and acts[0]["type"] != "catch":
                seats.append(s)
        return sorted(seats)

    # ------------------------------------------------------------------ applying actions

    def apply(self, seat: int, action: Action, *, system: bool = False) -> list[Event]:
        """Do ``action`` for ``seat``; ``IllegalAction`` (and no change) when not allowed."""
        handler = _HANDLERS.get(action.get("type"))
        if handler is None:
            raise IllegalAction("unknown_action", f"no Durak action {action.get('type')!r}")
        events = handler(self, seat, action, system)
        self._cache = None
        return events

    def _check_turn(self, seat: Any) -> None:
        """Refuse a move when the game is not on or ``seat`` has nothing to do."""
        phase = self.phase
        if phase == OVER:
            raise IllegalAction("game_over", "the game is over")
        if phase == WAITING:
            raise IllegalAction("not_dealt", "no cards were dealt")
        if not self._legal().get(seat):
            raise IllegalAction("not_your_turn", f"seat {seat!r} may not act now")
        if phase == CHECK:
            raise IllegalAction("check_phase", "only catch is legal while the bout is checked")

    def _card_in_hand(self, seat: int, action: Action, key: str = "card") -> int:
        c = CARD.get(action.get(key))
        if c is None:
            raise IllegalAction("bad_card", f"not a card: {action.get(key)!r}")
        if c not in self.hands[seat]:
            raise IllegalAction("not_in_hand", f"{CODES[c]} is not in seat {seat}'s hand")
        return c

    def _do_attack(self, seat: int, action: Action, system: bool) -> list[Event]:
        self._check_turn(seat)
        c = self._card_in_hand(seat, action)
        events: list[Event] = []
        if self.phase == LEAD:
            if seat != self.starter:  # pragma: no cover - only the starter acts in LEAD
                raise IllegalAction("not_your_turn")
            self.phase = BOUT
            self._put_attack(seat, c, events)
            return events
        if seat == self.defender or seat not in self._throwers() or not self._eligible(seat):
            raise IllegalAction("not_your_turn", f"seat {seat} may not throw in now")
        if not self._room():
            raise IllegalAction("limit_reached", "6 cards, or as many unbeaten as the defender holds")
        fair = bool(RANK_BIT[c] & self.rankmask)
        if not fair and not self.cheating:
            raise IllegalAction("rank_not_on_table", f"no {CODES[c][0]} on the table")
        if not fair:
            self.unfair.add(c)
        self._put_attack(seat, c, events)
        return events

    def _put_attack(self, seat: int, c: int, events: list[Event]) -> None:
        self.hands[seat].remove(c)
        self.att.append(c)
        self.dfn.append(-1)
        self.att_owner.append(seat)
        self.rankmask |= RANK_BIT[c]
        self.unbeaten += 1
        self.done = 0
        events.append({"type": "attack", "seat": seat, "card": CODES[c]})
        self._settle(events)

    def _do_defend(self, seat: int, action: Action, system: bool) -> list[Event]:
        self._check_turn(seat)
        if seat != self.defender or self.took:
            raise IllegalAction("not_your_turn", "only the defender beats, before he takes")
        c = self._card_in_hand(seat, action)
        t = CARD.get(action.get("target"))
        if t is None or t not in self.att or self.dfn[self.att.index(t)] >= 0:
            raise IllegalAction(
                "bad_target", f"{action.get('target')!r} is not an unbeaten card on the table"
            )
        fair = bool(BEATERS[self.trump][t] >> c & 1)
        if not fair and not self.cheating:
            raise IllegalAction("cannot_beat", f"{CODES[c]} does not beat {CODES[t]}")
        if not fair:
            self.unfair.add(c)
        self.hands[seat].remove(c)
        self.dfn[self.att.index(t)] = c
        self.rankmask |= RANK_BIT[c]
        self.unbeaten -= 1
        self.done = 0
        events: list[Event] = [{"type": "defend", "seat": seat, "card": CODES[c], "target": CODES[t]}]
        self._settle(events)
        return events

    def _do_transfer(self, seat: int, action: Action, system: bool) -> list[Event]:
        self._check_turn(seat)
        if seat != self.defender or self.took:
            raise IllegalAction("not_your_turn", "only the defender transfers, before he takes")
        c = self._card_in_hand(seat, action)
        target = self._transfer_target()
        if target < 0:
            raise IllegalAction("transfer_not_allowed", "no transfer now")
        fair = bool(RANK_BIT[c] & self.rankmask)
        if not fair and not self.cheating:
            raise IllegalAction(
                "rank_not_on_table", f"a transfer needs the rank on the table, not {CODES[c]}"
            )
        if not fair:
            self.unfair.add(c)
        self.hands[seat].remove(c)
        self.att.append(c)
        self.dfn.append(-1)
        self.att_owner.append(seat)
        self.unbeaten += 1
        self.rankmask |= RANK_BIT[c]
        self.defender = target
        self.prio = seat
        self.opened = False
        self.done = 0
        events: list[Event] = [{"type": "transfer", "seat": seat, "card": CODES[c], "defender": target}]
        self._settle(events)
        return events

    def _do_take(self, seat: int, action: Action, system: bool) -> list[Event]:
        self._check_turn(seat)
        if seat != self.defender or self.took or not self.unbeaten:
            raise IllegalAction("cannot_take", "take only while some attack card is unbeaten")
        return self._take(seat)

    def _take(self, seat: int) -> list[Event]:
        self.took = True
        events: list[Event] = [{"type": "take", "seat": seat}]
        self._settle(events)
        return events

    def _do_done(self, seat: int, action: Action, system: bool) -> list[Event]:
        self._check_turn(seat)
        if DONE not in self._legal()[seat]:
            raise IllegalAction("cannot_say_done", "done only when the defender beat all or took")
        return self._done(seat)

    def _done(self, seat: int) -> list[Event]:
        self.done |= 1 << seat
        if seat == self.prio:
            self.opened = True
        events: list[Event] = [{"type": "done", "seat": seat}]
        self._settle(events)
        return events

    def _do_catch(self, seat: int, action: Action, system: bool) -> list[Event]:
        if self.phase == OVER:
            raise IllegalAction("game_over", "the game is over")
        if not self.cheating:
            raise IllegalAction("no_cheating", "catch is a Шулер move")
        if not self._legal().get(seat):
            raise IllegalAction("not_your_turn", f"seat {seat!r} may not act now")
        if self.banned >> seat & 1:
            raise IllegalAction("catch_banned", "a false accusation bars catching until the bout ends")
        c = CARD.get(action.get("card"))
        owner = dict(self._table_owners()).get(c) if c is not None else None
        if owner is None:
            raise IllegalAction("not_on_table", f"{action.get('card')!r} is not on the table")
        if self._same_side(owner, seat):
            raise IllegalAction("own_card", "one's own and the partner's cards cannot be caught")
        events: list[Event] = []
        if c in self.unfair:
            events.append({"type": "caught", "seat": seat, "card": CODES[c], "cheater": owner})
            self._finish("caught", owner, events)
            return events
        events.append({"type": "false_accusation", "seat": seat, "card": CODES[c]})
        self.banned |= 1 << seat
        penalty = self._penalty_card()
        if penalty >= 0:
            self.hands[seat].append(penalty)
            events.append({"type": "penalty", "seat": seat})
        if self.phase == BOUT:
            self._settle(events)
        return events

    def _penalty_card(self) -> int:
        """Remove and return the penalty card: the stock's next, else a seeded random discard."""
        k = self.penalties
        self.penalties = k + 1
        if self.stock:
            return self.stock.pop(0)
        if not self.discard:
            return -1
        rng = DealSource(self.seed).rng(0, f"penalty:{k}")
        return self.discard.pop(rng.randrange(len(self.discard)))

    def _do_timeout(self, seat: int, action: Action, system: bool) -> list[Event]:
        """The seat ran out of time: the starter leads his lowest card, the defender takes,
        a thrower says done."""
        if not system:
            raise IllegalAction("system_only", "timeout is the server's action")
        if seat not in self.awaiting():
            raise IllegalAction("not_your_turn", f"the game does not wait for seat {seat!r}")
        events: list[Event] = [{"type": "timeout", "seat": seat}]
        if self.phase == LEAD:
            hand = self.hands[seat]
            plain = [c for c in hand if c // 9 != self.trump]
            c = min(plain or hand, key=lead_key)
            self.phase = BOUT
            self._put_attack(seat, c, events)
        elif seat == self.defender:
            events.extend(self._take(seat))
        else:
            events.extend(self._done(seat))
        return events

    def _do_close(self, seat: int, action: Action, system: bool) -> list[Event]:
        """End of the Шулер check: the bout closes as it was going to."""
        if not system:
            raise IllegalAction("system_only", "close is the server's action")
        if self.phase != CHECK:
            raise IllegalAction("no_check", "no bout is being checked")
        events: list[Event] = []
        self._finish(self.pending, -1, events)
        return events

    def _do_leave(self, seat: int, action: Action, system: bool) -> list[Event]:
        """``leave``/``surrender``: the game ends, the leaver (his pair) loses.

        A player already out leaves freely: nothing changes. A ``leave`` applied as a system
        action is the table's disconnect verdict and ends the game with reason ``disconnect``.
        """
        if seat not in self.occupied:
            raise IllegalAction("not_seated", f"seat {seat!r} is not at the table")
        if self.phase == OVER:
            raise IllegalAction("game_over", "the game is over")
        kind = action["type"]
        if self.phase != WAITING and not self.playing[seat]:
            return [{"type": "left", "seat": seat}]
        losers = [s for s in self.occupied if self._same_side(s, seat)]
        winners = [s for s in self.occupied if s not in losers]
        reason = "surrender" if kind == "surrender" else "disconnect" if system else "leave"
        events: list[Event] = [{"type": "left", "seat": seat}]
        self._end(None, False, winners, losers, reason, events)
        return events

    # ------------------------------------------------------------------ closing bouts

    def _settle(self, events: list[Event]) -> None:
        """After a change in a bout: open the throwing to all, close the bout when it is over."""
        if self.phase != BOUT:
            return
        if not self.opened and not self._has_throwable(self.prio):
            self.opened = True
        if self.took:
            if not self._someone_may_throw():
                self._close("take", events)
        elif not self.unbeaten and (
            len(self.att) >= MAX_ATTACKS or not self.hands[self.defender] or not self._someone_may_throw()
        ):
            self._close("discard", events)

    def _close(self, kind: str, events: list[Event]) -> None:
        """The bout is over: in Шулер first the check phase, else at once."""
        if self.cheating:
            self.phase = CHECK
            self.pending = kind
            events.append({"type": "check"})
        else:
            self._finish(kind, -1, events)

    def _finish(self, kind: str, cheater: int, events: list[Event]) -> None:
        """Clear the table (discard, defender takes, or caught cheater takes), draw, go out,
        end the game or start the next bout."""
        d = self.defender
        table = self.att + [c for c in self.dfn if c >= 0]
        if kind == "discard":
            self.discard.extend(table)
            beaten_off = True
        elif kind == "take":
            self.hands[d].extend(table)
            beaten_off = False
        else:
            self.hands[cheater].extend(table)
            beaten_off = cheater != d
        events.append({"type": "bout_over", "result": kind, "defender": d})
        self._draw(events)
        if not self.stock:
            for s in self.occupied:
                if self.playing[s] and not self.hands[s]:
                    self.playing[s] = False
                    self.out_order.append(s)
                    events.append({"type": "out", "seat": s})
        if self._game_ended(events):
            return
        leader = self._next_playing(d if beaten_off else (d + 1) & 3)
        self._start_bout(leader)

    def _draw(self, events: list[Event]) -> None:
        """Everyone draws up to 6 while the stock lasts: clockwise from the bout's first
        attacker (the next seat when he ended as defender), the defender last."""
        stock = self.stock
        if not stock:
            return
        d = self.defender
        order = [s for s in ((self.starter + k) & 3 for k in range(4)) if self.playing[s] and s != d]
        order.append(d)
        for s in order:
            hand = self.hands[s]
            n = min(HAND_SIZE - len(hand), len(stock))
            if n > 0:
                hand.extend(stock[:n])
                del stock[:n]
                events.append({"type": "draw", "seat": s, "count": n})
            if not stock:
                break

    def _game_ended(self, events: list[Event]) -> bool:
        """End the game when one player (or none) is left, or when a pair is all out."""
        playing = self.playing
        if self.teams:
            out = [not playing[t] and not playing[t + 2] for t in (0, 1)]
            if out[0] and out[1]:
                self._end(None, True, [], [], "draw", events)
            elif out[0] or out[1]:
                win = 0 if out[0] else 1
                self._end(None, False, [win, win + 2], [1 - win, 3 - win], "fool", events)
            else:
                return False
            return True
        left = [s for s in self.occupied if playing[s]]
        if len(left) > 1:
            return False
        if left:
            fool = left[0]
            self._end(fool, False, [s for s in self.occupied if s != fool], [fool], "fool", events)
        else:
            self._end(None, True, [], [], "draw", events)
        return True

    def _end(
        self, fool: int | None, draw: bool, winners: list[int], losers: list[int], reason: str, events: list
    ) -> None:
        self.phase = OVER
        self.reason = reason
        self.winners = sorted(winners)
        self.result = {
            "fool": fool,
            "draw": draw,
            "winners": sorted(winners),
            "losers": sorted(losers),
            "out_order": list(self.out_order),
        }
        events.append({"type": "game_over", "reason": reason, **self.result})

    # ------------------------------------------------------------------ views and records

    def view(self, seat: int | None) -> dict:
        """What ``seat`` sees: its hand, counts of the others, the table, never the stock order
        nor which cards were unfair."""
        mine = seat if isinstance(seat, int) and seat in self.occupied else None
        playing = self.playing
        stock = self.stock
        on = self.phase in (LEAD, BOUT, CHECK)
        legal = self._legal()
        d = self.defender
        return {
            "game": self.name,
            "options": dict(self.options),
            "seat": mine,
            "seats": [
                {
                    "seat": s,
                    "cards": len(self.hands[s]),
                    "team": s % 2 if self.teams else None,
                    "playing": playing[s],
                }
                for s in self.occupied
            ],
            "phase": VIEW_PHASE[self.phase],
            "dealer": None,
            "trump": SUITS[self.trump] if self.trump >= 0 else None,
            "trump_card": CODES[stock[-1]] if stock else None,
            "contract": None,
            "hand": codes(sorted(self.hands[mine], key=self._hand_key)) if mine is not None else [],
            "table_cards": [
                {"attack": CODES[a], "defence": CODES[b] if b >= 0 else None}
                for a, b in zip(self.att, self.dfn, strict=True)
            ],
            "table_seats": [
                {"attack": o, "defence": d if b >= 0 else None}
                for o, b in zip(self.att_owner, self.dfn, strict=True)
            ],
            "last_trick": None,
            "stock": len(stock),
            "discard": len(self.discard),
            "attacker": self.starter if on else None,
            "defender": d if on else None,
            "priority": self.prio if on else None,
            "throwers": [s for s in self._throwers() if self._eligible(s)] if self.phase == BOUT else [],
            "done": [s for s in self.occupied if self.done >> s & 1] if on else [],
            "took": self.took,
            "catch_banned": [s for s in self.occupied if self.banned >> s & 1],
            "out_order": list(self.out_order),
            "awaiting": self.awaiting(),
            "to_act": sorted(legal),
            "legal": list(legal.get(mine, ())) if mine is not None else [],
            "deals": [_copy_result(self.result)] if self.result else [],
            "totals": [],
            "result": {"winners": list(self.winners), "reason": self.reason} if self.phase == OVER else None,
        }

    def _hand_key(self, c: int) -> tuple[int, int]:
        """Display order: trumps last, then by suit s c d h, then by rank."""
        return (c // 9 == self.trump, c // 9 * 9 + c % 9)

    def summary(self) -> dict:
        """``deals`` holds the game's result once it is over; Durak keeps no totals (``[]``)."""
        return {
            "deals": [_copy_result(self.result)] if self.result else [],
            "totals": [],
            "finished": self.phase == OVER,
            "winners": list(self.winners),
            "reason": self.reason,
        }

    def current_deal(self) -> dict:
        hands, stock = self.dealt
        return {
            "number": 0,
            "dealer": None,
            "hands": {str(s): codes(hands[s]) for s in self.occupied},
            "stock": codes(stock),
        }

    def to_json(self) -> dict:
        data: dict[str, Any] = {k: getattr(self, k) for k in _SCALARS}
        for k in _LISTS:
            data[k] = list(getattr(self, k))
        data["options"] = dict(self.options)
        data["given"] = self.given
        data["hands"] = [list(h) for h in self.hands]
        data["dealt"] = [[list(h) for h in self.dealt[0]], list(self.dealt[1])]
        data["unfair"] = sorted(self.unfair)
        data["result"] = _copy_result(self.result)
        return data

    @classmethod
    def from_json(cls, data: dict) -> Durak:
        self = cls.__new__(cls)
        for k in _SCALARS:
            setattr(self, k, data[k])
        for k in _LISTS:
            setattr(self, k, list(data[k]))
        self.options = dict(data["options"])
        self.given = data["given"]
        self.hands = [list(h) for h in data["hands"]]
        self.dealt = ([list(h) for h in data["dealt"][0]], list(data["dealt"][1]))
        self.unfair = set(data["unfair"])
        self.result = _copy_result(data["result"])
        self._cache = None
        return self

    def copy(self) -> Durak:
        """An independent copy, without a JSON round trip."""
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        for k in _LISTS:
            d[k] = list(d[k])
        d["options"] = dict(self.options)
        d["hands"] = [list(h) for h in self.hands]
        d["unfair"] = set(self.unfair)
        d["result"] = _copy_result(self.result)
        d["_cache"] = None
        return new


_HANDLERS = {
    "attack": Durak._do_attack,
    "defend": Durak._do_defend,
    "transfer": Durak._do_transfer,
    "take": Durak._do_take,
    "done": Durak._do_done,
    "catch": Durak._do_catch,
    "timeout": Durak._do_timeout,
    "close": Durak._do_close,
    "leave": Durak._do_leave,
    "surrender": Durak._do_leave,
}


def _copy_result(result: dict | None) -> dict | None:
    if result is None:
        return None
    return {k: list(v) if isinstance(v, list) else v for k, v in result.items()}


def _check_seats(seats: list[int] | None) -> list[int]:
    """The occupied seats, ascending; ``InvalidOptions`` unless 2..4 distinct seats of 0..3."""
    if seats is None:
        return [0, 1, 2, 3]
    if (
        not isinstance(seats, (list, tuple))
        or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 3 for s in seats)
        or len(set(seats)) != len(seats)
        or not 2 <= len(seats) <= 4
    ):
        raise InvalidOptions({"seats": "2 to 4 distinct seats of 0..3"})
    return sorted(seats)


def _deal_cards(deal: list[int] | dict, occupied: list[int]) -> tuple[list[list[int]], list[int]]:
    """Hands (by seat) and the stock in drawing order, from a shuffled deck or a given deal."""
    hands: list[list[int]] = [[] for _ in range(4)]
    if isinstance(deal, dict):
        try:
            for key, cards in (deal.get("hands") or {}).items():
                s = int(key)
                if not 0 <= s <= 3 or (cards and s not in occupied):
                    raise InvalidOptions({"deals": f"cards for seat {key!r}, which is not occupied"})
                hands[s] = parse_cards(cards)
            stock = parse_cards(deal.get("stock") or [])
        except ValueError as exc:
            if isinstance(exc, InvalidOptions):
                raise
            raise InvalidOptions({"deals": str(exc)}) from None
        every = [c for h in hands for c in h] + stock
        if len(every) != len(set(every)):
            raise InvalidOptions({"deals": "a card is dealt twice"})
        return hands, stock
    cards = list(deal)
    pos = 0
    for _ in range(HAND_SIZE):
        for s in occupied:
            hands[s].append(cards[pos])
            pos += 1
    return hands, cards[pos:]


def _trump_suit(hands: list[list[int]], stock: list[int], occupied: list[int]) -> int:
    """The suit of the face-up last stock card; with an empty stock, of the last card dealt."""
    if stock:
        return stock[-1] // 9
    for s in reversed(occupied):
        if hands[s]:
            return hands[s][-1] // 9
    return SUIT_INDEX["s"]


def _first_attacker(hands: list[list[int]], occupied: list[int], trump: int) -> int:
    """The holder of the lowest trump; with no trumps dealt, of the lowest card (lowest seat)."""
    trumps = [(c % 9, s) for s in occupied for c in hands[s] if c // 9 == trump]
    if trumps:
        return min(trumps)[1]
    cards = [(c % 9, s) for s in occupied for c in hands[s]]
    return min(cards)[1] if cards else occupied[0]
