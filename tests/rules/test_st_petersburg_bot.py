"""The St. Petersburg SmartBot values every action exactly as its plain version did.

The bot keeps parts of its figures in caches (bot.py's docstring says which) so that headless
games run fast. `PlainEvaluator` below is the evaluator as it was before the caches: straight
from the view, every figure recomputed. The fast bot must give every legal action the very same
float and so make the very same choice, in ordinary positions and in odd ones (a share of random
moves mixed in reaches Observatory draws, trading cards, the Pub, full hands).
"""

from __future__ import annotations

import math
import random

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.st_petersburg import bot as fast
from boardgames_tui.rules.st_petersburg.actions import (
    Buy,
    ObservatoryBuy,
    ObservatoryDiscard,
    ObservatoryToHand,
    Pass,
    Play,
    PubBuy,
    TakeToHand,
    UseObservatory,
)
from boardgames_tui.rules.st_petersburg.data import (
    CARDS,
    DECKS,
    FACE,
    PHASE_OF_FACE,
    PHASES,
    aristocrat_bonus,
    full_deck,
)
from boardgames_tui.rules.st_petersburg.view import StPetersburgView

GAME = registry.get("st_petersburg")
_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
_DEAL_RATE = {2: 3.3, 3: 3.8, 4: 4.0}
_DECK_CARDS = {deck: full_deck(deck) for deck in DECKS}


def _bonus(kinds: float) -> float:
    lo = int(kinds)
    frac = kinds - lo
    if lo >= 10:
        return float(aristocrat_bonus(10))
    return aristocrat_bonus(lo) + frac * (aristocrat_bonus(lo + 1) - aristocrat_bonus(lo))


class PlainEvaluator:
    """The reference: SmartBot's evaluation with nothing cached."""

    def __init__(self, view: StPetersburgView):
        self.view = view
        self.me = view.viewer
        self.n = len(view.players)
        me = view.players[self.me]
        self.rubles = me.rubles or 0
        self.hand = me.hand or ()
        self.hand_limit = me.hand_limit
        self.area = [entry.card for entry in me.play_area]
        self.phase_index = _PHASE_INDEX[view.phase]
        self.scored = view.step == "pub"
        self.rounds_left = self._rounds_left()
        self.final = self.rounds_left == 0
        self.k_now = 0.12 if self.final else (0.55 if self.rounds_left == 1 else 0.9)
        self.k_end = 0.45 if "pub" in self.area else 0.1
        self.kinds = len({k for k in self.area if FACE[k] == "orange"})

    def _rounds_left(self) -> int:
        if self.view.final_round:
            return 0
        rate = _DEAL_RATE.get(self.n, 6.0)
        stacks = self.view.stacks
        pending = {
            "building": self.phase_index < 1,
            "aristocrat": self.phase_index < 2,
            "trading": self.phase_index < 3,
            "worker": False,
        }
        best = 99
        for deck in DECKS:
            left = stacks.left(deck)
            if pending[deck]:
                if left <= rate:
                    return 0
                left -= rate
            best = min(best, math.ceil(left / rate) if left > 0 else 0)
        return best

    def scorings(self, face: str) -> int:
        idx = _PHASE_INDEX[PHASE_OF_FACE[face]]
        this_round = 1 if (idx > self.phase_index or (idx == self.phase_index and not self.scored)) else 0
        return this_round + self.rounds_left

    def money_value(self, rubles_per_scoring: float, scorings: int) -> float:
        if scorings <= 0:
            return 0.0
        later = scorings - 1
        return rubles_per_scoring * (later * self.k_now + self.k_end if later else self.k_end)

    def income_value(self, key: str, area: list[str]) -> float:
        card = CARDS[key]
        s = self.scorings(card.face)
        rubles = card.rubles
        if key == "mariinskij_theater":
            rubles = sum(1 for k in area if FACE[k] == "orange") + 0.5 * self.rounds_left
        elif key == "tax_man":
            rubles = sum(1 for k in area if FACE[k] == "green") + 0.5 * self.rounds_left
            if self.view.options.taxman_phase == "worker":
                s = self.scorings("green")
        value = card.points * s + self.money_value(rubles, s)
        if key == "pub":
            value += 1.5 + 1.0 * min(self.rounds_left, 3) if s else 0
        elif key in ("carpenter_workshop", "gold_smelter"):
            value += 0.5 * (1 + self.rounds_left) * 1.2
        elif key == "warehouse":
            value += 0.3
        elif key == "potjomkins_village":
            value += 1.2 if self.rounds_left else 0
        return value

    def variety_gain(self, key: str, replace: str | None) -> float:
        if FACE[key] != "orange":
            return 0.0
        after = self.kinds
        if key not in self.area:
            after += 1
        if replace is not None and FACE[replace] == "orange" and self.area.count(replace) == 1:
            after -= 1
        if after == self.kinds:
            return 0.0
        future = min(self.rounds_left, 3) * 0.8
        return _bonus(min(after + future, 10)) - _bonus(min(self.kinds + future, 10))

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
        if "tax_man" in area and FACE[key] == "green" and replace is None:
            pays_with = "green" if self.view.options.taxman_phase == "worker" else "orange"
            gain += self.money_value(1, self.scorings(pays_with))
        if "mariinskij_theater" in area and FACE[key] == "orange" and replace is None:
            gain += self.money_value(1, self.scorings("blue"))
        return gain - self.k_now * price

    def hand_value(self, key: str) -> float:
        if self.final or len(self.hand) >= self.hand_limit - 1:
            return -1.0
        card = CARDS[key]
        if card.is_trading and not any(card.can_replace(CARDS[t]) for t in self.area):
            return -1.0
        income = sum(self.view.players[self.me].income.at(p)[0] for p in ("worker", "building", "aristocrat"))
        if card.price > self.rubles + income:
            return -1.0
        play = self.buy_value(key, card.price, None if not card.is_trading else self.best_target(key))
        return 0.3 * play - 3.0

    def best_target(self, key: str) -> str | None:
        card = CARDS[key]
        targets = [t for t in self.area if card.can_replace(CARDS[t])]
        if not targets:
            return None
        return max(targets, key=lambda t: CARDS[t].displacement_value - self.income_value(t, self.area))

    def observatory_value(self, deck: str) -> float:
        total = 0.0
        for key in _DECK_CARDS[deck]:
            card = CARDS[key]
            best = 0.0
            if card.is_trading:
                target = self.best_target(key)
                if target is not None:
                    price = max(1, card.price - CARDS[target].displacement_value)
                    if price <= self.rubles:
                        best = max(best, self.buy_value(key, price, target))
            elif card.price <= self.rubles:
                best = max(best, self.buy_value(key, card.price, None))
            total += best
        return total / len(_DECK_CARDS[deck]) - 1.0

    def value(self, action) -> float:
        kind = type(action)
        if kind is Pass or kind is ObservatoryDiscard:
            return 0.0
        if kind in (Buy, Play, ObservatoryBuy):
            v = self.buy_value(action.card, action.price, action.replace)
            if kind is Play:
                v += 5.0 if self.final else 1.0
            return v
        if kind in (TakeToHand, ObservatoryToHand):
            return self.hand_value(action.card)
        if kind is UseObservatory:
            return -1.0 if self.rubles < 6 else self.observatory_value(action.stack)
        if kind is PubBuy:
            reserve = 0 if self.final else 8 + 6 * min(self.rounds_left, 2)
            if self.rubles - action.price < reserve:
                return -1.0 - action.points
            return action.points * (1.0 - 2 * self.k_now)
        return 0.0


