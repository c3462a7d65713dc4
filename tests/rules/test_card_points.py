"""``tricks.card_points`` (four table lookups) is the sum of ``POINTS`` over the mask's cards in
every trump mode."""

from __future__ import annotations

import random

from apps.rules import tricks
from apps.rules.cards import cards_of


def test_card_points_is_the_sum_of_the_cards_points() -> None:
    rng = random.Random(33)
    masks = [0, (1 << 36) - 1, *(rng.getrandbits(36) for _ in range(3000))]
    for mode in range(6):
        for mask in masks:
            expected = sum(tricks.POINTS[mode][c] for c in cards_of(mask))
            assert tricks.card_points(mask, mode) == expected, (mode, mask)
