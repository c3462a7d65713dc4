"""``hard`` beats ``easy`` by a clear margin over a small fixed sample (a test that can fail).

Durak, two players: 6 games with alternating seats; hard must win at least 5. Seeds and
bots are deterministic, so the outcome is reproducible; it is a real check because a hard
bot no better than easy would win 5 of 6 only about 1 time in 9, while hard wins about 95 %
of its games against easy. Базар-блот: 4 deals, hard pair against
easy pair, hard must score more per deal on average.
"""

from __future__ import annotations

from apps.rules import api
from tests.bots.driver import play


def test_hard_beats_easy_at_durak():
    wins = 0
    for seed in range(6):
        hard, easy = (0, 2) if seed % 2 == 0 else (2, 0)
        state, _ = play("durak", {}, {hard: "hard", easy: "easy"}, seed=seed // 2, max_actions=3000)
        result = api.summary(state)["deals"][0]
        wins += hard in result["winners"]
    assert wins >= 5


def test_hard_pair_outscores_easy_pair_at_bazar():
    diff = 0
    for seed in range(2):
        levels = {s: ("hard" if (s + seed) % 2 == 0 else "easy") for s in range(4)}
        state, _ = play("bazar_blot", {}, levels, seed=seed, max_deals=2)
        hard_team = seed % 2
        for deal in api.summary(state)["deals"]:
            diff += deal["scores"][hard_team] - deal["scores"][1 - hard_team]
    assert diff > 0
