"""Bots: they see a view and the legal actions, never the state."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .core import Action, State


class Bot(Protocol):
    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    # A bot may say it ignores the view (bot_move reads this, defaulting to True), so headless
    # runs need not build one for it.
    uses_view = False

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def bot_rng(seed: int, seat: int, step: int | None = None) -> random.Random:
    """A bot's own RNG, so that its choices never draw from the game's RNG.

    With `step` (the number of moves made so far) the RNG belongs to one decision, so a game
    resumed from a save lets its bots choose exactly as they would have without the break.
    """
    return random.Random(f"bot:{seed}:{seat}" if step is None else f"bot:{seed}:{seat}:{step}")


def shown_to(bot: Bot, state: State, seat: int) -> Mapping[str, Any]:
    """What `bot` is given to decide for `seat`: the state's bot view (a fresh copy, so the state
    may move on while the bot thinks), or nothing for a bot that says it ignores the view."""
    return state.bot_view(seat) if getattr(bot, "uses_view", True) else {}


def bot_move(state: State, seat: int, bot: Bot, rng: random.Random) -> Action:
    return bot.choose(shown_to(bot, state, seat), state.legal_actions(seat), rng)
