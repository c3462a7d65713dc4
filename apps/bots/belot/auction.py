"""Bidding in the belot family from a count of the hand: trumps, aces, tens, combinations.

:func:`hand_strength` estimates the card points a hand brings in a given trump (out of the
deal's 162); :func:`choose_bid` turns the estimates into one legal auction action.
``hard`` passes ``exact_combos=True`` to value its combinations as the rules score them
(carrés by rank, hundreds, belote) instead of a flat allowance.

A solo capot («капо на 1 руке», Gambler ``solo_capot``) is bid only with a hand that takes
every trick in its own play-out (:func:`solo_takes_all`).
"""

from __future__ import annotations

import random
from typing import Any, cast

from apps.rules import autoplay
from apps.rules import tricks as T
from apps.rules.cards import CARD, DECK_32, mask_of

from . import cards as bc
from .knowledge import team_of

#: Deals of the unseen cards a solo capot hand must take every trick in.
SOLO_SAMPLES = 32
DECK_MASK = mask_of(DECK_32)

TRUMPS = ("s", "c", "d", "h")


def hand_strength(hand: list[str], trump: str) -> float:
    """Expected card points ``hand`` wins with ``trump`` as contract trump (a sound count)."""
    est = 0.0
    if trump == "all":
        for s in TRUMPS:
            est += _trump_suit([c for c in hand if c[1] == s]) * 0.7
        return est
    trumps = [c for c in hand if c[1] == trump] if trump != "nt" else []
    est += _trump_suit(trumps)
    for s in TRUMPS:
        if trump != "nt" and s == trump:
            continue
        suit = [c[0] for c in hand if c[1] == s]
        if "A" in suit:
            est += 25 if trump == "nt" else 18
            if "T" in suit:
                est += 14
                if "K" in suit:
                    est += 5
        elif "T" in suit and len(suit) >= 3:
            est += 6
        if trump == "nt" and len(suit) >= 4 and "A" in suit:
            est += 8 * (len(suit) - 3)
    # Short side suits help ruffing when trumps are held.
    if len(trumps) >= 3:
        est += 4 * sum(1 for s in TRUMPS if s != trump and not any(c[1] == s for c in hand))
    return est


def _trump_suit(trumps: list[str]) -> float:
    ranks = {c[0] for c in trumps}
    n = len(trumps)
    est = 0.0
    if "J" in ranks:
        est += 30
    if "9" in ranks:
        est += 22 if ("J" in ranks or n >= 3) else 12
    if "A" in ranks:
        est += 15 if ("J" in ranks or "9" in ranks) else 9
    if "T" in ranks:
        est += 10 if n >= 3 else 5
    est += 7 * sum(1 for r in ranks if r in "KQ87")
    if n >= 4:
        est += 8 * (n - 3)
    return est


def combo_points(hand: list[str], trump: str, options: dict[str, Any], *, exact: bool) -> float:
    """Full points of combinations (and belote) ``hand`` would score with ``trump``."""
    combos = options.get("combos", "all")
    value: float
    if combos == "none":
        value = 0
    else:
        value = bc.combo_value(
            hand, trump, carre=combos != "no_carre_hundred", hundred=combos != "no_carre_hundred"
        )
    if not exact:
        value = min(value, 50) * 0.6
    belote = 20 if bc.has_belote(hand, trump) else 0
    return value + belote


def solo_lead(hand: int, mode: int, unseen: int) -> int:
    """The card a solo capot's bidder leads (-1: the ``normal`` lead): in a suit contract,
    while trumps he cannot see (``unseen``, a mask) may be out, his highest trump."""
    if mode >= 4:
        return -1
    trumps = T.TRUMPS[mode]
    mine = hand & trumps
    if not mine or not unseen & trumps:
        return -1
    order = T.ORDER[mode]
    best, c, m = -1, -1, mine
    while m:
        low = m & -m
        card = low.bit_length() - 1
        if order[card] > best:
            best, c = order[card], card
        m ^= low
    return c


