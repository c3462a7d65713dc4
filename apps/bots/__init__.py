"""Bots for every game: ``easy``, ``normal`` and ``hard`` players (pure Python, no Django).

Interface for the live tables::

    from apps.bots import Bot, choose_action

    bot = Bot("hard", seed=table_seed + seat)           # or Bot.from_json(stored)
    bot.observe(view, events)      # after every applied action: the seat's new view and
                                   # the public events api.apply returned
    action = bot.decide(view)      # when the seat is in view["to_act"]: one of view["legal"]
    stored = bot.to_json()         # {"level", "seed", "memory"}: plain JSON, store it

    action = choose_action(view, "normal", memory=stored_memory, seed=7, events=events)

``view`` is exactly ``api.view(state, seat)`` of the seat; a bot never sees anything
else. The memory is a JSON-ready dict (``json.dumps`` works on it as is) holding only
public facts: the cards played, voids shown, cards taken from the table in Durak, how
often cheating is caught in Шулер. It is reset at each deal. A bot rebuilt with an empty
memory still plays legally, from the view alone (``hard`` then knows less).

Levels: ``easy`` random legal actions; ``normal`` the heuristic of ``docs/bots.md`` (its
card play in the belot family is :func:`apps.rules.autoplay.choose_card`, the move a
timed-out player gets); ``hard`` determinized search (PIMC) over deals of the unseen cards
consistent with what the seat has seen. Same seed, view and memory: same decision.
"""

from .bot import LEVELS, Bot, choose_action

__all__ = ["LEVELS", "Bot", "choose_action"]
