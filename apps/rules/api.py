"""The public functions of the rules engine; see the package docstring for the contract."""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module

from . import actions
from .actions import Canonical
from .base import Action, DealSource, Event, Game
from .errors import IllegalAction, InvalidOptions  # noqa: F401  (re-exported: api.IllegalAction)
from .fairness import Seeds

#: Game name -> "module:Class" of its state, imported on first use.
GAMES: dict[str, str] = {
    "bazar_blot": "apps.rules.bazar_blot:BazarBlot",
    "blot": "apps.rules.blot:Blot",
    "deberc": "apps.rules.deberc:Deberc",
    "durak": "apps.rules.durak:Durak",
}

_classes: dict[str, type[Game]] = {}


def game_class(game: str) -> type[Game]:
    """The state class of ``game``; ``InvalidOptions`` for an unknown name."""
    cls = _classes.get(game)
    if cls is None:
        if game not in GAMES:
            raise InvalidOptions({"game": f"unknown game {game!r}"})
        module, name = GAMES[game].split(":")
        cls = _classes[game] = getattr(import_module(module), name)
    return cls


def normalize_options(game: str, options: dict | None) -> dict:
    """``options`` with defaults filled in; ``InvalidOptions`` names each bad field."""
    if options is not None and not isinstance(options, dict):
        raise InvalidOptions({"options": "must be an object"})
    return game_class(game).normalize_options(dict(options or {}))


def new_match(
    game: str,
    options: dict | None = None,
    *,
    seed: int = 0,
    deals: list[dict] | None = None,
    dealer: int | None = None,
    seats: list[int] | None = None,
    fair: Seeds | None = None,
    duplicate: int | None = None,
    first_deal: int = 0,
) -> Game:
    """Start a match: cards from ``deals`` (scenario format) if given, else from ``fair`` (a live
    match: FAIRNESS.md's stream of the server seed and the client string), else shuffled from
    ``seed`` (scenarios, benches, tests). With ``fair`` every other draw comes from its stream.
    ``duplicate``: a duplicate set's match of that many deals, each scored alone (RULES.md
    «Дубль»; the belot family); ``first_deal``: the set's number of the match's deal 0 (a
    duplicate Durak game)."""
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
    """All legal actions of ``seat`` now (canonical forms); [] when it may not act."""
    return state.legal_actions(seat)


def to_act(state: Game) -> list[int]:
    """Seats that may act now, ascending."""
    return state.to_act()


def apply(state: Game, seat: int, action: Action, *, system: bool = False) -> tuple[Game, list[Event]]:
    """Apply ``action`` for ``seat``; return the state (updated in place) and the events.

    Raises ``IllegalAction`` (with a snake_case ``code``) and leaves the state untouched when
    the action is not allowed, whatever JSON value ``action`` is (:mod:`.actions` checks its
    shape first; keys outside the schema are ignored). Take ``state.copy()`` first to keep the state before.
    """
    if type(action) is not Canonical:  # a Canonical (the engine's own) is checked already
        action = actions.canonical(action)
    return state, state.apply(seat, action, system=system)


def view(state: Game, seat: int | None) -> dict:
    """What ``seat`` may see now; ``None`` for a spectator."""
    return state.view(seat)


def views(state: Game, seats: Iterable[int | None]) -> dict[int | None, dict]:
    """:func:`view` of each of ``seats`` (None: the spectators'), by seat, built together: the
    parts every seat sees are made once and may be shared between the views (with the state,
    only what :func:`view` shares), so change no view's nested values in place."""
    return state.views(seats)


def summary(state: Game) -> dict:
    """Score sheet and outcome: ``deals``, ``totals``, ``finished``, ``winners``, ``reason``."""
    return state.summary()


def finished(state: Game) -> bool:
    """Whether the match is over: :func:`summary`'s ``finished``, cheaply."""
    return state.finished()


def deal_number(state: Game) -> int | None:
    """The number of the deal in progress: :func:`current_deal`'s ``number``, cheaply."""
    return state.deal_number()


def current_deal(state: Game) -> dict:
    """The cards of the deal in progress, as dealt (for the match record only)."""
    return state.current_deal()


def to_json(state: Game) -> dict:
    """The state as JSON-ready data, tagged with its game."""
    return {"game": state.name, "state": state.to_json()}


def from_json(data: dict) -> Game:
    """Rebuild a state from ``to_json`` output."""
    return game_class(data["game"]).from_json(data["state"])
