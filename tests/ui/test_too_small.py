"""The 'terminal too small' screen: its whole text fits the terminal, and it speaks of a game only
when one is open."""

import pytest

from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.launcher import LauncherScreen
from boardgames_tui.ui.screens.too_small import TooSmallScreen

from .helpers import played_record, write_save


def words(text):
    return " ".join(text.split())


@pytest.mark.parametrize("size", [(30, 10), (60, 20), (20, 8), (79, 24)])
async def test_over_a_game_the_whole_message_shows(size):
    app = BoardgamesApp("st_petersburg", ["Ann", "Bob"], seed=7, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        # Any cut would lose words or split one; wrapping only moves them to the next line.
        assert words(app.screen_text()) == words(
            f"Terminal too small: {size[0]}×{size[1]}. Please make it at least 80×24. The game is waiting."
        )  # no move yet: nothing is saved


async def test_over_a_saved_game_it_says_saved():
    record, _ = played_record(moves=3)
    app = BoardgamesApp(load_path=write_save(record), bot_delay=0)
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert words(app.screen_text()).endswith("The game is waiting and saved.")


@pytest.mark.parametrize("size", [(30, 10), (60, 20), (20, 8)])
async def test_over_the_launcher_no_game_is_said_to_wait(size):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and app.table is None
        assert words(app.screen_text()) == words(
            f"Terminal too small: {size[0]}×{size[1]}. Please make it at least 80×24."
        )
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)


async def test_the_text_follows_the_terminal_as_it_changes():
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(24, 9)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert words(app.screen_text()) == words("Terminal too small: 24×9. Please make it at least 80×24.")
