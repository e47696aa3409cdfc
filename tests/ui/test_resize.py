"""Every board lays itself out again on every resize: a position shown at 80×24 reads the same
whether the game was opened at that size or at another and the terminal then came to 80×24. Over
every registered game, at its first decision and at one later on."""

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen

from .helpers import saved_by_bot, to_the_board

SMALL = (80, 24)
BIG = (160, 50)
# A later position: this many moves by the smart bot into a game of four (or as many as it takes).
LATER = 40


def seats(game_id: str, count: int) -> list[str]:
    game = registry.get(game_id)
    count = max(game.min_players, min(game.max_players, count))
    return ["Ann", "Bob", "Cleo", "Dan", "Eve"][:count]


def open_app(game_id: str, position: str) -> BoardgamesApp:
    if position == "first":
        return BoardgamesApp(game_id, seats(game_id, 3), seed=5, bot_delay=0)
    moves = iter(range(LATER))
    path = saved_by_bot(
        game_id, lambda view: next(moves, None) is None, seats(game_id, 4), 5, f"{game_id}-resize.json"
    )
    return BoardgamesApp(load_path=path, bot_delay=0)


async def settle(pilot) -> None:
    # A resize reaches the screen, then its widgets, then the screen redraws from the table.
    for _ in range(4):
        await pilot.pause()


async def shown_after(game_id: str, position: str, sizes: list[tuple[int, int]]) -> str:
    """The screen's text once the game, opened at the first size, came through the others."""
    app = open_app(game_id, position)
    async with app.run_test(size=sizes[0]) as pilot:
        await to_the_board(app, pilot)
        await settle(pilot)
        assert isinstance(app.screen, GameScreen), type(app.screen).__name__
        for size in sizes[1:]:
            await pilot.resize_terminal(*size)
            await settle(pilot)
        assert app.screen is app.game_screen
        return app.screen_text()


@pytest.mark.slow  # three app runs a case
@pytest.mark.parametrize("position", ["first", "later"])
@pytest.mark.parametrize("game_id", registry.ids())
async def test_a_board_shrunk_to_80x24_reads_as_one_opened_there(game_id, position):
    opened = await shown_after(game_id, position, [SMALL])
    assert await shown_after(game_id, position, [BIG, SMALL]) == opened
    assert await shown_after(game_id, position, [SMALL, BIG, SMALL]) == opened
