"""Macao's smart bot against two random ones (issue 11: at least 60% of 200 seeded 3-player
games); its moves are always legal (bot_move asks the state to apply them)."""

import pytest

from .bot_matches import share_won


@pytest.fixture
def registered(monkeypatch):
    """Macao in the registry for one test: it is not a listed game until its board exists."""
    from boardgames_tui.rules import registry

    monkeypatch.setitem(registry._MODULES, "macao", "boardgames_tui.rules.macao")
    yield
    registry._LOADED.pop("macao", None)


def test_the_smart_bot_beats_two_random_bots(registered):
    share = share_won("macao", 3, 200)
    assert share >= 0.6, f"the smart bot won {share:.0%}"


@pytest.mark.parametrize("players", [2, 4])
def test_the_smart_bot_plays_every_count(registered, players):
    share = share_won("macao", players, 10)
    assert share >= 0.6, f"the smart bot won {share:.0%}"
