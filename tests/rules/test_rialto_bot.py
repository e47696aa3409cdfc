"""Rialto's smart bot against three random ones (issue 10: at least 50% of 200 seeded 4-player
games), and against the virtual player's variant; its moves are always legal (bot_move asks the
state to apply them)."""

import pytest

from .bot_matches import share_won


@pytest.mark.slow
def test_the_smart_bot_beats_three_random_bots():
    share = share_won("rialto", 4, 200)
    assert share >= 0.5, f"the smart bot won {share:.0%}"


@pytest.mark.parametrize(
    "players, options", [(2, {"virtual_player": "on"}), (5, {})], ids=["2p-virtual", "5p"]
)
def test_the_smart_bot_plays_every_count(players, options):
    share = share_won("rialto", players, 20, options)
    assert share >= 0.5, f"the smart bot won {share:.0%}"