def solo_leader(dealer: int, bidder: int) -> int:
    """Who leads a solo capot's play: left of the dealer, or the next seat if that is the
    bidder's partner (docs/rules.md)."""
    leader = (dealer + 1) % 4
    return (leader + 1) % 4 if leader == (bidder + 2) % 4 else leader


def solo_takes_all(hand: list[str], trump: str, dealer: int, me: int, samples: int = SOLO_SAMPLES) -> bool:
    """Whether ``hand`` (seat ``me``) takes all 8 tricks alone with ``trump`` in its own
    play-out: in each of ``samples`` deals of the 24 unseen cards (8 to each opponent, 8 to the
    partner, who sits out) the three play the ``normal`` card policy
    (:func:`apps.rules.autoplay.choose_card`, the bidder leading by :func:`solo_lead`, as the
    ``normal`` bot plays a solo capot) from the real leader, and the hand must win every
    trick of every deal. The deals come from a generator seeded by the hand, the trump
    and the lead, so the answer is reproducible."""
    mode = T.MODE_OF[trump]
    mine = mask_of(CARD[c] for c in hand)
    pool = [c for c in DECK_32 if not mine >> c & 1]
    leader = solo_leader(dealer, me)
    left, right = (me + 1) % 4, (me + 3) % 4
    after = {me: left, left: right, right: me}
    rng = random.Random(f"solo:{','.join(sorted(hand))}:{trump}:{(leader - me) % 4}")
    for _ in range(samples):
        rng.shuffle(pool)
        hands = {me: mine, left: mask_of(pool[:8]), right: mask_of(pool[8:16])}
        unseen = DECK_MASK & ~mine
        turn = leader
        for _trick in range(8):
            led = win_card = win_seat = -1
            for _card in range(3):
                h = hands[turn]
                if led < 0:
                    c = solo_lead(h, mode, unseen) if turn == me else -1
                    if c < 0:
                        c = autoplay.choose_card(h, mode, -1, False)
                    led, win_card, win_seat = c // 9, c, turn
                else:
                    partner = win_seat != turn and win_seat != me and turn != me
                    legal = T.legal_mask(h, led, win_card, partner, mode, T.BAZAR)
                    c = autoplay.choose_card(legal, mode, win_card, partner)
                    if T.BEATS[mode][win_card] >> c & 1:
                        win_card, win_seat = c, turn
                hands[turn] = h ^ (1 << c)
                unseen &= ~(1 << c)
                turn = after[turn]
            if win_seat != me:
                return False
            turn = me
    return True


def last_bid(view: dict[str, Any], memory: dict[str, Any]) -> tuple[int | None, int, str | None]:
    """(seat, value, trump) of the last bid or capot of this deal's auction, from the log."""
    for seat, action in reversed(memory.get("log") or []):
        if action.get("type") == "bid":
            return seat, int(action["value"]), action.get("trump")
        if action.get("type") == "capot":
            return seat, 25, action.get("trump")
    contract = view.get("contract") or {}
    if contract.get("value"):
        return contract.get("seat"), int(contract["value"]), contract.get("trump")
    return None, 0, None


def choose_bid(view: dict[str, Any], memory: dict[str, Any], *, exact_combos: bool = False) -> dict[str, Any]:
    """One of ``view["legal"]`` in an auction (bazar bids, or take / name / pass)."""
    legal = view["legal"]
    hand = list(view.get("hand") or [])
    options = view.get("options") or {}
    types = {a["type"] for a in legal}
    me = view["seat"]
    if "bid" in types or "capot" in types or "contra" in types or "recontra" in types:
        return _bazar_auction(view, memory, legal, hand, options, exact_combos)
    face = _face_up(view)
    players = len(view.get("seats") or []) or 2
    best: tuple[float, dict[str, Any]] | None = None
    for a in legal:
        if a["type"] == "take":
            trump = face[1] if face else view.get("trump")
            cards = hand + ([face] if face and _gets_face_up(view, me, players) else [])
            score = _value(cards, trump, options, exact_combos)
        elif a["type"] == "name":
            trump = a["trump"]
            cards = hand + ([face] if face and a.get("keep") else [])
            score = _value(cards, trump, options, exact_combos) - (3 if a.get("keep") is False else 0)
        else:
            continue
        if best is None or score > best[0]:
            best = (score, a)
    threshold = _take_threshold(view, players)
    passes = [a for a in legal if a["type"] == "pass"]
    if best is not None and (best[0] >= threshold or not passes):
        return best[1]
    return cast("dict[str, Any]", passes[0] if passes else legal[0])


