"""A compact Дурак simulator for the ``hard`` bot's play-outs (all hands open, no cheating).

It follows docs/rules.md closely enough to judge a move by playing the game to its end: bouts
with the 6-card and defender's-hand limits, throw-ins by rank (the bout's starter first,
then the others once he is done), transfers, ``take``, drawing (the defender last), going
out, the fool, pairs, 2..6 players on seats 0..5, neighbours' throw-in. Throwers act one
after the other (the engine lets them race). Every seat plays the ``normal`` heuristics.

Cards are ints ``suit * 13 + rank`` with ranks ``2..A`` (0..12) whatever the deck (the 36-card
deck uses ranks 4..12): one encoding for 24, 36 and 52 cards, ordered as the codes of one suit.
:data:`CARD` maps codes to these ints; they are not the engine's ints.
"""

from __future__ import annotations

from .cards import RANK

MAX_ATTACKS = 6
W = 13
RANKS = "23456789TJQKA"
CODES = [r + su for su in "scdh" for r in RANKS]
#: Card code -> simulator int.
CARD = {c: i for i, c in enumerate(CODES)}
#: Tie-break order of the cards: the order of their codes ("6c" < "6d" < ... < "As"), which is
#: how the ``normal`` policy breaks ties, so the play-outs make the moves it would make.
TIE = [sorted(CODES).index(c) for c in CODES]
#: The rank as ``normal`` counts it (``cards.RANK``: 6 is 0, 2 is -4, the ace 8), by card int.
R = [RANK[c[0]] for c in CODES]


def _card_value(c: int, trump: int) -> float:
    r = R[c]
    if c // W != trump:
        return r
    return r + 10 if r >= 0 else 9 + r / 10


#: ``VALUE[trump][c]``: how dear card ``c`` is to keep (``cards.value``).
VALUE = [[_card_value(c, t) for c in range(4 * W)] for t in range(4)]


def _value(c: int, trump: int) -> float:
    return VALUE[trump][c]


def _beats(c: int, t: int, trump: int) -> bool:
    if c // W == t // W:
        return c % W > t % W
    return c // W == trump


