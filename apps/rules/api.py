"""The public functions of the rules engine; see the package docstring for the contract.

A match of two-player Базар-блот, dealt from seed 7: seat 0 speaks first and sees only his
own cards; the engine refuses what is not allowed, with a stable code, and changes nothing.

>>> from apps.rules import api
>>> state = api.new_match("bazar_blot", {"players": 2}, seed=7)
>>> api.to_act(state)
[0]
>>> api.legal_actions(state, 0)
[{'type': 'take'}, {'type': 'pass'}]
>>> api.view(state, 0)["hand"], api.view(state, None)["hand"]
(['7s', 'As', '7c', 'Jc', 'Td', 'Th'], [])
>>> api.apply(state, 1, {"type": "pass"})
Traceback (most recent call last):
...
apps.rules.errors.IllegalAction: not_your_turn: seat 1 may not act now
>>> state, events = api.apply(state, 0, {"type": "take"})
>>> events
[{'seat': 0, 'type': 'take'}, {'type': 'contract', 'seat': 0, 'trump': 'd'}]
>>> api.summary(state)
{'deals': [], 'totals': [0, 0], 'finished': False, 'winners': [], 'reason': None}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from importlib import import_module
from typing import Any

from . import actions
from .actions import Canonical
from .base import Action, DealSource, Event, Game, Outcome, json_text
from .errors import IllegalAction, InvalidOptions  # noqa: F401  (re-exported: api.IllegalAction)
from .fairness import Seeds

#: Game name -> "module:Class" of its state, imported on first use.
GAMES: dict[str, str] = {
    "bazar_blot": "apps.rules.bazar:BazarBlot",
    "blot": "apps.rules.blot:Blot",
    "deberc": "apps.rules.deberc:Deberc",
    "durak": "apps.rules.durak:Durak",
}

_classes: dict[str, type[Game]] = {}


def game_class(game: str) -> type[Game]:
    """The state class of ``game``; ``InvalidOptions`` for an unknown name.

    >>> game_class("durak").__name__
    'Durak'
    >>> game_class("chess")
    Traceback (most recent call last):
    ...
    apps.rules.errors.InvalidOptions: game: unknown game 'chess'
    """
    cls = _classes.get(game)
    if cls is None:
        if game not in GAMES:
            raise InvalidOptions({"game": f"unknown game {game!r}"})
        module, name = GAMES[game].split(":")
        cls = _classes[game] = getattr(import_module(module), name)
    return cls


def normalize_options(game: str, options: dict[str, Any] | None) -> dict[str, Any]:
    """``options`` with defaults filled in; ``InvalidOptions`` names each bad field.

    >>> normalize_options("durak", {"transfer": True})
    {'transfer': True, 'teams': False, 'cheating': False, 'move_time': 30, 'deck': 36, 'throw': 'all'}
    >>> normalize_options("durak", {"deck": 40})
    Traceback (most recent call last):
    ...
    apps.rules.errors.InvalidOptions: deck: must be 24, 36 or 52 (cards)
    """
    if options is not None and not isinstance(options, dict):
        raise InvalidOptions({"options": "must be an object"})
    return game_class(game).normalize_options(dict(options or {}))


def new_match(
    game: str,
    options: dict[str, Any] | None = None,
    *,
    seed: int = 0,
    deals: list[dict[str, Any]] | None = None,
    dealer: int | None = None,
    seats: list[int] | None = None,
    fair: Seeds | None = None,
    duplicate: int | None = None,
    first_deal: int = 0,
) -> Game:
    """Start a match: cards from ``deals`` (scenario format) if given, else from ``fair`` (a live
    match: docs/rules.md §3's stream of the server seed and the client string), else shuffled from
    ``seed`` (scenarios, benches, tests). With ``fair`` every other draw comes from its stream.
    ``duplicate``: a duplicate set's match of that many deals, each scored alone (docs/rules.md
    «Дубль»; the belot family); ``first_deal``: the set's number of the match's deal 0 (a
    duplicate Durak game).

    >>> state = new_match("durak", seed=3)
    >>> legal_actions(state, 0)[:2]
    [{'type': 'attack', 'card': 'Js'}, {'type': 'attack', 'card': '7c'}]
    >>> given = [{"hands": {"0": ["Ah"], "1": ["Kh"]}, "stock": []}]
    >>> new_match("bazar_blot", {"players": 2}, deals=given).current_deal()["hands"]
    {'0': ['Ah'], '1': ['Kh']}
    """
    cls = game_class(game)
    return cls.create(
        cls.normalize_options(dict(options or {})),
        source=DealSource(seed, deals, fair, duplicate, first_deal),
        dealer=dealer,
        seats=seats,
    )


def opening_events(state: Game) -> list[Event]:
    """The public events of the deal in progress as dealt (before any action)."""
    return state.opening_events()


def legal_actions(state: Game, seat: int) -> list[Action]:
    """All legal actions of ``seat`` now (canonical forms); [] when it may not act. The actions
    are the engine's shared :class:`~.actions.Canonical` values: :func:`apply` takes them
    without checking them again, and nobody may change them.

    >>> state = new_match("blot", seed=1)
    >>> legal_actions(state, to_act(state)[0])
    [{'type': 'take'}, {'type': 'pass'}]
    >>> legal_actions(state, 1 - to_act(state)[0])
    []
    """
    return state.legal_actions(seat)


def to_act(state: Game) -> list[int]:
    """Seats that may act now, ascending (several at once in Durak: the throwers and the
    defender).

    >>> to_act(new_match("deberc", {"players": 3}, seed=2))
    [2]
    """
    return state.to_act()


def apply(state: Game, seat: int | None, action: Action, *, system: bool = False) -> tuple[Game, list[Event]]:
    """Apply ``action`` for ``seat``; return the state (updated in place) and the events.

    ``seat`` ``None`` is the system itself, of no seat: a ``system`` action of the whole table
    (Шулер's ``close``, which ends the check of a bout) is applied for it; the engines refuse
    any other action of ``None``, as they refuse a seat not in play.

    Raises ``IllegalAction`` (with a snake_case ``code``) and leaves the state untouched when
    the action is not allowed, whatever JSON value ``action`` is (:mod:`.actions` checks its
    shape first, once: a :class:`~.actions.Canonical` — what :func:`legal_actions` lists and
    what :func:`.actions.canonical` returns — is taken as checked; keys outside the schema are
    ignored). Take ``state.copy()`` first to keep the state before.

    >>> state = new_match("bazar_blot", {"players": 2}, seed=7)
    >>> apply(state, 0, {"type": "take", "seat": 5, "note": "ignored"})[1][0]
    {'seat': 0, 'type': 'take'}
    >>> apply(state, 0, {"type": "play", "card": ["As"]})
    Traceback (most recent call last):
    ...
    apps.rules.errors.IllegalAction: bad_action: bad value for 'card'
    >>> apply(state, 0, {"type": "play", "card": "Qs"})
    Traceback (most recent call last):
    ...
    apps.rules.errors.IllegalAction: not_in_hand: Qs is not in the hand
    >>> apply(state, None, {"type": "timeout"}, system=True)
    Traceback (most recent call last):
    ...
    apps.rules.errors.IllegalAction: not_your_turn: seat None may not act now
    """
    if type(action) is not Canonical:  # a Canonical (the engine's own) is checked already
        action = actions.canonical(action)
    return state, state.apply(seat, action, system)


def legal_count(state: Game, seat: int) -> int:
    """``len(legal_actions(state, seat))``, without building the list (0: ``seat`` may not act).

    >>> state = new_match("bazar_blot", {"players": 2}, seed=7)
    >>> legal_count(state, 0), legal_count(state, 1)
    (2, 0)
    """
    return state.legal_count(seat)


def step(state: Game, seat: int, index: int) -> list[Event]:
    """Play ``legal_actions(state, seat)[index]`` for ``seat``; return the events (the state is
    updated in place). The same move and the same events as :func:`apply` of that action, but
    the engine takes it from its own legal actions, so it checks only the seat and the index:
    ``IllegalAction`` (``not_your_turn``, ``bad_index``) and no change when either is wrong.
    For loops that choose among the legal actions by position (random play, rollouts, the
    bench); an action that comes from outside goes through :func:`apply`.

    >>> state = new_match("bazar_blot", {"players": 2}, seed=7)
    >>> step(state, 0, 1)
    [{'seat': 0, 'type': 'pass'}]
    >>> step(state, 1, 2)
    Traceback (most recent call last):
    ...
    apps.rules.errors.IllegalAction: bad_index: no legal action 2 of 2
    """
    return state.step(seat, index)


#: :func:`stepper`'s bound ``to_act``, ``legal_count`` and ``step``.
Stepper = tuple[Callable[[], list[int]], Callable[[int], int], Callable[[int, int], list[Event]]]


def stepper(state: Game) -> Stepper:
    """``(to_act, legal_count, step)``: the state's own methods, bound to it, that
    :func:`to_act`, :func:`legal_count` and :func:`step` call (the same arguments less
    ``state``): for a loop that plays many moves on one state without a call through this
    module on each (the bench, random play).

    >>> state = new_match("blot", seed=1)
    >>> to_act_, count, play = stepper(state)
    >>> seat = to_act_()[0]
    >>> count(seat), play(seat, 0)
    (2, [{'seat': 0, 'type': 'take'}, {'type': 'contract', 'seat': 0, 'trump': 'c'}])
    """
    return state.to_act, state.legal_count, state.step


def view(state: Game, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see now; ``None`` for a spectator."""
    return state.view(seat)


def views(state: Game, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
    """:func:`view` of each of ``seats`` (None: the spectators'), by seat, built together: the
    parts every seat sees are made once and may be shared between the views (with the state,
    only what :func:`view` shares), so change no view's nested values in place."""
    return state.views(seats)


def summary(state: Game) -> Outcome:
    """Score sheet and outcome (:class:`~.base.Outcome`): ``deals``, ``totals``, ``finished``,
    ``winners``, ``reason``.

    >>> state = new_match("durak", seed=3)
    >>> _, events = apply(state, 1, {"type": "surrender"})
    >>> summary(state)["winners"], summary(state)["reason"], finished(state)
    ([0, 2, 3], 'surrender', True)
    """
    return state.summary()


def finished(state: Game) -> bool:
    """Whether the match is over: :func:`summary`'s ``finished``, cheaply."""
    return state.finished()


def deal_number(state: Game) -> int | None:
    """The number of the deal in progress: :func:`current_deal`'s ``number``, cheaply."""
    return state.deal_number()


def current_deal(state: Game) -> dict[str, Any]:
    """The cards of the deal in progress, as dealt (for the match record only)."""
    return state.current_deal()


def deals_dealt(state: Game, after: int | None) -> list[dict[str, Any]]:
    """The cards of every deal numbered above ``after`` (None: all) up to the one in progress,
    as :func:`current_deal` gives each: one action may deal more than one (a void deal dealt
    again at once). For the match record only.

    >>> state = new_match("bazar_blot", seed=4)
    >>> [d["number"] for d in deals_dealt(state, None)], deals_dealt(state, 0)
    ([0], [])
    """
    return state.deals_dealt(after)


def to_json(state: Game) -> dict[str, Any]:
    """The state as JSON-ready data, tagged with its game.

    >>> state = new_match("bazar_blot", seed=4)
    >>> copy = from_json(to_json(state))
    >>> to_json(copy) == to_json(state) and view(copy, 0) == view(state, 0)
    True
    """
    return {"game": state.name, "state": state.to_json()}


def to_json_text(state: Game) -> str:
    """:func:`to_json` as compact JSON text, written once straight from the state (what a
    match's row stores): ``json.loads`` of it equals ``to_json(state)``.

    >>> import json
    >>> state = new_match("bazar_blot", seed=4)
    >>> json.loads(to_json_text(state)) == to_json(state)
    True
    """
    return f'{{"game":{json_text(state.name)},"state":{state.to_json_text()}}}'


def from_json(data: dict[str, Any] | str) -> Game:
    """Rebuild a state from ``to_json`` output, or from its JSON text (``to_json_text``: what a
    match written by a move holds in memory until it is read again).

    >>> state = new_match("bazar_blot", seed=4)
    >>> to_json(from_json(to_json_text(state))) == to_json(from_json(to_json(state))) == to_json(state)
    True
    """
    tagged: dict[str, Any] = json.loads(data) if isinstance(data, str) else data
    return game_class(tagged["game"]).from_json(tagged["state"])
