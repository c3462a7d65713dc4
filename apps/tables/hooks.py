"""What apps above apps.tables add to its services and views, without apps.tables importing them.

apps.tables is low in the layers (docs/decisions-structure.md): social, ratings and lobby use
it, never the other way. Where a table's service must ask one of them (may this person sit
here? may he play rated?) or a table's view shows their data (the seats' ratings), the higher
app registers a function here from its ``AppConfig.ready``; apps.tables calls what is
registered, in the order of registration, and does without when nothing is.

- guards: ``guard_register(moment, check)``; ``check(table=, user=)`` raises
  :class:`apps.core.errors.Refused` to refuse. Moments: ``"create"`` (a table is being created
  for ``user``: ``table`` is not saved yet), ``"sit"`` (``user`` takes a free seat at the locked
  ``table``), ``"ready"`` (``user`` says «Готов» at the locked ``table``), ``"see"`` (``user``,
  a member of the private ``table`` who does not sit at it, opens its page, API or socket:
  a refusal means 404), ``"start"`` (a match is about to start at the locked ``table``: run once
  for each person seated, as ``user``; a refusal stops the start).
- people apart: ``apart_provide(provider)``; ``provider(user_ids)`` returns the pairs among them
  (as frozensets) who must not share a table (apps.social: a block either way). For services
  that seat several people at once (quick play, tournaments), which no ``"sit"`` guard sees.
- seeds held: ``seed_hold_provide(provider)``; ``provider(match)`` says the server seed of the
  finished ``match`` stays secret for now (a duplicate set's seed until the set closes:
  apps.duplicates); its ``fairness`` then shows the commitment only.
- record extras: ``record_extra_provide(provider)``; ``provider(match)`` returns keys to add to
  the match's record (apps.duplicates: ``duplicate``, how the engine replays a set's match).
- seat ratings: ``seat_ratings_provide(provider)``; ``provider(game, options, seats)`` with
  ``seats`` as ``(number, user id, bot level)`` returns the shown rating text by seat number.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from apps.core.errors import Refused

Moment = Literal["create", "sit", "ready", "see", "start"]
Guard = Callable[..., None]
SeatRatings = Callable[[str, dict, list[tuple[int, int | None, str | None]]], dict[int, str]]

_GUARDS: dict[str, list[Guard]] = {"create": [], "sit": [], "ready": [], "see": [], "start": []}
_SEAT_RATINGS: list[SeatRatings] = []
Apart = Callable[[list[int]], set[frozenset[int]]]
_APART: list[Apart] = []
_SEED_HOLDS: list[Callable[[Any], bool]] = []
_RECORD_EXTRAS: list[Callable[[Any], dict]] = []


def guard_register(moment: Moment, check: Guard) -> None:
    """Run ``check(table=, user=)`` at ``moment`` of every seating service (once per function)."""
    if check not in _GUARDS[moment]:
        _GUARDS[moment].append(check)


def guards_run(moment: Moment, *, table: Any, user: Any) -> None:
    """Every check registered for ``moment``; the first that refuses raises its ``Refused``."""
    for check in _GUARDS[moment]:
        check(table=table, user=user)


def guards_pass(moment: Moment, *, table: Any, user: Any) -> bool:
    """Whether every check registered for ``moment`` lets ``user`` through (none refuses)."""
    try:
        guards_run(moment, table=table, user=user)
    except Refused:
        return False
    return True


def apart_provide(provider: Apart) -> None:
    """Let ``provider`` name the pairs of people who must not share a table."""
    if provider not in _APART:
        _APART.append(provider)


def people_apart(user_ids: list[int]) -> set[frozenset[int]]:
    """The pairs among ``user_ids`` that some registered provider keeps apart (none: empty)."""
    return {pair for provider in _APART for pair in provider(list(user_ids))}


def seat_ratings_provide(provider: SeatRatings) -> None:
    """Let ``provider`` name the seats' ratings (the last one registered answers)."""
    if provider not in _SEAT_RATINGS:
        _SEAT_RATINGS.append(provider)


def seat_ratings(game: str, options: dict, seats: list[tuple[int, int | None, str | None]]) -> dict[int, str]:
    """The shown rating by seat number, from the registered provider; {} when none is."""
    if not _SEAT_RATINGS:
        return {}
    return _SEAT_RATINGS[-1](game, options, seats)


def seed_hold_provide(provider: Callable[[Any], bool]) -> None:
    """Let ``provider(match)`` keep a finished match's server seed secret (True: keep it)."""
    if provider not in _SEED_HOLDS:
        _SEED_HOLDS.append(provider)


def seed_held(match: Any) -> bool:
    """Whether some registered provider keeps the finished ``match``'s seed secret for now."""
    return any(provider(match) for provider in _SEED_HOLDS)


def record_extra_provide(provider: Callable[[Any], dict]) -> None:
    """Let ``provider(match)`` add keys to the match's record."""
    if provider not in _RECORD_EXTRAS:
        _RECORD_EXTRAS.append(provider)


def record_extras(match: Any) -> dict:
    """The keys every registered provider adds to ``match``'s record ({} when none)."""
    out: dict = {}
    for provider in _RECORD_EXTRAS:
        out.update(provider(match))
    return out
