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

from ..core import Action, Event, IllegalAction, Seat, Standings, StandingRow, State, rank_rows
from .actions import (Buy, ObservatoryBuy, ObservatoryDiscard, ObservatoryToHand, Pass, Play, PubBuy,
                      TakeToHand, UseObservatory)
from .data import (CARDS, DECKS, DISPLACEMENT, DISPLAY_SIZE, FACE, HAND_LIMIT, HAND_PENALTY, INCOME,
                   IS_TRADING, NEXT_DEAL, NEXT_PHASE, PHASES, PRICE, PUB_POINTS_PER_PUB, PUB_PRICE_PER_POINT,
                   START_RUBLES, TARGETS, WAREHOUSE_HAND_LIMIT, WORKER_OF_ICON, aristocrat_bonus, card_name,
                   full_deck)

GROUP_TITLE = {"worker": "Workers", "building": "Buildings", "aristocrat": "Aristocrats", "trading": "Trading cards"}
ROWS = ("upper", "lower")


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@functools.lru_cache(maxsize=8192)
def _area_incomes(area: tuple[str, ...], obs_used: int, taxman_worker: bool):
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


def _list_names(keys) -> str:
    return ", ".join(card_name(k) for k in keys)


def card_price(card: str, area, lower: bool = False, replace: str | None = None) -> int:
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


