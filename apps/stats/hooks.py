"""What apps above apps.stats add to its pages without apps.stats importing them.

- result decorators: ``results_decorate(decorator)``; ``decorator(user_id, items)`` adds keys to
  each of the user's result items (:func:`apps.stats.selectors.result_item` dicts) and returns
  them: apps.ratings adds ``rating`` (the match's rating change) from ``RatingsConfig.ready``.
- match access: ``match_access_provide(provider)``; ``provider(match, user)`` returns True to let
  ``user`` open a private table's finished match (page, replay, record): apps.duplicates lets
  those who finished a set see its matches (the best result's replay of each deal).
"""

from __future__ import annotations

from collections.abc import Callable

Decorator = Callable[[int, list[dict]], list[dict]]

_DECORATORS: list[Decorator] = []
_ACCESS: list[Callable] = []


def results_decorate(decorator: Decorator) -> None:
    """Let ``decorator`` add to every list of a user's results (once per function)."""
    if decorator not in _DECORATORS:
        _DECORATORS.append(decorator)


def results_decorated(user_id: int, items: list[dict]) -> list[dict]:
    """``items`` passed through every registered decorator, in the order they registered."""
    for decorator in _DECORATORS:
        items = decorator(user_id, items)
    return items


def match_access_provide(provider: Callable) -> None:
    """Let ``provider(match, user)`` grant access to a private table's finished match."""
    if provider not in _ACCESS:
        _ACCESS.append(provider)


def match_access_granted(match, user) -> bool:
    """Whether some registered provider lets ``user`` open the private ``match``."""
    return any(provider(match, user) for provider in _ACCESS)
