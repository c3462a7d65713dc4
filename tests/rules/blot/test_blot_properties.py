"""Generic engine properties for Обычный блот under random legal play."""

from __future__ import annotations

import pytest

from tests.rules.blot.props import check_random_matches


@pytest.mark.parametrize("options", [{}, {"parties": 3, "target": 501}])
def test_random_matches_keep_the_contract(options):
    stats = check_random_matches("blot", options, range(4))
    assert stats["matches"] == 4
    assert stats["deals"] >= 4