class StPetersburgState(State):
    def __init__(self, game, seats: tuple[Seat, ...], seed: int, options: dict[str, str]):
        self.game = game
        self.seats = tuple(seats)
        self.options = dict(options)
        self.rng = random.Random(seed)
        n = self.n = len(self.seats)
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
        self.active = self.markers["worker"]
        self.passes = 0
        self.took = False
        self.obs_card: str | None = None
        self.obs_stack: str | None = None
        self.pub_queue: list[int] = []
        stack = self.stacks["worker"]
        self.upper = [stack.pop() for _ in range(2 * n)]

    # ------------------------------------------------------------------ plain data
    def snapshot(self) -> dict:
        return {
            "seats": [s.to_json() for s in self.seats],
            "options": dict(self.options),
            "rng": self.rng.getstate(),
            "round": self.round, "phase": self.phase, "step": self.step,
            "final_round": self.final_round,
            "stacks": {d: list(v) for d, v in self.stacks.items()},
            "markers": dict(self.markers),
            "rubles": list(self.rubles), "points": list(self.points),
            "hands": [list(h) for h in self.hands], "areas": [list(a) for a in self.areas],
            "obs_used": list(self.obs_used),
            "upper": list(self.upper), "lower": list(self.lower), "discard": list(self.discard),
            "active": self.active, "passes": self.passes, "took": self.took,
            "obs_card": self.obs_card, "obs_stack": self.obs_stack,
            "pub_queue": list(self.pub_queue),
        }

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
            tuple(self.areas[seat]), self.obs_used[seat], self.options.get("taxman_phase") == "worker")
        return {"worker": worker, "building": building, "aristocrat": aristocrat}

    def _obs_free(self, seat: int) -> int:
        return self.areas[seat].count("observatory") - self.obs_used[seat]

    def _row(self, row: str) -> list[str]:
        return self.upper if row == "upper" else self.lower

    def _next(self, seat: int) -> int:
        return (seat + 1) % self.n

    # ------------------------------------------------------------------ contract
    def to_move(self) -> tuple[int, ...]:
        if self.step == "over":
            return ()
        if self.step == "pub":
            return (self.pub_queue[0],)
        return (self.active,)

    def is_over(self) -> bool:
        return self.step == "over"

    def legal_actions(self, seat: int) -> list[Action]:
        if self.step == "over" or not _is_int(seat) or seat not in self.to_move():
            return []
        money = self.rubles[seat]
        acts: list[Action] = []
        if self.step == "pub":
            most = min(PUB_POINTS_PER_PUB * self.areas[seat].count("pub"), money // PUB_PRICE_PER_POINT)
            return [PubBuy(k, k * PUB_PRICE_PER_POINT) for k in range(most + 1)]
        room = len(self.hands[seat]) < self.hand_limit(seat)
        if self.step == "observatory":
            card = self.obs_card
            if IS_TRADING[card]:
                for target in self.targets(seat, card):
                    price = self.price(seat, card, False, target)
                    if price <= money:
                        acts.append(ObservatoryBuy(card, price, target))
            else:
                price = self.price(seat, card)
                if price <= money:
                    acts.append(ObservatoryBuy(card, price))
            if room:
                acts.append(ObservatoryToHand(card))
            acts.append(ObservatoryDiscard(card))
            return acts
        # the action loop; prices inlined from price() for speed (the tests check they agree)
        area = self.areas[seat]
        counts: dict[str, int] = {}
        for key in area:
            counts[key] = counts.get(key, 0) + 1
        same = counts.get
        face_off = {"green": 0, "blue": 1 if "carpenter_workshop" in counts else 0,
                    "orange": 1 if "gold_smelter" in counts else 0}
        for row, cards, lower in (("upper", self.upper, 0), ("lower", self.lower, 1)):
            for i, card in enumerate(cards):
                base = PRICE[card] - same(card, 0) - lower - face_off[FACE[card]]
                if IS_TRADING[card]:
                    for target in self.targets(seat, card):
                        price = base - DISPLACEMENT[target]
                        if price < 1:
                            price = 1
                        if price <= money:
                            acts.append(Buy(row, i, card, price, target))
                else:
                    price = base if base > 1 else 1
                    if price <= money:
                        acts.append(Buy(row, i, card, price))
        if room:
            for row, cards in (("upper", self.upper), ("lower", self.lower)):
                for i, card in enumerate(cards):
                    acts.append(TakeToHand(row, i, card))
        seen: list[str] = []
        for card in self.hands[seat]:
            if card in seen:
                continue
            seen.append(card)
            base = PRICE[card] - same(card, 0) - face_off[FACE[card]]
            if IS_TRADING[card]:
                for target in self.targets(seat, card):
                    price = base - DISPLACEMENT[target]
                    if price < 1:
                        price = 1
                    if price <= money:
                        acts.append(Play(card, price, target))
            else:
                price = base if base > 1 else 1
                if price <= money:
                    acts.append(Play(card, price))
        if self.phase == "building" and self._obs_free(seat) > 0:
            for deck in DECKS:
                if len(self.stacks[deck]) >= 2:
                    acts.append(UseObservatory(deck))
        acts.append(Pass())
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
        return self._why_not(seat, action) or "That move is allowed now."

    def _why_not(self, seat, action) -> str | None:
        """None when `action` is legal for `seat` now, else one plain line saying why not."""
        try:
            return self._check(seat, action)
        except Exception:  # a malformed action we did not foresee: refuse it, never crash
            return "That is not a move in this game."

    def _check(self, seat, action) -> str | None:
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

    def _check_card_field(self, card) -> str | None:
        if not isinstance(card, str) or card not in CARDS:
            return "There is no such card."
        return None

    def _check_cost(self, seat, card, lower, replace, price, verb="buy") -> str | None:
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

    def _why_no_target(self, seat, card, lower) -> str:
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

    def _check_display(self, row, index, card) -> str | None:
        if row not in ROWS:
            return "There is no such row: use the upper or the lower row."
        cards = self._row(row)
        if not _is_int(index) or not 0 <= index < len(cards):
            return f"There is no card at that place in the {row} row."
        if cards[index] != card:
            return f"The card there is {card_name(cards[index])}, not {card_name(card)}."
        return None

    def _check_buy(self, seat, a: Buy) -> str | None:
        return (self._check_card_field(a.card) or self._check_display(a.row, a.index, a.card)
                or self._check_cost(seat, a.card, a.row == "lower", a.replace, a.price))

    def _hand_full(self, seat) -> str | None:
        hand = len(self.hands[seat])
        if hand >= self.hand_limit(seat):
            return f"Your hand is full ({hand} cards)."
        return None

    def _check_take(self, seat, a: TakeToHand) -> str | None:
        return (self._check_card_field(a.card) or self._check_display(a.row, a.index, a.card)
                or self._hand_full(seat))

    def _check_play(self, seat, a: Play) -> str | None:
        bad = self._check_card_field(a.card)
        if bad:
            return bad
        if a.card not in self.hands[seat]:
            return f"You have no {card_name(a.card)} in your hand."
        return self._check_cost(seat, a.card, False, a.replace, a.price)

    def _check_pass(self, seat, a: Pass) -> str | None:
        return None

    def _check_observatory(self, seat, a: UseObservatory) -> str | None:
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

    def _check_obs_card(self, card) -> str | None:
        if card != self.obs_card:
            return f"The drawn card is {card_name(self.obs_card)}, not {card_name(card)}."
        return None

    def _check_obs_buy(self, seat, a: ObservatoryBuy) -> str | None:
        return self._check_obs_card(a.card) or self._check_cost(seat, a.card, False, a.replace, a.price)

    def _check_obs_hand(self, seat, a: ObservatoryToHand) -> str | None:
        return self._check_obs_card(a.card) or self._hand_full(seat)

    def _check_obs_discard(self, seat, a: ObservatoryDiscard) -> str | None:
        return self._check_obs_card(a.card)

    def _check_pub(self, seat, a: PubBuy) -> str | None:
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
    def apply(self, seat: int, action: Action) -> list[Event]:
        reason = self._why_not(seat, action)
        if reason:
            raise IllegalAction(reason)
        events: list[Event] = []
        _DO[type(action)](self, seat, action, events)
        return events

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

    def _do_buy(self, seat, a: Buy, events) -> None:
        self._row(a.row).pop(a.index)
        self.rubles[seat] -= a.price
        self._place(seat, a.card, a.replace)
        self.took = True
        extra = f", replacing {card_name(a.replace)}" if a.replace else ""
        events.append(Event(f"{self.seat_name(seat)} bought {card_name(a.card)} from the {a.row} row "
                            f"for {a.price} ₽{extra}"))
        self._end_turn(events)

    def _do_take(self, seat, a: TakeToHand, events) -> None:
        self._row(a.row).pop(a.index)
        self.hands[seat].append(a.card)
        self.took = True
        events.append(Event(f"{self.seat_name(seat)} took {card_name(a.card)} from the {a.row} row "
                            f"into their hand"))
        self._end_turn(events)

    def _do_play(self, seat, a: Play, events) -> None:
        self.hands[seat].remove(a.card)
        self.rubles[seat] -= a.price
        self._place(seat, a.card, a.replace)
        extra = f", replacing {card_name(a.replace)}" if a.replace else ""
        events.append(Event(f"{self.seat_name(seat)} played {card_name(a.card)} from their hand "
                            f"for {a.price} ₽{extra}"))
        self._end_turn(events)

    def _do_pass(self, seat, a: Pass, events) -> None:
        events.append(Event(f"{self.seat_name(seat)} passed"))
        self.passes += 1
        if self.passes >= self.n:
            self._end_phase(events)
        else:
            self.active = self._next(seat)

    def _do_observatory(self, seat, a: UseObservatory, events) -> None:
        card = self.stacks[a.stack].pop()
        self.obs_card = card
        self.obs_stack = a.stack
        self.obs_used[seat] += 1
        self.step = "observatory"
        self.passes = 0
        events.append(Event(f"{self.seat_name(seat)} used an Observatory on the {a.stack} stack "
                            f"and drew {card_name(card)}", reveal=True))

    def _obs_done(self, events) -> None:
        self.obs_card = None
        self.obs_stack = None
        self.step = "actions"
        self._end_turn(events)

    def _do_obs_buy(self, seat, a: ObservatoryBuy, events) -> None:
        self.rubles[seat] -= a.price
        self._place(seat, a.card, a.replace)
        extra = f", replacing {card_name(a.replace)}" if a.replace else ""
        events.append(Event(f"{self.seat_name(seat)} bought the drawn {card_name(a.card)} "
                            f"for {a.price} ₽{extra}"))
        self._obs_done(events)

    def _do_obs_hand(self, seat, a: ObservatoryToHand, events) -> None:
        self.hands[seat].append(a.card)
        events.append(Event(f"{self.seat_name(seat)} took the drawn {card_name(a.card)} into their hand"))
        self._obs_done(events)

    def _do_obs_discard(self, seat, a: ObservatoryDiscard, events) -> None:
        self.discard.append(a.card)
        events.append(Event(f"{self.seat_name(seat)} discarded the drawn {card_name(a.card)}"))
        self._obs_done(events)

    def _do_pub(self, seat, a: PubBuy, events) -> None:
        self.rubles[seat] -= a.price
        self.points[seat] += a.points
        if a.points:
            events.append(Event(f"{self.seat_name(seat)} bought {a.points} ★ at the Pub for {a.price} ₽"))
        else:
            events.append(Event(f"{self.seat_name(seat)} bought no points at the Pub"))
        self.pub_queue.pop(0)
        if not self.pub_queue:
            self._refill_and_advance(events)

    # ------------------------------------------------------------------ flow
    def _end_turn(self, events) -> None:
        self.passes = 0
        self.active = self._next(self.active)

    def _end_phase(self, events) -> None:
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

    def _score(self, phase: str, events) -> None:
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

    def _deal(self, deck: str, events) -> None:
        """Fill the display to 8 from `deck`; new cards go to the left of the upper row."""
        need = DISPLAY_SIZE - len(self.upper) - len(self.lower)
        stack = self.stacks[deck]
        if need <= 0:
            events.append(Event(f"The display is full: no {deck} cards are dealt"))
            return
        dealt = [stack.pop() for _ in range(min(need, len(stack)))]
        self.upper[:0] = dealt
        if dealt:
            events.append(Event(f"{GROUP_TITLE[deck]} dealt: {_list_names(dealt)}", reveal=True))
        if dealt and not stack:
            self.final_round = True
            events.append(Event(f"The {deck} stack is empty: this is the final round"))

    def _refill_and_advance(self, events) -> None:
        self.step = "actions"
        phase = self.phase
        deck = NEXT_DEAL[phase]
        if not self.took and self.options.get("skip_refill_if_nothing_taken", "on") == "on":
            events.append(Event(f"Nobody took a card in the {phase} phase: no {deck} cards are dealt"))
        else:
            self._deal(deck, events)
        self._start_phase(NEXT_PHASE[phase], events)

    def _start_phase(self, phase: str, events) -> None:
        self.phase = phase
        self.active = self.markers[phase]
        self.passes = 0
        self.took = False
        events.append(Event(f"Round {self.round}, {phase} phase: {self.seat_name(self.active)} starts"))

    def _end_round(self, events) -> None:
        if self.final_round:
            self.step = "over"
            self.active = None
            rows = self.standings().rows
            best = [r.name for r in rows if r.winner]
            who = " and ".join(best)
            # the final standings show everybody's money: a reveal, so undo never goes back past it
            events.append(Event(f"Game over: {who} {'wins' if len(best) == 1 else 'share the win'} "
                                f"with {rows[0].total} ★", reveal=True))
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

    # ------------------------------------------------------------------ views and scores
    def view(self, seat: int | None) -> dict:
        viewer = seat if _is_int(seat) and 0 <= seat < self.n else None
        options = self.options
        over = self.step == "over"
        # The final standings count everybody's money and hand, so the end reveals them to all.
        open_money = options.get("open_money") == "on" or over
        open_hands = options.get("open_hands") == "on" or over
        to_move = self.to_move()
        active = None if over else to_move[0]
        if active is not None:
            prices = self._prices(active)
        else:
            prices = {"upper": [None] * len(self.upper), "lower": [None] * len(self.lower)}
        taxman_worker = options.get("taxman_phase") == "worker"
        held: list[list[str]] = [[] for _ in range(self.n)]
        for ph in PHASES:
            held[self.markers[ph]].append(ph)
        players = []
        for s in range(self.n):
            mine = viewer == s
            area = self.areas[s]
            hand = self.hands[s]
            play_area = [{"card": key, "used": False} for key in area]
            used = self.obs_used[s]
            if used:
                for entry in play_area:
                    if used and entry["card"] == "observatory":
                        entry["used"] = True
                        used -= 1
            worker, building, aristocrat = _area_incomes(tuple(area), self.obs_used[s], taxman_worker)
            players.append({
                "name": self.seats[s].name,
                "points": self.points[s],
                "rubles": self.rubles[s] if (mine or open_money) else None,
                "hand": list(hand) if (mine or open_hands) else None,
                "hand_count": len(hand),
                "hand_limit": WAREHOUSE_HAND_LIMIT if "warehouse" in area else HAND_LIMIT,
                "play_area": play_area,
                "income": {"worker": list(worker), "building": list(building),
                           "aristocrat": list(aristocrat)},
                "markers": held[s],
            })
        pub = None
        if self.step == "pub":
            ps = self.pub_queue[0]
            pub = {"seat": ps, "max_points": PUB_POINTS_PER_PUB * self.areas[ps].count("pub")}
        stacks = self.stacks
        return {
            "game": "st_petersburg", "viewer": viewer,
            "round": self.round, "phase": self.phase, "step": self.step,
            "final_round": self.final_round,
            "to_move": list(to_move), "active": active,
            "passes": self.passes,
            "markers": dict(self.markers),
            "upper": list(self.upper), "lower": list(self.lower),
            "prices": prices,
            "stacks": {"worker": len(stacks["worker"]), "building": len(stacks["building"]),
                       "aristocrat": len(stacks["aristocrat"]), "trading": len(stacks["trading"])},
            "next_deal": NEXT_DEAL[self.phase],
            "discard": list(self.discard),
            "observatory_card": self.obs_card,
            "pub": pub,
            "options": dict(options),
            "players": players,
        }

    def _prices(self, seat: int) -> dict[str, list[int | None]]:
        """The display prices for `seat` (discounts applied; trading cards: cheapest target)."""
        area = self.areas[seat]
        workshop = "carpenter_workshop" in area
        smelter = "gold_smelter" in area
        out: dict[str, list[int | None]] = {}
        for row, cards, lower in (("upper", self.upper, 0), ("lower", self.lower, 1)):
            row_prices: list[int | None] = []
            for card in cards:
                face = FACE[card]
                base = PRICE[card] - area.count(card) - lower
                if (face == "blue" and workshop) or (face == "orange" and smelter):
                    base -= 1
                if IS_TRADING[card]:
                    targets = self.targets(seat, card)
                    if not targets:
                        row_prices.append(None)
                        continue
                    base -= max(DISPLACEMENT[t] for t in targets)
                row_prices.append(base if base > 1 else 1)
            out[row] = row_prices
        return out

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


_CHECKS = {
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
_DO = {
    Buy: StPetersburgState._do_buy,
    TakeToHand: StPetersburgState._do_take,
    Play: StPetersburgState._do_play,
    Pass: StPetersburgState._do_pass,
    UseObservatory: StPetersburgState._do_observatory,
    ObservatoryBuy: StPetersburgState._do_obs_buy,
    ObservatoryToHand: StPetersburgState._do_obs_hand,
    ObservatoryDiscard: StPetersburgState._do_obs_discard,
    PubBuy: StPetersburgState._do_pub,
}
