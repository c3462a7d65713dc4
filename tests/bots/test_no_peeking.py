"""No peeking: changing the hidden cards while the seat's view stays the same never changes
the bot's decision.

A match is played and its actions logged. At several decisions of the observed seat, the
deal is rebuilt with every card that seat never saw (other hands, the stock order) shuffled
among the hidden places, and the logged actions replayed; when the replay is legal and the
seat's view is identical, the bot (rebuilt from the views and events of that replay) must
decide exactly as in the real deal.
"""

from __future__ import annotations

import random

import pytest

from apps.bots import Bot
from apps.rules import IllegalAction, api
from tests.bots.driver import VARIANTS, play, seats_of


def _seen_cards(view: dict) -> set[str]:
    seen = set(view.get("hand") or [])
    for key in ("table_cards", "last_trick"):
        for e in view.get(key) or []:
            for k in ("card", "attack", "defence"):
                if e.get(k):
                    seen.add(e[k])
    for key in ("face_up", "trump_card"):
        if view.get(key):
            seen.add(view[key])
    for d in view.get("declarations") or []:
        seen.update(d.get("cards") or [])
    return seen


def _replay(game, options, seats, deal, log, upto, me, seed):
    """Replay ``log[:upto]`` on ``deal``; return (state, bot of ``me``, cards ``me`` saw) or None."""
    state = api.new_match(
        game,
        options,
        deals=[{"hands": deal["hands"], "stock": deal["stock"]}],
        dealer=deal.get("dealer"),
        seats=seats if game == "durak" else None,
        seed=seed,
    )
    bot = Bot("hard", seed=21, time_limit=None)
    view = api.view(state, me)
    bot.observe(view, [])
    seen = _seen_cards(view)
    for entry in log[:upto]:
        try:
            _, events = api.apply(state, entry["seat"], entry["action"], system=entry["system"])
        except IllegalAction:
            return None
        view = api.view(state, me)
        bot.observe(view, events)
        seen |= _seen_cards(view)
    return state, bot, seen


def _shuffle_hidden(deal: dict, seen: set[str], rng: random.Random, *, stock_only: bool = False) -> dict:
    """``deal`` with the cards ``me`` never saw shuffled among their places (``stock_only``:
    only those of the stock, which changes less of what the others could do)."""
    places = [("hand", s, i) for s, cards in deal["hands"].items() for i in range(len(cards))]
    if stock_only:
        places = []
    places += [("stock", None, i) for i in range(len(deal["stock"]))]

    def get(p):
        return deal["hands"][p[1]][p[2]] if p[0] == "hand" else deal["stock"][p[2]]

    hidden = [p for p in places if get(p) not in seen]
    cards = [get(p) for p in hidden]
    rng.shuffle(cards)
    new = {
        "hands": {s: list(c) for s, c in deal["hands"].items()},
        "stock": list(deal["stock"]),
        "dealer": deal.get("dealer"),
    }
    for p, c in zip(hidden, cards, strict=True):
        if p[0] == "hand":
            new["hands"][p[1]][p[2]] = c
        else:
            new["stock"][p[2]] = c
    return new


@pytest.mark.parametrize(("name", "game", "options", "durak_seats"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_hidden_cards_never_change_the_decision(name, game, options, durak_seats):
    seats = seats_of(game, options, durak_seats)
    me = seats[0]
    levels = {s: ("hard" if s == me else "normal") for s in seats}
    seed = 4
    state0 = api.new_match(game, options, seed=seed, seats=seats if game == "durak" else None)
    deal = api.current_deal(state0)
    deal = {"hands": deal["hands"], "stock": deal["stock"], "dealer": deal.get("dealer")}
    _, log = play(game, options, levels, seed=seed, max_deals=1, max_actions=50)
    # Points where ``me`` decides between several actions.
    points = []
    probe = api.new_match(
        game,
        options,
        deals=[{"hands": deal["hands"], "stock": deal["stock"]}],
        dealer=deal["dealer"],
        seats=seats if game == "durak" else None,
        seed=seed,
    )
    for i, entry in enumerate(log):
        if entry["seat"] == me and len(api.legal_actions(probe, me)) > 1:
            points.append(i)
        api.apply(probe, entry["seat"], entry["action"], system=entry["system"])
    assert points, "the observed seat never had a choice"
    rng = random.Random(7)
    compared = changed = 0
    # With 52 cards or 5-6 players few shuffles of the many hidden cards replay the log legally
    # (every thrower's done and every closing bout depends on his cards): try more of them.
    tries = 60 if game == "durak" and (len(seats) > 4 or options.get("deck") == 52) else 12
    for upto in points[:: max(1, len(points) // 4)][:4]:
        real = _replay(game, options, seats, deal, log, upto, me, seed)
        assert real is not None
        state, bot, seen = real
        view = api.view(state, me)
        decision = bot.decide(view)
        for attempt in range(tries):
            # the second half of the many tries (52 cards, 5-6 players) keeps the hands
            other = _shuffle_hidden(deal, seen, rng, stock_only=tries > 12 and attempt >= tries // 2)
            alt = _replay(game, options, seats, other, log, upto, me, seed)
            if alt is None:
                continue
            alt_state, alt_bot, _ = alt
            if api.view(alt_state, me) != view:
                continue
            assert alt_bot.decide(api.view(alt_state, me)) == decision
            compared += 1
            changed += other != deal
            if compared % 2 == 0:
                break
    assert compared >= 2 and changed >= 2, (compared, changed)
