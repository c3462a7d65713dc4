"""A bot's turn: the bot task of ``(match, seq)`` asks the bot player for its move
(:mod:`.bot_players`) and applies it through :func:`apps.tables.moves.move_apply` at that
``seq``, so nothing happens when the match moved on meanwhile.
"""

from __future__ import annotations

import logging
import random

from apps.core.errors import Refused
from apps.rules import api

from . import bot_players
from .models import Match
from .moves import Actor, move_apply

log = logging.getLogger(__name__)


def match_bot_move(*, match_id: int, seq: int) -> bool:
    """The bot task of ``(match, seq)``: the lowest bot seat to act moves; False if nothing to do."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.PLAYING or match.seq != seq:
        return False
    state = api.from_json(match.state)
    to_act = api.to_act(state)
    bots = [(p["seat"], p["bot"]) for p in match.players if p["bot"] and p["seat"] in to_act]
    if not bots:
        return False
    for seat, level in bots:
        view = api.view(state, seat)
        if "legal" not in view:
            view["legal"] = api.legal_actions(state, seat)
        # secret while the match is played: the server seed (docs/rules.md §3), else the old seed
        rng = random.Random(f"{match.server_seed or match.seed}:{seq}:{seat}")
        action = bot_players.decide(view, level, rng, match.bot_memory.get(str(seat)))
        if action is not None:
            return _bot_act(match_id, seq, seat, action, view["legal"])
    return False


def _bot_act(match_id: int, seq: int, seat: int, action: dict, legal: list[dict]) -> bool:
    """Apply the bot's ``action``; a refused one (a bot's bug) is logged and a legal one played
    instead. False when the match moved on first."""
    try:
        move_apply(match_id=match_id, seat=seat, action=action, seq=seq, actor=Actor.BOT)
    except Refused as exc:
        if exc.code in ("stale", "match_over"):
            return False
        log.error("match %s: bot at seat %s chose a refused action %s (%s)", match_id, seat, action, exc)
        fallback = dict(random.Random(seq).choice(legal))
        move_apply(match_id=match_id, seat=seat, action=fallback, seq=seq, actor=Actor.BOT)
    return True
