"""San Marco's smart bot against three random ones (issue 9: at least 60% of 200 seeded 4-player
games), and its moves always legal, as divider too."""

import pytest

from .bot_matches import share_won

# Two hundred bot games, the only test here.
pytestmark = pytest.mark.slow


def test_the_smart_bot_beats_three_random_bots():
    share = share_won("san_marco", 4, 200)
    assert share >= 0.6, f"the smart bot won {share:.0%}"