def plain_choose(view, legal, rng):
    evaluator = PlainEvaluator(view)
    best, best_value = None, -math.inf
    for action in legal:
        value = evaluator.value(action) + rng.random() * 1e-6
        if value > best_value:
            best, best_value = action, value
    return best


def positions(players: int, options: dict, games: int, seed: int):
    """(view, legal) at every decision of seeded games played mostly by the reference bot."""
    for g in range(games):
        state = GAME.new([Seat(f"P{i}", "smart") for i in range(players)], seed + g, options=options)
        rng = random.Random(seed + g)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            yield view, legal
            if rng.random() < 0.25:  # odd positions too: what the bot would never do
                action = legal[rng.randrange(len(legal))]
            else:
                action = plain_choose(view, legal, rng)
            state.apply(seat, action)


CASES = [(2, {}), (3, {}), (4, {}), (4, {"taxman_phase": "worker"}), (3, {"open_money": "on"})]


@pytest.mark.parametrize("players,options", CASES)
def test_every_action_has_the_plain_value(players, options):
    kinds = set()
    for view, legal in positions(players, options, games=3, seed=40):
        plain = PlainEvaluator(view)
        decision = fast._Decision(view)
        for action in legal:
            assert decision.value(action) == plain.value(action), action
            kinds.add(type(action))
    assert {Buy, TakeToHand, Pass, PubBuy} <= kinds


def test_the_bot_view_holds_all_the_values_read():
    # Bots are given bot_view, the part of the view they read: every value must be the view's.
    bot = fast.SmartBot()
    for players, options in CASES:
        state = GAME.new([Seat(f"P{i}") for i in range(players)], 60, options=options)
        rng = random.Random(60)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            part, whole = state.bot_view(seat), state.view(seat)
            assert [fast._Decision(part).value(a) for a in legal] == [
                fast._Decision(whole).value(a) for a in legal
            ]
            odd = rng.random() < 0.25
            state.apply(seat, legal[rng.randrange(len(legal))] if odd else bot.choose(part, legal, rng))


@pytest.mark.parametrize("players,options", CASES[:3])
def test_choices_are_the_plain_ones(players, options):
    bot = fast.SmartBot()
    for i, (view, legal) in enumerate(positions(players, options, games=3, seed=70)):
        mine, theirs = random.Random(i), random.Random(i)
        assert bot.choose(view, legal, mine) == plain_choose(view, legal, theirs)
        assert mine.getstate() == theirs.getstate()  # one draw per action, as before


def test_choices_survive_the_caches_being_emptied(monkeypatch):
    # A tiny bound empties the caches every few decisions: the figures must not depend on them.
    monkeypatch.setattr(fast, "_CACHE_LIMIT", 3)
    for cache in ("_areas", "_stages", "_situations"):
        monkeypatch.setattr(fast, cache, {})
    bot = fast.SmartBot()
    for i, (view, legal) in enumerate(positions(4, {}, games=2, seed=90)):
        assert bot.choose(view, legal, random.Random(i)) == plain_choose(view, legal, random.Random(i))
    assert max(len(fast._areas), len(fast._stages), len(fast._situations)) <= 3


def test_observatory_actions_are_covered():
    # The Observatory is rare in play; make sure the positions above reach its actions at all.
    seen = set()
    for players, options in CASES:
        for _, legal in positions(players, options, games=3, seed=40):
            seen.update(type(a) for a in legal)
    assert {UseObservatory, ObservatoryBuy, ObservatoryToHand, ObservatoryDiscard} <= seen
