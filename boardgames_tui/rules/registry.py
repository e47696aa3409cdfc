"""GAMES: game id -> Game. Each game package registers itself here."""

from __future__ import annotations

import importlib

from .core import Game

# id -> module that defines GAME; imported on first use so start-up stays quick.
_MODULES = {
    "st_petersburg": "boardgames_tui.rules.st_petersburg",
    "santiago": "boardgames_tui.rules.santiago",
    "san_marco": "boardgames_tui.rules.san_marco",
    "rialto": "boardgames_tui.rules.rialto",
    "macao": "boardgames_tui.rules.macao",
}
_LOADED: dict[str, Game] = {}


def ids() -> list[str]:
    return list(_MODULES)


def get(game_id: str) -> Game:
    if game_id not in _MODULES:
        raise KeyError(f"unknown game '{game_id}' (games: {', '.join(_MODULES)})")
    if game_id not in _LOADED:
        _LOADED[game_id] = importlib.import_module(_MODULES[game_id]).GAME
    return _LOADED[game_id]


def all_games() -> list[Game]:
    return [get(game_id) for game_id in _MODULES]
