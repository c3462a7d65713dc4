"""What a belot-family seat knows of a deal: tricks seen, cards played, voids revealed.

Built only from the seat's views (``table_cards``, ``last_trick``, ``trump``) and stored in
``memory["game_data"]``: ``tricks`` (complete tricks as ``[[seat, card], ...]``) and
``voids`` (per seat, suits it cannot hold; ``"T"`` marks "no trump left").
"""

from __future__ import annotations

from typing import Any

from . import cards as bc


def _trick_of(entries: list[dict[str, Any]] | None) -> list[list[Any]]:
    return [[e["seat"], e["card"]] for e in entries or [] if e.get("card")]


def team_of(view: dict[str, Any], seat: int) -> list[int]:
    """Seats on ``seat``'s side (itself included)."""
    seats = view.get("seats") or []
    team = next((s.get("team") for s in seats if s["seat"] == seat), None)
    if team is None:
        return [seat]
    return [s["seat"] for s in seats if s.get("team") == team]


def observe_view(memory: dict[str, Any], view: dict[str, Any]) -> None:
    """Record the trick just finished (``last_trick``) and refresh voids from the table."""
    data = memory.setdefault("game_data", {})
    tricks = data.setdefault("tricks", [])
    last = _trick_of(view.get("last_trick"))
    if last and (not tricks or tricks[-1] != last) and view.get("phase") == "play":
        played = {c for t in tricks for _, c in t}
        if not any(c in played for _, c in last):
            tricks.append(last)
    data["voids"] = infer_voids(view, [*tricks, _trick_of(view.get("table_cards"))])


def played_cards(memory: dict[str, Any], view: dict[str, Any]) -> set[str]:
    """Every card seen played this deal, the trick on the table included."""
    tricks = (memory.get("game_data") or {}).get("tricks", [])
    seen = {c for t in tricks for _, c in t}
    seen.update(c for _, c in _trick_of(view.get("last_trick")))
    seen.update(c for _, c in _trick_of(view.get("table_cards")))
    return seen


def must_trump_when_void(game: str, options: dict[str, Any]) -> str:
    """When a void player must trump: ``always`` (blot, deberc), ``opponent`` (bazar)."""
    return "opponent" if game == "bazar_blot" else "always"


def infer_voids(view: dict[str, Any], tricks: list[list[Any]]) -> dict[str, list[str]]:
    """Suits each seat has shown it lacks (``"T"`` = no trumps), from the tricks seen."""
    trump = view.get("trump")
    game = view.get("game", "")
    rule = must_trump_when_void(game, view.get("options") or {})
    voids: dict[str, set[str]] = {}
    for trick in tricks:
        if not trick:
            continue
        led = trick[0][1][1]
        for i in range(1, len(trick)):
            seat, card = trick[i]
            if card[1] == led:
                continue
            mine = voids.setdefault(str(seat), set())
            mine.add(led)
            if trump in (None, "nt", "all") or bc.is_trump(card, trump):
                continue
            winner = trick[bc.trick_winner([c for _, c in trick[:i]], trump)][0]
            partner_wins = winner in team_of(view, seat) and winner != seat
            if rule == "always" or not partner_wins:
                # Could it have beaten an opponent's trump? In bazar it may discard then.
                if rule == "opponent":
                    cards_so_far = [c for _, c in trick[:i]]
                    if any(bc.is_trump(c, trump) for c in cards_so_far[1:]) and led != trump:
                        continue
                mine.add("T")
    return {k: sorted(v) for k, v in voids.items()}
