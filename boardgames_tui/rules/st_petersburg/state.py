"""St. Petersburg (1st edition): the game state and every rule (shared/rules/st_petersburg.md).

Layout of the state (all plain lists/dicts, so `snapshot()` and `copy()` are cheap and exact):

* `upper`, `lower`: the display rows as ordered lists of card keys (index 0 = leftmost card of that
  row). New cards are dealt to the left of the upper row: `upper = dealt + upper`. The lower row is
  drawn right-aligned by the UI. Together they hold at most 8 cards.
* `stacks[deck]`: the draw stacks; the top card is the LAST element.
* per seat: `rubles`, `points`, `hands` (lists), `areas` (play areas, in the order acquired; a trading
  card takes the place of the card it replaces), `obs_used` (how many of the seat's Observatories
  are turned sideways this round; the view marks the first that many Observatories as used).
* `step`: "actions" (phase action loop), "observatory" (the active seat decides about `obs_card`),
  "pub" (the seat `pub_queue[0]` decides), "over".

Order of `legal_actions` for a player in the action loop: Buy (upper row left to right, then lower
row left to right; a trading card gets one Buy per distinct replaceable card, in play-area order),
TakeToHand (upper, then lower), Play (hand cards in hand order, duplicates once), UseObservatory
(worker, building, aristocrat, trading stack), Pass last. After an Observatory draw: ObservatoryBuy
(per target), ObservatoryToHand, ObservatoryDiscard. At the Pub: PubBuy with 0, 1, 2, ... points.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeGuard

from ..core import Action, Event, Game, IllegalAction, Seat, StandingRow, Standings, rank_rows
from ..steps import StepState
from . import OPTIONS
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
from .data import (
    CARDS,
    DECKS,
    DISPLACEMENT,
    DISPLAY_SIZE,
    FACE,
    HAND_LIMIT,
    HAND_PENALTY,
    INCOME,
    IS_TRADING,
    NEXT_DEAL,
    NEXT_PHASE,
    PHASES,
    PRICE,
    PUB_POINTS_PER_PUB,
    PUB_PRICE_PER_POINT,
    ROWS,
    START_RUBLES,
    TARGETS,
    WAREHOUSE_HAND_LIMIT,
    WORKER_OF_ICON,
    aristocrat_bonus,
    card_name,
    full_deck,
)
from .hidden import deal_unseen, guess_rubles, opening_rubles, unseen_by_deck
from .view import (
    BotPlayer,
    Income,
    Options,
    PlayAreaCard,
    Prices,
    Pub,
    Stacks,
    StPetersburgBotView,
    StPetersburgPlayer,
    StPetersburgView,
)

GROUP_TITLE = {
    "worker": "Workers",
    "building": "Buildings",
    "aristocrat": "Aristocrats",
    "trading": "Trading cards",
}


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


@functools.lru_cache(maxsize=8192)
def _area_incomes(
    area: tuple[str, ...], obs_used: int, taxman_worker: bool
) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """((₽, ★) at worker, building, aristocrat scoring) for a play area (§5.8); a pure function."""
    rubles = [0, 0, 0]  # green, blue, orange
    points = [0, 0, 0]
    for key in area:
        face, r, p = INCOME[key]
        rubles[face] += r
        points[face] += p
    if obs_used and "observatory" in area:
        points[1] -= min(obs_used, area.count("observatory"))
    if "mariinskij_theater" in area:
        rubles[1] += sum(1 for key in area if FACE[key] == "orange")
    if "tax_man" in area:
        rubles[0 if taxman_worker else 2] += sum(1 for key in area if FACE[key] == "green")
    return (rubles[0], points[0]), (rubles[1], points[1]), (rubles[2], points[2])


def _list_names(keys: Iterable[str]) -> str:
    return ", ".join(card_name(k) for k in keys)


def card_price(card: str, area: Sequence[str], lower: bool = False, replace: str | None = None) -> int:
    """What the owner of play area `area` pays for `card` (§5.1), with the 1 ₽ floor. Play areas
    are public, so a screen may ask this too (e.g. to name the price of a card in a hand)."""
    price = PRICE[card] - area.count(card)
    if lower:
        price -= 1
    face = FACE[card]
    if face == "blue":
        if "carpenter_workshop" in area:
            price -= 1
    elif face == "orange":
        if "gold_smelter" in area:
            price -= 1
    if replace is not None:
        price -= DISPLACEMENT[replace]
    return price if price > 1 else 1


# What the rules derive from a play area (prices, incomes, the view's entries) is kept in _Area
# objects, and the actions and log lines made again and again are kept too: making a frozen
# dataclass costs many times a lookup. The caches are module-wide and keyed by content, never by a
# state: tests and the UI set a state's lists directly, so a cache that relied on `apply` to report
# every change could go stale. A state only remembers which _Areas it used last
# (StPetersburgState._known) and checks them against its lists before each use. Nothing cached is
# part of a state: copy(), snapshot() and equality never see it. Each cache has a bound, so that a
# long-lived process (the app) does not grow; emptying one costs only the work of filling it again.
# The entries of a view that depend on a play area only (its cards, its income) are frozen and
# shared by every view of that area: building them afresh for every player at every decision was
# most of the cost of a view.


class _Memo(dict[Any, Any]):
    """A dict that fills itself: a missing key is made by `make(key)` and kept; at `limit` keys
    it starts afresh."""

    __slots__ = ("make", "limit")
    make: Callable[[Any], Any]
    limit: int

    def __missing__(self, key: Any) -> Any:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.make(key)
        return value


def _memo(make: Callable[[Any], Any], limit: int) -> Any:
    memo = _Memo()
    memo.make = make
    memo.limit = limit
    return memo


# cards whose offers an _Area keeps (a display shows a few dozen kinds in a game)
_OFFERS_LIMIT = 256
# card -> the view's entry for it in a play area, not turned / turned (an Observatory)
_UNTURNED: dict[str, PlayAreaCard] = _memo(lambda card: PlayAreaCard(card=card, used=False), 256)
_TURNED: dict[str, PlayAreaCard] = _memo(lambda card: PlayAreaCard(card=card, used=True), 256)


class _Area:
    """What the rules read off one play area with `used` of its Observatories turned this round.

    An area changes only when its owner buys or plays a card, while the view reads every area
    and the legal actions read the mover's at every decision; so this is worked out once per area
    (see _AREAS), with the arithmetic of the plain methods of the state (`targets`, `price`,
    `cell_price`, `incomes`, `hand_limit`); tests/rules/test_st_petersburg_speed.py checks the
    results against the implementation from before the caches.
    """

    __slots__ = (
        "cards",
        "same",
        "used",
        "counts",
        "face_off",
        "hand_limit",
        "obs_free",
        "play_area",
        "offers",
        "incomes",
    )

    def __init__(self, cards: tuple[str, ...], used: int):
        self.cards = cards
        self.same = list(cards)  # what a state compares its list with; never handed out
        self.used = used
        counts: dict[str, int] = {}
        for key in cards:
            counts[key] = counts.get(key, 0) + 1
        self.counts = counts
        self.face_off = {
            "green": 0,
            "blue": 1 if "carpenter_workshop" in counts else 0,
            "orange": 1 if "gold_smelter" in counts else 0,
        }
        self.hand_limit = WAREHOUSE_HAND_LIMIT if "warehouse" in counts else HAND_LIMIT
        self.obs_free = counts.get("observatory", 0) - used
        if used:
            # The first `used` Observatories in area order are the turned ones (a count that is
            # off, as a test may set, turns them all, as the plain loop did).
            entries = []
            left = used
            for key in cards:
                if left and key == "observatory":
                    left -= 1
                    entries.append(_TURNED[key])
                else:
                    entries.append(_UNTURNED[key])
            self.play_area = tuple(entries)
        else:
            self.play_area = tuple(map(_UNTURNED.__getitem__, cards))
        self.offers: dict[str, tuple[Any, ...]] = _memo(self._offers, _OFFERS_LIMIT)
        self.incomes: dict[bool, Income] = {}  # taxman_worker -> the view's income

    def _targets(self, card: str) -> tuple[str, ...]:
        allowed = TARGETS[card]
        found: list[str] = []
        for key in self.cards:
            if key in allowed and key not in found:
                if key == "observatory" and self.counts["observatory"] <= self.used:
                    continue  # every Observatory there is turned sideways this round
                found.append(key)
        return tuple(found)

    def _offers(self, card: str) -> tuple[Any, ...]:
        """(upper, lower, upper price, lower price): `upper` and `lower` give (price, card
        replaced) for each way to buy `card` from that row (or, `upper`, to play it from the
        hand); the prices are the view's, a trading card at its cheapest target, None without."""
        base = PRICE[card] - self.counts.get(card, 0) - self.face_off[FACE[card]]
        if not IS_TRADING[card]:
            return _PLAIN_OFFERS[base]
        targets = self._targets(card)
        if not targets:
            return (), (), None, None
        upper_ways = []
        lower_ways = []
        for target in targets:
            price = base - DISPLACEMENT[target]
            upper_ways.append((price if price > 1 else 1, target))
            lower_ways.append((price - 1 if price > 2 else 1, target))
        price = base - max(DISPLACEMENT[t] for t in targets)
        return tuple(upper_ways), tuple(lower_ways), price if price > 1 else 1, price - 1 if price > 2 else 1

    def income_view(self, taxman_worker: bool) -> Income:
        found = self.incomes.get(taxman_worker)
        if found is None:
            worker, building, aristocrat = _area_incomes(self.cards, self.used, taxman_worker)
            found = Income(worker=worker, building=building, aristocrat=aristocrat)
            self.incomes[taxman_worker] = found
        return found


