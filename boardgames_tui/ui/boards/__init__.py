"""One package per game, `ui/boards/<game id>/`, found from the game id: it exports BOARD (a
boardkit.Board naming its screen, game-over results and key map). A game without a package yet
gets the generic frame, playable from the action list.
"""

from __future__ import annotations

import importlib

from ..boardkit import Board


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
