"""San Marco's bot: a greedy player that values a position by what the districts would pay it if
they were scored now, against its best rival, and keeps its limit total low.

It decides from the bot view alone (public board, its own cards when it divides). As divider it
aims for piles of equal worth, so that whatever the chooser takes, the divider keeps as much; it
builds that split card by card (the split is made that way) and confirms once the draft matches.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from ..core import Action
from .actions import (
    Choose,
    Confirm,
    Decline,
    PickBanished,
    PlaceBridge,
    PlayBanish,
    PlayBridge,
    PlayDistrict,
    PlayDoge,
    PlayTransfer,
    PutCard,
    Reroll,
)
from .data import DISTRICTS, LIMIT_OUT, NDISTRICTS
from .reckoning import banishment_losses, district_scores, follow
from .view import SanMarcoBotView, SanMarcoView

# What the bot decides from: its bot view (the search's playouts, the table), or a whole view.
Seen = SanMarcoBotView | SanMarcoView

# Rough worth of an action card in hand, in prestige, before knowing where it will be played.
CARD_WORTH = {"district": 2.0, "bridge": 1.2, "transfer": 2.5, "doge": 3.0, "banish": 1.5}


def lead(cubes: Sequence[Sequence[int]], me: int, d: int) -> float:
    """What district `d` would pay me now less what it would pay my best rival."""
    return _lead(tuple(cubes[d]), me, d)


# The bot weighs each move by the whole map's lead, most districts unchanged from one move to
# the next (and from one decision to the next): each district's answer is kept.
@functools.lru_cache(maxsize=1 << 16)
def _lead(row: tuple[int, ...], me: int, d: int) -> int:
    district = DISTRICTS[d]
    scores = district_scores(dict(enumerate(row)), district.high, district.low)
    mine = scores.get(me, 0)
    rival = max((p for c, p in scores.items() if c != me), default=0)
    return mine - rival


def worth(cubes: Sequence[Sequence[int]], me: int) -> float:
    return sum(lead(cubes, me, d) for d in range(NDISTRICTS))


def with_cube(cubes: Sequence[Sequence[int]], d: int, colour: int, delta: int) -> list[list[int]]:
    out = [list(row) for row in cubes]
    out[d][colour] += delta
    return out


class SmartBot:
    uses_view = True

    def choose(self, view: Seen, legal: Sequence[Action], rng: random.Random) -> Action:
        me = view.viewer
        assert me is not None, "a bot decides for a seat"
        step = view.step
        if step == "split":
            return self._split(view, legal, me)
        if step == "choose":
            return max(legal, key=lambda a: self._pile_worth(view, a, me) + rng.random() * 1e-6)
        return max(legal, key=lambda a: self.value(view, a, me) + rng.random() * 1e-6)

    def ranked(self, view: Seen, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        """The legal actions by this bot's own values, best first: the moves a search should weigh
        against its choice before any others. A split is built card by card, one card's move
        saying little on its own, so those come in a random order."""
        me, step = view.viewer, view.step
        assert me is not None, "a bot decides for a seat"
        if step == "split":
            order = list(legal)
            rng.shuffle(order)
            return order
        worth_of = self._pile_worth if step == "choose" else self.value
        keyed = [(-worth_of(view, a, me), rng.random(), i) for i, a in enumerate(legal)]
        return [legal[i] for _, _, i in sorted(keyed)]

    # -- dividing and choosing -------------------------------------------------------------
    def card_worth(self, card: str, limit_total: int) -> float:
        if card.startswith("limit:"):
            value = int(card[6:])
            # limit points cost little early in a period and a great deal near the limit
            room = LIMIT_OUT - limit_total
            return -value * (0.6 if value < room else 3.0)
        return CARD_WORTH[card.split(":")[0]]

    def _pile_worth(self, view: Seen, action: Action, me: int) -> float:
        assert isinstance(action, Choose)
        offer = view.offers[view.offer_at]
        assert offer is not None and offer.cards is not None and offer.draft is not None, "piles face up"
        total = sum(view.limits[me])
        cards = [c for c, p in zip(offer.cards, offer.draft) if p == action.pile]
        return sum(self.card_worth(c, total) for c in cards)

    def _split(self, view: Seen, legal: Sequence[Action], me: int) -> Action:
        offer = view.offers[view.offer_at]
        assert offer is not None, "a bot view holds the offer being split"
        cards, draft, piles = offer.cards, offer.draft, offer.piles
        assert cards is not None and draft is not None, "a divider sees its own cards"
        total = sum(view.limits[me])
        # the cards by worth, best first, each onto the pile worth least so far
        order = sorted(range(len(cards)), key=lambda i: -self.card_worth(cards[i], total))
        target = [0] * len(cards)
        sums = [0.0] * piles
        for n, i in enumerate(order):
            pile = n if n < piles else min(range(piles), key=lambda p: sums[p])
            target[i] = pile
            sums[pile] += self.card_worth(cards[i], total)
        for i, pile in enumerate(target):
            if draft[i] != pile:
                return PutCard(i, pile)
        return Confirm() if Confirm() in legal else legal[0]

    # -- playing cards ---------------------------------------------------------------------
    def value(self, view: Seen, action: Action, me: int) -> float:
        cubes = view.cubes
        before = worth(cubes, me)
        if isinstance(action, Reroll):
            return 0.1 if action.again else 0.0
        if isinstance(action, (PlaceBridge, PlayBridge)):
            bonus = 0.3 if isinstance(action, PlayBridge) else 0.0
            return 0.2 * (cubes[action.a][me] + cubes[action.b][me]) + bonus
        if isinstance(action, PlayDistrict):
            after = with_cube(cubes, action.target, me, 1)
            if action.source is not None:
                after[action.source][me] -= 1
            return worth(after, me) - before + 0.5
        if isinstance(action, PlayTransfer):
            after = with_cube(cubes, action.district, me, 1)
            after[action.district][action.colour] -= 1
            if action.source is not None:
                after[action.source][me] -= 1
            return worth(after, me) - before + 0.5
        if isinstance(action, PlayBanish):
            return self._banish_worth(cubes, action.district, me)
        if isinstance(action, PickBanished):
            after = [list(row) for row in cubes]
            assert view.banish is not None, "a banishment's pick comes with its roll"
            d = view.banish.district
            for colour, k in enumerate(action.counts):
                after[d][colour] -= k
            return worth(after, me) - before
        if isinstance(action, PlayDoge):
            d = action.district
            district = DISTRICTS[d]
            scores = district_scores(dict(enumerate(cubes[d])), district.high, district.low)
            mine = scores.get(me, 0)
            rival = max((p for c, p in scores.items() if c != me), default=0)
            cost = 0.0
            if view.doge is not None:
                bridges = [((a, b), owner) for a, b, owner in view.bridges]
                route = follow(view.doge, action.steps, bridges, me)
                # what is paid to the rivals helps them too; shorter routes first among equals
                cost = route.cost + 0.5 * sum(n for _, n in route.paid) + 0.01 * len(route.path)
            return mine - 0.5 * rival - cost
        if isinstance(action, Decline):
            return 0.0
        return 0.0

    def _banish_worth(self, cubes: Sequence[Sequence[int]], d: int, me: int) -> float:
        """The expected change of worth over the six rolls, removing the strongest rival's cubes."""
        foreign = sum(n for c, n in enumerate(cubes[d]) if c != me)
        total = 0.0
        for roll in range(1, 7):
            lost_foreign, lost_own = banishment_losses(roll, foreign, cubes[d][me])
            after = [list(row) for row in cubes]
            after[d][me] -= lost_own
            for _ in range(lost_foreign):
                rival = max((c for c in range(len(after[d])) if c != me), key=lambda c: after[d][c])
                after[d][rival] -= 1
            total += worth(after, me)
        return total / 6 - worth(cubes, me)
