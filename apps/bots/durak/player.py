"""Decisions and public memory of Дурак for ``normal`` and ``hard``.

Memory (``memory["game_data"]``): ``bout`` (cards put in the current bout, with their
owners), ``known`` (per seat, cards it is known to hold: it took them from the table),
``discard`` (cards seen going to the discard), ``cheats`` (per seat: ``[unfair cards put,
of them caught]``, to judge how watchful the table is in Шулер).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from . import cards as dc
from .play import certain_catch, choose, fair_actions


def _data(memory: dict[str, Any]) -> dict[str, Any]:
    data = memory.setdefault("game_data", {})
    data.setdefault("bout", [])
    data.setdefault("known", {})
    data.setdefault("discard", [])
    match = data.setdefault("match", {})
    match.setdefault("cheats", {})
    return cast("dict[str, Any]", data)


def observe_events(memory: dict[str, Any], events: Sequence[Mapping[str, Any]]) -> None:
    """Follow the bout: cards put, cards taken (now known in a hand), cards discarded."""
    data = _data(memory)
    known: dict[str, list[str]] = data["known"]
    caught_by_owner = None
    for e in events:
        kind = e.get("type")
        seat = e.get("seat")
        if kind in ("attack", "defend", "transfer"):
            card = e["card"]
            data["bout"].append([seat, card])
            mine = known.get(str(seat))
            if mine and card in mine:
                mine.remove(card)
        elif kind == "caught":
            caught_by_owner = e.get("cheater")
            stats = data["match"]["cheats"].setdefault(str(caught_by_owner), [0, 0])
            if seat == memory.get("seat"):
                stats[0] = max(0, stats[0] - 1)  # caught by me: says nothing of the others
            else:
                stats[1] += 1
        elif kind == "bout_over":
            cards = [c for _, c in data["bout"]]
            result = e.get("result")
            if result == "discard":
                data["discard"].extend(cards)
            else:
                taker = e.get("defender") if result == "take" else caught_by_owner
                if taker is None:
                    taker = e.get("defender")
                known.setdefault(str(taker), []).extend(cards)
            data["bout"] = []


def observe_view(memory: dict[str, Any], view: dict[str, Any]) -> None:
    """Count the unfair cards on the table (for the watchfulness statistics of Шулер)."""
    if not (view.get("options") or {}).get("cheating"):
        return
    data = _data(memory)
    seen = data.setdefault("unfair_seen", [])
    owners = view.get("table_seats") or []
    for i, pair in enumerate(view.get("table_cards") or []):
        for role in ("attack", "defence"):
            card = pair.get(role)
            if not card or card in seen:
                continue
            if card in dc.unfair_cards(view):
                seen.append(card)
                owner = owners[i].get(role) if i < len(owners) else None
                stats = data["match"]["cheats"].setdefault(str(owner), [0, 0])
                stats[0] += 1
    if not view.get("table_cards"):
        data["unfair_seen"] = []


def decide_optional(view: dict[str, Any], memory: dict[str, Any], level: str) -> dict[str, Any] | None:
    """A seat the game does not wait for (it may only catch, or throw in out of turn):
    ``easy`` catches one card in four at random, the others catch what is certainly unfair."""
    if level == "easy":
        catches = [a for a in view["legal"] if a["type"] == "catch"]
        rng = random.Random(repr((view.get("seat"), view.get("table_cards"), memory.get("deal"))))
        return rng.choice(catches) if catches and rng.random() < 0.25 else None
    return certain_catch(view)


def waits(view: dict[str, Any], memory: dict[str, Any], level: str) -> bool:
    """Шулер: whether a ``normal`` or ``hard`` thrower waits instead of acting although the
    game waits for it. Any card may be thrown in Шулер, so a thrower holding cards is awaited
    even when every throw it has is unfair and ``done`` is not legal yet (some attack card
    unbeaten, no ``take``); then the defender is awaited too and always has a fair move
    (``take``). Rather than cheat unwillingly — ``normal`` catches every certainly unfair card
    — the thrower waits for him; ``hard`` still cheats on purpose when the table rarely
    catches (:func:`~apps.bots.durak.search.catch_rate`)."""
    if level == "easy" or not (view.get("options") or {}).get("cheating"):
        return False
    seat = view.get("seat")
    if seat == view.get("defender") or view.get("phase") != "play":
        return False
    moves = [a for a in view.get("legal") or [] if a["type"] != "catch"]
    if not moves or any(a["type"] != "attack" or dc.is_fair(view, a) for a in moves):
        return False
    if not dc.table_pairs(view):
        return False  # a lead is always fair; never wait as the starter
    if level == "hard":
        from .search import CHEAT_BELOW, catch_rate

        if seat is not None and catch_rate(memory, seat) < CHEAT_BELOW:
            return False
    return True


def decide(
    view: dict[str, Any], memory: dict[str, Any], level: str, rng: random.Random, deadline: float | None
) -> dict[str, Any]:
    """The action of a ``normal`` or ``hard`` seat, one of ``view["legal"]``."""
    catch = certain_catch(view)
    if catch is not None:
        return catch
    if level == "hard":
        from .search import search_action

        action = search_action(view, memory, rng, deadline)
        if action is not None:
            return action
    actions = [a for a in fair_actions(view) if a["type"] != "catch"]
    if not actions:
        actions = [a for a in view["legal"] if a["type"] != "catch"] or view["legal"]
    return choose(view, actions)