# _Area.offers of a card that replaces nothing, by its price before the floor and the lower row
_PLAIN_OFFERS: dict[int, tuple[Any, ...]] = _memo(
    lambda base: (((max(base, 1), None),), ((max(base - 1, 1), None),), max(base, 1), max(base - 1, 1)), 256
)
# the stacks of a view by their sizes: they change only with a deal, and a frozen dataclass costs
# many times a lookup to make
_STACKS: dict[tuple[int, int, int, int], Stacks] = _memo(
    lambda key: Stacks(worker=key[0], building=key[1], aristocrat=key[2], trading=key[3]), 1024
)
_OPTION_DEFAULTS = {spec.key: spec.default for spec in OPTIONS}


def _options_view(items: tuple[tuple[str, str], ...]) -> Options:
    """The view's options from a state's: the defaults for those left unset (a state set up by
    hand, as tests do, may lack some); an option not of this game's is none of the view's."""
    chosen = {key: value for key, value in items if key in _OPTION_DEFAULTS}
    return Options(**{**_OPTION_DEFAULTS, **chosen})


# a state's options, as (key, value) pairs in order -> the view's
_OPTIONS: dict[tuple[tuple[str, str], ...], Options] = _memo(_options_view, 64)
# (cards of the area, its Observatories turned) -> _Area; an area seldom recurs from game to game,
# so this mostly serves copies of a state
_AREAS: dict[tuple[tuple[str, ...], int], _Area] = _memo(lambda key: _Area(*key), 512)
# The actions, by their fields in order. A few thousand cover every game.
_BUYS: dict[tuple[Any, ...], Buy] = _memo(lambda key: Buy(*key), 8192)
_PLAYS: dict[tuple[Any, ...], Play] = _memo(lambda key: Play(*key), 1024)
_TAKES: dict[tuple[Any, ...], TakeToHand] = _memo(lambda key: TakeToHand(*key), 1024)

