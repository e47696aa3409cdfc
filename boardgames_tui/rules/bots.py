"""Bots: they see a view and the legal actions, never the state."""

from __future__ import annotations

import random
from typing import Protocol, Sequence

from .core import Action, State


class Bot(Protocol):
    # False for a bot that ignores the view, so headless runs need not build one for it.
    uses_view: bool

    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    uses_view = False

    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def bot_rng(seed: int, seat: int, step: int | None = None) -> random.Random:
    """A bot's own RNG, so that its choices never draw from the game's RNG.

    With `step` (the number of moves made so far) the RNG belongs to one decision, so a game
    resumed from a save lets its bots choose exactly as they would have without the break.
    """
    return random.Random(f"bot:{seed}:{seat}" if step is None else f"bot:{seed}:{seat}:{step}")


def bot_move(state: State, seat: int, bot: Bot, rng: random.Random) -> Action:
    legal = state.legal_actions(seat)
    view = state.view(seat) if getattr(bot, "uses_view", True) else {}
    return bot.choose(view, legal, rng)
