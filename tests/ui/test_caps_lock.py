"""Caps Lock (or Shift) never leaves a letter key dead: on every board, and in the dialogs over
it, a capital does what its small letter does."""

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.core import Seat
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.details import DetailsScreen
from boardgames_tui.ui.screens.dialogs import QuitScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.handoff import LogScreen

from .helpers import press, to_the_board


@pytest.mark.parametrize("game_id", registry.ids())
async def test_capital_letters_work_like_small_ones_on_every_board(game_id):
    low = registry.get(game_id).min_players
    seats = [Seat("Ann")] + [Seat(f"Bot{i}", "normal") for i in range(1, low)]
    app = BoardgamesApp(game_id, seats, seed=4, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        assert isinstance(app.screen, GameScreen)
        for key, kind in (("L", LogScreen), ("I", DetailsScreen)):
            await press(pilot, key)
            assert isinstance(app.screen, kind), (key, type(app.screen).__name__)
            await press(pilot, "escape")
            assert isinstance(app.screen, GameScreen)
        await press(pilot, "Q")
        assert isinstance(app.screen, QuitScreen)
        await press(pilot, "N")  # the dialog's own small-letter key, as a capital
        assert isinstance(app.screen, GameScreen) and app.return_code is None
