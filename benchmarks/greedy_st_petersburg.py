"""A plain greedy St. Petersburg player, for measuring the game's own bots against (issue 13): it
is no level of the game and nothing in the package uses it.

It buys the card with the best value per ruble: the card's income over the scorings still to come,
its rubles converted to points at a rate that is high early and falls to nothing by the end, set
against what the price is worth at that same rate. It buys only when the card is worth more than
its price, takes nothing into its hand, and passes otherwise; at the Pub and with an Observatory
draw it does the obvious."""

from __future__ import annotations

import random
from collections.abc import Sequence

from boardgames_tui.rules.core import Action
from boardgames_tui.rules.st_petersburg.actions import (
    Buy,
    ObservatoryBuy,
    ObservatoryDiscard,
    Pass,
    Play,
    PubBuy,
)
from boardgames_tui.rules.st_petersburg.data import CARDS
from boardgames_tui.rules.st_petersburg.view import StPetersburgBotView, StPetersburgView

DEAL = {2: 3.3, 3: 3.8, 4: 4.0}  # cards a stack loses a round, roughly, by player count


def rounds_left(view: StPetersburgView | StPetersburgBotView) -> float:
    """Scorings still to come for a card bought now: the game ends when a stack runs out."""
    deal = DEAL.get(len(view.players), 3.8)
    stacks = view.stacks
    return 1 + min(stacks.worker, stacks.building, stacks.aristocrat, stacks.trading) / deal


def money_rate(left: float) -> float:
    """Points a ruble is worth: about one early on, nothing once the game is all but over."""
    return min(1.0, max(0.0, (left - 1) / 5))


def worth(card: str, price: int, view: StPetersburgView | StPetersburgBotView) -> float:
    """A card's value in points, less its price in points."""
    c = CARDS[card]
    left = rounds_left(view)
    rate = money_rate(left)
    return left * (c.points + c.rubles * rate) - price * rate


class GreedyBot:
    def choose(
        self, view: StPetersburgView | StPetersburgBotView, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        buys = [a for a in legal if isinstance(a, (Buy, Play, ObservatoryBuy))]
        if buys:
            best = max(buys, key=lambda a: worth(a.card, a.price, view) / max(1, a.price))
            if worth(best.card, best.price, view) > 0:
                return best
        pub = [a for a in legal if isinstance(a, PubBuy)]
        if pub:  # points for rubles only once rubles are worth less than half a point each
            cheap = money_rate(rounds_left(view)) < 0.5
            return max(pub, key=lambda a: a.points if cheap else -a.points)
        for kind in (ObservatoryDiscard, Pass):
            for action in legal:
                if isinstance(action, kind):
                    return action
        return legal[rng.randrange(len(legal))]
