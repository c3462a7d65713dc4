"""The ``hard`` card play of the belot family: determinized search (PIMC).

For each decision: deal the unseen cards at random to the other seats, consistent with
what the seat has seen (cards played, voids shown, counted combinations shown, a belote
announced, a face-up card taken), many times; in each such deal play every candidate card
and finish the deal with the ``normal`` policy for every seat (or solve it exactly when few
cards are left); keep the candidate with the best average of (our points - their points).

The play-out is a small simulator on card masks built from the engine's own tables and
obligations (:mod:`apps.rules.tricks`, :mod:`apps.rules.autoplay`), so it needs no engine
state and never sees a hidden card: every hand in it is a sample.

«Капо на 1 руке» (Gambler ``solo_capot``): the view's ``sitting`` seat takes no part, so the
simulator skips it (three-card tricks) and its sampled cards are set aside; a deal is then
worth only whether the bidder takes every trick (:data:`SOLO_STAKE`), points break ties.
"""

from __future__ import annotations

import random
import time
from typing import Any

from apps.rules import api, autoplay
from apps.rules import tricks as T
from apps.rules.bazar_gambler import BazarGambler
from apps.rules.cards import CARD, CODES, DECK_24, DECK_32, cards_of, mask_of
from apps.rules.deberc_scoring import DealPoints, score_points

from . import knowledge
from .auction import DECK_MASK, solo_lead

#: Samples per decision (the budget; the clock is only a safety cap).
SAMPLES = 60
#: Solve exactly when at most this many cards are left in all hands together.
EXACT_CARDS = {2: 8, 3: 9, 4: 12}
#: Bonus (in card points) for a side that takes every trick of the deal.
CAPOT_BONUS = 90
#: What a solo capot deal is worth to the bidder's side (won) or the defenders (a trick taken),
#: in card points: far above any difference in points, which only break ties.
SOLO_STAKE = 1000
#: Full points of the combinations of Деберц by the kind a declaration shows.
DEBERC_KIND_POINTS = {"tierce": 20, "fifty": 50}

_RULES_CACHE: dict[str, T.PlayRules] = {}


def play_rules(view: dict[str, Any]) -> T.PlayRules:
    """The obligations of play of the view's game (read from the engine's class)."""
    game = view.get("game", "")
    key = game + ":" + str((view.get("options") or {}).get("ruleset"))
    rules = _RULES_CACHE.get(key)
    if rules is None:
        cls = api.game_class(game)
        if (view.get("options") or {}).get("ruleset") == "gambler":
            cls = BazarGambler
        rules = _RULES_CACHE[key] = getattr(cls, "PLAY_RULES", T.BAZAR)
    return rules


def face_up_holder(view: dict[str, Any]) -> int | None:
    """Who holds the face-up card in play: the taker (bazar 2p), the keeper (blot), the
    dealer (deberc with 4); None when it stays out (deberc with 2 or 3, blot unkept)."""
    game = view.get("game")
    if game == "blot":
        holder = view.get("keeper")
    elif game == "deberc":
        holder = view.get("dealer") if len(view.get("seats") or []) == 4 else None
    else:
        holder = view.get("taker")
    return holder if isinstance(holder, int) else None


