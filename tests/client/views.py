"""Real engine views for the table client's rendering tests.

Each function plays a match with :mod:`apps.rules` to a chosen moment and returns the
``state`` frame a seat would get: the engine's view plus what the tables layer adds
(``table``, ``match``, names, bots, connections, clock), as ``apps.tables.selectors``
builds it.
"""

from __future__ import annotations

import time

from apps.rules import api

BOT_LEVELS = {1: "normal", 2: "easy", 3: "hard"}

#: Hands of a Базар-блот deal where seat 0 holds a tierce (Т К Д червей) and leads.
DECLARE_DEAL = {
    "hands": {
        "0": ["Ah", "Kh", "Qh", "7s", "8s", "9c", "Tc", "7d"],
        "1": ["Jh", "9h", "Th", "8h", "7h", "As", "Ks", "Qs"],
        "2": ["Js", "9s", "Ts", "Ac", "Kc", "Qc", "Jc", "8c"],
        "3": ["7c", "Ad", "Kd", "Qd", "Jd", "Td", "9d", "8d"],
    },
    "stock": [],
}


def frame(state, seat: int, seq: int, *, events: list | None = None, bots: dict | None = None) -> dict:
    """The ``state`` frame of ``seat`` (seat 0 is the person «Анна», the others bots)."""
    bots = BOT_LEVELS if bots is None else bots
    view = api.view(state, seat)
    view["table"], view["match"] = 7, 11
    view["seats"] = [
        {
            **s,
            "name": f"Бот {s['seat'] + 1}" if s["seat"] in bots else "Анна",
            "bot": bots.get(s["seat"]),
            "connected": True,
        }
        for s in view["seats"]
    ]
    now = int(time.time() * 1000)
    if view["game"] == "durak":  # Durak: 30 s per action, no reserve
        view["deadline"], view["move_deadline"], view["reserve_ms"] = now + 27_000, None, None
    else:
        view["move_deadline"] = now + 17_000
        view["deadline"] = now + 47_000
        view["reserve_ms"] = 30_000
    # `_made` (ignored by the client) lets the tests move the clock to the moment they feed it
    return {"op": "state", "seq": seq, "view": view, "events": events or [], "_made": now}


def bazar_auction() -> tuple[object, list]:
    """A 4-player Базар-блот auction: seat 3 (an opponent, right before seat 0) bid 8♥ and
    seat 0 must speak now (a higher bid, capot, contra or pass are legal)."""
    state = api.new_match("bazar_blot", {}, seed=1)
    events: list = []
    while api.to_act(state) != [3]:
        _, events = api.apply(state, api.to_act(state)[0], {"type": "pass"})
    _, events = api.apply(state, 3, {"type": "bid", "value": 8, "trump": "h"})
    assert api.to_act(state) == [0]
    return state, events


def bazar_play() -> tuple[object, list]:
    """Базар-блот in play: one trick done (a last trick to look at), cards on the table, seat 0 to act."""
    state = api.new_match("bazar_blot", {}, seed=1)
    first = True
    while api.view(state, 0)["phase"] == "auction":
        seat = api.to_act(state)[0]
        api.apply(state, seat, {"type": "bid", "value": 8, "trump": "s"} if first else {"type": "pass"})
        first = False
    events: list = []
    for _ in range(40):
        view = api.view(state, 0)
        if view["trick_number"] >= 1 and view["table_cards"] and api.to_act(state) == [0]:
            return state, events
        seat = api.to_act(state)[0]
        play = next(a for a in api.legal_actions(state, seat) if a["type"] == "play")
        _, events = api.apply(state, seat, play)
    raise AssertionError("no position with cards on the table and seat 0 to act")


def bazar_declare() -> object:
    """Seat 0 bid 8♥, everyone passed; seat 0 leads trick 1 holding a tierce (declare legal)."""
    state = api.new_match("bazar_blot", {}, deals=[DECLARE_DEAL], dealer=3)
    api.apply(state, 0, {"type": "bid", "value": 8, "trump": "h"})
    for seat in (1, 2, 3):
        api.apply(state, seat, {"type": "pass"})
    return state


