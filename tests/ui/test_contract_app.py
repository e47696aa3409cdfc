"""The UI half of the contract suite: every registered game plays a whole game through the app with
bots in every seat, down to the game-over screen. A new game is covered by being registered."""

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.core import Seat
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game_over import GameOverScreen

from .helpers import answers_keys

# A whole game of every registered game through the app: a minute or more in all.
pytestmark = pytest.mark.slow


@pytest.mark.parametrize("game_id", registry.ids())
async def test_a_whole_game_with_bots_in_every_seat(game_id):
    game = registry.get(game_id)
    seats = [Seat(f"Bot {i + 1}", "random") for i in range(game.min_players)]
    app = BoardgamesApp(game_id, seats, seed=11, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20_000):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, GameOverScreen), type(app.screen).__name__
        assert app.table.is_over() and answers_keys(app)
        await pilot.pause()  # a screen just pushed draws on the next turn (a CI run read it blank)
        text = app.screen_text()
        assert "game over" in text and all(seat.name in text for seat in seats)
        winners = [row.name for row in app.table.standings().winners]
        assert winners and (f"{winners[0]} wins" in text or "Shared victory" in text)
