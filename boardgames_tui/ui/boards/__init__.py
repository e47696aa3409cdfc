"""One module per game: its GameScreen subclass and its board widgets.

`screen_class(game_id)` finds a game's screen; a game without a board module yet gets the generic
GameScreen, which is playable from the action list.
"""

from __future__ import annotations

import importlib

from ..screens.game import GameScreen

# game id -> "module:ClassName"
BOARDS = {
    "st_petersburg": "boardgames_tui.ui.boards.st_petersburg:StPetersburgScreen",
    "santiago": "boardgames_tui.ui.boards.santiago:SantiagoScreen",
}


def screen_class(game_id: str) -> type[GameScreen]:
    target = BOARDS.get(game_id)
    if target is None:
        return GameScreen
    module_name, _, class_name = target.partition(":")
    return getattr(importlib.import_module(module_name), class_name)