def bazar_deal_over() -> tuple[object, list]:
    """The declare deal played to its end (the engine waits: phase ``deal_over``)."""
    state = bazar_declare()
    events: list = []
    while api.to_act(state):
        seat = api.to_act(state)[0]
        legal = api.legal_actions(state, seat)
        action = next((a for a in legal if a["type"] == "declare"), None) or next(
            a for a in legal if a["type"] == "play"
        )
        _, events = api.apply(state, seat, action)
    return state, events


def durak_bout() -> object:
    """Переводной Durak: seat 3 defends a bout of five cards, one already beaten."""
    state = api.new_match("durak", {"transfer": True}, seed=1)
    for _ in range(6):
        seat = api.to_act(state)[0]
        legal = api.legal_actions(state, seat)
        action = next((a for a in legal if a["type"] in ("attack", "defend")), legal[0])
        api.apply(state, seat, action)
    return state


#: An Обычный блот deal (dealer 1): the face-up 9♦ is refused by both, so seat 0 may name
#: a suit and choose to keep the face-up card or not; seat 0 then holds В Д К Т ♠ (a «50»).
BLOT_DEAL = {
    "hands": {"0": ["As", "Ks", "Qs", "9h", "Th", "9c"], "1": ["Ah", "Kh", "Qh", "Jh", "Tc", "Jc"]},
    "stock": ["9d", "Js", "Td", "Jd", "Qd", "Kd", "Ad", "Ts", "9s", "Qc", "Kc", "Ac"],
}


def blot_name() -> object:
    """Blot round 2: both passed the face-up 9♦; seat 0 may name a suit (keep or not) or pass."""
    state = api.new_match("blot", {}, deals=[BLOT_DEAL], dealer=1)
    api.apply(state, 0, {"type": "pass"})
    api.apply(state, 1, {"type": "pass"})
    return state


def blot_declare() -> object:
    """Blot trick 1, seat 0 leads: `declare` (F2) and `concede` (F8) are legal."""
    state = blot_name()
    api.apply(state, 0, {"type": "name", "trump": "c", "keep": False})
    return state


def blot_show() -> object:
    """Blot trick 2: seat 0 declared in trick 1 and now may `show` (F4) before his card."""
    state = blot_declare()
    api.apply(state, 0, {"type": "declare"})
    api.apply(state, 0, {"type": "play", "card": "As"})
    api.apply(state, 1, {"type": "play", "card": "Tc"})
    api.apply(state, 1, {"type": "play", "card": "Ah"})
    return state


def deberc_auction() -> object:
    """Деберц for two, round 1 of the trump choice: seat 0 may take the face-up suit or pass."""
    state = api.new_match("deberc", {}, seed=3)
    assert api.to_act(state) == [0]
    return state


def durak_check() -> object:
    """Шулер for two: the sixth card of a bout is beaten, the 4-second check runs; seat 1 (the
    defender) may catch any attack card, seat 0 lost his right by a false accusation."""
    state = api.new_match("durak", {"cheating": True, "transfer": True}, seed=1, seats=[0, 1])
    for _ in range(60):
        if api.view(state, 0)["phase"] == "check":
            return state
        seat = api.to_act(state)[0]
        legal = api.legal_actions(state, seat)
        table = api.view(state, seat)["table_cards"]
        action = (
            [a for a in legal if a["type"] == "defend"]
            or [a for a in legal if a["type"] == "attack" and not table]
            or [a for a in legal if a["type"] == "done"]
            or legal
        )[0]
        api.apply(state, seat, action)
    raise AssertionError("no check phase reached")


def durak_transfer() -> object:
    """Переводной Durak for three: seat 0 led; seat 1 may beat with a card or transfer it."""
    for seed in range(1, 500):
        state = api.new_match("durak", {"transfer": True}, seed=seed, seats=[0, 1, 2])
        leader = api.to_act(state)[0]
        if leader != 0:
            continue
        api.apply(state, 0, next(a for a in api.legal_actions(state, 0) if a["type"] == "attack"))
        legal = api.legal_actions(state, 1)
        transfers = {a["card"] for a in legal if a["type"] == "transfer"}
        if any(a["type"] == "defend" and a["card"] in transfers for a in legal):
            return state
    raise AssertionError("no seed gives a card that may beat or transfer")
