"""Making a game's bots: the levels a player chooses from, and the bot each one is. The normal
bot is the game's own heuristic player (its `normal_bot` declaration); the easy one blurs it and
the hard one plays its search's playouts with it (bots.py, search.py)."""

from __future__ import annotations

from .bots import Bot, EasyBot, RandomBot
from .core import Game
from .levels import DEFAULT_THINK, LEVELS, level_named
from .search import SearchBot


def bot_levels(game: Game) -> tuple[str, ...]:
    """Every level make_bot knows for `game`: "random", then the levels players choose, weakest
    first (a game without a bot of its own has only "random")."""
    return ("random", *LEVELS) if game.normal_bot else ("random",)


def make_bot(game: Game, level: str, think: float | None = None) -> Bot:
    """A bot for `game` at `level` (levels.LEVELS, "random", or an old name for one); `think` is
    the hard bot's thinking time per decision in seconds (None: levels.DEFAULT_THINK). Any other
    level gets the normal bot, so a save naming a level since dropped still plays on."""
    level = level_named(level) or "normal"
    if level == "random" or not game.normal_bot:
        return RandomBot()
    normal: Bot = game.part(game.normal_bot)()
    if level == "easy":
        return EasyBot(normal)
    if level == "hard":
        return SearchBot(normal, DEFAULT_THINK if think is None else think, game.search_rate)
    return normal
