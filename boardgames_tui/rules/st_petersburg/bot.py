"""SmartBot for St. Petersburg: scores every legal action in victory points and picks the best.

It sees only its own view and the legal actions (which carry the prices). The value of a card is
its income over the scorings still to come (rounds left estimated from the stack sizes), with
rubles converted to points at a rate that falls as the end nears, minus the price at today's rate,
plus the gain in the aristocrat bonus, plus a little for the special cards. Passing is worth 0.
"""

from __future__ import annotations

import math
import random
from typing import Sequence

from ..core import Action
from .actions import (Buy, ObservatoryBuy, ObservatoryDiscard, ObservatoryToHand, Pass, Play, PubBuy,
                      TakeToHand, UseObservatory)
from .data import CARDS, DECKS, FACE, PHASES, PHASE_OF_FACE, aristocrat_bonus, full_deck

_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
# Cards a refill deals per round, roughly (how fast the stacks run down), by player count.
_DEAL_RATE = {2: 3.3, 3: 3.8, 4: 4.0}
_DECK_CARDS = {deck: full_deck(deck) for deck in DECKS}


class _Context:
    def __init__(self, view: dict):
        self.view = view
        self.me = view["viewer"]
        self.n = len(view["players"])
        me = view["players"][self.me]
        self.rubles = me["rubles"] or 0
        self.hand = me["hand"] or []
        self.hand_limit = me["hand_limit"]
        self.area = [entry["card"] for entry in me["play_area"]]
        self.phase = view["phase"]
        self.phase_index = _PHASE_INDEX[self.phase]
        self.scored = view["step"] == "pub"  # the building phase has been scored already
        self.rounds_left = self._rounds_left()
        self.final = self.rounds_left == 0
        # what one ruble is worth in points: money can still buy points early on; at the very end
        # only 10 ₽ = 1 ★ is left (or the Pub's 2 ₽ = 1 ★)
        self.k_now = 0.12 if self.final else (0.55 if self.rounds_left == 1 else 0.9)
        self.has_pub = "pub" in self.area
        self.k_end = 0.45 if self.has_pub else 0.1
        self.kinds = len({k for k in self.area if FACE[k] == "orange"})

    def _rounds_left(self) -> int:
        """Full rounds expected after this one."""
        view = self.view
        if view["final_round"]:
            return 0
        rate = _DEAL_RATE.get(self.n, 6.0)
        stacks = view["stacks"]
        pending = {"building": self.phase_index < 1, "aristocrat": self.phase_index < 2,
                   "trading": self.phase_index < 3, "worker": False}
        best = 99
        for deck in DECKS:
            left = stacks[deck]
            if pending[deck]:
                if left <= rate:
                    return 0
                left -= rate
            best = min(best, math.ceil(left / rate) if left > 0 else 0)
        return best

    # -- card values ------------------------------------------------------------------------
    def scorings(self, face: str) -> int:
        """How many more times a card of this face colour, bought now, will be scored."""
        idx = _PHASE_INDEX[PHASE_OF_FACE[face]]
        this_round = 1 if (idx > self.phase_index or (idx == self.phase_index and not self.scored)) else 0
        return this_round + self.rounds_left

    def money_value(self, rubles_per_scoring: float, scorings: int) -> float:
        if scorings <= 0:
            return 0.0
        later = scorings - 1
        return rubles_per_scoring * (later * self.k_now + self.k_end if later else self.k_end)

    def income_value(self, key: str, area: list[str]) -> float:
        """Future value of owning `key` (with play area `area` around it), in points."""
        card = CARDS[key]
        s = self.scorings(card.face)
        rubles = card.rubles
        if key == "mariinskij_theater":
            rubles = sum(1 for k in area if FACE[k] == "orange") + 0.5 * self.rounds_left
        elif key == "tax_man":
            rubles = sum(1 for k in area if FACE[k] == "green") + 0.5 * self.rounds_left
            if self.view["options"].get("taxman_phase") == "worker":
                s = self.scorings("green")
        value = card.points * s + self.money_value(rubles, s)
        if key == "pub":
            value += 1.5 + 1.0 * min(self.rounds_left, 3) if s else 0
        elif key == "carpenter_workshop":
            value += 0.5 * (1 + self.rounds_left) * 1.2
        elif key == "gold_smelter":
            value += 0.5 * (1 + self.rounds_left) * 1.2
        elif key == "warehouse":
            value += 0.3
        elif key == "potjomkins_village":
            value += 1.2 if self.rounds_left else 0
        return value

    def variety_gain(self, key: str, replace: str | None) -> float:
        if FACE[key] != "orange":
            return 0.0
        area = self.area
        kinds = self.kinds
        after = kinds
        if key not in area:
            after += 1
        if replace is not None and FACE[replace] == "orange" and area.count(replace) == 1:
            after -= 1
        if after == kinds:
            return 0.0
        future = min(self.rounds_left, 3) * 0.8
        base = min(kinds + future, 10)
        return _bonus(min(after + future, 10)) - _bonus(base)

    def buy_value(self, key: str, price: int, replace: str | None) -> float:
        area = self.area
        if replace is not None:
            after = list(area)
            after[after.index(replace)] = key
            lost = self.income_value(replace, area)
        else:
            after = area + [key]
            lost = 0.0
        gain = self.income_value(key, after) - lost + self.variety_gain(key, replace)
        # owning more green/orange cards raises a Tax Man/Mariinskij already owned
        if "tax_man" in area and FACE[key] == "green" and replace is None:
            pays_with = "green" if self.view["options"].get("taxman_phase") == "worker" else "orange"
            gain += self.money_value(1, self.scorings(pays_with))
        if "mariinskij_theater" in area and FACE[key] == "orange" and replace is None:
            gain += self.money_value(1, self.scorings("blue"))
        return gain - self.k_now * price

    def hand_value(self, key: str) -> float:
        """Worth of taking a card into the hand to play it later."""
        if self.final or len(self.hand) >= self.hand_limit - 1:
            return -1.0
        card = CARDS[key]
        if card.is_trading and not any(CARDS[key].can_replace(CARDS[t]) for t in self.area):
            return -1.0
        income = sum(self.view["players"][self.me]["income"][p][0] for p in ("worker", "building", "aristocrat"))
        if card.price > self.rubles + income:
            return -1.0
        play = self.buy_value(key, card.price, None if not card.is_trading else self._best_target(key))
        return 0.3 * play - 3.0

    def _best_target(self, key: str) -> str | None:
        card = CARDS[key]
        targets = [t for t in self.area if card.can_replace(CARDS[t])]
        if not targets:
            return None
        return max(targets, key=lambda t: CARDS[t].displacement_value - self.income_value(t, self.area))

    def observatory_value(self, deck: str) -> float:
        """Expected gain of drawing from `deck`, minus the point the Observatory gives up."""
        cards = _DECK_CARDS[deck]
        total = 0.0
        for key in cards:
            card = CARDS[key]
            best = 0.0
            if card.is_trading:
                target = self._best_target(key)
                if target is not None:
                    price = max(1, card.price - CARDS[target].displacement_value)
                    if price <= self.rubles:
                        best = max(best, self.buy_value(key, price, target))
            elif card.price <= self.rubles:
                best = max(best, self.buy_value(key, card.price, None))
            total += best
        return total / len(cards) - 1.0

    def value(self, action: Action) -> float:
        kind = type(action)
        if kind is Pass:
            return 0.0
        if kind is Buy or kind is Play or kind is ObservatoryBuy:
            v = self.buy_value(action.card, action.price, action.replace)
            if kind is Play:
                v += 5.0 if self.final else 1.0  # a card left in hand costs 5 ★ at the end
            return v
        if kind is TakeToHand or kind is ObservatoryToHand:
            return self.hand_value(action.card)
        if kind is ObservatoryDiscard:
            return 0.0
        if kind is UseObservatory:
            if self.rubles < 6:
                return -1.0
            return self.observatory_value(action.stack)
        if kind is PubBuy:
            reserve = 0 if self.final else 8 + 6 * min(self.rounds_left, 2)
            spare = self.rubles - action.price
            if spare < reserve:
                return -1.0 - action.points
            return action.points * (1.0 - 2 * self.k_now)
        return 0.0


def _bonus(kinds: float) -> float:
    lo = int(kinds)
    frac = kinds - lo
    if lo >= 10:
        return float(aristocrat_bonus(10))
    return aristocrat_bonus(lo) + frac * (aristocrat_bonus(lo + 1) - aristocrat_bonus(lo))


class SmartBot:
    """A greedy evaluator: values each legal action in victory points and takes the best one."""

    uses_view = True

    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
        ctx = _Context(view)
        best = None
        best_value = -math.inf
        for action in legal:
            value = ctx.value(action) + rng.random() * 1e-6
            if value > best_value:
                best, best_value = action, value
        return best
