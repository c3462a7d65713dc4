"""Property tests of the engine contract, for every game in ``api.GAMES`` that imports.

Each hypothesis example plays one whole match (seeded shuffles, actions chosen by a seeded
generator among ``legal_actions``, now and then a system ``timeout``) and checks at every
step what ``apps/rules/base.py`` promises:

- no crash; a seat to act always has a legal action until the match ends, and only seats in
  ``to_act`` have legal actions;
- a refused action (an unknown one, or a legal one from a seat that may not act) raises
  ``IllegalAction`` and leaves ``to_json`` unchanged;
- ``to_json`` / ``from_json`` round-trip exactly through JSON text; ``to_json_text`` is that
  text; ``copy`` is independent;
- ``view(seat)`` never shows a card the seat may not see (``visible_cards`` when the game
  has it; otherwise no other seat's hand card that the spectator view does not show);
- the game's own invariants from :data:`INVARIANTS` (belot family: every card in exactly one
  place, 162 card points per finished 4-player deal).

Games add option sets in :data:`OPTION_SETS` and invariants in :data:`INVARIANTS`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from importlib import import_module

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.rules import api
from apps.rules.cards import CODES
from apps.rules.errors import IllegalAction

CARD_CODES = frozenset(CODES)

#: Option sets played per game (each one a parametrized case).
OPTION_SETS: dict[str, list[dict]] = {
    "bazar_blot": [
        {},
        {"players": 2},
        {"auto_declare": True, "combos": "no_carre_hundred", "no_trump": False},
        {"combos": "none", "target": 51},
        {"ruleset": "gambler"},
        {"ruleset": "gambler", "solo_capot": True},
    ],
    "blot": [{}],
    "deberc": [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 4, "teams": True}],
    "durak": [{}, {"transfer": True}],
}


def _importable(game: str) -> bool:
    module = api.GAMES[game].split(":")[0]
    try:
        import_module(module)
    except ImportError:
        return False
    return True


GAMES = [g for g in sorted(api.GAMES) if _importable(g)]
CASES = [(g, o) for g in GAMES for o in OPTION_SETS.get(g, [{}])]


def card_codes(data) -> set[str]:
    """Every string in ``data`` that is a card code."""
    found: set[str] = set()
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
        elif isinstance(x, str) and x in CARD_CODES:
            found.add(x)
    return found


def seats_of(state) -> list[int]:
    n = getattr(state, "n", None)
    if n is None:
        n = len(api.view(state, None)["seats"])
    return list(range(n))


# ------------------------------------------------------------ game-specific invariants
def belot_invariants(state, finished_deals: list[dict]) -> None:
    """Every card in exactly one place; 162 card points per finished 4-player deal."""
    if state.dealt_hands is None:
        return
    dealt = 0
    for h in state.dealt_hands:
        for c in h:
            dealt |= 1 << c
    for c in state.stock:
        dealt |= 1 << c
    seen = state.played
    total = state.played.bit_count()
    for h in state.hands:
        seen |= h
        total += h.bit_count()
    assert total == seen.bit_count(), "a card is in two places"
    assert seen & ~dealt == 0, "a card that was not dealt"
    if state.n == 4 and len(state.DECK) == 32 and not state.stock:
        assert seen == dealt and seen.bit_count() == 32
    assert len(state.trick_cards) < state.n
    for d in finished_deals:
        if d.get("redeal"):
            continue
        if (d.get("contract") or {}).get("solo"):
            continue  # «капо на 1 руке»: the sitting partner's 8 cards are not played
        if state.n == 4 and len(state.DECK) == 32 and "card_points" in d:
            assert sum(d["card_points"]) in (162, 258), d


INVARIANTS: dict[str, Callable] = {
    "bazar_blot": belot_invariants,
    "blot": lambda state, deals: belot_invariants(state, []),
    "deberc": lambda state, deals: belot_invariants(state, []),
}


# ------------------------------------------------------------------------- checks
def check_views(state, game: str) -> None:
    seats = seats_of(state)
    spectator = api.view(state, None)
    assert spectator["hand"] == []
    assert spectator["seat"] is None
    json.dumps(spectator)
    public = card_codes(spectator)
    views = {s: api.view(state, s) for s in seats}
    for s, v in views.items():
        json.dumps(v)
        assert v["seat"] == s
        shown = card_codes(v)
        if hasattr(state, "visible_cards"):
            allowed = state.visible_cards(s)
            assert shown <= allowed, f"seat {s} sees {sorted(shown - allowed)}"
            assert public <= state.visible_cards(None) | public
        for o, other in views.items():
            if o != s:
                hidden = set(other["hand"]) - public
                assert not (shown & hidden), f"seat {s} sees seat {o}'s {sorted(shown & hidden)}"
    check_views_together(state, [*seats, None])
    check_copies_as_walked(state, [*seats, None])
    assert api.finished(state) == api.summary(state)["finished"]
    assert api.deal_number(state) == api.current_deal(state).get("number")


def check_copies_as_walked(state, seats: list) -> None:
    """The engine's JSON copies (snapshot, views; msgspec where installed) equal its plain
    Python walk of what they copy, with the same types, key order included: reading them back
    through JSON loses nothing."""
    if not hasattr(state, "__slots__") or not hasattr(state, "deals"):
        return  # only the trick games copy through JSON
    from apps.rules.belot import HOT_SLOTS, _jsonable, _walked

    raw = {k: getattr(state, k) for k in HOT_SLOTS if k[0] != "_" and k != "rules"}
    raw.update((k, v) for k, v in state.__dict__.items() if k != "source" and k[0] != "_")
    for value in (raw, *(state.legal_actions(s) for s in seats if s is not None)):
        copied, walked = _jsonable(value), _walked(value)
        assert copied == walked
        assert repr(copied) == repr(walked)  # same types and order, not only equal


def _clear_nested(value) -> None:
    """Empty every list and dict inside ``value`` (in place) but the legal actions (engines
    hand out their memoized action objects, as ``api.legal_actions`` does)."""
    if isinstance(value, dict):
        value.pop("legal", None)
    inner = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for item in list(inner):
        _clear_nested(item)
    if isinstance(value, (list, dict)):
        value.clear()


def check_views_together(state, seats: list) -> None:
    """``api.views`` gives each seat exactly its ``api.view`` (keys in the same order, so the
    frames are the same bytes), and shares nothing else with the state: emptying every view's
    nested lists and dicts changes neither the state nor a view made afterwards."""
    alone = {s: json.dumps(api.view(state, s)) for s in seats}
    together = api.views(state, seats)
    assert list(together) == seats
    for s in seats:
        assert json.dumps(together[s]) == alone[s], f"seat {s}"
    snapshot = json.dumps(api.to_json(state))
    for view in together.values():
        _clear_nested(view)
    assert json.dumps(api.to_json(state)) == snapshot
    assert {s: json.dumps(api.view(state, s)) for s in seats} == alone


def check_refusals(state, seat: int, legal: list[dict], rng: random.Random) -> None:
    before = api.to_json(state)
    with pytest.raises(IllegalAction):
        api.apply(state, seat, {"type": "no_such_action"})
    idle = [s for s in seats_of(state) if s not in api.to_act(state)]
    if idle:
        action = rng.choice(legal)
        with pytest.raises(IllegalAction):
            api.apply(state, rng.choice(idle), action)
    with pytest.raises(IllegalAction):
        api.apply(state, seat, {"type": "timeout"})  # system actions need system=True
    assert api.to_json(state) == before


def check_round_trip(state) -> None:
    data = api.to_json(state)
    again = api.from_json(json.loads(json.dumps(data)))
    assert api.to_json(again) == data
    assert api.to_act(again) == api.to_act(state)
    text = api.to_json_text(state)
    assert json.loads(text) == data, "to_json_text is not the text of to_json"
    assert api.to_json(state) == data, "to_json_text changed the state"


def check_copy(state, seat: int, action: dict) -> None:
    before = api.to_json(state)
    twin = state.copy()
    api.apply(twin, seat, action)
    assert api.to_json(state) == before, "copy() shares mutable state"


def play_match(game: str, options: dict, seed: int, *, check_every: int) -> dict:
    """Play one match to its end, checking the contract every ``check_every`` steps."""
    rng = random.Random(seed)
    state = api.new_match(game, options, seed=seed)
    invariant = INVARIANTS.get(game)
    steps = 0
    while True:
        seats = api.to_act(state)
        for s in seats_of(state):
            if s not in seats:
                assert api.legal_actions(state, s) == []
        if not seats:
            break
        seat = rng.choice(seats)
        legal = api.legal_actions(state, seat)
        assert legal, f"seat {seat} is to act with no legal action"
        for a in legal:
            assert a.get("type") not in ("leave", "surrender", "timeout", "close")
        if steps % check_every == 0:
            check_refusals(state, seat, legal, rng)
            check_round_trip(state)
            check_views(state, game)
            check_copy(state, seat, rng.choice(legal))
        timed_out = False
        if rng.random() < 0.03:
            before = api.to_json(state)
            try:
                api.apply(state, seat, {"type": "timeout"}, system=True)
                timed_out = True
            except IllegalAction:  # a game may time out only the seat in turn
                assert api.to_json(state) == before
        if not timed_out:
            api.apply(state, seat, rng.choice(legal))
        if invariant:
            invariant(state, api.summary(state)["deals"])
        steps += 1
        assert steps < 20000, "the match does not end"
    summary = api.summary(state)
    assert summary["finished"] and summary["reason"]
    assert summary["winners"] or summary["reason"] == "draw"
    check_views(state, game)
    check_round_trip(state)
    return summary


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{json.dumps(o)}" for g, o in CASES])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_matches_keep_the_contract(game: str, options: dict, seed: int) -> None:
    play_match(game, options, seed, check_every=3)


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{json.dumps(o)}" for g, o in CASES])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_many_random_deals(game: str, options: dict, seed: int) -> None:
    play_match(game, options, seed, check_every=97)


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{json.dumps(o)}" for g, o in CASES])
def test_leave_ends_the_match(game: str, options: dict) -> None:
    state = api.new_match(game, options, seed=3)
    seat = api.to_act(state)[0]
    api.apply(state, seat, {"type": "leave"})
    summary = api.summary(state)
    assert summary["finished"] and summary["reason"] == "leave"
    assert seat not in summary["winners"] and summary["winners"]
    assert api.to_act(state) == []
    with pytest.raises(IllegalAction):
        api.apply(state, seat, {"type": "surrender"})


def test_every_game_is_tested() -> None:
    assert "bazar_blot" in GAMES


def test_thousands_of_bazar_blot_deals() -> None:
    """2,000 random 4-player deals: no crash, 162 card points each, every card in one place."""
    rng = random.Random(2026)
    deals = 0
    seed = 0
    while deals < 2000:
        state = api.new_match("bazar_blot", {}, seed=seed)
        while api.to_act(state):
            seat = api.to_act(state)[0]
            api.apply(state, seat, rng.choice(api.legal_actions(state, seat)))
            if state.phase == "play":
                belot_invariants(state, [])
        played = [d for d in api.summary(state)["deals"] if not d["redeal"]]
        for d in played:
            assert sum(d["card_points"]) == 162
            assert sum(d["tricks"]) == 8
        deals += len(played)
        seed += 1
