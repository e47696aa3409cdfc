"""Macao's bot: a greedy player that reads only its bot view (everything in Macao is public but the
deck's order).

It keeps its wind rose from running dry (an empty pile costs 3 PP), drafts cards it can activate
soon and activates them before the game ends (each card left costs 3 PP), delivers whatever its
ship can, buys the tribute when it is cheap enough, takes quarters next to its own, and spends
what is left of its cubes on the ship towards the port its goods want, then on the wall.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from ..core import Action, Pass
from .actions import (
    Activate,
    ChooseDice,
    Deliver,
    Draft,
    Overflow,
    PayCube,
    Sail,
    StartCard,
    StartCubes,
    TakeQuarter,
    Tribute,
    UseCard,
    UseJoker,
    Wall,
)
from .data import CARD, COLOURS, PORT_OF_GOOD, QUARTER, ROUNDS, SPACE
from .view import MacaoBotPlayer, MacaoBotView, MacaoPlayer, MacaoView

Seen = MacaoBotView | MacaoView  # the bot is given its bot view; a caller may give the whole view

NCOLOURS = len(COLOURS)


@functools.cache
def cost_of(card: str) -> tuple[int, ...]:
    """A card's cost in cubes by colour (the bot asks hundreds of thousands of times a search)."""
    counts = [0] * NCOLOURS
    for colour, n in CARD[card].cost:
        counts[COLOURS.index(colour)] += n
    return tuple(counts)


def card_value(card: str) -> float:
    """A rough worth of a card in PP, its cost counted against it."""
    c = CARD[card]
    code, args = c.effect.code, c.effect.args
    worth = {"PP": 1.5, "GOLD": 1.2, "TRADE": 1.3, "END": 1.8, "ON": 1.2, "CUBE": 1.2}.get(code, 1.0)
    if code == "PP" and c.timing == "game_end":
        worth = int(args[0]) / 3
    return worth * 4 - 0.6 * c.cubes


def mine(view: Seen) -> MacaoBotPlayer | MacaoPlayer:
    """The bot's own player in its view."""
    assert view.viewer is not None
    player = view.players[view.viewer]
    assert player is not None
    return player


class SmartBot:
    uses_view = True

    def choose(self, view: Seen, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        need = self.needs(view)  # the same for every move weighed: worked out once
        return max(legal, key=lambda a: self.worth(view, a, need))

    def needs(self, view: Seen) -> list[int]:
        """The cubes by colour the tableau's cards want."""
        need = [0] * NCOLOURS
        for card in mine(view).tableau:
            for colour, n in enumerate(cost_of(card)):
                need[colour] += n
        return need

    def worth(self, view: Seen, a: Action, need: list[int] | None = None) -> float:
        me = view.viewer
        player = mine(view)
        left = ROUNDS - (view.round or 0)
        if need is None:
            need = self.needs(view)
        available = player.available
        if isinstance(a, StartCard):
            return card_value(a.card) - 0.5 * CARD[a.card].cubes
        if isinstance(a, StartCubes):
            return need[a.one] + need[a.two] * 2
        if isinstance(a, Draft):
            value = card_value(a.card)
            if len(player.tableau) >= 5:
                value -= 3  # a punish marker
            return value - (0 if left > 3 else CARD[a.card].cubes * 2)
        if isinstance(a, Overflow):
            return -card_value(a.card)
        if isinstance(a, ChooseDice):
            return self.dice_worth(view, a, need)
        if isinstance(a, PayCube):
            return -need[a.colour]
        if isinstance(a, Deliver):
            return 100
        if isinstance(a, Activate):
            return 50 + CARD[a.card].cubes + (5 if CARD[a.card].timing == "game_end" else 0)
        if isinstance(a, UseCard):
            return 40
        if isinstance(a, Tribute):
            gold, pp = view.price
            return 30 if pp >= gold * 1.3 else -1
        if isinstance(a, TakeQuarter):
            owned = {q for q, owner in view.owner.items() if owner == me}
            touching = any(n in owned for n in QUARTER[a.quarter].neighbours)
            return 20 + (6 if touching else 0) - sum(n for _, n in QUARTER[a.quarter].cost)
        if isinstance(a, Sail):
            return self.sail_worth(view, a)
        if isinstance(a, Wall):
            return 2 - a.spaces if sum(available) > 6 else -2
        if isinstance(a, UseJoker):
            return -5
        if isinstance(a, Pass):
            return 0
        return -1

    def dice_worth(self, view: Seen, a: ChooseDice, need: list[int] | None = None) -> float:
        if need is None:
            need = self.needs(view)
        pending = mine(view).pending
        dice = view.dice
        value = 0.0
        for colour in (a.a, a.b):
            v = dice[colour]
            soon = 1.0 if v <= 3 else 0.7
            value += v * soon * (1 + 0.3 * need[colour])
        # the next round's pile empty: a die of 2 fills it (or of 1, this round's, if that is empty)
        if not sum(pending[1]) and 2 in (dice[a.a], dice[a.b]):
            value += 6
        if not sum(pending[0]) and 1 in (dice[a.a], dice[a.b]):
            value += 8
        return value

    def sail_worth(self, view: Seen, a: Sail) -> float:
        cargo = mine(view).cargo
        ports = {PORT_OF_GOOD[g] for g in cargo if len(view.delivered[PORT_OF_GOOD[g]]) < 3}
        if a.to in ports:
            return 60 - a.cubes
        if SPACE[a.to].kind == "port" or not ports:
            return -3
        return -3
