"""Rialto's bot: a greedy player that reads only its bot view.

It drafts rows that deepen the kinds it already holds (a bonus needs the most cards of a kind),
plays a stage only as far as it pays (all its cards of the kind, a Joker or a yellow building more
when that wins the bonus, always at least one Bridge card against the penalty), builds the most
valuable building, and places tiles and councilmen where its district ranks gain most.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ..core import Action, Pass
from .actions import (
    Build,
    Discard,
    PickStart,
    PlaceBridge,
    PlaceGondola,
    Play,
    Recall,
    TakeRow,
    UseBlue,
    UseGreen,
    Wait,
)
from .data import BANKS, BLUE, BRIDGE, CARD_KINDS, GREEN, JOKER, NDISTRICTS, SLOTS
from .reckoning import district_value, effective_count, rank_points, ranking
from .view import BotSees

# What one card of a kind is worth in hand, roughly, and what a count of one and the bonus bring
# in each stage (A Doge … F Councilman), in VP.
CARD_WORTH = (0.8, 0.8, 1.0, 1.1, 0.9, 1.1, 1.4)
COUNT_WORTH = (0.6, 0.7, 1.0, 1.0, 0.9, 1.3)
BONUS_WORTH = (1.0, 0.8, 1.2, 4.0, 4.0, 1.3)
START_PICK = (GREEN, BLUE, 1)  # green 1 (cards), blue 1, yellow 1


def hand_worth(counts: Sequence[int]) -> float:
    """A hand's worth: each card, and more for several of a kind (they win bonuses)."""
    plain = sum(CARD_WORTH[k] * counts[k] for k in range(CARD_KINDS))
    return plain + 0.35 * sum(c * c for c in counts[:JOKER])


def counts_of(cards: Sequence[int]) -> list[int]:
    out = [0] * CARD_KINDS
    for c in cards:
        out[c] += 1
    return out


def seat_of(view: BotSees) -> int:
    """The bot's own seat: a bot is shown its seat's view, never the public one."""
    assert view.viewer is not None
    return view.viewer


def hand_of(view: BotSees) -> tuple[int, ...]:
    assert view.hand is not None
    return view.hand