class Sim:
    """A Durak position; :meth:`run` plays it to the end and returns the outcome."""

    __slots__ = (
        "att",
        "defender",
        "dfn",
        "done",
        "hands",
        "neighbors",
        "occ",
        "opened",
        "out_order",
        "owners",
        "phase",
        "playing",
        "prio",
        "ring",
        "side",
        "starter",
        "steps",
        "stock",
        "teams",
        "took",
        "transfers",
        "trump",
        "unb",
    )  # fmt: skip

    att: list[int]
    defender: int
    dfn: list[int]
    done: set[int]
    hands: dict[int, list[int]]
    neighbors: bool
    occ: list[int]
    opened: bool
    out_order: list[int]
    owners: list[int]
    phase: str
    playing: dict[int, bool]
    prio: int
    ring: int
    side: dict[int, int]
    starter: int
    steps: int
    stock: list[int]
    teams: bool
    took: bool
    transfers: bool
    trump: int
    unb: int

    def copy(self) -> Sim:
        new = object.__new__(Sim)
        new.att = list(self.att)
        new.dfn = list(self.dfn)
        new.owners = list(self.owners)
        new.hands = {s: list(h) for s, h in self.hands.items()}
        new.stock = list(self.stock)
        new.playing = dict(self.playing)
        new.done = set(self.done)
        new.out_order = list(self.out_order)
        for k in (
            "defender",
            "occ",
            "opened",
            "phase",
            "prio",
            "starter",
            "teams",
            "took",
            "transfers",
            "trump",
            "unb",
            "steps",
            "ring",
            "side",
            "neighbors",
        ):
            setattr(new, k, getattr(self, k))
        return new

    # ---------------------------------------------------------------- seats
    def setup_seats(self, occupied: list[int], teams: bool, neighbors: bool) -> None:
        """The ring (4 seats, or 6 when a seat above 3 is taken), sides (pairs by position
        among four occupied seats, as the engine) and the throw-in mode."""
        self.occ = list(occupied)
        self.ring = 6 if max(occupied) > 3 else 4
        self.teams = teams
        self.side = {s: (occupied.index(s) % 2 if teams else s) for s in occupied}
        self.neighbors = neighbors

    def next_opponent(self, seat: int) -> int:
        r, side, playing = self.ring, self.side, self.playing
        for k in range(1, r):
            t = (seat + k) % r
            if playing.get(t) and side[t] != side[seat]:
                return t
        return -1

    def next_playing(self, seat: int) -> int:
        r = self.ring
        for k in range(r):
            t = (seat + k) % r
            if self.playing.get(t):
                return t
        return -1

    def throwers(self) -> list[int]:
        d, r, side, playing = self.defender, self.ring, self.side, self.playing
        order = [(self.prio + k) % r for k in range(r)]
        found = [s for s in order if playing.get(s) and s != d and side[s] != side[d]]
        if self.neighbors and sum(1 for s in self.occ if playing[s]) > 3:
            before = next(t for t in ((d - k) % r for k in range(1, r)) if playing.get(t))
            after = next(t for t in ((d + k) % r for k in range(1, r)) if playing.get(t))
            found = [s for s in found if s in (before, after)]
        return found

    # ---------------------------------------------------------------- actions
    def ranks(self) -> set[int]:
        return {c % W for c in self.att} | {c % W for c in self.dfn if c >= 0}

    def unbeaten(self) -> int:
        return self.unb

    def room(self) -> bool:
        return len(self.att) < MAX_ATTACKS and self.unbeaten() < len(self.hands[self.defender])

    def attack(self, seat: int, c: int) -> None:
        self.hands[seat].remove(c)
        self.att.append(c)
        self.dfn.append(-1)
        self.owners.append(seat)
        self.unb += 1
        self.done = set()
        self.phase = "bout"

    def defend(self, c: int, target: int) -> None:
        self.hands[self.defender].remove(c)
        self.dfn[self.att.index(target)] = c
        self.unb -= 1
        self.done = set()

    def transfer(self, c: int) -> None:
        seat = self.defender
        target = self.transfer_target()
        self.hands[seat].remove(c)
        self.att.append(c)
        self.dfn.append(-1)
        self.owners.append(seat)
        self.unb += 1
        self.defender = target
        self.prio = seat
        self.opened = False
        self.done = set()

    def transfer_target(self) -> int:
        if not self.transfers or self.took or self.unb != len(self.att) or len(self.att) >= MAX_ATTACKS:
            return -1
        target = self.next_opponent(self.defender)
        if target < 0 or len(self.hands[target]) < len(self.att) + 1:
            return -1
        return target

    def finish(self, beaten_off: bool) -> None:
        d = self.defender
        table = self.att + [c for c in self.dfn if c >= 0]
        if not beaten_off:
            self.hands[d].extend(table)
        self.att, self.dfn, self.owners = [], [], []
        self.unb = 0
        self.took = False
        self.done = set()
        self.opened = False
        if self.stock:
            r = self.ring
            order = [s for s in ((self.starter + k) % r for k in range(r)) if self.playing.get(s) and s != d]
            order.append(d)
            for s in order:
                n = min(6 - len(self.hands[s]), len(self.stock))
                if n > 0:
                    self.hands[s].extend(self.stock[:n])
                    del self.stock[:n]
        if not self.stock:
            for s in self.occ:
                if self.playing[s] and not self.hands[s]:
                    self.playing[s] = False
                    self.out_order.append(s)
        leader = self.next_playing(d if beaten_off else (d + 1) % self.ring)
        self.starter = self.prio = leader
        self.defender = self.next_opponent(leader)
        self.phase = "lead"

    def over(self) -> bool:
        if self.teams:
            return any(all(not self.playing[s] for s in self.occ if self.side[s] == t) for t in (0, 1))
        return sum(1 for s in self.occ if self.playing[s]) <= 1 or self.defender < 0

    def outcome(self, me: int) -> float:
        """+1 when ``me`` (or his pair) wins, -1 when he is the fool (his pair loses), 0 draw."""
        if self.teams:
            out = [all(not self.playing[s] for s in self.occ if self.side[s] == t) for t in (0, 1)]
            if out[0] and out[1]:
                return 0.0
            mine = self.side[me]
            return 1.0 if out[mine] else -1.0 if out[1 - mine] else 0.0
        left = [s for s in self.occ if self.playing[s]]
        if not left:
            return 0.0
        return -1.0 if left == [me] else 1.0 if me not in left else 0.0

    # ---------------------------------------------------------------- policy
    def step(self) -> None:
        """One move of whoever acts next, with the normal heuristics."""
        trump = self.trump
        if self.phase == "lead":
            s = self.starter
            hand = self.hands[s]
            counts = [0] * W
            for x in hand:
                if x // W != trump:
                    counts[x % W] += 1
            value = VALUE[trump]
            best, best_key = -1, None
            for x in hand:
                key = (value[x], TIE[x]) if x // W == trump else (R[x] - 1.5 * (counts[x % W] - 1), TIE[x])
                if best_key is None or key < best_key:
                    best, best_key = x, key
            self.attack(s, best)
            return
        d = self.defender
        if not self.took and self.unbeaten():
            hand = self.hands[d]
            if self.transfer_target() >= 0:
                ranks = {c % W for c in self.att}
                options = [c for c in hand if c % W in ranks and c // W != trump]
                if options:
                    self.transfer(min(options, key=lambda x: (_value(x, trump), x)))
                    return
            plan = self._plan(hand)
            if plan is None or self._too_dear(plan):
                self.took = True
            else:
                self.defend(*plan[0])
            if not self.took and not self.unbeaten() and (len(self.att) >= MAX_ATTACKS or not self.hands[d]):
                self.finish(True)
            return
        if self.room():
            ranks = self.ranks()
            for s in self.throwers():
                if s in self.done or (s != self.prio and not self.opened):
                    continue
                hand = self.hands[s]
                fits = [c for c in hand if c % W in ranks]
                if not fits:
                    if s == self.prio:
                        self.opened = True
                    continue
                cheap = self._cheap_throws(fits)
                if cheap:
                    self.attack(s, min(cheap, key=lambda x: (_value(x, trump), TIE[x])))
                    return
                self.done.add(s)
                if s == self.prio:
                    self.opened = True
                return
        self.finish(not self.took)

    def _cheap_throws(self, fits: list[int]) -> list[int]:
        trump = self.trump
        stock = len(self.stock)
        limit = 9 if stock == 0 else 3 if stock > 12 else 5
        cheap = [c for c in fits if c // W != trump and R[c] <= limit]
        if stock == 0 and not cheap:
            cheap = [c for c in fits if R[c] <= 4]
        return cheap

    def _plan(self, hand: list[int]) -> list[tuple[int, int]] | None:
        trump = self.trump
        free = sorted(hand, key=lambda x: (_value(x, trump), x))
        plan = []
        targets = sorted(
            (a for a, d in zip(self.att, self.dfn, strict=True) if d < 0), key=lambda x: -_value(x, trump)
        )
        for t in targets:
            b = next((c for c in free if _beats(c, t, trump)), None)
            if b is None:
                return None
            free.remove(b)
            plan.append((b, t))
        return plan

    def _too_dear(self, plan: list[tuple[int, int]]) -> bool:
        trump = self.trump
        if len(self.stock) <= 6:
            return False
        spent = sum(_value(b, trump) for b, _ in plan)
        trumps = sum(1 for b, _ in plan if b // W == trump)
        high = sum(1 for b, _ in plan if b // W == trump and R[b] >= 6)
        attack_value = sum(_value(a, trump) for a in self.att)
        return high >= 1 and trumps >= 2 and attack_value < spent / 2

    def run(self, me: int, max_steps: int = 600) -> float:
        """Play to the end (at most ``max_steps`` moves, counted in ``self.steps``)."""
        for _ in range(max_steps):
            if self.over():
                return self.outcome(me)
            self.steps += 1
            self.step()
        # Unfinished: judge by the cards left in hand.
        mine = len(self.hands[me])
        others = [len(self.hands[s]) for s in self.occ if s != me and self.playing[s]]
        return 0.0 if not others else (0.5 if mine < min(others) else -0.5)
