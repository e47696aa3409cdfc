"""Bots: they see a view and the legal actions, never the state."""

from __future__ import annotations

import random
from typing import Protocol, Sequence

from .core import Action, State


class Bot(Protocol):
    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def bot_rng(seed: int, seat: int) -> random.Random:
    """A bot's own RNG, so that its choices never draw from the game's RNG."""
    return random.Random(f"bot:{seed}:{seat}")


def bot_move(state: State, seat: int, bot: Bot, rng: random.Random) -> Action:
    legal = state.legal_actions(seat)
    return bot.choose(state.view(seat), legal, rng)