class SmartBot:
    uses_view = True

    def choose(self, view: BotSees, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        pick = getattr(self, f"_{view.step}", None)
        if pick is None:
            return legal[0]
        chosen: Action = pick(view, legal)
        return chosen

    # -- Phase I -------------------------------------------------------------------------------
    def _start(self, view: BotSees, legal: Sequence[Action]) -> Action:
        for colour in START_PICK:
            for a in legal:
                if isinstance(a, PickStart) and a.colour == colour:
                    return a
        return legal[0]

    def _rows(self, view: BotSees, legal: Sequence[Action]) -> Action:
        hand = view.hand or ()
        return max(
            legal,
            key=lambda a: hand_worth(counts_of(hand + view.rows[a.row])) if isinstance(a, TakeRow) else -1,
        )

    def _green(self, view: BotSees, legal: Sequence[Action]) -> Action:
        over = len(hand_of(view)) - view.players[seat_of(view)].hand_limit
        for a in legal:
            if isinstance(a, UseGreen) and a.value != 2 and a.card is None:
                return a  # three cards beat one chosen from the leftover row
        for a in legal:
            if isinstance(a, UseGreen) and a.value == 2 and over > 0:
                return a
        return next(a for a in legal if isinstance(a, Pass))

    def _discard(self, view: BotSees, legal: Sequence[Action]) -> Action:
        counts = counts_of(hand_of(view))

        def loss(a: Action) -> float:
            assert isinstance(a, Discard)
            less = list(counts)
            less[a.card] -= 1
            return hand_worth(counts) - hand_worth(less)

        return min(legal, key=loss)

    # -- Phase II ------------------------------------------------------------------------------
    def _play(self, view: BotSees, legal: Sequence[Action]) -> Action:
        me = seat_of(view)
        stage = view.current_stage
        assert stage is not None
        counts = view.counts
        rank = {p: i for i, p in enumerate(view.doge.order)}
        still = [p for p in view.turns[1:] if p != me] + [p for p in view.delayed if p != me]
        best_other = max((c for p, c in enumerate(counts) if p != me), default=0)
        leader = max(
            (p for p, c in enumerate(counts) if p != me and c == best_other),
            key=lambda p: -rank[p],
            default=None,
        )

        def wins(count: int) -> bool:
            if count == 0:
                return False
            if count > best_other:
                return True
            return count == best_other and leader is not None and rank[me] < rank[leader]

        def worth(a: Action) -> float:
            if isinstance(a, Wait):
                return 0.5 if still and stage >= 2 else -1.0
            if isinstance(a, Pass):
                return -1.0 if stage == BRIDGE else 0.0
            assert isinstance(a, Play)
            count = effective_count(a.cards, a.jokers, len(a.one), len(a.two), a.extra, False) or 0
            value = COUNT_WORTH[stage] * count
            if wins(count):
                value += BONUS_WORTH[stage] * (0.6 if still else 1.0)
            spent = a.cards * CARD_WORTH[stage] * 0.5 + a.jokers * CARD_WORTH[JOKER] * 0.9
            spent += sum(CARD_WORTH[k] * 0.6 for k in a.one + a.two) + 0.6 * (
                len(a.one) + len(a.two) + a.extra
            )
            return value - spent

        return max(legal, key=worth)

    def _build(self, view: BotSees, legal: Sequence[Action]) -> Action:
        def worth(a: Action) -> float:
            if not isinstance(a, Build):
                return 0.0
            # a value's VP at the end, blue 4's VP every round, greens' cards
            bonus = {BLUE: 0.6, GREEN: 0.5}.get(a.colour, 0.3) * a.value
            cost = a.back_value * 0.8 if a.back_colour >= 0 else 0.0
            return a.value + bonus - cost

        return max(legal, key=worth)

    def _standing(self, view: BotSees, extra: Mapping[int, int] | None = None) -> float:
        """What the districts would pay me now (with `extra` councilmen of mine added)."""
        me = seat_of(view)
        council = [list(row) for row in view.council]
        for d, more in (extra or {}).items():
            council[d][me] += more
        order = view.doge.order
        total = 0.0
        for d in range(NDISTRICTS):
            value = district_value(view.slots, d)
            points = rank_points(max(value, 4), ranking(council[d], order))
            total += points.get(me, 0)
        return total

    def _shares(self, view: BotSees) -> list[float]:
        """How much of a district's value would come to me now, district by district."""
        me = seat_of(view)
        order = view.doge.order
        out = []
        for d in range(NDISTRICTS):
            points = rank_points(64, ranking(view.council[d], order))
            out.append(points.get(me, 0) / 64)
        return out

    def _bridge(self, view: BotSees, legal: Sequence[Action]) -> Action:
        shares = self._shares(view)

        def worth(a: Action) -> float:
            assert isinstance(a, PlaceBridge)
            x, y = a.tile[::-1] if a.swap else a.tile
            d1, d2 = SLOTS[a.slot]
            return x * (shares[d1] + 0.05) + y * (shares[d2] + 0.05)

        return max(legal, key=worth)

    def _gondola(self, view: BotSees, legal: Sequence[Action]) -> Action:
        me = seat_of(view)
        shares = self._shares(view)
        base = self._standing(view)

        def worth(a: Action) -> float:
            assert isinstance(a, PlaceGondola)
            d1, d2 = SLOTS[a.slot]
            value = shares[d1] + shares[d2]
            if a.source < -2:
                return value
            extra = {a.district: 1}
            if a.source >= 0:
                extra[a.source] = -1
            value += self._standing(view, extra) - base
            for b, districts in enumerate(BANKS):
                if view.banks[b] is None and a.district in districts:
                    present = [view.council[d][me] + extra.get(d, 0) > 0 for d in districts]
                    if all(present):
                        value += 5
            return value

        return max(legal, key=worth)

    def _recall(self, view: BotSees, legal: Sequence[Action]) -> Action:
        base = self._standing(view)
        here = view.district

        def worth(a: Action) -> float:
            if not isinstance(a, Recall):
                return 0.0
            return self._standing(view, {a.district: -1, here: 1}) - base

        return max(legal, key=worth)

    def _blue(self, view: BotSees, legal: Sequence[Action]) -> Action:
        def worth(a: Action) -> float:
            if not isinstance(a, UseBlue):
                return 0.0
            if a.value == 1:
                return 1.0 + a.up_value * 0.1
            return 2.0

        return max(legal, key=worth)
