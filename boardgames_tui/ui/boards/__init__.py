"""One package per game, `ui/boards/<game id>/`, found from the game id: it exports BOARD (a
boardkit.Board naming its screen, game-over results and key map) and has the same modules as
every other (FILES). A game without a package yet gets the generic frame, playable from the
action list.
"""

from __future__ import annotations

import importlib

from ..boardkit import Board

# The modules every board package has, one job each (tests/ui/test_board_packages.py); a package
# adds its own beside them (Venice's map, Macao's panels), each named in its __init__'s map.
FILES = {
    "__init__.py": "BOARD (the screen, the key map, the results) and the package's map of modules",
    "screen.py": "the GameScreen subclass: the frame's hooks and what the keys do",
    "keys.py": "the key map: bindings, footer, help and palette, each key with when it works",
    "scene.py": "Scene: everything the board draws at one moment, gathered by the screen",
    "board.py": "the widget: shown a Scene, draws it, posts what was clicked (never reads the screen)",
    "layout.py": "where things go, in cells, for a terminal size",
    "signs.py": "the symbols, names and labels of the game's pieces",
    "places.py": "the places a walkthrough step may mark, by name, and how they are marked",
    "details.py": "details(view, viewer): the `i` screen",
    "results.py": "results(table, width): the game-over body",
}


def board_for(game_id: str) -> Board:
    name = f"{__name__}.{game_id}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the package exists but something it imports does not: a real error
        from ..screens.game import GameScreen

        return Board(GameScreen, GameScreen.KEYMAP)
    board: Board = module.BOARD
    return board