def _value(cards: list[str], trump: str | None, options: dict[str, Any], exact: bool) -> float:
    if not trump:
        return 0.0
    return hand_strength(cards, trump) + combo_points(cards, trump, options, exact=exact)


def _face_up(view: dict[str, Any]) -> str | None:
    for key in ("face_up", "faceup", "turned", "open_card"):
        if view.get(key):
            return str(view[key])
    return None


def _gets_face_up(view: dict[str, Any], me: int, players: int) -> bool:
    # Deberc with 4 players gives the face-up card to the dealer; everywhere else the taker.
    if view.get("game") == "deberc":
        return players == 4 and view.get("dealer") == me
    return True


def _take_threshold(view: dict[str, Any], players: int) -> float:
    game = view.get("game")
    if game == "deberc":
        return {2: 62, 3: 52, 4: 58}.get(players, 58)
    return 60


def _bazar_auction(
    view: dict[str, Any],
    memory: dict[str, Any],
    legal: list[dict[str, Any]],
    hand: list[str],
    options: dict[str, Any],
    exact: bool,
) -> dict[str, Any]:
    me = view["seat"]
    team = team_of(view, me)
    seat, value, trump = last_bid(view, memory)
    by_type: dict[str, list[dict[str, Any]]] = {}
    for a in legal:
        by_type.setdefault(a["type"], []).append(a)
    pass_action = by_type.get("pass", [legal[0]])[0]
    partner_est = 30.0 if len(team) > 1 else 0.0
    total = 162 if options.get("players", 4) == 4 else 100
    if "recontra" in by_type:
        est = _value(hand, trump, options, exact) + partner_est if trump else 0
        return by_type["recontra"][0] if est / 10 >= value + 4 else pass_action
    if "contra" in by_type and trump and seat is not None and seat not in team:
        defence = hand_strength(hand, trump) + partner_est
        if (total - defence) / 10 + 2 < value and defence >= 90:
            return by_type["contra"][0]
    solo = _sure_solo(view, by_type.get("capot", []), hand)
    if solo is not None:
        return solo
    if seat is not None and seat in team:
        return pass_action  # never overbid the partner
    best: tuple[float, dict[str, Any]] | None = None
    for a in by_type.get("bid", []):
        t = a["trump"]
        est = (_value(hand, t, options, exact) + partner_est) / 10
        if est >= a["value"] and (
            best is None or (est - a["value"], -a["value"]) > (best[0], -best[1]["value"])
        ):
            best = (est - a["value"], a)
    if best is not None:
        # Bid the cheapest sufficient value in the best trump.
        t = best[1]["trump"]
        cheapest = min((a for a in by_type["bid"] if a["trump"] == t), key=lambda a: a["value"])
        return cheapest
    for a in by_type.get("capot", []):
        if not a.get("solo") and hand_strength(hand, a["trump"]) >= 140:
            return a
    return pass_action


def _sure_solo(view: dict[str, Any], capots: list[dict[str, Any]], hand: list[str]) -> dict[str, Any] | None:
    """The legal solo capot whose trump the hand takes every trick in (the game worth most
    first: all-trumps), or None."""
    solos = sorted((a for a in capots if a.get("solo")), key=lambda a: a["trump"] != "all")
    dealer = view.get("dealer")
    if not solos or not isinstance(dealer, int) or len(hand) != 8:
        return None
    for a in solos:
        if solo_takes_all(hand, a["trump"], dealer, view["seat"]):
            return a
    return None
