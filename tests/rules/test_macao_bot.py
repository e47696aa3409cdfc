"""Macao's smart bot against two random ones (issue 11: at least 60% of 200 seeded 3-player
games); its moves are always legal (bot_move asks the state to apply them)."""

import pytest

from .bot_matches import share_won


@pytest.mark.slow
def test_the_smart_bot_beats_two_random_bots():
    share = share_won("macao", 3, 200)
    assert share >= 0.6, f"the smart bot won {share:.0%}"


@pytest.mark.parametrize("players", [2, 4])
def test_the_smart_bot_plays_every_count(players):
    share = share_won("macao", players, 10)
    assert share >= 0.6, f"the smart bot won {share:.0%}"
