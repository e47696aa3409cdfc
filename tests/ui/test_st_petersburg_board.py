"""St. Petersburg's board (ui/boards/st_petersburg/board.py) is shown a scene: a cursor move repaints
only the lines it changed (the cursor's old and new cells and the card line), through the strip
cache, and a click on a card posts the cell, which the screen turns into the card's menu."""

from __future__ import annotations

import pytest

from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boards.st_petersburg.board import DisplayBoard
from boardgames_tui.ui.boards.st_petersburg.layout import Layout
from boardgames_tui.ui.boards.st_petersburg.scene import Scene
from boardgames_tui.ui.boards.st_petersburg.screen import StPetersburgScreen
from boardgames_tui.ui.screens.dialogs import ChoiceScreen

from .helpers import repaints_of


async def anns_board(pilot) -> StPetersburgScreen:
    """Past the hand-off: Ann to act in the first worker phase, her cursor on the display."""
    app = pilot.app
    await pilot.press("enter")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, StPetersburgScreen) and screen.show_cursor
    return screen


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_a_cursor_move_repaints_only_what_changed(size):
    app = BoardgamesApp("st_petersburg", ["Ann", "Bob"], seed=7, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        screen = await anns_board(pilot)
        board = screen.query_one(DisplayBoard)
        layout = Layout(board.size.width, size[1])
        painted = repaints_of(board)
        assert screen.cursor.place == ("upper", 0)
        await pilot.press("right")
        assert screen.cursor.place == ("upper", 1)
        assert len(painted) == 1 and painted[0][1] == {}
        lines = sorted(y for region in painted[0][0] for y in range(region.y, region.bottom))
        row = list(range(1, 1 + layout.cell_lines))  # the upper row's cells: both cursor cells
        card_line = 2 * layout.cell_lines + 4  # under the rules and the stacks line
        assert lines[: len(row)] == row and lines[len(row)] == card_line, lines
        assert all(y >= card_line for y in lines[len(row) :])  # the card line, nothing above it


async def test_the_board_draws_the_scene_it_is_shown_and_a_click_asks_the_screen():
    app = BoardgamesApp("st_petersburg", ["Ann", "Bob"], seed=7, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await anns_board(pilot)
        board = screen.board
        assert isinstance(board.scene, Scene) and board.scene.place == ("upper", 0)
        # a scene of its own, with no screen behind it: the cursor where the scene puts it
        board.show(Scene(view=screen.view, viewer=0, place=("upper", 2), show_cursor=True))
        assert board.lines(80)[1].plain.split("│")[2].startswith("▸")
        screen.show_board()
        await pilot.click(DisplayBoard, offset=(22, 1))  # the upper row's third card
        await pilot.pause()
        assert screen.cursor.place == ("upper", 2)
        assert board.scene.place == ("upper", 2)
        assert isinstance(app.screen, ChoiceScreen)  # buy it or take it into the hand
