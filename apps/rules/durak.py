"""Дурак (seed 001, docs/rules.md "durak"): подкидной and переводной, 2–6 players, pairs, Шулер.

One match is one game. Seats are the occupied ones of 0..3, or of 0..5 with the variants of
docs/rules.md (empty seats are skipped); pairs (four players) are the 1st and 3rd occupied seat
against the 2nd and 4th: seats 0&2 against 1&3. Options beyond the seed: ``deck`` 24/36/52
(the 52-card deck has card ints of width 13, :mod:`durak_tables`), ``throw`` ``all`` or
``neighbors`` (only the defender's neighbours throw in); a deal that uses up the deck shows
its last card as the trump (``trump_card``/``trump_holder``, the ``trump_shown`` event of
:meth:`Durak.opening_events`). A game is a chain of bouts (коны), each in a phase:

- ``LEAD``: the bout's starter puts any card on the table (``attack``);
- ``BOUT``: the defender beats (``defend``), transfers (``transfer``) or says ``take``;
  the throwers add cards (``attack``) or say ``done``; the bout closes by itself as
  docs/rules.md settles it (a discard, or the defender takes the table);
- ``CHECK`` (Шулер only): before a bout closes only ``catch`` is legal, until the system
  action ``close``;
- ``OVER``: the game has its result.

Hidden information kept here and never shown: the hands, the stock order and which table
cards were unfair. Decisions docs/rules.md leaves open are written in ``docs/rules-notes.md``.

Speed: a hand is a bit mask of card ints. After every action ``_settle`` works out once who may
act (``_to_act``; ``_tm``, a bit per seat that may throw, with his cards of the table's ranks,
``_pool``); what that needs is kept up to date as cards move (``_holders``: the throwers holding
such a card; :meth:`Durak._recount` only when the ranks or the throwers change). The action list
of the seat asked is built on demand from shared, immutable action dicts (:mod:`durak_tables`,
memoised) and kept until the next change, and ``apply`` validates against the same masks, so
``legal_actions`` and ``apply`` always agree. None of it is stored: ``from_json`` rebuilds it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, overload

from . import durak_setup as setup
from . import fairness
from .base import Action, DealSource, Event, Game, Outcome, json_text, step_refusal
from .cards import SUITS, cards_of, mask_of
from .durak_tables import SEATS, TAKE, WIDTH, CardTables, Ring, card_tables, deck_cards, ring
from .errors import IllegalAction

WAITING, LEAD, BOUT, CHECK, OVER = range(5)
#: docs/protocol.md phase names by engine phase.
VIEW_PHASE = ("waiting", "play", "play", "check", "match_over")
HAND_SIZE = setup.HAND_SIZE
MAX_ATTACKS = 6

#: State fields holding plain values.
_SCALARS = (
    "transfer", "teams", "cheating", "seed", "trump", "phase", "starter", "defender", "prio",
    "rankmask", "table", "discard", "inplay", "space", "took", "opened", "done", "banned", "pending",
    "penalties", "reason",
)  # fmt: skip
#: Scalars added with the variants, with their value in states stored before them.
_NEW_SCALARS = {"trump_card": -1, "trump_holder": -1, "fair": None, "first": 0}
#: State fields holding lists (copied one level deep); ``hands`` is a card mask per seat of the
#: ring (0..3, or 0..5 when a seat above 3 is taken).
_LISTS = (
    "occupied", "hands", "stock", "out_order", "att", "att_owner", "winners", "open",
)  # fmt: skip


class Durak(Game):
    """The state of one game of Дурак, with its rules as methods."""

    name = "durak"

    # The state (set by ``create`` / ``from_json``; see ``to_json`` for what is stored).
    options: dict[str, Any]
    occupied: list[int]
    tab: CardTables
    ring: Ring
    transfer: bool
    teams: bool
    cheating: bool
    seed: int
    given: list[dict[str, Any]] | None
    fair: dict[str, Any] | None
    first: int
    penalties: int
    trump: int
    trump_card: int
    trump_holder: int
    phase: int
    reason: str | None
    winners: list[int]
    result: dict[str, Any] | None
    discard: int
    out_order: list[int]
    inplay: int
    starter: int
    defender: int
    prio: int
    throwers: tuple[int, ...]
    hands: list[int]
    stock: list[int]
    dealt: tuple[list[list[int]], list[int]]
    att: list[int]
    beaten: dict[int, int]
    att_owner: list[int]
    rankmask: int
    open: list[int]
    table: int
    space: int
    took: bool
    opened: bool
    done: int
    banned: int
    unfair: set[int]
    pending: str | None
    # Derived after every action (never stored): who may act, with which cards.
    _to_act: list[int] | tuple[int, ...]
    _pool: int  # the cards a thrower may throw (of the table's ranks; -1: any)
    _holders: int  # bit per thrower holding a card of ``_pool``
    _tm: int  # bit per seat that may throw (or lead) now
    _may_done: bool
    _lseat: Any  # the seat whose legal actions are kept in ``_lacts`` (-1: none, ``()``)
    _lacts: tuple[Action, ...] | list[Action]
    _catches: dict[int, tuple[Any, ...]] | None
    _dt: tuple[Any, ...]  # the defender's tables for the trump (:meth:`_defence_tables`)

    # ------------------------------------------------------------------ creation

    @classmethod
    def normalize_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        return setup.normalize_options(options)

    @classmethod
    def create(
        cls,
        options: dict[str, Any],
        *,
        source: DealSource,
        dealer: int | None = None,
        seats: list[int] | None = None,
    ) -> Durak:
        """A new game on ``seats`` (default 0..3; any 2..6 of 0..5), dealt from ``source``.

        ``teams`` falls back to false with 2 or 3 players; options that do not fit the players
        (24 cards or pairs with more than four) raise ``InvalidOptions``; ``dealer`` is ignored
        (Durak always deals from the lowest seat).
        """
        occupied = setup.check_seats(seats)
        options = dict(options)
        setup.check_table(options, occupied)
        if len(occupied) < 4:
            options["teams"] = False
        self = cls.__new__(cls)
        self.options = options
        self.occupied = occupied
        self._geometry()
        self.transfer = options["transfer"]
        self.teams = options["teams"]
        self.cheating = options["cheating"]
        self.seed = source.seed
        self.given = source.given
        self.fair = source.fair.to_json() if source.fair is not None else None
        self.first = source.first  # a duplicate set's game: the set's number of this deal
        self.penalties = 0
        self.trump_card = self.trump_holder = -1
        self.reason = None
        self.winners = []
        self.result = None
        self.discard = 0  # mask of the discarded cards
        self.out_order = []
        self.inplay = sum(1 << s for s in occupied)  # bit per seat still in the game
        self.starter = self.defender = self.prio = -1
        self.throwers = ()
        self._to_act = ()
        self.unfair = set()
        self._reset_table()
        self._pool = self._holders = 0
        size = self.ring.size
        deck = deck_cards(self.options.get("deck", 36))
        deal: list[int] | dict[str, Any] | None = None
        if source.fair is not None:  # else fair_deal is None: no need to name the cards
            deal = source.fair_deal(0, [self.tab.codes[c] for c in deck], occupied, HAND_SIZE)
        if deal is None:
            deal = source.next_deal(0, deck)
        if deal is None:
            self.hands = [0] * size
            self.stock = []
            self.dealt = ([[] for _ in range(size)], [])
            self.trump = -1
            self.phase = WAITING
            self._store((), 0, False)
            return self
        tab = self.tab
        hands, stock = setup.deal_cards(deal, occupied, size, tab.card, deck)
        self.dealt = (hands, list(stock))
        self.hands = [mask_of(h) for h in hands]
        self.stock = stock
        self.trump = setup.trump_suit(hands, stock, occupied, tab.width)
        self._defence_tables()
        if not stock:  # the deal used up the deck: the last card dealt shows the trump
            holder = setup.last_dealt(hands, occupied)
            if holder >= 0:
                self.trump_holder, self.trump_card = holder, hands[holder][-1]
        self._start_bout(setup.first_attacker_of_masks(self.hands, hands, occupied, self.trump, tab.width))
        return self

    def _geometry(self) -> None:
        """The card tables of the deck's width and the seat ring of the table (derived from the
        options and the occupied seats, never stored)."""
        options = self.options
        self.tab = card_tables(WIDTH[options.get("deck", 36)])
        self.ring = ring(tuple(self.occupied), options["teams"], options.get("throw", "all") == "neighbors")

    def _defence_tables(self) -> None:
        """``_dt``: what the defender's list reads for this game's trump, in one tuple (derived
        from the deck and the trump, never stored): the same-suit tables, the ranks above each
        card, the trump suit's cards and shift, its :attr:`CardTables.TRUMP_DEFENDS` row (built on
        the trump's first use) and the row's split of the ranks."""
        tab, trump = self.tab, self.trump
        self._dt = (
            tab.SAME_SUIT_DEFENDS,
            tab.HIGHER,
            tab.SUIT_CARDS[trump],
            trump * tab.width,
            tab.trump_defends(trump),
            tab.LOW_MASK,
            tab.LOW_RANKS,
        )

    def opening_events(self) -> list[Event]:
        """The public events of the deal itself: ``trump_shown`` when the deal used up the deck
        (the last card dealt, which its holder keeps, names the trump)."""
        if self.trump_holder < 0:
            return []
        return [{"type": "trump_shown", "seat": self.trump_holder, "card": self.tab.codes[self.trump_card]}]

    def _reset_table(self) -> None:
        """An empty table and fresh bout flags."""
        self.att = []  # attack cards in order (leads, throw-ins, transfers)
        self.beaten = {}  # attack card -> the card that beat it
        self.att_owner = []  # the seat that put att[i]
        self.rankmask = 0  # bit per rank on the table
        self.open = []  # the unbeaten attack cards
        self.table = 0  # mask of every card on the table
        self.space = 0  # room for attack cards: min(6 - attacks, defender's cards - unbeaten)
        self.took = False
        self.opened = False  # the others may throw: the starter/transferrer said done or had nothing
        self.done = 0  # bit per seat: said done since the last card was added
        self.banned = 0  # bit per seat: may not catch until the bout ends
        if self.unfair:  # only Шулер ever adds to it: an empty set is kept
            self.unfair = set()  # table cards put by cheating (hidden)
        self.pending = None  # in CHECK: how the bout closes, "discard" or "take"

    def _start_bout(self, leader: int) -> None:
        """``leader`` leads onto the next opponent (the table is already empty)."""
        self.starter = self.prio = leader
        rg, inplay = self.ring, self.inplay
        self.defender = d = rg.next_opponent[inplay][leader]
        self.throwers = rg.throwers[inplay][d]
        n = self.hands[d].bit_count()
        self.space = n if n < MAX_ATTACKS else MAX_ATTACKS
        self.phase = LEAD
        hand = self.hands[leader]
        self._to_act = (leader,)
        self._tm = 1 << leader
        self._pool = -1  # the lead: any card
        self._may_done = False
        self._lseat = leader
        self._lacts = self.tab.attacks(hand)
        self._catches = None

    # ------------------------------------------------------------------ seats

    def _next_opponent(self, seat: int) -> int:
        """The next seat clockwise still in the game that plays against ``seat``; -1 if none."""
        return self.ring.next_opponent[self.inplay][seat]

    def _measure_space(self) -> None:
        """``space``: how many more attack cards the bout's limits allow (6 per bout, never more
        unbeaten than the defender holds). An attack card takes one; a defence leaves it alone."""
        n = MAX_ATTACKS - len(self.att)
        self.space = min(n, self.hands[self.defender].bit_count() - len(self.open))

    def _seat_roles(self) -> None:
        """Set ``throwers``: everyone still in but the defender (in pairs only his opponents;
        with neighbours' throw-in only his neighbours), ascending."""
        self.throwers = self.ring.throwers[self.inplay][self.defender]

    def _eligible(self, seat: int) -> bool:
        """Whether thrower ``seat`` may throw now: the starter/transferrer first, the others once
        opened; nobody between his done and the next card."""
        return (seat == self.prio or self.opened) and not self.done >> seat & 1

    def _same_side(self, a: int, b: int) -> bool:
        return a == b or (self.teams and self.ring.side[a] == self.ring.side[b])

    # ------------------------------------------------------------------ legal actions

    def _store(self, to_act: tuple[int, ...], tm: int, may_done: bool) -> None:
        """Cache who may act: ``to_act`` ascending, ``tm`` a bit per seat that may attack (with
        his cards of ``_pool``), ``may_done`` tells whether those throwers may also say done. The
        action list of a seat is built when asked (:meth:`legal_count`) and kept until the next
        change or another seat's."""
        self._to_act = to_act
        self._tm = tm
        self._may_done = may_done
        self._lseat, self._lacts = -1, ()  # seat -1 has no actions: a true entry
        self._catches = None

    @property
    def _throw(self) -> dict[int, int]:
        """Who may attack now, with which cards: ``{seat: mask}`` (derived; for the slow paths)."""
        return {s: self.hands[s] & self._pool for s in SEATS[self._tm]}

    def _throw_mask(self, seat: Any) -> int:
        """The cards ``seat`` may attack with now; 0 when none (or ``seat`` is no seat)."""
        if not isinstance(seat, int) or seat < 0 or not self._tm >> seat & 1:
            return 0
        return self.hands[seat] & self._pool

    def _recount(self) -> None:
        """``_pool`` from the table's ranks and ``_holders`` from the throwers' hands, afresh
        (after a change of the ranks, of the throwers or of a hand other than by an attack)."""
        pool = self._pool = -1 if self.cheating else self.tab.RANK_CARDS[self.rankmask]
        hands = self.hands
        held = 0
        for s in self.throwers:
            if hands[s] & pool:
                held |= 1 << s
        self._holders = held

    def _refresh(self) -> None:
        """Recompute the cache of who may act (after ``from_json``; states are kept settled)."""
        phase = self.phase
        if phase == LEAD:
            self._pool, self._holders = -1, 0
            self._store((self.starter,), 1 << self.starter, False)
        elif phase == BOUT:
            self._recount()
            self._settle([])
        else:
            self._pool = self._holders = 0
            self._store((), 0, False)
            if phase == CHECK:
                self._add_catches()

    def _defender_actions(self) -> list[Action]:
        """``defend`` on every unbeaten card, ``transfer`` when allowed, ``take``."""
        hand_d = self.hands[self.defender]
        acts: list[Action] = []
        tab = self.tab
        if self.cheating:  # any card on any target
            for t in self.open:
                k = hand_d << 6 | t
                acts += tab.DEFENDS_MEMO.get(k) or tab.defend_tuple(k)
        else:
            same_suit, higher, trumps, shift, by_trumps, low_mask, low = self._dt
            ranks = (hand_d & trumps) >> shift  # the trumps' rank bits
            if ranks:
                for t in self.open:
                    acts += same_suit[t][hand_d >> (t + 1) & higher[t]]
                    halves = by_trumps[t]
                    if halves is not None:  # a target outside the trump suit: every trump beats it
                        acts += halves[0][ranks & low_mask]
                        acts += halves[1][ranks >> low]
            else:
                for t in self.open:
                    acts += same_suit[t][hand_d >> (t + 1) & higher[t]]
        if self.transfer:
            transfers = hand_d & self._pool  # the table's ranks (Шулер: any card)
            if transfers and self._transfer_target() >= 0:
                acts += tab.transfers(transfers)
        acts.append(TAKE)
        return acts

    def _legal(self) -> dict[int, list[Action]]:
        """Every seat's legal actions now: ``{seat: [action, ...]}`` for the seats in ``to_act``."""
        return {seat: list(self._actions(seat)) for seat in self._to_act}

    def _transfer_target(self) -> int:
        """The seat a transfer would pass the bout to, or -1 when no transfer is allowed now."""
        n = len(self.att)
        if not self.transfer or self.took or len(self.open) != n or n >= MAX_ATTACKS:
            return -1
        target = self.ring.next_opponent[self.inplay][self.defender]
        if target < 0 or self.hands[target].bit_count() <= n:
            return -1
        return target

    def _settle(self, events: list[Event]) -> None:
        """After a change in a bout in play: open the throwing to all when the starter (or
        transferrer) has nothing to throw, store who may act now, and close the bout when it is
        over. On a settled state it only recomputes who may act. ``_pool`` and ``_holders`` must
        be up to date (the callers keep them: :meth:`_recount`)."""
        if not self.opened and not self.hands[self.prio] & self._pool:
            self.opened = True
        if self.space <= 0:
            tm = 0
        elif self.opened:
            tm = self._holders & ~self.done
        else:  # not opened: he holds something to throw
            tm = 0 if self.done >> self.prio & 1 else 1 << self.prio
        self._tm = tm
        self._lseat, self._lacts = -1, ()
        if self.took or not self.open:
            self._may_done = True
            self._to_act = SEATS[tm]
            if not tm:
                kind = "take" if self.took else "discard"
                if self.cheating:
                    self._close(kind, events)
                else:
                    self._finish(kind, -1, events)
                return
        else:
            self._may_done = False
            self._to_act = SEATS[tm | 1 << self.defender]
        if self.cheating:
            self._catches = None
            self._add_catches()

    def _add_catches(self) -> None:
        """Add the Шулер ``catch`` actions (any card of another side on the table, for every
        player still in who is not barred) to the cache."""
        table = self._table_owners()
        if not table:
            return
        catches = {}
        catch = self.tab.CATCH
        for s in self.occupied:
            if self.inplay >> s & 1 and not self.banned >> s & 1:
                acts = tuple(catch[c] for c, owner in table if not self._same_side(owner, s))
                if acts:
                    catches[s] = acts
        self._catches = catches
        self._to_act = sorted({*self._to_act, *catches})

    def _table_owners(self) -> list[tuple[int, int]]:
        """``(card, seat that put it)`` for every card on the table."""
        pairs = list(zip(self.att, self.att_owner, strict=True))
        d = self.defender
        pairs.extend((c, d) for c in self.beaten.values())
        return pairs

    def to_act(self) -> list[int]:
        """Seats with at least one legal action now, ascending (several throwers, and in Шулер
        every catcher, may act at once)."""
        return [*self._to_act]

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now; the dicts are shared, do not mutate them."""
        return list(self._lacts if seat == self._lseat else self._actions(seat))

    def legal_count(self, seat: int) -> int:
        """How many legal actions ``seat`` has now; his list is built from the cached masks
        (Шулер catches appended) and kept in ``_lacts`` until the state changes or another
        seat's are asked (shared: not to be changed)."""
        if seat == self._lseat:
            return len(self._lacts)
        acts: tuple[Action, ...] | list[Action]
        if self.phase == BOUT:
            try:
                thrower = self._tm >> seat & 1
            except (TypeError, ValueError):  # not a seat
                thrower = 0
            if thrower:  # the common case
                m = self.hands[seat] & self._pool
                tab = self.tab
                try:
                    acts = tab.ATTACKS_DONE_MEMO[m] if self._may_done else tab.ATTACKS_MEMO[m]
                except KeyError:
                    acts = tab.attack_done_tuple(m) if self._may_done else tab.attack_tuple(m)
            elif seat == self.defender and self.open and not self.took:
                acts = self._defender_actions()
            else:
                acts = ()
        elif self.phase == LEAD and seat == self.starter:
            acts = self.tab.attacks(self.hands[seat])
        else:
            acts = ()
        if self._catches:
            extra = self._catches.get(seat)
            if extra:
                acts = (*acts, *extra)
        self._lseat = seat
        self._lacts = acts
        return len(acts)

    def step(self, seat: int, index: int) -> list[Event]:
        """Action ``index`` of :meth:`legal_actions`, from the cached list (not copied), played
        without :meth:`apply`'s checks: the engine's own attack, defence, take and done go
        straight to the change of the state (:meth:`_throw_card`, :meth:`_beat`,
        :meth:`_do_take`, :meth:`_do_done`), the rest to their handlers."""
        acts = self._lacts if seat == self._lseat else self._actions(seat)
        if index < 0:
            raise step_refusal(acts, seat, index)
        try:
            action = acts[index]
        except IndexError:
            raise step_refusal(acts, seat, index) from None
        kind = action["type"]
        if kind == "attack":
            return self._throw_card(seat, self.tab.card[action["card"]])
        if kind == "defend":
            card = self.tab.card
            return self._beat(seat, card[action["card"]], card[action["target"]])
        if kind == "take":  # the defender's, with something unbeaten: what _take checks
            return self._do_take(seat, [])
        if kind == "done":  # a thrower's who may say it: what _done checks
            return self._do_done(seat, [])
        return _HANDLERS[kind](self, seat, action, False)

    def _actions(self, seat: int) -> tuple[Action, ...] | list[Action]:
        """The legal actions of ``seat``, shared (:meth:`legal_count` builds and keeps them)."""
        if seat != self._lseat:
            self.legal_count(seat)
        return self._lacts

    def awaiting(self) -> list[int]:
        """Seats whose move the game waits for (``timeout`` is legal for them), ascending:
        the starter who must lead, the defender who must beat or take, the throwers who may
        still throw or say done."""
        phase = self.phase
        if phase == LEAD:
            return [self.starter]
        if phase != BOUT:
            return []
        seats = list(SEATS[self._tm])
        if self.open and not self.took:
            seats.append(self.defender)
        return sorted(seats)

    # ------------------------------------------------------------------ applying actions

    def apply(self, seat: int | None, action: Action, system: bool = False) -> list[Event]:
        """Do ``action`` for ``seat``; ``IllegalAction`` (and no change) when not allowed."""
        try:
            handler = _HANDLERS[action["type"]]
        except (KeyError, TypeError):
            raise IllegalAction("unknown_action", f"no Durak action {action.get('type')!r}") from None
        return handler(self, seat, action, system)

    def _attack(self, seat: int, action: Action, system: bool) -> list[Event]:
        tab = self.tab
        c = tab.card.get(action.get("card", ""))
        m = self._throw_mask(seat)
        if c is None or not m >> c & 1:
            raise self._refusal(seat, action)
        return self._throw_card(seat, c)

    def _throw_card(self, seat: int, c: int) -> list[Event]:
        """Seat ``seat`` leads or throws in card ``c``, a legal attack (checked by the caller)."""
        tab = self.tab
        bit = tab.CARD_BIT[c]
        hands = self.hands
        hand = hands[seat] = hands[seat] ^ bit
        rank = tab.RANK_BIT[c]
        if self.phase == LEAD:  # the first card: its rank is the table's (``_recount`` inline)
            self.phase = BOUT
            self.rankmask = rank
            pool = self._pool = -1 if self.cheating else tab.RANK_CARDS[rank]
            held = 0
            for s in self.throwers:
                if hands[s] & pool:
                    held |= 1 << s
            self._holders = held
        else:
            if not rank & self.rankmask:  # only reachable in Шулер
                self.unfair.add(c)
                self.rankmask |= rank
            if not hand & self._pool:  # a throw-in keeps the ranks: only his own holding changed
                self._holders &= ~(1 << seat)
        self.att.append(c)
        self.att_owner.append(seat)
        self.open.append(c)
        self.table |= bit
        space = self.space = self.space - 1
        self.done = 0
        events: list[Event] = [{"type": "attack", "seat": seat, "card": tab.codes[c]}]
        if self.took or self.cheating:
            self._settle(events)
            return events
        # _settle inline for the common case: a card unbeaten, nobody done, the defender to act
        if not self.opened and not hands[self.prio] & self._pool:
            self.opened = True
        if space <= 0:
            tm = 0
        elif self.opened:
            tm = self._holders
        else:
            tm = 1 << self.prio
        self._tm = tm
        self._lseat, self._lacts = -1, ()
        self._may_done = False
        self._to_act = SEATS[tm | 1 << self.defender]
        return events

    def _put_attack(self, seat: int, c: int) -> None:
        self.att.append(c)
        self.att_owner.append(seat)
        self.open.append(c)
        self.table |= self.tab.CARD_BIT[c]
        self.rankmask |= self.tab.RANK_BIT[c]
        self.space -= 1
        self.done = 0

    def _defend(self, seat: int, action: Action, system: bool) -> list[Event]:
        tab = self.tab
        c = tab.card.get(action.get("card", ""))
        t = tab.card.get(action.get("target", ""))
        if (
            seat != self.defender
            or self.phase != BOUT
            or self.took
            or c is None
            or not self.hands[seat] >> c & 1
            or t not in self.open
        ):
            raise self._refusal(seat, action)
        if not self.cheating and not tab.BEATERS[self.trump][t] >> c & 1:
            raise self._refusal(seat, action)
        return self._beat(seat, c, t)

    def _beat(self, seat: int, c: int, t: int) -> list[Event]:
        """The defender ``seat`` puts card ``c`` on the unbeaten ``t``, a legal defence (checked
        by the caller); in Шулер a card that does not beat ``t`` is marked unfair."""
        tab = self.tab
        if self.cheating and not tab.BEATERS[self.trump][t] >> c & 1:
            self.unfair.add(c)
        bit = tab.CARD_BIT[c]
        hands = self.hands
        hands[seat] ^= bit
        self.beaten[t] = c
        self.open.remove(t)
        self.table |= bit
        rank = tab.RANK_BIT[c]
        if not rank & self.rankmask:  # a new rank on the table
            self.rankmask |= rank
            if not self.cheating:  # more cards to throw (in Шулер any card already is)
                new = tab.RANK_CARDS[rank]
                self._pool |= new
                held = self._holders
                for s in self.throwers:
                    if hands[s] & new:
                        held |= 1 << s
                self._holders = held
        self.done = 0
        codes_ = tab.codes
        events: list[Event] = [{"type": "defend", "seat": seat, "card": codes_[c], "target": codes_[t]}]
        if self.cheating:
            self._settle(events)
            return events
        # _settle inline: nobody done, the defender has not taken
        if not self.opened and not hands[self.prio] & self._pool:
            self.opened = True
        if self.space <= 0:
            tm = 0
        elif self.opened:
            tm = self._holders
        else:
            tm = 1 << self.prio
        self._tm = tm
        self._lseat, self._lacts = -1, ()
        if self.open:
            self._may_done = False
            self._to_act = SEATS[tm | 1 << self.defender]
        else:
            self._may_done = True
            self._to_act = SEATS[tm]
            if not tm:
                self._finish("discard", -1, events)
        return events

    def _transfer(self, seat: int, action: Action, system: bool) -> list[Event]:
        tab = self.tab
        c = tab.card.get(action.get("card", ""))
        if (
            seat != self.defender
            or self.phase != BOUT
            or c is None
            or not self.hands[seat] >> c & 1
            or self._transfer_target() < 0
        ):
            raise self._refusal(seat, action)
        if not tab.RANK_BIT[c] & self.rankmask:
            if not self.cheating:
                raise self._refusal(seat, action)
            self.unfair.add(c)
        target = self._transfer_target()
        self.hands[seat] ^= tab.CARD_BIT[c]
        self._put_attack(seat, c)
        self.defender = target
        self.prio = seat
        self.opened = False
        self._seat_roles()
        self._recount()
        self._measure_space()
        events: list[Event] = [{"type": "transfer", "seat": seat, "card": tab.codes[c], "defender": target}]
        self._settle(events)
        return events

    def _take(self, seat: int, action: Action, system: bool) -> list[Event]:
        if seat != self.defender or self.phase != BOUT or self.took or not self.open:
            raise self._refusal(seat, action)
        return self._do_take(seat, [])

    def _do_take(self, seat: int, events: list[Event]) -> list[Event]:
        self.took = True
        events.append({"type": "take", "seat": seat})
        self._settle(events)
        return events

    def _done(self, seat: int, action: Action, system: bool) -> list[Event]:
        if not self._may_done or type(seat) is not int or seat < 0 or not self._tm >> seat & 1:
            raise self._refusal(seat, action)
        return self._do_done(seat, [])

    def _do_done(self, seat: int, events: list[Event]) -> list[Event]:
        self.done |= 1 << seat
        if seat == self.prio:
            self.opened = True
        events.append({"type": "done", "seat": seat})
        self._settle(events)
        return events

    def _catch(self, seat: int, action: Action, system: bool) -> list[Event]:
        """Шулер: catch a card of another side. Unfair: the cheater takes the table and the bout
        ends; fair: the accuser draws a penalty card and may not catch until the bout ends."""
        tab = self.tab
        c = tab.card.get(action.get("card", ""))
        if c is None or type(seat) is not int or tab.CATCH[c] not in self._actions(seat):
            raise self._refusal(seat, action)
        owner = dict(self._table_owners())[c]
        if c in self.unfair:
            events: list[Event] = [{"type": "caught", "seat": seat, "card": tab.codes[c], "cheater": owner}]
            self._finish("caught", owner, events)
            return events
        events = [{"type": "false_accusation", "seat": seat, "card": tab.codes[c]}]
        self.banned |= 1 << seat
        penalty = self._penalty_card()
        if penalty >= 0:
            self.hands[seat] |= tab.CARD_BIT[penalty]
            events.append({"type": "penalty", "seat": seat})
            if self.phase == BOUT:
                self._measure_space()
        if self.phase == BOUT:
            self._recount()
            self._settle(events)
        else:
            self._refresh()
        return events

    def _penalty_card(self) -> int:
        """Remove and return a penalty card: the stock's next card, else a random card of the
        discard (seeded); -1 when both are empty."""
        k = self.penalties
        self.penalties = k + 1
        if self.stock:
            return self.stock.pop(0)
        if not self.discard:
            return -1
        pile = cards_of(self.discard)
        fair = fairness.Seeds.from_json(self.fair) if self.fair else None
        c = pile[DealSource(self.seed, fair=fair, first=self.first).fair_draw(0, f"penalty:{k}", len(pile))]
        self.discard ^= self.tab.CARD_BIT[c]
        return c

    def _timeout(self, seat: int, action: Action, system: bool) -> list[Event]:
        """The seat ran out of time: the starter leads his lowest non-trump (else lowest
        trump), the defender takes, a thrower says done."""
        if not system:
            raise IllegalAction("system_only", "timeout is the server's action")
        if seat not in self.awaiting():
            raise IllegalAction("not_your_turn", f"the game does not wait for seat {seat!r}")
        events: list[Event] = [{"type": "timeout", "seat": seat}]
        if self.phase == LEAD:
            tab = self.tab
            hand = self.hands[seat]
            c = min(cards_of(hand & ~tab.SUIT_CARDS[self.trump]) or cards_of(hand), key=tab.lead_key)
            self.hands[seat] ^= tab.CARD_BIT[c]
            self.phase = BOUT
            self._put_attack(seat, c)
            self._recount()
            events.append({"type": "attack", "seat": seat, "card": tab.codes[c]})
            self._settle(events)
        elif seat == self.defender:
            self._do_take(seat, events)
        else:
            self._do_done(seat, events)
        return events

    def _close_check(self, seat: int, action: Action, system: bool) -> list[Event]:
        """End of the Шулер check: the bout closes as it was going to."""
        if not system:
            raise IllegalAction("system_only", "close is the server's action")
        if self.phase != CHECK:
            raise IllegalAction("no_check", "no bout is being checked")
        events: list[Event] = []
        assert self.pending is not None  # set with the phase CHECK
        self._finish(self.pending, -1, events)
        return events

    def _leave(self, seat: int, action: Action, system: bool) -> list[Event]:
        """``leave``/``surrender``: the game ends, the leaver (his pair) loses, all others win.

        A player already out leaves freely: nothing changes. A ``leave`` applied as a system
        action is the table's disconnect verdict: reason ``disconnect``.
        """
        if seat not in self.occupied:
            raise IllegalAction("not_seated", f"seat {seat!r} is not at the table")
        if self.phase == OVER:
            raise IllegalAction("game_over", "the game is over")
        if self.phase != WAITING and not self.inplay >> seat & 1:
            return [{"type": "left", "seat": seat}]
        losers = [s for s in self.occupied if self._same_side(s, seat)]
        winners = [s for s in self.occupied if s not in losers]
        reason = "surrender" if action["type"] == "surrender" else "disconnect" if system else "leave"
        events: list[Event] = [{"type": "left", "seat": seat}]
        self._end(None, False, winners, losers, reason, events)
        return events

    def _refusal(self, seat: Any, action: Action) -> IllegalAction:
        """Why ``action`` of ``seat`` is not legal now (slow path, only for refused actions)."""
        phase = self.phase
        if phase == OVER:
            return IllegalAction("game_over", "the game is over")
        if phase == WAITING:
            return IllegalAction("not_dealt", "no cards were dealt")
        if type(seat) is not int or seat not in self._to_act:
            return IllegalAction("not_your_turn", f"seat {seat!r} may not act now")
        kind = action["type"]
        if phase == CHECK and kind != "catch":
            return IllegalAction("check_phase", "only catch is legal while the bout is checked")
        if kind == "catch":
            return self._catch_refusal(seat, action)
        defender_move = kind in ("defend", "transfer", "take")
        if defender_move != (seat == self.defender) or (defender_move and self.took):
            return IllegalAction("not_your_turn", f"seat {seat} may not {kind} now")
        if kind == "take":
            return IllegalAction("cannot_take", "take only while some attack card is unbeaten")
        if kind == "done":
            return IllegalAction("cannot_say_done", "done only with something to throw, all beaten or taken")
        tab = self.tab
        CODES, CARD = tab.codes, tab.card
        c = CARD.get(action.get("card", ""))
        if c is None:
            return IllegalAction("bad_card", f"not a card: {action.get('card')!r}")
        if not self.hands[seat] >> c & 1:
            return IllegalAction("not_in_hand", f"{CODES[c]} is not in seat {seat}'s hand")
        if kind == "attack":
            if self.phase == BOUT and not (seat in self.throwers and self._eligible(seat)):
                return IllegalAction("not_your_turn", "the starter throws first; done stands until a card")
            if len(self.att) >= MAX_ATTACKS or len(self.open) >= self.hands[self.defender].bit_count():
                return IllegalAction("limit_reached", "6 cards, or as many unbeaten as the defender holds")
            return IllegalAction("rank_not_on_table", f"no {CODES[c][0]} on the table")
        if kind == "transfer":
            if self._transfer_target() < 0:
                return IllegalAction("transfer_not_allowed", "no transfer now")
            return IllegalAction("rank_not_on_table", f"transfer needs the table's rank, not {CODES[c]}")
        t = CARD.get(action.get("target", ""))
        if t not in self.open:
            return IllegalAction("bad_target", f"not an unbeaten table card: {action.get('target')!r}")
        return IllegalAction("cannot_beat", f"{CODES[c]} does not beat {CODES[t]}")

    def _catch_refusal(self, seat: int, action: Action) -> IllegalAction:
        if not self.cheating:
            return IllegalAction("no_cheating", "catch is a Шулер move")
        if self.banned >> seat & 1:
            return IllegalAction("catch_banned", "a false accusation bars catching until the bout ends")
        c = self.tab.card.get(action.get("card", ""))
        owner = dict(self._table_owners()).get(c) if c is not None else None
        if owner is None:
            return IllegalAction("not_on_table", f"{action.get('card')!r} is not on the table")
        return IllegalAction("own_card", "one's own and the partner's cards cannot be caught")

    # ------------------------------------------------------------------ closing bouts

    def _close(self, kind: str, events: list[Event]) -> None:
        """The bout is over: in Шулер first the check phase, else at once."""
        if self.cheating:
            self.phase = CHECK
            self.pending = kind
            events.append({"type": "check", "result": kind})
            self._refresh()
        else:
            self._finish(kind, -1, events)

    def _finish(self, kind: str, cheater: int, events: list[Event]) -> None:
        """Clear the table (discard; the defender takes; or the caught cheater takes), draw,
        let players out, then end the game or start the next bout."""
        d = self.defender
        if kind == "discard":
            self.discard |= self.table
            beaten_off = True
        else:
            taker = d if kind == "take" else cheater
            self.hands[taker] |= self.table
            beaten_off = taker != d
        events.append({"type": "bout_over", "result": kind, "defender": d})
        self._reset_table()
        stock = self.stock
        if stock:
            hands = self.hands
            for s in self.ring.draw_order[self.inplay][self.starter][d]:
                n = HAND_SIZE - hands[s].bit_count()
                if n > 0:
                    hands[s] |= mask_of(stock[:n])
                    del stock[:n]
                    events.append({"type": "draw", "seat": s, "count": n})
                    if not stock:
                        break
        # with the stock empty, players without cards go out (seats not in play hold none)
        if not stock and self.hands.count(0) > len(self.hands) - self.inplay.bit_count():
            for s in self.occupied:
                if self.inplay >> s & 1 and not self.hands[s]:
                    self.inplay ^= 1 << s
                    self.out_order.append(s)
                    events.append({"type": "out", "seat": s})
            if self._game_ended(events):
                return
        rg = self.ring
        self._start_bout(rg.next_in[self.inplay][d] if beaten_off else rg.after[self.inplay][d])

    def _game_ended(self, events: list[Event]) -> bool:
        """End the game when one player or none is left, or when a pair is all out."""
        inplay = self.inplay
        if self.teams:
            pairs = self.ring.pair_masks
            out = [not inplay & pairs[t] for t in (0, 1)]
            if out[0] and out[1]:
                self._end(None, True, [], [], "draw", events)
            elif out[0] or out[1]:
                win = 0 if out[0] else 1
                won = [s for s in self.occupied if pairs[win] >> s & 1]
                lost = [s for s in self.occupied if not pairs[win] >> s & 1]
                self._end(None, False, won, lost, "fool", events)
            else:
                return False
            return True
        left = [s for s in self.occupied if inplay >> s & 1]
        if len(left) > 1:
            return False
        if left:
            fool = left[0]
            self._end(fool, False, [s for s in self.occupied if s != fool], [fool], "fool", events)
        else:
            self._end(None, True, [], [], "draw", events)
        return True

    def _end(
        self,
        fool: int | None,
        draw: bool,
        winners: list[int],
        losers: list[int],
        reason: str,
        events: list[Any],
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
        self._store((), 0, False)
        events.append({"type": "game_over", "reason": reason, **_copy_result(self.result)})

    # ------------------------------------------------------------------ views and records

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees: its own hand, everyone's card counts, the table, the stock's size
        and face-up trump; never another hand, the stock order or which cards were unfair."""
        mine = seat if type(seat) is int and seat in self.occupied else None
        stock = self.stock
        on = self.phase in (LEAD, BOUT, CHECK)
        legal = self._legal()
        d = self.defender
        CODES = self.tab.codes
        side = self.ring.side
        return {
            "game": self.name,
            "options": dict(self.options),
            "seat": mine,
            "seats": [
                {
                    "seat": s,
                    "cards": self.hands[s].bit_count(),
                    "team": side[s] if self.teams else None,
                    "playing": bool(self.inplay >> s & 1),
                }
                for s in self.occupied
            ],
            "phase": VIEW_PHASE[self.phase],
            "dealer": None,
            "trump": SUITS[self.trump] if self.trump >= 0 else None,
            "trump_card": CODES[stock[-1]]
            if stock
            else CODES[self.trump_card]
            if self.trump_holder >= 0
            else None,
            "trump_holder": self.trump_holder if self.trump_holder >= 0 else None,
            "contract": None,
            "hand": [CODES[c] for c in sorted(cards_of(self.hands[mine]), key=self._hand_key)]
            if mine is not None
            else [],
            "table_cards": [
                {"attack": CODES[a], "defence": CODES[self.beaten[a]] if a in self.beaten else None}
                for a in self.att
            ],
            "table_seats": [
                {"attack": o, "defence": d if a in self.beaten else None}
                for a, o in zip(self.att, self.att_owner, strict=True)
            ],
            "last_trick": None,
            "stock": len(stock),
            "discard": self.discard.bit_count(),
            "attacker": self.starter if on else None,
            "defender": d if on else None,
            "priority": self.prio if on else None,
            "throwers": [s for s in self.throwers if s == self.prio or self.opened] if on else [],
            "done": [s for s in self.occupied if self.done >> s & 1] if on else [],
            "took": self.took,
            "catch_banned": [s for s in self.occupied if self.banned >> s & 1],
            "out_order": list(self.out_order),
            "awaiting": self.awaiting(),
            "to_act": list(self._to_act),
            "legal": list(legal.get(mine, ())) if mine is not None else [],
            "deals": [_copy_result(self.result)] if self.result else [],
            "totals": [],
            "result": {"winners": list(self.winners), "reason": self.reason} if self.phase == OVER else None,
        }

    def _hand_key(self, c: int) -> tuple[bool, int]:
        """Display order: trumps last; otherwise by suit s c d h, then by rank."""
        return (c // self.tab.width == self.trump, c)

    def summary(self) -> Outcome:
        """``deals`` holds the game's result once it is over; Durak keeps no totals (``[]``)."""
        return {
            "deals": [_copy_result(self.result)] if self.result else [],
            "totals": [],
            "finished": self.phase == OVER,
            "winners": list(self.winners),
            "reason": self.reason,
        }

    def finished(self) -> bool:
        return self.phase == OVER

    def deal_number(self) -> int | None:
        return 0

    def current_deal(self) -> dict[str, Any]:
        hands, stock = self.dealt
        codes_ = self.tab.codes
        return {
            "number": 0,
            "dealer": None,
            "hands": {str(s): [codes_[c] for c in hands[s]] for s in self.occupied},
            "stock": [codes_[c] for c in stock],
        }

    def to_json(self) -> dict[str, Any]:
        return self._persisted(fresh=True)

    def to_json_text(self) -> str:
        """:meth:`to_json` as JSON text, written from the state's own lists (none copied)."""
        return json_text(self._persisted(fresh=False))

    def _persisted(self, *, fresh: bool) -> dict[str, Any]:
        """What :meth:`to_json` holds; unless ``fresh``, with the state's own lists and dicts
        (shared: only to be written at once)."""
        own: Callable[[Any], Any] = _fresh_copy if fresh else _same
        data: dict[str, Any] = {k: getattr(self, k) for k in _SCALARS}
        for k in _NEW_SCALARS:
            data[k] = getattr(self, k)
        for k in _LISTS:
            data[k] = own(getattr(self, k))
        data["options"] = own(self.options)
        data["given"] = self.given
        data["dealt"] = [[own(h) for h in self.dealt[0]], own(self.dealt[1])]
        data["unfair"] = sorted(self.unfair)
        data["beaten"] = [[t, c] for t, c in self.beaten.items()]
        data["result"] = _copy_result(self.result) if fresh else self.result
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Durak:
        self = cls.__new__(cls)
        for k in _SCALARS:
            setattr(self, k, data[k])
        for k, default in _NEW_SCALARS.items():
            setattr(self, k, data.get(k, default))
        for k in _LISTS:
            setattr(self, k, list(data[k]))
        self.options = dict(data["options"])
        self.given = data["given"]
        self.dealt = ([list(h) for h in data["dealt"][0]], list(data["dealt"][1]))
        self.unfair = set(data["unfair"])
        self.beaten = {t: c for t, c in data["beaten"]}
        self.result = _copy_result(data["result"])
        self._geometry()
        if self.trump >= 0:
            self._defence_tables()
        if self.defender >= 0:
            self._seat_roles()
        else:
            self.throwers = ()
        self._catches = None
        self._refresh()
        return self

    def copy(self) -> Durak:
        """An independent copy, without a JSON round trip (the cached action lists, never
        mutated, are shared)."""
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        for k in _LISTS:
            d[k] = list(d[k])
        d["options"] = dict(self.options)
        d["unfair"] = set(self.unfair)
        d["beaten"] = dict(self.beaten)
        d["result"] = _copy_result(self.result)
        return new


#: ``type`` -> its handler. A handler takes any ``seat`` (``None``, the system's, included)
#: and refuses one not in play, so the table's seat type is wider than the methods' ``int``.
_HANDLERS: dict[str, Callable[[Durak, Any, Action, bool], list[Event]]] = {
    "attack": Durak._attack,
    "defend": Durak._defend,
    "transfer": Durak._transfer,
    "take": Durak._take,
    "done": Durak._done,
    "catch": Durak._catch,
    "timeout": Durak._timeout,
    "close": Durak._close_check,
    "leave": Durak._leave,
    "surrender": Durak._leave,
}


def _fresh_copy(value: Any) -> Any:
    """A shallow copy of a list or a dict (a tuple becomes a list)."""
    return dict(value) if isinstance(value, dict) else list(value)


def _same(value: Any) -> Any:
    """``value`` itself."""
    return value


@overload
def _copy_result(result: dict[str, Any]) -> dict[str, Any]: ...


@overload
def _copy_result(result: None) -> None: ...


def _copy_result(result: dict[str, Any] | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {k: list(v) if isinstance(v, list) else v for k, v in result.items()}
