"""Playing a duplicate entry to its end through the table services (bots in-process)."""

from __future__ import annotations

from collections.abc import Callable

from apps.rules import api
from apps.tables.bot_turns import match_bot_move
from apps.tables.models import Match
from apps.tables.moves import move_apply


def play_entry(
    entry, choose: Callable[[list], dict] = lambda legal: legal[0], stop_after_deal: int | None = None
):
    """Play ``entry``'s match: every person at the table by ``choose(legal)``, bots as their task
    would. ``stop_after_deal``: stop once that deal number is being played (the match goes on)."""
    for _ in range(20000):
        match = Match.objects.get(pk=entry.match_id)
        if match.status != Match.Status.PLAYING:
            return match
        if stop_after_deal is not None and match.deal_number >= stop_after_deal:
            return match
        state = api.from_json(match.state)
        to_act = api.to_act(state)
        persons = {p["seat"]: p["user"] for p in match.players if p.get("user") and not p.get("bot")}
        seat = next((s for s in to_act if s in persons), None)
        if seat is not None:
            move_apply(
                match_id=match.pk,
                seat=seat,
                action=choose(api.legal_actions(state, seat)),
                seq=match.seq,
                actor="person",
                user_id=persons[seat],
            )
        elif not match_bot_move(match_id=match.pk, seq=match.seq):
            raise AssertionError(f"nobody moves in match {match.pk}: {to_act}")
    raise AssertionError("the set never ended")