_USE_OBSERVATORY = {deck: UseObservatory(deck) for deck in DECKS}
_PASS = Pass()
# a log line everybody sees -> its Event; the lines of a turn recur all game long and from game
# to game (a scoring's line seldom does: that one is made afresh)
_SAID: dict[str, Event] = _memo(Event, 8192)


class StPetersburgState(StepState):
    # Which cached _Areas this state used last, by seat (see _area), and the events of the move
    # being made (StepState.apply's list). Slots, not attributes: copy() and __getstate__ pass on
    # only __dict__, which is all the state there is, and a search copies states by the thousand.
    __slots__ = ("_known", "_events")
    _known: dict[int, _Area]  # seat -> the _Area last used for that seat's play area

    def __getstate__(self) -> dict[str, Any]:
        return self.__dict__

    def __init__(self, game: Game, seats: tuple[Seat, ...], seed: int, options: dict[str, str]):
        n = self.n = self.begin(game, seats, seed, options)
        self.round = 1
        self.phase = "worker"
        self.step = "actions"
        self.final_round = False
        self.stacks: dict[str, list[str]] = {}
        for deck in DECKS:
            cards = full_deck(deck)
            self.rng.shuffle(cards)
            self.stacks[deck] = cards
        # Start markers: the four phase cards shuffled and dealt round-robin by seat; with 3 players
        # the youngest (an option; random by default) gets the fourth.
        order = list(PHASES)
        self.rng.shuffle(order)
        youngest = -1
        if n == 3:
            choice = self.options.get("youngest", "random")
            youngest = self.rng.randrange(3) if choice == "random" else int(choice) - 1
        holder = {phase: (youngest if (n == 3 and i == 3) else i % n) for i, phase in enumerate(order)}
        self.markers: dict[str, int] = {phase: holder[phase] for phase in PHASES}
        self.rubles = [START_RUBLES] * n
        self.points = [0] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.areas: list[list[str]] = [[] for _ in range(n)]
        self.obs_used = [0] * n
        self.upper: list[str] = []
        self.lower: list[str] = []
        self.discard: list[str] = []
        self.active: int | None = self.markers["worker"]  # None once the game is over
        self.passes = 0
        self.took = False
        self.obs_card: str | None = None
        self.pub_queue: list[int] = []
        stack = self.stacks["worker"]
        self.upper = [stack.pop() for _ in range(2 * n)]

    # ------------------------------------------------------------------ small helpers
    def hand_limit(self, seat: int) -> int:
        return WAREHOUSE_HAND_LIMIT if "warehouse" in self.areas[seat] else HAND_LIMIT

    def price(self, seat: int, card: str, lower: bool = False, replace: str | None = None) -> int:
        """What `seat` pays for `card` (§5.1), with the 1 ₽ floor."""
        return card_price(card, self.areas[seat], lower, replace)

    def targets(self, seat: int, card: str) -> list[str]:
        """The distinct play-area cards a trading card may replace now, in play-area order."""
        allowed = TARGETS[card]
        area = self.areas[seat]
        found: list[str] = []
        for key in area:
            if key in allowed and key not in found:
                if key == "observatory" and area.count("observatory") <= self.obs_used[seat]:
                    continue  # every Observatory there is turned sideways this round
                found.append(key)
        return found

    def income(self, seat: int, phase: str) -> tuple[int, int]:
        """(₽, ★) that `seat` receives when `phase` is scored now (§5.8)."""
        return self.incomes(seat).get(phase, (0, 0))

    def incomes(self, seat: int) -> dict[str, tuple[int, int]]:
        """income() for the worker, building and aristocrat phases."""
        worker, building, aristocrat = _area_incomes(
            tuple(self.areas[seat]), self.obs_used[seat], self.options.get("taxman_phase") == "worker"
        )
        return {"worker": worker, "building": building, "aristocrat": aristocrat}

    def _area(self, seat: int) -> _Area:
        """The cached _Area of `seat`'s play area as it is now."""
        cards = self.areas[seat]
        used = self.obs_used[seat]
        try:
            known = self._known
        except AttributeError:  # a new state, a copy or an unpickled one
            known = self._known = {}
        area: _Area | None = known.get(seat)
        # comparing with the area's own copy of its cards costs less than looking up the tuple
        if area is None or area.used != used or area.same != cards:
            area = known[seat] = _AREAS[tuple(cards), used]
        return area

    def _obs_free(self, seat: int) -> int:
        return self.areas[seat].count("observatory") - self.obs_used[seat]

    def _row(self, row: str) -> list[str]:
        return self.upper if row == "upper" else self.lower

    def _next(self, seat: int | None) -> int:
        assert seat is not None  # only asked while the game is on
        return (seat + 1) % self.n

    # ------------------------------------------------------------------ contract
    def to_move(self) -> tuple[int, ...]:
        if self.step == "over" or self.active is None:
            return ()
        if self.step == "pub":
            return (self.pub_queue[0],)
        return (self.active,)

    def _list_pub(self, seat: int) -> list[Action]:
        most = min(
            PUB_POINTS_PER_PUB * self.areas[seat].count("pub"), self.rubles[seat] // PUB_PRICE_PER_POINT
        )
        return [PubBuy(k, k * PUB_PRICE_PER_POINT) for k in range(most + 1)]

    def _list_observatory(self, seat: int) -> list[Action]:
        money = self.rubles[seat]
        acts: list[Action] = []
        card = self.obs_card
        assert card is not None  # the observatory step always holds the drawn card
        if IS_TRADING[card]:
            for target in self.targets(seat, card):
                price = self.price(seat, card, False, target)
                if price <= money:
                    acts.append(ObservatoryBuy(card, price, target))
        else:
            price = self.price(seat, card)
            if price <= money:
                acts.append(ObservatoryBuy(card, price))
        if len(self.hands[seat]) < self.hand_limit(seat):
            acts.append(ObservatoryToHand(card))
        acts.append(ObservatoryDiscard(card))
        return acts

    def _list_actions(self, seat: int) -> list[Action]:
        """The moves of the phase's action loop, from the mover's _Area; the actions are shared,
        being frozen."""
        money = self.rubles[seat]
        area = self._area(seat)
        offers = area.offers
        upper, lower = self.upper, self.lower
        acts: list[Action] = []
        append = acts.append
        for i, card in enumerate(upper):
            for price, target in offers[card][0]:
                if price <= money:
                    append(_BUYS["upper", i, card, price, target])
        for i, card in enumerate(lower):
            for price, target in offers[card][1]:
                if price <= money:
                    append(_BUYS["lower", i, card, price, target])
        hand = self.hands[seat]
        if len(hand) < area.hand_limit:
            for i, card in enumerate(upper):
                append(_TAKES["upper", i, card])
            for i, card in enumerate(lower):
                append(_TAKES["lower", i, card])
        if hand:
            for card in dict.fromkeys(hand):  # a card held twice is one choice
                for price, target in offers[card][0]:
                    if price <= money:
                        append(_PLAYS[card, price, target])
        if self.phase == "building" and area.obs_free > 0:
            stacks = self.stacks
            for deck in DECKS:
                if len(stacks[deck]) >= 2:
                    append(_USE_OBSERVATORY[deck])
        append(_PASS)
        return acts

    def is_formality(self, action: Action) -> bool:
        return isinstance(action, Pass) or (isinstance(action, PubBuy) and action.points == 0)

    def forced_in_public(self, seat: int) -> bool:
        # Money decides whether anything can be bought, and the cards in hand whether one can be
        # played: only when both are open (or the hand is empty) can everybody see a forced move.
        if self.options.get("open_money") != "on":
            return False
        return self.step == "pub" or self.options.get("open_hands") == "on" or not self.hands[seat]

    # ------------------------------------------------------------------ validation
    def explain_illegal(self, seat: int, action: Action) -> str:
        # apply refuses exactly what _why_not refuses, so a refusal always has its own reason; the
        # generic line is for a caller that asks about a move apply would take.
        return self._why_not(seat, action) or super().explain_illegal(seat, action)

    def _why_not(self, seat: Any, action: Any) -> str | None:
        """None when `action` is legal for `seat` now, else one plain line saying why not."""
        try:
            return self._check(seat, action)
        except Exception:  # a malformed action we did not foresee: refuse it, never crash
            return "That is not a move in this game."

    def _check(self, seat: Any, action: Any) -> str | None:
        if self.step == "over":
            return "The game is over."
        if not _is_int(seat) or not 0 <= seat < self.n:
            return "There is no such seat."
        if seat not in self.to_move():
            return f"It is not {self.seat_name(seat)}'s turn."
        if not isinstance(action, Action):
            return "That is not a move in this game."
        kind = type(action)
        if kind not in _CHECKS:
            return "That is not a move in this game."
        if self.step == "pub" and kind is not PubBuy:
            return "First decide how many points to buy at the Pub."
        if self.step == "observatory" and kind not in (ObservatoryBuy, ObservatoryToHand, ObservatoryDiscard):
            return f"First decide what to do with the drawn {card_name(self.obs_card)}."
        if self.step == "actions":
            if kind is PubBuy:
                return "The Pub is used only right after the building phase is scored."
            if kind in (ObservatoryBuy, ObservatoryToHand, ObservatoryDiscard):
                return "No card has been drawn with an Observatory."
        return _CHECKS[kind](self, seat, action)

    def _plainly_legal(self, seat: Any, action: Any) -> bool:
        """A quick yes for the moves made most, a pass and a buy from the display: True only where
        _check finds nothing wrong (the buy's price and target as the mover's _Area offers them);
        False sends apply to _check, which gives the reason or finds the move legal after all."""
        kind = type(action)
        if (
            (kind is not Pass and kind is not Buy)
            or self.step != "actions"
            or type(seat) is not int
            or seat != self.active
            or not 0 <= seat < self.n
        ):
            return False
        if kind is Pass:
            return True
        try:
            card, row, index, price, replace = (
                action.card,
                action.row,
                action.index,
                action.price,
                action.replace,
            )
            if type(card) is not str or card not in PRICE:
                return False
            if row == "upper":
                cards, lower = self.upper, 0
            elif row == "lower":
                cards, lower = self.lower, 1
            else:
                return False
            if type(index) is not int or not 0 <= index < len(cards) or cards[index] != card:
                return False
            if type(price) is not int or price > self.rubles[seat]:
                return False
            if replace is not None and type(replace) is not str:
                return False
            return (price, replace) in self._area(seat).offers[card][lower]
        except Exception:  # whatever it is, _check will say
            return False

    def _check_card_field(self, card: Any) -> str | None:
        if not isinstance(card, str) or card not in CARDS:
            return "There is no such card."
        return None

    def _check_cost(
        self, seat: int, card: str, lower: bool, replace: str | None, price: int, verb: str = "buy"
    ) -> str | None:
        """Shared by Buy, Play and ObservatoryBuy: trading target, price field, affordability."""
        name = card_name(card)
        if IS_TRADING[card]:
            if replace is None:
                return self._why_no_target(seat, card, lower)
            if not isinstance(replace, str) or replace not in CARDS:
                return "There is no such card to replace."
            if IS_TRADING[replace]:
                return "A trading card can never replace another trading card."
            if replace not in TARGETS[card]:
                return f"The {name} must replace {CARDS[card].target_description()}."
            if replace not in self.areas[seat]:
                return f"You have no {card_name(replace)} in your play area to replace."
            if replace == "observatory" and self._obs_free(seat) <= 0:
                return "A used Observatory can't be replaced until it is turned back next round."
        elif replace is not None:
            return "Only a trading card replaces another card."
        if not _is_int(price):
            return "That price is not a number."
        cost = self.price(seat, card, lower, replace)
        if price != cost:
            return f"{name} costs {cost} ₽ for you, not {price} ₽."
        if cost > self.rubles[seat]:
            return f"{name} costs {cost} ₽ and you have {self.rubles[seat]} ₽."
        return None

    def _why_no_target(self, seat: int, card: str, lower: bool) -> str:
        """A trading card sent without the card it replaces: the first thing that blocks it (no
        card to replace, or no money even for the cheapest), else that the target is missing."""
        name = card_name(card)
        targets = self.targets(seat, card)
        if not targets:
            area = self.areas[seat]
            if "observatory" in area and "observatory" in TARGETS[card]:
                return "A used Observatory can't be replaced until it is turned back next round."
            face = FACE[card]
            if face == "green":
                what = f"{card_name(WORKER_OF_ICON[CARDS[card].icon])} or Czar and Carpenter"
            else:
                what = "building" if face == "blue" else "aristocrat"
                if any(FACE[key] == face for key in area):  # all of them trading cards
                    return f"Your {what}s are all trading cards: the {name} can't replace one."
            return f"You have no {what} for the {name} to replace."
        cost = min(self.price(seat, card, lower, target) for target in targets)
        if cost > self.rubles[seat]:
            return f"{name} costs {cost} ₽ and you have {self.rubles[seat]} ₽."
        return f"The {name} must replace {CARDS[card].target_description()}."

    def _check_display(self, row: Any, index: Any, card: Any) -> str | None:
        if row not in ROWS:
            return "There is no such row: use the upper or the lower row."
        cards = self._row(row)
        if not _is_int(index) or not 0 <= index < len(cards):
            return f"There is no card at that place in the {row} row."
        if cards[index] != card:
            return f"The card there is {card_name(cards[index])}, not {card_name(card)}."
        return None

    def _check_buy(self, seat: int, a: Buy) -> str | None:
        return (
            self._check_card_field(a.card)
            or self._check_display(a.row, a.index, a.card)
            or self._check_cost(seat, a.card, a.row == "lower", a.replace, a.price)
        )

    def _hand_full(self, seat: int) -> str | None:
        hand = len(self.hands[seat])
        if hand >= self.hand_limit(seat):
            return f"Your hand is full ({hand} cards)."
        return None

    def _check_take(self, seat: int, a: TakeToHand) -> str | None:
        return (
            self._check_card_field(a.card)
            or self._check_display(a.row, a.index, a.card)
            or self._hand_full(seat)
        )

    def _check_play(self, seat: int, a: Play) -> str | None:
        bad = self._check_card_field(a.card)
        if bad:
            return bad
        if a.card not in self.hands[seat]:
            return f"You have no {card_name(a.card)} in your hand."
        return self._check_cost(seat, a.card, False, a.replace, a.price)

    def _check_pass(self, seat: int, a: Pass) -> str | None:
        return None

    def _check_observatory(self, seat: int, a: UseObservatory) -> str | None:
        # Not owning one blocks before the phase does: "only in the building phase" would tell a
        # player without an Observatory to wait for a phase that changes nothing.
        if "observatory" not in self.areas[seat]:
            return "You have no Observatory."
        if self.phase != "building":
            return "The Observatory can only be used in the building phase."
        if self._obs_free(seat) <= 0:
            return "Your Observatory has already been used this round."
        if a.stack not in DECKS:
            return "There is no such stack: choose worker, building, aristocrat or trading."
        if len(self.stacks[a.stack]) < 2:
            return f"The {a.stack} stack has fewer than 2 cards; the Observatory can't draw from it."
        return None

    def _check_obs_card(self, card: Any) -> str | None:
        if card != self.obs_card:
            return f"The drawn card is {card_name(self.obs_card)}, not {card_name(card)}."
        return None

    def _check_obs_buy(self, seat: int, a: ObservatoryBuy) -> str | None:
        return self._check_obs_card(a.card) or self._check_cost(seat, a.card, False, a.replace, a.price)

    def _check_obs_hand(self, seat: int, a: ObservatoryToHand) -> str | None:
        return self._check_obs_card(a.card) or self._hand_full(seat)

    def _check_obs_discard(self, seat: int, a: ObservatoryDiscard) -> str | None:
        return self._check_obs_card(a.card)

    def _check_pub(self, seat: int, a: PubBuy) -> str | None:
        if not _is_int(a.points) or not _is_int(a.price):
            return "That is not a number of points."
        pubs = self.areas[seat].count("pub")
        cap = PUB_POINTS_PER_PUB * pubs
        if a.points < 0:
            return "You can't sell points at the Pub."
        if a.points > cap:
            return f"With {pubs} Pub{'s' if pubs > 1 else ''} you may buy at most {cap} ★ per round."
        cost = a.points * PUB_PRICE_PER_POINT
        if a.price != cost:
            return f"{a.points} ★ at the Pub cost {cost} ₽, not {a.price} ₽."
        if cost > self.rubles[seat]:
            return f"{a.points} ★ at the Pub cost {cost} ₽ and you have {self.rubles[seat]} ₽."
        return None

    # ------------------------------------------------------------------ applying
    def check_turn(self, seat: int, action: Action) -> None:
        # St. Petersburg refuses in its own words (_why_not), the same whether asked or applying;
        # its checks answer without listing every move, and the moves made most pass a quicker test.
        if not self._plainly_legal(seat, action):
            reason = self._why_not(seat, action)
            if reason:
                raise IllegalAction(reason)

    # Each step's moves are made by the method of their kind (_ACT), with the step's list of events.
    def _do_actions(self, seat: int, action: Action) -> None:
        _ACT[type(action)](self, seat, action, self._events)

    def _do_observatory(self, seat: int, action: Action) -> None:
        _ACT[type(action)](self, seat, action, self._events)

    def _do_pub(self, seat: int, action: PubBuy) -> None:
        self._act_pub(seat, action, self._events)

    def _place(self, seat: int, card: str, replace: str | None) -> None:
        area = self.areas[seat]
        if replace is None:
            area.append(card)
            return
        if replace == "observatory":
            # Replace an Observatory that is face up; the used ones stay (obs_used counts them).
            area[area.index("observatory")] = card
        else:
            area[area.index(replace)] = card
        self.discard.append(replace)

    def _act_buy(self, seat: int, a: Buy, events: list[Event]) -> None:
        self._row(a.row).pop(a.index)
        self.rubles[seat] -= a.price
        self._place(seat, a.card, a.replace)
        self.took = True
        extra = f", replacing {card_name(a.replace)}" if a.replace else ""
        events.append(
            _SAID[
                f"{self.seat_name(seat)} bought {card_name(a.card)} from the {a.row} row "
                f"for {a.price} ₽{extra}"
            ]
        )
        self._end_turn(events)

    def _act_take(self, seat: int, a: TakeToHand, events: list[Event]) -> None:
        self._row(a.row).pop(a.index)
        self.hands[seat].append(a.card)
        self.took = True
        events.append(
            _SAID[f"{self.seat_name(seat)} took {card_name(a.card)} from the {a.row} row into their hand"]
        )
        self._end_turn(events)

    def _act_play(self, seat: int, a: Play, events: list[Event]) -> None:
        self.hands[seat].remove(a.card)
        self.rubles[seat] -= a.price
        self._place(seat, a.card, a.replace)
        extra = f", replacing {card_name(a.replace)}" if a.replace else ""
        events.append(
            _SAID[f"{self.seat_name(seat)} played {card_name(a.card)} from their hand for {a.price} ₽{extra}"]
        )
        self._end_turn(events)

    def _act_pass(self, seat: int, a: Pass, events: list[Event]) -> None:
        events.append(_SAID[f"{self.seat_name(seat)} passed"])
        self.passes += 1
        if self.passes >= self.n:
            self._end_phase(events)
        else:
            self.active = self._next(seat)

    def _act_observatory(self, seat: int, a: UseObservatory, events: list[Event]) -> None:
        card = self.stacks[a.stack].pop()
        self.obs_card = card
        self.obs_used[seat] += 1
        self.step = "observatory"
        self.passes = 0
        events.append(
            Event(
                f"{self.seat_name(seat)} used an Observatory on the {a.stack} stack "
                f"and drew {card_name(card)}",
                reveal=True,
            )
        )

    def _obs_done(self, events: list[Event]) -> None:
        self.obs_card = None
        self.step = "actions"
        self._end_turn(events)

    def _act_obs_buy(self, seat: int, a: ObservatoryBuy, events: list[Event]) -> None:
        self.rubles[seat] -= a.price
        self._place(seat, a.card, a.replace)
        extra = f", replacing {card_name(a.replace)}" if a.replace else ""
        events.append(
            _SAID[f"{self.seat_name(seat)} bought the drawn {card_name(a.card)} for {a.price} ₽{extra}"]
        )
        self._obs_done(events)

    def _act_obs_hand(self, seat: int, a: ObservatoryToHand, events: list[Event]) -> None:
        self.hands[seat].append(a.card)
        events.append(_SAID[f"{self.seat_name(seat)} took the drawn {card_name(a.card)} into their hand"])
        self._obs_done(events)

    def _act_obs_discard(self, seat: int, a: ObservatoryDiscard, events: list[Event]) -> None:
        self.discard.append(a.card)
        events.append(_SAID[f"{self.seat_name(seat)} discarded the drawn {card_name(a.card)}"])
        self._obs_done(events)

    def _act_pub(self, seat: int, a: PubBuy, events: list[Event]) -> None:
        self.rubles[seat] -= a.price
        self.points[seat] += a.points
        if a.points:
            events.append(_SAID[f"{self.seat_name(seat)} bought {a.points} ★ at the Pub for {a.price} ₽"])
        else:
            events.append(_SAID[f"{self.seat_name(seat)} bought no points at the Pub"])
        self.pub_queue.pop(0)
        if not self.pub_queue:
            self._refill_and_advance(events)

    # ------------------------------------------------------------------ flow
    def _end_turn(self, events: list[Event]) -> None:
        self.passes = 0
        self.active = self._next(self.active)

    def _end_phase(self, events: list[Event]) -> None:
        phase = self.phase
        if phase == "trading":
            self._end_round(events)
            return
        self._score(phase, events)
        if phase == "building":
            start = self.markers["building"]
            queue = [(start + i) % self.n for i in range(self.n)]
            self.pub_queue = [s for s in queue if "pub" in self.areas[s]]
            if self.pub_queue:
                self.step = "pub"
                self.passes = 0
                names = ", ".join(self.seat_name(s) for s in self.pub_queue)
                events.append(Event(f"Pub: {names} may buy points (2 ₽ each)"))
                return
        self._refill_and_advance(events)

    def _score(self, phase: str, events: list[Event]) -> None:
        parts = []
        for seat in range(self.n):
            rubles, points = self.incomes(seat)[phase]
            self.rubles[seat] += rubles
            self.points[seat] += points
            part = f"{self.seat_name(seat)} +{rubles} ₽"
            if points:
                part += f" +{points} ★"
            parts.append(part)
        events.append(Event(f"{GROUP_TITLE[phase]} pay out: " + ", ".join(parts)))

    def _display_full(self) -> bool:
        return len(self.upper) + len(self.lower) >= DISPLAY_SIZE

    def _deal(self, deck: str, events: list[Event]) -> None:
        """Fill the display to 8 from `deck`; new cards go to the left of the upper row."""
        need = DISPLAY_SIZE - len(self.upper) - len(self.lower)
        stack = self.stacks[deck]
        if need <= 0:
            events.append(_SAID[f"The display is full: no {deck} cards are dealt"])
            return
        if not stack:
            # Unreachable while an emptied stack ends the game after its round, but the log must
            # never be silent about a deal.
            events.append(Event(f"The {deck} stack is empty: no {deck} cards are dealt"))
            return
        dealt = [stack.pop() for _ in range(min(need, len(stack)))]
        self.upper[:0] = dealt
        events.append(Event(f"{GROUP_TITLE[deck]} dealt: {_list_names(dealt)}", reveal=True))
        if not stack:
            self.final_round = True
            events.append(Event(f"The {deck} stack is empty: this is the final round"))

    def _refill_and_advance(self, events: list[Event]) -> None:
        self.step = "actions"
        phase = self.phase
        deck = NEXT_DEAL[phase]
        if self._display_full():
            # Full whoever took what: say so, rather than blame a phase in which nobody took a card.
            events.append(_SAID[f"The display is full: no {deck} cards are dealt"])
        elif not self.took and self.options.get("skip_refill_if_nothing_taken", "on") == "on":
            events.append(_SAID[f"Nobody took a card in the {phase} phase: no {deck} cards are dealt"])
        else:
            self._deal(deck, events)
        self._start_phase(NEXT_PHASE[phase], events)

    def _start_phase(self, phase: str, events: list[Event]) -> None:
        self.phase = phase
        self.active = self.markers[phase]
        self.passes = 0
        self.took = False
        events.append(_SAID[f"Round {self.round}, {phase} phase: {self.seat_name(self.active)} starts"])

    def _end_round(self, events: list[Event]) -> None:
        if self.final_round:
            self.step = "over"
            self.active = None
            rows = self.standings().rows
            best = [r.name for r in rows if r.winner]
            who = " and ".join(best)
            # the final standings show everybody's money: a reveal, so undo never goes back past it
            events.append(
                Event(
                    f"Game over: {who} {'wins' if len(best) == 1 else 'share the win'} "
                    f"with {rows[0].total} ★",
                    reveal=True,
                )
            )
            return
        if self.lower:
            events.append(Event(f"Discarded from the lower row: {_list_names(self.lower)}"))
        self.discard.extend(self.lower)
        self.lower = self.upper
        self.upper = []
        self.round += 1
        self._deal("worker", events)  # always, whatever was taken (§4.6)
        for phase in PHASES:
            self.markers[phase] = (self.markers[phase] + 1) % self.n
        self.obs_used = [0] * self.n
        self._start_phase("worker", events)

    # ------------------------------------------------------------------ secrets, views and scores
    def plant_secrets(self, owner: int | None, mark: Callable[[], Any]) -> None:
        # Secret (spec §4.7): each player's rubles and hand until the end or while that option
        # opens them; the order of the four stacks always. Play areas, the display, the discard
        # pile, hand sizes and a card drawn with an Observatory are public.
        if owner is None:
            for stack in self.stacks.values():
                stack[:] = [mark() for _ in stack]
            return
        if self.step == "over":
            return
        if self.options.get("open_money") != "on":
            self.rubles[owner] = mark()
        if self.options.get("open_hands") != "on":
            self.hands[owner][:] = [mark() for _ in self.hands[owner]]

    def _redeal(self, seat: int, rng: random.Random) -> None:
        # What plant_secrets declares secret is drawn afresh: the stacks' order, and the others'
        # hands and rubles unless an option opens them. Of those places only the sizes are read.
        if self.step == "over":
            return
        n = self.n
        options = self.options
        hidden = [] if options.get("open_hands") == "on" else [s for s in range(n) if s != seat]
        seen: list[list[str]] = [self.upper, self.lower, self.discard, *self.areas]
        seen += [self.hands[s] for s in range(n) if s not in hidden]
        if self.obs_card is not None:
            seen.append([self.obs_card])
        stacks, hands = deal_unseen(
            unseen_by_deck(seen),
            {deck: len(self.stacks[deck]) for deck in DECKS},
            [len(self.hands[s]) for s in hidden],
            rng,
        )
        for deck in DECKS:
            self.stacks[deck][:] = stacks[deck]
        for s, hand in zip(hidden, hands):
            self.hands[s][:] = hand
        if options.get("open_money") == "on":
            return
        # Before the first scoring everybody's money is exact public arithmetic; later it is a guess.
        opening = self.round == 1 and self.phase == "worker"
        own = self.rubles[seat]
        for s in range(n):
            if s != seat:
                self.rubles[s] = opening_rubles(self.areas[s]) if opening else guess_rubles(own, rng)

    def view(self, seat: int | None) -> StPetersburgView:
        """What `seat` may see (None: anybody). Each player's play area and income are shared by
        the views of that area (see _Area), being frozen."""
        n = self.n
        viewer = seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n else None
        options = self.options
        step = self.step
        over = step == "over"
        # The final standings count everybody's money and hand, so the end reveals them to all.
        open_money = options.get("open_money") == "on" or over
        open_hands = options.get("open_hands") == "on" or over
        taxman_worker = options.get("taxman_phase") == "worker"
        # to_move(), inlined
        if over or self.active is None:
            to_move: tuple[int, ...] = ()
        else:
            to_move = (self.pub_queue[0] if step == "pub" else self.active,)
        active = None if over else to_move[0]
        markers = self.markers
        held: list[list[str]] = [[] for _ in range(n)]
        for ph in PHASES:
            held[markers[ph]].append(ph)
        players = tuple(
            self._player_view(s, viewer == s or open_money, viewer == s or open_hands, taxman_worker, held[s])
            for s in range(n)
        )
        upper, lower = self.upper, self.lower
        if active is not None:
            prices = self._prices(active)
        else:
            prices = Prices(upper=(None,) * len(upper), lower=(None,) * len(lower))
        pub = None
        if step == "pub":
            ps = self.pub_queue[0]
            pub = Pub(seat=ps, max_points=PUB_POINTS_PER_PUB * self.areas[ps].count("pub"))
        return StPetersburgView(
            game="st_petersburg",
            viewer=viewer,
            to_move=to_move,
            round=self.round,
            phase=self.phase,
            step=step,
            players=players,
            final_round=self.final_round,
            active=active,
            passes=self.passes,
            markers=dict(markers),
            upper=tuple(upper),
            lower=tuple(lower),
            prices=prices,
            stacks=self._stacks(),
            next_deal=NEXT_DEAL[self.phase],
            discard=tuple(self.discard),
            observatory_card=self.obs_card,
            pub=pub,
            options=_OPTIONS[tuple(options.items())],
        )

    def _stacks(self) -> Stacks:
        stacks = self.stacks
        return _STACKS[
            len(stacks["worker"]), len(stacks["building"]), len(stacks["aristocrat"]), len(stacks["trading"])
        ]

    def _player_view(
        self, s: int, money_shown: bool, hand_shown: bool, taxman_worker: bool, markers: list[str]
    ) -> StPetersburgPlayer:
        """Seat `s`'s entry of a view: its rubles and hand as given, else None."""
        area = self._area(s)
        hand = self.hands[s]
        return StPetersburgPlayer(
            name=self.seats[s].name,
            points=self.points[s],
            rubles=self.rubles[s] if money_shown else None,
            hand=tuple(hand) if hand_shown else None,
            hand_count=len(hand),
            hand_limit=area.hand_limit,
            play_area=area.play_area,
            income=area.incomes.get(taxman_worker) or area.income_view(taxman_worker),
            markers=tuple(markers),
        )

    def bot_view(self, seat: int) -> StPetersburgView | StPetersburgBotView:
        """The part of view(seat) that the bots read (the mover's money, hand and play area, the
        stacks, the stage of the game, the options); the other players' entries are None."""
        if self.step == "over" or seat not in self.to_move():
            return self.view(seat)
        area = self._area(seat)
        taxman_worker = self.options.get("taxman_phase") == "worker"
        me = BotPlayer(
            rubles=self.rubles[seat],
            hand=tuple(self.hands[seat]),
            hand_limit=area.hand_limit,
            play_area=area.play_area,
            income=area.incomes.get(taxman_worker) or area.income_view(taxman_worker),
        )
        return StPetersburgBotView(
            viewer=seat,
            phase=self.phase,
            step=self.step,
            final_round=self.final_round,
            stacks=self._stacks(),
            options=_OPTIONS[tuple(self.options.items())],
            players=tuple([me if s == seat else None for s in range(self.n)]),
        )

    def _prices(self, seat: int) -> Prices:
        """The display prices for `seat` (discounts applied; trading cards: cheapest target)."""
        offers = self._area(seat).offers
        return Prices(
            upper=tuple([offers[card][2] for card in self.upper]),
            lower=tuple([offers[card][3] for card in self.lower]),
        )

    def cell_price(self, seat: int, card: str, lower: bool) -> int | None:
        """The display price of one card for `seat` (the slow, plain version of _prices)."""
        if IS_TRADING[card]:
            targets = self.targets(seat, card)
            if not targets:
                return None
            return min(self.price(seat, card, lower, t) for t in targets)
        return self.price(seat, card, lower)

    def standings(self) -> Standings:
        over = self.step == "over"
        money_known = over or self.options.get("open_money") == "on"
        remainder = self.options.get("tiebreak", "total") == "remainder"
        rows = []
        for s in range(self.n):
            kinds = len({key for key in self.areas[s] if FACE[key] == "orange"})
            breakdown = {
                "track": self.points[s],
                "aristocrats": aristocrat_bonus(kinds),
                "money": self.rubles[s] // 10 if money_known else 0,
                "hand": -HAND_PENALTY * len(self.hands[s]),
            }
            tiebreak = (self.rubles[s] % 10 if remainder else self.rubles[s]) if money_known else 0
            rows.append(StandingRow(s, self.seats[s].name, sum(breakdown.values()), breakdown, tiebreak))
        rows = rank_rows(rows)
        label = "rubles left after conversion (₽ mod 10)" if remainder else "rubles held"
        notes = []
        if not money_known:
            notes.append("Money stays secret until the game ends; it is not counted yet.")
        totals: dict[int, list[StandingRow]] = {}
        for row in rows:
            totals.setdefault(row.total, []).append(row)
        for total, tied in totals.items():
            if len(tied) < 2 or not money_known:
                continue
            names = " and ".join(r.name for r in tied)
            ranks = {r.rank for r in tied}
            if len(ranks) == 1:
                notes.append(f"{names} tie on {total} ★ and on {label}: they share the place.")
            else:
                notes.append(f"{names} tie on {total} ★; {label} decide the order.")
        return Standings(rows, label, " ".join(notes))


_CHECKS: dict[type, Callable[..., str | None]] = {
    Buy: StPetersburgState._check_buy,
    TakeToHand: StPetersburgState._check_take,
    Play: StPetersburgState._check_play,
    Pass: StPetersburgState._check_pass,
    UseObservatory: StPetersburgState._check_observatory,
    ObservatoryBuy: StPetersburgState._check_obs_buy,
    ObservatoryToHand: StPetersburgState._check_obs_hand,
    ObservatoryDiscard: StPetersburgState._check_obs_discard,
    PubBuy: StPetersburgState._check_pub,
}
_ACT: dict[type, Callable[..., None]] = {
    Buy: StPetersburgState._act_buy,
    TakeToHand: StPetersburgState._act_take,
    Play: StPetersburgState._act_play,
    Pass: StPetersburgState._act_pass,
    UseObservatory: StPetersburgState._act_observatory,
    ObservatoryBuy: StPetersburgState._act_obs_buy,
    ObservatoryToHand: StPetersburgState._act_obs_hand,
    ObservatoryDiscard: StPetersburgState._act_obs_discard,
}
