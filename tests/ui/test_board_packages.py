"""Every board package: the same modules, each named in the package's map; a board that draws the
scene it is shown with no game screen anywhere, and posts what was clicked (widgets/sceneboard.py);
no module beside the screen and its keys reaching for a screen."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
from pathlib import Path

import pytest
from textual.app import App
from textual.widget import Widget

from boardgames_tui.play.table import Table
from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.ui import boards
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boards import FILES, board_for
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.widgets.sceneboard import BoardClicked, SceneBoard

from .helpers import to_the_board

GAMES = registry.ids()
PACKAGES = Path(boards.__file__).parent
# What reaches for the screen a widget is on, or the app's game screen.
SCREEN_NAMES = {"screen", "game_screen", "screen_stack"}


def package(game_id: str, module: str = "") -> object:
    return importlib.import_module(f"boardgames_tui.ui.boards.{game_id}{'.' + module if module else ''}")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_board_package_has_the_common_modules_each_named_in_its_map(game_id: str):
    files = {path.name for path in (PACKAGES / game_id).glob("*.py")}
    assert files >= set(FILES), f"{game_id} lacks {sorted(set(FILES) - files)}"
    doc = package(game_id).__doc__ or ""
    unnamed = [name for name in sorted(files - {"__init__.py"}) if name not in doc]
    assert not unnamed, f"{game_id}'s map of modules does not name {unnamed}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_common_module_does_its_job(game_id: str):
    board = board_for(game_id)
    assert issubclass(board.screen, GameScreen) and board.keys is board.screen.KEYMAP
    assert board.keys is package(game_id, "keys").KEYMAP
    scene = package(game_id, "scene").Scene
    assert dataclasses.is_dataclass(scene) and scene.__dataclass_params__.frozen  # type: ignore[attr-defined]
    details = package(game_id, "details").details
    assert list(inspect.signature(details).parameters)[:2] == ["view", "viewer"]
    assert board.results is package(game_id, "results").results
    widgets = [
        cls
        for cls in vars(package(game_id, "board")).values()
        if inspect.isclass(cls) and issubclass(cls, Widget) and cls.__module__.endswith(f"{game_id}.board")
    ]
    assert len(widgets) == 1 and issubclass(widgets[0], SceneBoard), widgets


@pytest.mark.parametrize("game_id", GAMES)
def test_no_module_but_the_screen_and_its_keys_reaches_for_a_screen(game_id: str):
    for path in sorted((PACKAGES / game_id).glob("*.py")):
        if path.name in ("screen.py", "keys.py"):
            continue
        tree = ast.parse(path.read_text())
        reaching = [
            f"{path.name}:{node.lineno} .{node.attr}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in SCREEN_NAMES
        ]
        assert not reaching, reaching


class BareApp(App[None]):
    """A board on its own: no game screen, no table, nothing but the scene it is shown."""

    def __init__(self) -> None:
        super().__init__()
        self.clicked: list[object] = []

    def on_board_clicked(self, message: BoardClicked) -> None:
        self.clicked.append(message.place)


def screen_after(game_id: str, moves: int) -> GameScreen:
    """A game screen, not mounted, of a game a few random moves in, read by the seat to move."""
    game = registry.get(game_id)
    seats = [f"P{i}" for i in range(max(3, game.min_players))][: game.max_players]
    table = Table.new(game_id, seats, 11, autosave=False)
    bot = RandomBot()
    for i in range(moves):
        if table.is_over():
            break
        seat = table.to_move()[0]
        table.act(seat, bot.choose(table.view(seat), table.legal(seat), bot_rng(11, i)))
    screen = board_for(game_id).screen(table)
    screen.viewer = screen.actor = table.to_move()[0]
    screen.read_table()
    return screen


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_board_draws_its_scene_with_no_screen_and_posts_a_click(game_id: str):
    screen = screen_after(game_id, 12)
    scene = screen.scene()
    assert type(scene) is package(game_id, "scene").Scene
    board = screen.make_board()
    assert isinstance(board, SceneBoard)
    app = BareApp()  # the board alone: the game screen above is never mounted
    async with app.run_test(size=(80, 24)) as pilot:
        await app.mount(board)
        board.show(scene)
        await pilot.pause()
        lines = [board.render_line(y).text for y in range(board.size.height)]
        assert sum(1 for line in lines if line.strip()) >= 8, "\n".join(lines)
        # the first place a click finds, reading the board as a person would: line by line
        for y in range(board.size.height):
            for x in range(0, board.size.width, 3):
                await pilot.click(board, offset=(x, y))
                if app.clicked:
                    break
            if app.clicked:
                break
        assert app.clicked, f"no click on {game_id}'s board names a place"


@pytest.mark.slow  # a scan of clicks over each board, in the whole app
@pytest.mark.parametrize("game_id", GAMES)
async def test_in_the_game_a_click_on_the_board_reaches_the_screens_hook(game_id: str):
    game = registry.get(game_id)
    seats = [f"P{i}" for i in range(game.min_players)]
    app = BoardgamesApp(game_id, seats, seed=4, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        screen = app.game_screen
        assert screen is not None and app.screen is screen
        heard: list[object] = []
        screen.board_clicked = heard.append  # type: ignore[method-assign]
        board = screen.query_one("#board")
        for y in range(board.size.height):
            for x in range(0, board.size.width, 3):
                await pilot.click(board, offset=(x, y))
                if heard:
                    break
            if heard:
                break
        assert heard, f"no click on {game_id}'s board reached its screen"