class Situation:
    """The public position of one decision, on card ints and masks."""

    def __init__(self, view: dict[str, Any], memory: dict[str, Any]) -> None:
        self.me = view["seat"]
        seats = view["seats"]
        self.n = len(seats)
        sitting = view.get("sitting")
        #: The seat sitting out the play (a solo capot's partner), -1 when everybody plays.
        self.sitting = sitting if isinstance(sitting, int) else -1
        nxt = [(s + 1) % self.n for s in range(self.n)]
        if self.sitting >= 0:
            nxt = [nxt[t] if t == self.sitting else t for t in nxt]
        self.next_seat = tuple(nxt)
        self.tsize = self.n - (self.sitting >= 0)
        contract = view.get("contract") or {}
        self.solo_side = contract.get("team", -1) if contract.get("solo") else -1
        self.solo_seat = contract.get("seat", -1) if contract.get("solo") else -1
        self.side_of = [s["team"] if s.get("team") is not None else s["seat"] for s in seats]
        self.mode = T.MODE_OF[view["trump"]]
        self.rules = play_rules(view)
        self.counts = [s["cards"] for s in seats]
        self.hand = mask_of(CARD[c] for c in view["hand"])
        self.trick = [(e["seat"], CARD[e["card"]]) for e in view.get("table_cards") or []]
        deck = DECK_24 if view.get("game") == "blot" else DECK_32
        played = mask_of(CARD[c] for c in knowledge.played_cards(memory, view))
        self.pool = [c for c in deck if not (self.hand | played) >> c & 1]
        self.tricks_won = list(view.get("tricks") or [0] * (max(self.side_of) + 1))
        self.known = self._known_cards(view, played)
        self.voids = self._voids(memory)
        self.deberc = False
        if view.get("game") == "deberc" and isinstance(view.get("chooser"), int):
            self.points_won = self._points_won(memory)
            self.deberc = self.points_won is not None
        if self.deberc:
            self._deberc_contract(view)

    def _points_won(self, memory: dict[str, Any]) -> list[int] | None:
        """Card points each side has taken in the tricks already played (from the tricks the
        memory saw); None when the memory missed some (the contract cannot be judged then)."""
        tricks = (memory.get("game_data") or {}).get("tricks") or []
        if len(tricks) != sum(self.tricks_won):
            return None
        points = [0] * (max(self.side_of) + 1)
        pts = T.POINTS[self.mode]
        for trick in tricks:
            cards = [CARD[c] for _, c in trick]
            winner = trick[T.trick_winner(cards, self.mode)][0]
            points[self.side_of[winner]] += sum(pts[c] for c in cards)
        return points

    def _deberc_contract(self, view: dict[str, Any]) -> None:
        """What Деберц scores besides the card points: the chooser (who must score more than
        every opponent or lose his points: байт), the counted combinations of the best side
        (recorded only if that side takes a trick), the бела and the points hanging."""
        self.chooser = view["chooser"]
        self.hanging = int(view.get("hanging") or 0)
        self.combo_side = -1
        self.combo_points = 0
        for d in view.get("declarations") or []:
            if d.get("counted"):
                self.combo_side = self.side_of[d["seat"]]
                self.combo_points += sum(DEBERC_KIND_POINTS.get(k, 0) for k in d.get("kinds") or [])
        bela = view.get("bela") or {}
        self.bela_seat = bela.get("seat", -1) if isinstance(bela.get("seat"), int) else -1
        self.bela_counted = bela.get("counted") if self.bela_seat >= 0 else None
        self.trump_kq = (
            (CARD["K" + "scdh"[self.mode]], CARD["Q" + "scdh"[self.mode]]) if self.mode < 4 else None
        )

    def _known_cards(self, view: dict[str, Any], played: int) -> dict[int, set[int]]:
        known: dict[int, set[int]] = {s: set() for s in range(self.n) if s != self.me}
        for d in view.get("declarations") or []:
            if d["seat"] != self.me and d.get("cards"):
                known[d["seat"]].update(CARD[c] for c in d["cards"])
        for b in view.get("belote") or []:
            if b.get("said") == 1 and b["seat"] != self.me:
                known[b["seat"]].update(CARD[r + b["suit"]] for r in "KQ")
        face = view.get("face_up")
        if face and CARD[face] in self.pool:
            holder = face_up_holder(view)
            if holder is None or holder == self.me:
                self.pool.remove(CARD[face])  # out of play
            else:
                known[holder].add(CARD[face])
        pool = set(self.pool)
        return {s: {c for c in cards if c in pool and not played >> c & 1} for s, cards in known.items()}

    def _voids(self, memory: dict[str, Any]) -> dict[int, set[int]]:
        raw = (memory.get("game_data") or {}).get("voids") or {}
        out: dict[int, set[int]] = {}
        for seat, suits in raw.items():
            s = int(seat)
            bad = set()
            for x in suits:
                if x == "T":
                    if self.mode < 4:
                        bad.add(self.mode)
                else:
                    bad.add("scdh".index(x))
            out[s] = bad
        return out

    def sample(self, rng: random.Random) -> list[int] | None:
        """Hands (masks, by seat) of one deal consistent with everything seen; None if none found."""
        others = [s for s in range(self.n) if s != self.me]
        known_all = set().union(*self.known.values()) if self.known else set()
        free = [c for c in self.pool if c not in known_all]
        need = {s: self.counts[s] - len(self.known[s]) for s in others}
        if any(v < 0 for v in need.values()) or sum(need.values()) > len(free):
            return None
        for attempt in range(24):
            voids = self.voids if attempt < 20 else {}
            rng.shuffle(free)
            order = sorted(others, key=lambda s: -len(voids.get(s, ())))
            remaining = list(free)
            hands = [0] * self.n
            hands[self.me] = self.hand
            ok = True
            for s in order:
                bad = voids.get(s, set())
                allowed = [c for c in remaining if c // 9 not in bad] if bad else remaining
                if len(allowed) < need[s]:
                    ok = False
                    break
                chosen = allowed[: need[s]]
                taken = set(chosen)
                remaining = [c for c in remaining if c not in taken]
                hands[s] = mask_of(chosen) | mask_of(self.known[s])
            if ok:
                return hands
        return None


def normal_card(view: dict[str, Any], memory: dict[str, Any] | None = None) -> str:
    """The ``normal`` card: :func:`apps.rules.autoplay.choose_card` on what the seat sees
    (exactly the move a timed-out player gets from the engine); a solo capot's bidder leads
    by :func:`apps.bots.belot.auction.solo_lead` (trumps first while any may be out)."""
    plays = [a["card"] for a in view["legal"] if a["type"] == "play"]
    mode = T.MODE_OF[view["trump"]]
    trick = [(e["seat"], CARD[e["card"]]) for e in view.get("table_cards") or []]
    legal = mask_of(CARD[c] for c in plays)
    if not trick:
        contract = view.get("contract") or {}
        if contract.get("solo") and contract.get("seat") == view["seat"]:
            seen = legal | mask_of(CARD[c] for c in knowledge.played_cards(memory or {}, view))
            c = solo_lead(legal, mode, DECK_MASK & ~seen)
            if c >= 0:
                return CODES[c]
        return CODES[autoplay.choose_card(legal, mode, -1, False)]
    win = T.trick_winner([c for _, c in trick], mode)
    win_seat, win_card = trick[win]
    team = knowledge.team_of(view, view["seat"])
    partner = win_seat != view["seat"] and win_seat in team
    return CODES[autoplay.choose_card(legal, mode, win_card, partner)]


def search_card(
    view: dict[str, Any], memory: dict[str, Any], rng: random.Random, deadline: float | None
) -> str | None:
    """The card code ``hard`` plays now, or None to fall back on the normal policy."""
    plays: list[str] = [a["card"] for a in view["legal"] if a["type"] == "play"]
    if len(plays) == 1:
        return plays[0]
    try:
        sit = Situation(view, memory)
    except (KeyError, TypeError, ValueError):
        return None
    candidates = [CARD[c] for c in plays]
    totals = dict.fromkeys(candidates, 0.0)
    done = 0
    cards_left = sum(c for s, c in enumerate(sit.counts) if s != sit.sitting)
    exact = cards_left <= EXACT_CARDS.get(sit.tsize, 8)
    samples = 12 if exact else SAMPLES
    for _ in range(samples):
        hands = sit.sample(rng)
        if hands is None:
            break
        for c in candidates:
            totals[c] += evaluate(sit, hands, c, exact)
        done += 1
        if deadline is not None and time.thread_time() > deadline:
            break
    if not done:
        return None
    best = max(candidates, key=lambda c: (totals[c], -c))
    return CODES[best]


def evaluate(sit: Situation, hands: list[int], card: int, exact: bool) -> float:
    """Our side's points minus the best other side's, after ``card`` and the rest of the deal."""
    state = _State(sit, hands)
    state.play(card)
    if exact:
        return _solve(state, sit, -1e9, 1e9)
    return state.rollout(sit)


class _State:
    """A position of the play-out: hands, the trick so far, points and tricks per side."""

    __slots__ = (
        "_sit",
        "aside",
        "bela",
        "hands",
        "led",
        "n_sides",
        "points",
        "trick",
        "tricks",
        "turn",
        "win_card",
        "win_seat",
    )

    _sit: Situation
    aside: int
    bela: tuple[int, bool | None] | None
    hands: list[int]
    led: int
    n_sides: int
    points: list[int]
    trick: list[int]
    tricks: list[int]
    turn: int
    win_card: int
    win_seat: int

    def __init__(self, sit: Situation, hands: list[int]) -> None:
        self.hands = list(hands)
        #: The sitting seat's sampled cards: out of play, but unseen by the others.
        self.aside = 0
        if sit.sitting >= 0:
            self.aside = self.hands[sit.sitting]
            self.hands[sit.sitting] = 0
        self.n_sides = max(sit.side_of) + 1
        self.points = [0] * self.n_sides
        self.tricks = list(sit.tricks_won) + [0] * (self.n_sides - len(sit.tricks_won))
        self.trick = [c for _, c in sit.trick]
        self.led = -1
        self.win_card = -1
        self.win_seat = -1
        for i, (seat, c) in enumerate(sit.trick):
            if i == 0:
                self.led, self.win_card, self.win_seat = c // 9, c, seat
            elif T.BEATS[sit.mode][self.win_card] >> c & 1:
                self.win_card, self.win_seat = c, seat
        self.turn = sit.me
        self._sit = sit
        # Деберц бела: (seat, won?) with won None while its trick is being played; None if none.
        self.bela = None
        if sit.deberc and sit.bela_seat >= 0:
            self.bela = (sit.bela_seat, sit.bela_counted)

    def copy(self) -> _State:
        new = object.__new__(_State)
        new.hands = list(self.hands)
        new.n_sides = self.n_sides
        new.points = list(self.points)
        new.tricks = list(self.tricks)
        new.trick = list(self.trick)
        new.led, new.win_card, new.win_seat, new.turn = self.led, self.win_card, self.win_seat, self.turn
        new._sit = self._sit
        new.aside = self.aside
        new.bela = self.bela
        return new

    def legal(self) -> int:
        sit = self._sit
        hand = self.hands[self.turn]
        if self.led < 0:
            return hand
        ws = self.win_seat
        partner = ws != self.turn and sit.side_of[ws] == sit.side_of[self.turn]
        return T.legal_mask(hand, self.led, self.win_card, partner, sit.mode, sit.rules)

    def play(self, c: int) -> None:
        sit = self._sit
        seat = self.turn
        self.hands[seat] ^= 1 << c
        self.trick.append(c)
        if sit.deberc and self.bela is None and sit.trump_kq and c in sit.trump_kq:
            other = sit.trump_kq[1] if c == sit.trump_kq[0] else sit.trump_kq[0]
            if self.hands[seat] >> other & 1:
                self.bela = (seat, None)  # announced with the first of K and Q played
        if self.led < 0:
            self.led, self.win_card, self.win_seat = c // 9, c, seat
        elif T.BEATS[sit.mode][self.win_card] >> c & 1:
            self.win_card, self.win_seat = c, seat
        if len(self.trick) == sit.tsize:
            side = sit.side_of[self.win_seat]
            pts = T.POINTS[sit.mode]
            total = sum(pts[x] for x in self.trick)
            if not any(self.hands):
                total += 10
            self.points[side] += total
            self.tricks[side] += 1
            if self.bela is not None and self.bela[1] is None:
                self.bela = (self.bela[0], sit.side_of[self.bela[0]] == side)
            self.turn = self.win_seat
            self.trick = []
            self.led = self.win_card = self.win_seat = -1
        else:
            self.turn = sit.next_seat[seat]

    def over(self) -> bool:
        return not self.trick and not any(self.hands)

    def score(self, sit: Situation) -> float:
        mine = sit.side_of[sit.me]
        if sit.deberc:
            return self._deberc_score(sit, mine)
        pts = list(self.points)
        total_tricks = sum(self.tricks)
        if sit.solo_side >= 0:
            won = self.tricks[sit.solo_side] == total_tricks
            pts[sit.solo_side if won else 1 - sit.solo_side] += SOLO_STAKE
        for side in range(self.n_sides):
            if self.tricks[side] == total_tricks:
                pts[side] += CAPOT_BONUS
        best_other = max(p for s, p in enumerate(pts) if s != mine)
        return float(pts[mine] - best_other)

    def _deberc_score(self, sit: Situation, mine: int) -> float:
        """Our side's recorded points minus the other sides' mean, as Деберц scores the deal
        (:func:`apps.rules.deberc_scoring.score_points`: made, байт or hanging). With 3 or 4
        each for himself every opponent may end up the leader, so all of them count (the mean
        beat "minus the best other": docs/bots.md)."""
        own = [a + b for a, b in zip(self.points, sit.points_won or [], strict=True)]
        if sit.combo_side >= 0 and self.tricks[sit.combo_side] > 0:
            own[sit.combo_side] += sit.combo_points
        if self.bela is not None and self.bela[1]:
            own[sit.side_of[self.bela[0]]] += 20
        scored = score_points(
            DealPoints(
                own=own,
                chooser=sit.side_of[sit.chooser],
                chooser_seat=sit.chooser,
                side_of=sit.side_of,
                hanging=sit.hanging,
            )
        )
        scores = scored.scores
        others = [p for side, p in enumerate(scores) if side != mine]
        return scores[mine] - sum(others) / len(others)

    def rollout(self, sit: Situation) -> float:
        choose = autoplay.choose_card
        side_of = sit.side_of
        while not self.over():
            legal = self.legal()
            if self.led < 0:
                c = -1
                if self.turn == sit.solo_seat:
                    others = self.aside
                    for s, h in enumerate(self.hands):
                        if s != self.turn:
                            others |= h
                    c = solo_lead(legal, sit.mode, others)
                if c < 0:
                    c = choose(legal, sit.mode, -1, False)
            else:
                ws = self.win_seat
                c = choose(
                    legal, sit.mode, self.win_card, ws != self.turn and side_of[ws] == side_of[self.turn]
                )
            self.play(c)
        return self.score(sit)


def _solve(state: _State, sit: Situation, alpha: float, beta: float) -> float:
    """Exact value (alpha-beta; the other sides minimise ours) of a position, all hands open."""
    if state.over():
        return state.score(sit)
    maximise = sit.side_of[state.turn] == sit.side_of[sit.me]
    moves = cards_of(state.legal())
    if maximise:
        value = -1e9
        for c in moves:
            child = state.copy()
            child.play(c)
            value = max(value, _solve(child, sit, alpha, beta))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = 1e9
    for c in moves:
        child = state.copy()
        child.play(c)
        value = min(value, _solve(child, sit, alpha, beta))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value
