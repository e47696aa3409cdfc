"""Bots: they see a view and the legal actions, never the state.

Every game offers the same levels (levels.py, weakest first): "easy" is the game's heuristic bot
that often plays a random move instead, a beginner's opponent; "normal" is the heuristic bot
itself (each game's `bot.py`); "hard" searches (search.py) on copies of the state drawn from what
its seat can see (`State.redeal_hidden`), never the state itself. "random" is for tests.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from typing import Any, Protocol

from .core import Action, State

# How often the easy bot drops its better judgement for a random legal move.
EASY_NOISE = 0.4


class Bot(Protocol):
    """A player of some game. `view` is what `shown_to` gives it: its game's bot view (a View, or
    the part of one its game's bots read), or a Position for a bot that searches."""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    # A bot may say it ignores the view (bot_move reads this, defaulting to True), so headless
    # runs need not build one for it.
    uses_view = False

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


class EasyBot:
    """The game's heuristic bot, which plays a random legal move instead `noise` of the time,
    leaving out a pass when there is anything else to do, as a beginner rarely passes on purpose."""

    def __init__(self, normal: Bot, noise: float = EASY_NOISE):
        self.normal = normal
        self.noise = noise

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) > 1 and rng.random() < self.noise:
            doing = [a for a in legal if a.kind != "pass"] or list(legal)
            return doing[rng.randrange(len(doing))]
        return self.normal.choose(view, legal, rng)


class Position:
    """What a searching bot is given: its seat's bot view and `state`,
    a copy of the game redealt for that seat (`State.redeal_hidden`): the others' secrets in it
    are guesses, never theirs."""

    def __init__(self, view: Any, state: State, seat: int):
        self.view = view
        self.state = state
        self.seat = seat
        # Set when nobody wants the decision any more (the game moved on, the app is closing):
        # the search stops at its next playout rather than think on for nothing.
        self.halted = threading.Event()


def bot_rng(seed: int, seat: int, step: int | None = None) -> random.Random:
    """A bot's own RNG, so that its choices never draw from the game's RNG.

    With `step` (the number of moves made so far) the RNG belongs to one decision, so a game
    resumed from a save lets its bots choose exactly as they would have without the break.
    """
    return random.Random(f"bot:{seed}:{seat}" if step is None else f"bot:{seed}:{seat}:{step}")


def shown_to(bot: Bot, state: State, seat: int, rng: random.Random) -> Any:
    """What `bot` is given to decide for `seat`: the state's bot view (a fresh copy, so the state
    may move on while the bot thinks), or nothing for a bot that says it ignores the view; a bot
    that searches also gets a copy of the state redealt for `seat`, drawn with `rng` (the
    decision's own, so the choice stays reproducible)."""
    if getattr(bot, "searches", False):
        return Position(state.bot_view(seat), state.redeal_hidden(seat, rng), seat)
    return state.bot_view(seat) if getattr(bot, "uses_view", True) else None


def bot_move(state: State, seat: int, bot: Bot, rng: random.Random) -> Action:
    return bot.choose(shown_to(bot, state, seat, rng), state.legal_actions(seat), rng)
