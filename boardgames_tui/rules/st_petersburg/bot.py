"""SmartBot for St. Petersburg: scores every legal action in victory points and picks the best.

It sees only its own view and the legal actions (which carry the prices). The value of a card is
its income over the scorings still to come (rounds left estimated from the stack sizes), with
rubles converted to points at a rate that falls as the end nears, minus the price at today's rate,
plus the gain in the aristocrat bonus, plus a little for the special cards. Passing is worth 0.

Speed (it runs a few hundred times per headless game): what a card is worth splits into parts
that depend on little, each kept in a small module-wide cache —

* a `_Stage`: where the game stands for the bot (phase, building phase scored yet, rounds left,
  Pub owned, the Tax Man option). It holds each card's income value; there are a few dozen.
* an `_Area`: the counts of a play area that the values read (aristocrat kinds, green and orange
  cards, Tax Man or Mariinskij owned). It stays the same from one decision to the next until the
  player buys something.
* a `_Situation` (area and stage together) only for what needs both: which card a trading card
  would replace, and what an Observatory draw is worth.

Every figure is computed with the same arithmetic in the same order as the plain version (kept in
tests/rules/test_st_petersburg_bot.py), so the bot's choices are the same to the bit.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ..core import Action
from .actions import (
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
from .data import CARDS, DECKS, FACE, PHASE_OF_FACE, PHASES, PRICE, TARGETS, aristocrat_bonus, full_deck
from .view import BotPlayer, StPetersburgBotView, StPetersburgPlayer, StPetersburgView

_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
_FACE_PHASE_INDEX = {face: _PHASE_INDEX[phase] for face, phase in PHASE_OF_FACE.items()}
# Cards a refill deals per round, roughly (how fast the stacks run down), by player count.
_DEAL_RATE = {2: 3.3, 3: 3.8, 4: 4.0}
_DECK_CARDS = {deck: full_deck(deck) for deck in DECKS}
# each deck's kinds of card in deck order, with the number of copies
_DECK_KINDS = {
    deck: tuple((key, cards.count(key)) for key in dict.fromkeys(cards))
    for deck, cards in _DECK_CARDS.items()
}
# Which stacks are still dealt from this round, by phase index (the worker stack only next round).
_PENDING = [
    tuple((deck, deck != "worker" and i < DECKS.index(deck)) for deck in DECKS) for i in range(len(PHASES))
]
# What each trading card may replace: CARDS[key].can_replace as a set.
_REPLACES = {key: frozenset(targets) for key, targets in TARGETS.items()}
# The only cards whose income depends on the rest of the play area.
_NEIGHBOUR_COUNTED = ("mariinskij_theater", "tax_man")
# Cards that are bought outright (never trading) whose worth does not depend on the area they join
# (no aristocrat variety, not counted by their neighbours): gain() of these is income_value(key, 0),
# plus the Tax Man's raise for a green one.
_PLAIN_GAIN = tuple(
    key
    for key, card in CARDS.items()
    if not card.is_trading and card.face != "orange" and key not in _NEIGHBOUR_COUNTED
)
_GREEN = frozenset(key for key, card in CARDS.items() if card.face == "green")
# A stage lasts a phase and recurs from game to game; an area until its owner buys something.
# The bound keeps a long-lived process, such as the app, from growing.
_CACHE_LIMIT = 4096
_K = TypeVar("_K")
_V = TypeVar("_V")
# What a stage is made from (_Stage's arguments).
_StageKey = tuple[int, bool, int, bool, bool]
# What the view says (see _Decision): phase, final round, players, the four stacks, Pub step, Pub
# owned, Tax Man at workers.
_Seen = tuple[str, bool, int, int, int, int, int, bool, bool, bool]
_stages: dict[_StageKey, _Stage] = {}
_seen_stages: dict[_Seen, _Stage] = {}  # what the view says -> its stage
_areas: dict[tuple[str, ...], _Area] = {}
_situations: dict[tuple[_Area, _Stage], _Situation] = {}


def _cached(cache: dict[_K, _V], key: _K, make: Callable[..., _V], *args: object) -> _V:
    found = cache.get(key)
    if found is None:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        found = cache[key] = make(*args)
    return found


def _count_for(key: str, oranges: int, greens: int) -> int:
    """The count a card's income depends on: orange cards for the Mariinskij, green ones for the
    Tax Man; 0 for every other card, whose income does not depend on its neighbours."""
    if key == "mariinskij_theater":
        return oranges
    if key == "tax_man":
        return greens
    return 0


def _bonus(kinds: float) -> float:
    lo = int(kinds)
    frac = kinds - lo
    if lo >= 10:
        return float(aristocrat_bonus(10))
    return aristocrat_bonus(lo) + frac * (aristocrat_bonus(lo + 1) - aristocrat_bonus(lo))


class _Stage:
    """Where the game stands for the bot: what a card is worth in any play area at that point."""

    def __init__(self, phase_index: int, scored: bool, rounds_left: int, has_pub: bool, taxman_worker: bool):
        self.phase_index = phase_index
        self.scored = scored
        self.rounds_left = rounds_left
        self.taxman_worker = taxman_worker
        self.final = rounds_left == 0
        # what one ruble is worth in points: money can still buy points early on; at the very end
        # only 10 ₽ = 1 ★ is left (or the Pub's 2 ₽ = 1 ★)
        self.k_now = 0.12 if self.final else (0.55 if rounds_left == 1 else 0.9)
        self.k_end = 0.45 if has_pub else 0.1
        self.scorings = {face: self._scorings(face) for face in _FACE_PHASE_INDEX}
        # one more green/orange card raises a Tax Man/Mariinskij already owned by 1 ₽ a scoring
        self.taxman_raise = self.money_value(1, self.scorings["green" if taxman_worker else "orange"])
        self.mariinskij_raise = self.money_value(1, self.scorings["blue"])
        self._income: dict[tuple[str, int], float] = {}
        self._variety: dict[tuple[int, int], float] = {}
        # What buying a card outright adds to any play area, for the cards where that is all there
        # is to gain() but for the Tax Man's raise on a green card: the same figure, kept.
        self.plain = {key: self.income_value(key, 0) for key in _PLAIN_GAIN}

    def _scorings(self, face: str) -> int:
        """How many more times a card of this face colour, bought now, will be scored."""
        idx = _FACE_PHASE_INDEX[face]
        this_round = 1 if (idx > self.phase_index or (idx == self.phase_index and not self.scored)) else 0
        return this_round + self.rounds_left

    def money_value(self, rubles_per_scoring: float, scorings: int) -> float:
        if scorings <= 0:
            return 0.0
        later = scorings - 1
        return rubles_per_scoring * (later * self.k_now + self.k_end if later else self.k_end)

    def income_value(self, key: str, count: int) -> float:
        """Future value of owning `key`, in points; `count` is _count_for of the play area the
        card sits in."""
        found = self._income.get((key, count))
        if found is not None:
            return found
        card = CARDS[key]
        s = self.scorings[card.face]
        rubles: float = card.rubles
        if key == "mariinskij_theater":
            rubles = count + 0.5 * self.rounds_left
        elif key == "tax_man":
            rubles = count + 0.5 * self.rounds_left
            if self.taxman_worker:
                s = self.scorings["green"]
        value = card.points * s + self.money_value(rubles, s)
        if key == "pub":
            value += 1.5 + 1.0 * min(self.rounds_left, 3) if s else 0
        elif key == "carpenter_workshop" or key == "gold_smelter":
            value += 0.5 * (1 + self.rounds_left) * 1.2
        elif key == "warehouse":
            value += 0.3
        elif key == "potjomkins_village":
            value += 1.2 if self.rounds_left else 0
        self._income[(key, count)] = value
        return value

    def variety_gain(self, kinds: int, after: int) -> float:
        """The aristocrat bonus gained by going from `kinds` to `after` kinds of aristocrat."""
        if after == kinds:
            return 0.0
        found = self._variety.get((kinds, after))
        if found is None:
            future = min(self.rounds_left, 3) * 0.8
            base = min(kinds + future, 10)
            found = self._variety[(kinds, after)] = _bonus(min(after + future, 10)) - _bonus(base)
        return found

    def take(self, area: _Area, key: str, target: str | None) -> float:
        """Worth of taking `key` into the hand now to play it later (in place of `target`)."""
        return 0.3 * (self.gain(area, key, target) - self.k_now * CARDS[key].price) - 3.0

    def gain(self, area: _Area, key: str, replace: str | None) -> float:
        """What owning `key` (in place of `replace`) adds to `area`, before its price."""
        if replace is None:
            found = self.plain.get(key)
            if found is not None:
                # all there is to it for these cards (the sum below reduces to this)
                return found + self.taxman_raise if area.has_taxman and key in _GREEN else found
        face = FACE[key]
        oranges, greens = area.oranges, area.greens
        if replace is not None:
            rface = FACE[replace]
            lost = self.income_value(replace, _count_for(replace, oranges, greens))
            oranges -= rface == "orange"
            greens -= rface == "green"
        else:
            lost = 0.0
        if key in _NEIGHBOUR_COUNTED:
            oranges += face == "orange"
            greens += face == "green"
            gain = self.income_value(key, _count_for(key, oranges, greens)) - lost
        else:
            gain = self.income_value(key, 0) - lost
        if face == "orange":
            kinds = area.kinds
            after = kinds
            if key not in area.cards:
                after += 1
            if replace is not None and rface == "orange" and area.cards.count(replace) == 1:
                after -= 1
            gain += self.variety_gain(kinds, after)
            if replace is None and area.has_mariinskij:
                gain += self.mariinskij_raise
        elif face == "green" and replace is None and area.has_taxman:
            gain += self.taxman_raise
        return gain


class _Area:
    """A play area and the counts of it that card values read."""

    def __init__(self, cards: tuple[str, ...]):
        self.cards = cards
        faces = [FACE[k] for k in cards]
        self.oranges = faces.count("orange")
        self.greens = faces.count("green")
        self.kinds = len({k for k in cards if FACE[k] == "orange"})
        self.has_taxman = "tax_man" in cards
        self.has_mariinskij = "mariinskij_theater" in cards
        self.has_pub = "pub" in cards


class _Situation:
    """An area at a stage: the values that need both (trading targets, Observatory draws)."""

    def __init__(self, area: _Area, stage: _Stage):
        self.area = area
        self.stage = stage
        self._targets: dict[str, str | None] = {}
        self._offers: dict[str, list[tuple[int, float, int]]] = {}
        # what owning a card (in place of another) adds here: the same few buys come up decision
        # after decision while neither the area nor the stage changes
        self.gains: dict[tuple[str, str | None], float] = {}
        self.takes: dict[str, float] = {}

    def gain(self, key: str, replace: str | None) -> float:
        found = self.gains.get((key, replace))
        if found is None:
            found = self.gains[(key, replace)] = self.stage.gain(self.area, key, replace)
        return found

    def take(self, key: str) -> float:
        """Worth of taking `key` into the hand to play it later (its price being within reach)."""
        card = CARDS[key]
        value = -1.0
        target = self.best_target(key) if card.is_trading else None
        if target is not None or not card.is_trading:
            value = self.stage.take(self.area, key, target)
        self.takes[key] = value
        return value

    def buy_value(self, key: str, price: int, replace: str | None) -> float:
        return self.gain(key, replace) - self.stage.k_now * price

    def best_target(self, key: str) -> str | None:
        """The card a trading card would best replace, None when it can replace none."""
        if key in self._targets:
            return self._targets[key]
        allowed = _REPLACES[key]
        area = self.area
        targets = [t for t in area.cards if t in allowed]
        best = None
        if targets:
            stage = self.stage
            best = max(
                targets,
                key=lambda t: (
                    CARDS[t].displacement_value
                    - stage.income_value(t, _count_for(t, area.oranges, area.greens))
                ),
            )
        self._targets[key] = best
        return best

    def observatory_value(self, deck: str, rubles: int) -> float:
        """Expected gain of drawing from `deck`, minus the point the Observatory gives up."""
        offers = self._offers.get(deck)
        if offers is None:
            offers = self._offers[deck] = self._deck_offers(deck)
        # A card too dear or worth nothing adds 0.0, which leaves the sum as it is; the others are
        # added one copy at a time, as the plain version did.
        total = 0.0
        for price, value, copies in offers:
            if price <= rubles and value > 0.0:
                for _ in range(copies):
                    total += value
        return total / len(_DECK_CARDS[deck]) - 1.0

    def _deck_offers(self, deck: str) -> list[tuple[int, float, int]]:
        """(price, value, copies) of buying each kind of card of `deck`, in deck order; trading
        cards that can replace nothing are left out."""
        offers = []
        for key, copies in _DECK_KINDS[deck]:
            card = CARDS[key]
            if card.is_trading:
                target = self.best_target(key)
                if target is not None:
                    price = max(1, card.price - CARDS[target].displacement_value)
                    offers.append((price, self.buy_value(key, price, target), copies))
            else:
                offers.append((card.price, self.buy_value(key, card.price, None), copies))
        return offers


def _rounds_left(view: StPetersburgView | StPetersburgBotView, n: int, phase_index: int) -> int:
    """Full rounds expected after this one."""
    if view.final_round:
        return 0
    rate = _DEAL_RATE.get(n, 6.0)
    stacks = view.stacks
    best = 99
    for deck, pending in _PENDING[phase_index]:
        left: float = stacks.left(deck)
        if pending:
            if left <= rate:
                return 0
            left -= rate
        best = min(best, math.ceil(left / rate) if left > 0 else 0)
    return best


def _stage_from(view: StPetersburgView | StPetersburgBotView, seen: _Seen) -> _Stage:
    phase_index = _PHASE_INDEX[seen[0]]
    key: _StageKey = (phase_index, seen[7], _rounds_left(view, seen[2], phase_index), seen[8], seen[9])
    return _cached(_stages, key, _Stage, *key)


class _Decision:
    """One decision: stage and area, plus what changes from one move to the next (money, hand)."""

    def __init__(self, view: StPetersburgView | StPetersburgBotView):
        players = view.players
        viewer = view.viewer
        assert viewer is not None, "a bot decides for a seat"
        me = players[viewer]
        assert me is not None, "a bot's view holds its own entry"
        self.me: StPetersburgPlayer | BotPlayer = me
        self.rubles = me.rubles or 0
        cards = tuple([entry.card for entry in me.play_area])
        self.area = area = _cached(_areas, cards, _Area, cards)
        # everything a stage is made from, read straight off the view: one lookup finds it
        stacks = view.stacks
        seen: _Seen = (
            view.phase,
            view.final_round,
            len(players),
            stacks.worker,
            stacks.building,
            stacks.aristocrat,
            stacks.trading,
            view.step == "pub",
            area.has_pub,
            view.options.taxman_phase == "worker",
        )
        stage = _seen_stages.get(seen)
        if stage is None:
            stage = _cached(_seen_stages, seen, _stage_from, view, seen)
        self.stage = stage
        self.final = stage.final
        self.k_now = stage.k_now
        # a card taken now must still be played, and room left for another
        self.hand_closed = self.final or len(me.hand or ()) >= me.hand_limit - 1
        self._situation: _Situation | None = None
        self._budget: int | None = None

    @property
    def situation(self) -> _Situation:
        if self._situation is None:
            key = (self.area, self.stage)  # both are kept by their caches: identity is content
            found = _situations.get(key)
            if found is None:
                found = _cached(_situations, key, _Situation, self.area, self.stage)
            self._situation = found
        return self._situation

    @property
    def budget(self) -> int:
        """What the player can spend by the next action phase: money now plus the income to come."""
        if self._budget is None:
            income = self.me.income
            self._budget = self.rubles + income.worker[0] + income.building[0] + income.aristocrat[0]
        return self._budget

    def hand_value(self, key: str) -> float:
        """Worth of taking a card into the hand to play it later."""
        if self.hand_closed or PRICE[key] > self.budget:
            return -1.0
        situation = self.situation
        found = situation.takes.get(key)
        return situation.take(key) if found is None else found

    def value(self, action: Any) -> float:
        # `action` is Any: the dispatch is on its exact type, which mypy does not narrow by
        kind = type(action)
        if kind is Buy or kind is Play or kind is ObservatoryBuy:
            # typed here, as the untyped `action` would make the sum Any
            v: float = self.situation.gain(action.card, action.replace) - self.k_now * action.price
            if kind is Play:
                v += 5.0 if self.final else 1.0  # a card left in hand costs 5 ★ at the end
            return v
        if kind is TakeToHand or kind is ObservatoryToHand:
            return self.hand_value(action.card)
        if kind is Pass or kind is ObservatoryDiscard:
            return 0.0
        if kind is UseObservatory:
            if self.rubles < 6:
                return -1.0
            return self.situation.observatory_value(action.stack, self.rubles)
        if kind is PubBuy:
            reserve = 0 if self.final else 8 + 6 * min(self.stage.rounds_left, 2)
            points: int = action.points
            spare = self.rubles - action.price
            if spare < reserve:
                return -1.0 - points
            return points * (1.0 - 2 * self.k_now)
        return 0.0


class SmartBot:
    """A greedy evaluator: values each legal action in victory points and takes the best one."""

    uses_view = True

    def choose(
        self, view: StPetersburgView | StPetersburgBotView, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        actions: Sequence[Any] = legal  # the dispatch below is on exact types (see value)
        decision = _Decision(view)
        value, hand_value = decision.value, decision.hand_value
        gain, area, k_now = decision.stage.gain, decision.area, decision.k_now
        plain, take = decision.stage.plain, decision.stage.take
        budget = -1 if decision.hand_closed else decision.budget  # nothing can be taken at -1
        noise = rng.random
        best: Action | None = None
        best_value = -math.inf
        for action in actions:
            # Buy and Take are most of the list: their values, as value() gives them, without the
            # general dispatch (and a Buy's without the area's situation: most gains need none).
            kind = type(action)
            if kind is Buy:
                v = gain(area, action.card, action.replace) - k_now * action.price
            elif kind is TakeToHand:
                card = action.card
                if PRICE[card] > budget:
                    v = -1.0
                elif card in plain:  # nothing to look up in the area's situation
                    v = take(area, card, None)
                else:
                    v = hand_value(card)
            else:
                v = value(action)
            v += noise() * 1e-6
            if v > best_value:
                best, best_value = action, v
        assert best is not None, "a decision always has a legal action"
        return best
