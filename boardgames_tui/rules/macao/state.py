"""Macao's rules as a state machine (shared/rules/macao.md §3–§6): the core of the game, the card
abilities still to come (issue 11 is under way; the game is not registered yet).

Steps, each waiting on one seat: "start_card" (set-up: a card of the N + 2 revealed, from the
bottom of the wall stack up), "start_cubes" (set-up: 1 cube at face 1, 2 of one colour at face 2,
from the top down), "draft" (phase 1, in wall order), "overflow" (a full tableau: discard one of
six), "dice" (phase 2, in wall order; with the simultaneous option the picks stay hidden until all
are made), "actions" (phase 3: one action turn each, in wall order), "pay" (a cost in cubes of any
colours, paid cube by cube), "over".

Turn order is the wall's, read when a phase starts (rules E7).
"""

from __future__ import annotations

import dataclasses
import operator
import random
from collections import deque
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ..core import Action, Event, Game, Pass, Seat, StandingRow, Standings, make, rank_rows
from ..steps import StepState
from . import abilities
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
    colour_name,
)
from .data import (
    CARD,
    COLOURS,
    DECK_IDS,
    DELIVERY_CHOICES,
    DISPLAY_DRAWN,
    GOOD_NAMES,
    GOODS,
    JOKER_GOLD,
    OFFICE_IDS,
    OFFICES_PER_ROUND,
    PORTS,
    QUARTER,
    QUARTER_LIST,
    ROUNDS,
    SPACE,
    START_GOLD,
    START_SPACE,
    TABLEAU_SPACES,
    TILES_PER_GOOD,
)
from .reckoning import (
    LAST,
    NO_CUBES,
    Cubes,
    add,
    cubes_text,
    delivery_points,
    end_points,
    final_score,
    largest_group,
    late_value,
    move_on_wall,
    one_colour,
    place,
    rotate,
    shielded,
    take,
    tribute,
    wall_order,
    wall_position,
    wall_step_cost,
)
from .view import (
    MacaoBotPlayer,
    MacaoBotView,
    MacaoFinal,
    MacaoPayment,
    MacaoPlayer,
    MacaoScore,
    MacaoView,
)

NCOLOURS = len(COLOURS)
DICE_PAIRS = tuple((a, b) for a in range(NCOLOURS) for b in range(a + 1, NCOLOURS))
NEIGHBOURS = {q.id: q.neighbours for q in QUARTER_LIST}


def _counts(cost: tuple[tuple[str, int], ...]) -> Cubes:
    counts = [0] * NCOLOURS
    for colour, n in cost:
        counts[COLOURS.index(colour)] += n
    return tuple(counts)


CARD_COSTS = {card: _counts(CARD[card].cost) for card in CARD}
QUARTER_COSTS = {q.id: _counts(q.cost) for q in QUARTER_LIST}


def card_cost(card: str) -> Cubes:
    return CARD_COSTS[card]


def quarter_cost(quarter: str) -> Cubes:
    return QUARTER_COSTS[quarter]


def covers(have: Cubes, cost: Cubes) -> bool:
    return all(map(operator.ge, have, cost))


@lru_cache(maxsize=64)
def dice_choices(extra: int, shift: int, cube: bool) -> tuple[ChooseDice, ...]:
    """Every ChooseDice for a player whose phase-2 cards add `extra` cubes, shift up to `shift`
    faces and put a cube beside face 1 (`cube`): two different dice, then each card's choice."""
    extras = (0, 1) if extra else (-1,)
    shifts = [(-1, 0)] + [(d, n) for d in (0, 1) for n in range(1, shift + 1)]
    cubes_at_one = range(NCOLOURS) if cube else (-1,)
    return tuple(
        make(ChooseDice, a, b, e, d, n, c)
        for a, b in DICE_PAIRS
        for e in extras
        for d, n in shifts
        for c in cubes_at_one
    )


@lru_cache(maxsize=1024)
def plain_sails(here: str, budget: int) -> tuple[Sail, ...]:
    """The sails from `here` that `budget` cubes pay, a cube a space."""
    return tuple(
        make(Sail, space, cost) for space, cost in DISTANCES[here].items() if space != here and cost <= budget
    )


@lru_cache(maxsize=4096)
def affordable_quarters(have: Cubes) -> tuple[str, ...]:
    """The quarters `have` pays as printed, owned or not (asked at every listing, so remembered)."""
    return tuple(q for q, cost in QUARTER_COSTS.items() if covers(have, cost))


@lru_cache(maxsize=4096)
def effects_by_code(cards: tuple[str, ...]) -> dict[str, tuple[tuple[str, tuple[str, ...]], ...]]:
    """Activated cards by primitive: (card, parameters). Asked on every listing, so remembered
    for each set of cards."""
    out: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for c in cards:
        out.setdefault(CARD[c].effect.code, []).append((c, CARD[c].effect.args))
    return {code: tuple(found) for code, found in out.items()}


def distances(start: str) -> dict[str, int]:
    """Spaces from `start` to every space of the sea route (each port counts as a space)."""
    seen = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for n in SPACE[here].neighbours:
            if n not in seen:
                seen[n] = seen[here] + 1
                todo.append(n)
    return seen


DISTANCES = {space: distances(space) for space in SPACE}


# The steps each kind of action belongs to, and what a player is asked in each step.
STEP_OF: dict[type, tuple[str, ...]] = {
    StartCard: ("start_card",),
    StartCubes: ("start_cubes",),
    Draft: ("draft",),
    Overflow: ("overflow",),
    ChooseDice: ("dice",),
    Activate: ("actions",),
    TakeQuarter: ("actions",),
    Sail: ("actions",),
    Deliver: ("actions",),
    Tribute: ("actions",),
    Wall: ("actions",),
    UseJoker: ("actions", "pay"),
    UseCard: ("actions",),
    PayCube: ("pay",),
    Pass: ("actions", "draft"),
}
NOW = {
    "start_card": "First choose your starting card.",
    "start_cubes": "First place your starting cubes.",
    "draft": "First take a card from the display.",
    "overflow": "First discard a card from your full tableau.",
    "dice": "First choose your two dice.",
    "actions": "First finish your action turn.",
    "pay": "First pay the cubes for the move under way.",
    "over": "The game is over.",
}


# The kinds of move in an action turn, in the order they are listed, each with its lister.
ACTION_KIND: dict[type, str] = {
    Activate: "activations",
    TakeQuarter: "quarters",
    Sail: "sails",
    Deliver: "deliveries",
    Tribute: "tributes",
    UseCard: "card_uses",
    Wall: "walls",
    UseJoker: "jokers",
    Pass: "passes",
}
ACTION_KINDS = tuple(ACTION_KIND.values())


class MacaoState(StepState):
    STEP_OF = STEP_OF
    NOW = NOW

    def __init__(self, game: Game, seats: tuple[Seat, ...], seed: int, options: dict[str, str]):
        n = self.n = self.begin(game, seats, seed, options)
        rng = self.rng
        self.secret_dice = self.options.get("dice_choice") == "simultaneous"
        self.port_points = DELIVERY_CHOICES[self.options.get("delivery_points", "5-3-2")]
        stack = list(range(n))
        rng.shuffle(stack)
        self.wall: list[list[int]] = [stack] + [[] for _ in range(LAST)]
        self.gold = [START_GOLD] * n
        self.pp = [0] * n
        self.punish = [0] * n
        self.pending: list[list[Cubes]] = [[NO_CUBES] * 6 for _ in range(n)]
        self.available: list[Cubes] = [NO_CUBES] * n
        self.tableau: list[list[str]] = [[] for _ in range(n)]
        self.active: list[list[str]] = [[] for _ in range(n)]
        self.ship = [START_SPACE] * n
        self.cargo: list[list[str]] = [[] for _ in range(n)]
        self.jokers = [0] * n
        goods = [g for g in GOODS for _ in range(TILES_PER_GOOD)]
        rng.shuffle(goods)
        tiles = iter(goods)
        self.tile = {q.id: ("joker" if q.dark else next(tiles)) for q in QUARTER_LIST}
        self.owner: dict[str, int] = {}
        self.delivered: dict[str, list[int]] = {port: [] for port in PORTS}
        offices = list(OFFICE_IDS)
        rng.shuffle(offices)
        self.offices = [offices[i : i + OFFICES_PER_ROUND] for i in range(0, len(offices), OFFICES_PER_ROUND)]
        self.deck = list(DECK_IDS)
        rng.shuffle(self.deck)
        self.discard: list[str] = []
        self.round = 0
        self.display: list[str] = []
        self.price = (0, 0)  # the tribute: gold to pay, PP received
        self.dice = [0] * NCOLOURS
        self.picks: list[tuple[int, int, int, int, int, int] | None] = [None] * n
        self.quarters_taken = [0] * n
        self.tributes = [0] * n
        self.walled = [False] * n
        self.uses: list[dict[str, int]] = [{} for _ in range(n)]  # card -> uses this round
        self.payment: dict[str, Any] | None = None
        # The ship's movement under way in this action turn, which a delivery does not end (F06,
        # F07): sailing paid for and not yet used (Sail Maker), and a free move's card and the
        # spaces it has left (Cabin Boy, Helmsman). Any other action ends the movement.
        self.sail_credit = 0
        self.free_sail: tuple[str, int] | None = None
        self.final: dict[str, Any] | None = None
        self._events: list[Event] = []
        self.revealed = [self.deck.pop() for _ in range(n + 2)]
        self.queue = list(reversed(stack))  # the starting cards from the bottom of the stack up
        self.step = "start_card"

    # -- helpers -----------------------------------------------------------------------------

    def name(self, p: int) -> str:
        return self.seat_name(p)

    def order(self) -> list[int]:
        return wall_order(self.wall, [p for p in range(self.n) if self.effects(p, "WALL_TOP")])

    def effects(self, p: int, code: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """`p`'s activated cards with the primitive `code`: (card, parameters)."""
        return effects_by_code(tuple(self.active[p])).get(code, ())

    def limit(self, p: int, code: str) -> int:
        """One quarter (one tribute) a round, and one more per QUARTER_PLUS (TRIBUTE_PLUS) step."""
        return 1 + sum(int(args[0]) for _, args in self.effects(p, code))

    def discount(self, p: int, target: str) -> int:
        return sum(int(args[1]) for _, args in self.effects(p, "DISCOUNT") if args[0] == target)

    def wall_cost(self, p: int, spaces: int) -> int:
        """1 cube for the first space and 2 for each further one, less the Tower's cube a move
        and the Cannoneer's cube a further space (they add up: n spaces for n − 1)."""
        return self._wall_costs(p)(spaces)

    def _wall_costs(self, p: int) -> Callable[[int], int]:
        further = max(0, 2 - self.discount(p, "wall_step"))
        cut = self.discount(p, "wall")
        return lambda spaces: max(0, wall_step_cost(spaces, 1, further) - cut)

    def sail_rate(self, p: int) -> int:
        """The spaces a cube buys (the Sail Maker's)."""
        return max([int(args[0]) for _, args in self.effects(p, "SHIP_RATE")], default=1)

    def sail_costs(self, p: int) -> dict[str, int]:
        """The cubes `p`'s ship needs to reach each space: a space each, a port entered less the
        Lighthouse's cube, less the spaces bought and not yet used in this movement, then the
        Sail Maker's spaces a cube (rounded up)."""
        rate, credit = self.sail_rate(p), self.sail_credit
        weights = self.sail_weights(p)
        if rate == 1 and not credit:
            return weights
        return {space: -(-max(0, w - credit) // rate) for space, w in weights.items()}

    def sail_weights(self, p: int) -> dict[str, int]:
        """The spaces `p`'s ship pays for to reach each space: one each, a port entered less the
        Lighthouse's cube."""
        port_cut = self.discount(p, "port")
        start = self.ship[p]
        if not port_cut:
            return DISTANCES[start]
        weight = {start: 0}
        todo = deque([start])
        while todo:  # 0-1 breadth first: a port may cost nothing to enter
            here = todo.popleft()
            for n in SPACE[here].neighbours:
                step = max(0, 1 - port_cut) if SPACE[n].kind == "port" else 1
                if n not in weight or weight[here] + step < weight[n]:
                    weight[n] = weight[here] + step
                    if step:
                        todo.append(n)
                    else:
                        todo.appendleft(n)
        return weight

    def tribute_price(self, p: int) -> int:
        return max(0, self.price[0] - self.discount(p, "tribute"))

    def to_move(self) -> tuple[int, ...]:
        if self.step == "over":
            return ()
        if self.secret_dice and self.step == "dice":
            # hidden picks: everybody who has not picked picks now, in any order (at a shared
            # table, all at once)
            return tuple(self.queue)
        return (self.queue[0],)

    # -- listing -----------------------------------------------------------------------------

    def _list_start_card(self, p: int) -> list[Action]:
        return [make(StartCard, c) for c in self.revealed]

    def _list_start_cubes(self, p: int) -> list[Action]:
        return [make(StartCubes, a, b) for a in range(NCOLOURS) for b in range(NCOLOURS)]

    def _list_draft(self, p: int) -> list[Action]:
        idle = [Pass()] if self.effects(p, "NO_DRAFT") else []  # the Idler may take none
        return [make(Draft, c) for c in self.display] + idle

    def _list_overflow(self, p: int) -> list[Action]:
        return [make(Overflow, c) for c in self.tableau[p]]

    def rose_cards(self, p: int) -> tuple[int, int, bool]:
        """`p`'s phase-2 cards: the ROSE_EXTRA cubes, the ROSE_SHIFT faces, whether a CUBE card
        puts a cube beside face 1."""
        phase2 = [
            (c, args) for c in self.active[p] if CARD[c].timing == "phase2" for args in [CARD[c].effect.args]
        ]
        extra = sum(int(args[0]) for c, args in phase2 if CARD[c].effect.code == "ROSE_EXTRA")
        shift = sum(int(args[0]) for c, args in phase2 if CARD[c].effect.code == "ROSE_SHIFT")
        cube = any(CARD[c].effect.code == "CUBE" for c, _ in phase2)
        return extra, shift, cube

    def _list_dice(self, p: int) -> list[Action]:
        return list(dice_choices(*self.rose_cards(p)))

    def _list_actions(self, p: int) -> list[Action]:
        acts: list[Action] = []
        for kind in ACTION_KINDS:
            acts += getattr(self, f"_{kind}")(p)
        return acts

    def allows(self, seat: int, action: Action) -> bool:
        """In an action turn only the moves of the action's kind are listed: far fewer."""
        action = self._as_listed(action)
        kind = ACTION_KIND.get(type(action)) if self.step == "actions" else None
        if kind is None:
            return super().allows(seat, action)
        return seat in self.to_move() and action in getattr(self, f"_{kind}")(seat)

    def _activations(self, p: int) -> list[Action]:
        acts: list[Action] = []
        have = self.available[p]
        if not any(have):
            return acts
        bend = self._bends(p, "activate")
        for card in self.tableau[p]:
            payments = self._payments(p, CARD_COSTS[card], bend)
            if payments:
                choices = self._activation_choices(p, card)
                acts += [
                    make(Activate, card, pay, get, quarter) for pay in payments for get, quarter in choices
                ]
        return acts

    def _quarters(self, p: int) -> list[Action]:
        have = self.available[p]
        if not any(have) or self.quarters_taken[p] >= self.limit(p, "QUARTER_PLUS"):
            return []
        acts: list[Action] = []
        bend = self._bends(p, "quarter")
        owner = self.owner
        if bend == (0, 0):  # as printed: the common case, checked without building payments
            return [make(TakeQuarter, q, ()) for q in affordable_quarters(have) if q not in owner]
        for q in QUARTER_LIST:
            if q.id not in owner:
                acts += [make(TakeQuarter, q.id, pay) for pay in self._payments(p, QUARTER_COSTS[q.id], bend)]
        return acts

    def _budget(self, p: int) -> int:
        """The cubes `p` can pay with: the supply, and a cube of any colour per joker."""
        return sum(self.available[p]) + self.jokers[p] * self.joker_worth(p)

    def _sails(self, p: int) -> list[Action]:
        budget = self._budget(p)
        here = self.ship[p]
        costs = self.sail_costs(p)
        if costs is DISTANCES[here]:  # no card bends the cost: the same list every time
            return list(plain_sails(here, budget)) if budget else []
        # with the Lighthouse or spaces already bought, a move may cost nothing, cubes or not
        return [make(Sail, space, cost) for space, cost in costs.items() if space != here and cost <= budget]

    def _deliveries(self, p: int) -> list[Action]:
        here = self.ship[p]
        if SPACE[here].kind != "port":
            return []
        good = SPACE[here].good
        if good in self.cargo[p] and delivery_points(len(self.delivered[here]), self.port_points) is not None:
            return [make(Deliver, good)]
        return []

    def _tributes(self, p: int) -> list[Action]:
        if self.tributes[p] < self.limit(p, "TRIBUTE_PLUS") and self.gold[p] >= self.tribute_price(p):
            return [Tribute()]
        return []

    def _card_uses(self, p: int) -> list[Action]:
        acts: list[Action] = []
        if self.free_sail:  # a free move goes on after a delivery, with the spaces it has left
            card, left = self.free_sail
            acts += self._free_sails(card, self.ship[p], left)
        have = self.available[p]
        last = wall_position(self.wall, p) == LAST
        for card in self.active[p]:
            if (
                abilities.usable_in_turn(card)
                and self.uses[p].get(card, 0) < abilities.LIMIT[CARD[card].uses]
            ):
                if CARD[card].effect.code == "SHIP":
                    # another ship card may start its own move at any point (spec A2); the move
                    # under way ends then, as with any action but a delivery
                    if not self.free_sail or self.free_sail[0] != card:
                        acts += self._free_sails(card, self.ship[p], int(CARD[card].effect.args[0]))
                    continue
                for gain in abilities.uses(card, have, self.gold[p], last):
                    acts.append(make(UseCard, card, gain.pay_cubes, gain.cubes))
        return acts

    @staticmethod
    def _free_sails(card: str, here: str, reach: int) -> list[Action]:
        return [make(UseCard, card, (), (), space) for space, d in DISTANCES[here].items() if 1 <= d <= reach]

    def _walls(self, p: int) -> list[Action]:
        if self.walled[p]:
            return []
        acts: list[Action] = []
        budget = self._budget(p)
        at = wall_position(self.wall, p)
        cost = self._wall_costs(p)
        for spaces in range(1, LAST - at + 1):
            if cost(spaces) > budget:
                break
            acts.append(make(Wall, spaces))
        return acts

    def _jokers(self, p: int) -> list[Action]:
        return self._joker_actions(p)

    def _passes(self, p: int) -> list[Action]:
        return [Pass()]

    def _activation_choices(self, p: int, card: str) -> list[tuple[tuple[int, ...], str]]:
        """What is chosen when `card` is activated: the cubes of a CUBE(n, any) given on
        activation, the quarter LAND(k) takes (none when no quarter qualifies)."""
        c = CARD[card]
        if c.uses != "activation":
            return [((), "")]
        if c.effect.code == "CUBE":
            return [(g.cubes, "") for g in abilities.cube_options(*c.effect.args)]
        if c.effect.code == "LAND":
            most = int(c.effect.args[0])
            free = [q.id for q in QUARTER_LIST if q.id not in self.owner and sum(QUARTER_COSTS[q.id]) <= most]
            return [((), q) for q in free] or [((), "")]
        return [((), "")]

    def _bends(self, p: int, target: str) -> tuple[int, int]:
        """How far `p`'s cards bend a cost for `target` ("activate" or "quarter"): the cubes that
        may be of any colour (WILD), the cubes that may be left out (DISCOUNT)."""
        wild = sum(int(args[1]) for _, args in self.effects(p, "WILD") if args[0] == target)
        return wild, self.discount(p, target)

    def _payments(self, p: int, cost: Cubes, bend: tuple[int, int]) -> list[tuple[int, ...]]:
        """How `p` may pay `cost`: () for as printed, or each way the cards' bends open."""
        have = self.available[p]
        if bend == (0, 0):
            return [()] if covers(have, cost) else []
        return abilities.payments(cost, have, *bend)

    def _pay_for(self, p: int, cost: Cubes, pay: tuple[int, ...]) -> None:
        paid = [0] * NCOLOURS
        for c in pay:
            paid[c] += 1
        self._pay_exact(p, tuple(paid) if pay else cost)

    def joker_worth(self, p: int) -> int:
        """The cubes a joker can give: 2 with the Juggler (JOKER_DOUBLE)."""
        return 2 if self.effects(p, "JOKER_DOUBLE") else 1

    def _joker_actions(self, p: int, gold: bool = True) -> list[Action]:
        if not self.jokers[p]:
            return []
        first = range(-1 if gold else 0, NCOLOURS)
        if self.joker_worth(p) == 1:
            return [make(UseJoker, c) for c in first]
        # any 2 cubes, a cube and 3 gold, or 6 gold (only cubes may pay a move under way); each once,
        # a cube named before gold
        return [make(UseJoker, a, b) for a in first for b in range(-1, NCOLOURS) if b == -1 or 0 <= a <= b]

    @staticmethod
    def _as_listed(action: Action) -> Action:
        """A doubled joker's halves in the order the list names them: 3 gold and a cube is the
        cube and 3 gold (a save from when both orders were listed replays the same)."""
        if isinstance(action, UseJoker) and action.colour == -1 and action.also is not None:
            return make(UseJoker, action.also, -1) if action.also >= 0 else action
        return action

    def apply(self, seat: int, action: Action) -> list[Event]:
        return super().apply(seat, self._as_listed(action))

    def _list_pay(self, p: int) -> list[Action]:
        # In the middle of a payment a joker gives cubes; with the Juggler, a cube and 3 gold only
        # while the cubes left and the other jokers still pay what is due: the move is paid in full.
        acts: list[Action] = [make(PayCube, c) for c in range(NCOLOURS) if self.available[p][c] > 0]
        jokers = self._joker_actions(p, gold=False)
        worth = self.joker_worth(p)
        if worth > 1:
            assert self.payment is not None
            rest = sum(self.available[p]) + 1 + (self.jokers[p] - 1) * worth
            if rest < self.payment["due"]:
                jokers = [j for j in jokers if getattr(j, "also", None) != -1]
        return acts + jokers

    # -- applying ----------------------------------------------------------------------------

    def _do_start_card(self, p: int, a: StartCard) -> None:
        self.revealed.remove(a.card)
        self.tableau[p].append(a.card)
        self._say(f"{self.name(p)} starts with {CARD[a.card].name}")
        self.queue.pop(0)
        if not self.queue:
            self.discard += self.revealed
            self.revealed = []
            self.queue = list(self.wall[0])  # the starting cubes from the top of the stack down
            self.step = "start_cubes"

    def _do_start_cubes(self, p: int, a: StartCubes) -> None:
        self.pending[p] = list(place(place(self.pending[p], 1, a.one, 1), 2, a.two, 2))
        self._say(f"{self.name(p)} puts 1 {colour_name(a.one)} cube at 1 and 2 {colour_name(a.two)} at 2")
        self.queue.pop(0)
        if not self.queue:
            self._start_round(1)

    def _start_round(self, r: int) -> None:
        self.round = r
        self.quarters_taken = [0] * self.n
        self.tributes = [0] * self.n
        self.walled = [False] * self.n
        self.uses = [{} for _ in range(self.n)]
        drawn = [self.deck.pop() for _ in range(DISPLAY_DRAWN)]
        self.display = list(self.offices[r - 1]) + drawn
        self.price = tribute((CARD[c].yellow, CARD[c].red) for c in self.display)
        dropped = drawn[self.n :] if self.n < DISPLAY_DRAWN else []
        for c in dropped:
            self.display.remove(c)
        self.discard += dropped
        names = ", ".join(CARD[c].name for c in self.display)
        self._say(f"Round {r}: {self.price[0]} gold buys {self.price[1]} PP; on offer: {names}", reveal=True)
        for p in range(self.n):  # phase-1 gold: nothing to choose, so it is simply taken
            for card, args in self.effects(p, "GOLD"):
                if CARD[card].timing == "phase1":
                    self.gold[p] += int(args[0])
                    self._say(f"{CARD[card].name}: {self.name(p)} takes {args[0]} gold")
        self.queue = self.order()
        self.step = "draft"

    def _do_draft(self, p: int, a: Action) -> None:
        if isinstance(a, Pass):
            self._say(f"{self.name(p)} takes no card (Idler)")
            self._next_drafter()
            return
        assert isinstance(a, Draft)
        self.display.remove(a.card)
        self.tableau[p].append(a.card)
        self._say(f"{self.name(p)} takes {CARD[a.card].name}")
        room = TABLEAU_SPACES + sum(int(args[0]) for _, args in self.effects(p, "TABLEAU"))
        if len(self.tableau[p]) > room:
            self.step = "overflow"
            return
        self._next_drafter()

    def _do_overflow(self, p: int, a: Overflow) -> None:
        self.tableau[p].remove(a.card)
        self.discard.append(a.card)
        self.punish[p] += 1
        self._say(f"{self.name(p)}'s tableau is full: discards {CARD[a.card].name} and takes a punish marker")
        self.step = "draft"
        self._next_drafter()

    def _next_drafter(self) -> None:
        self.queue.pop(0)
        if self.queue:
            return
        self.discard += self.display
        self.display = []
        self._start_dice()

    def _start_dice(self) -> None:
        rolled = [self.rng.randint(1, 6) for _ in range(NCOLOURS)]
        self.dice = [late_value(v, self.round) for v in rolled]
        text = " ".join(f"{COLOURS[c]}{v}" for c, v in enumerate(self.dice))
        late = [f"{COLOURS[c]}{v}" for c, v in enumerate(rolled) if v != self.dice[c]]
        turned = f" (rolled {' '.join(late)}: late-round dice turned to 1)" if late else ""
        self._say(f"The dice: {text}{turned}", reveal=True)
        self.picks = [None] * self.n
        self.queue = self.order()
        self.step = "dice"

    def _do_dice(self, p: int, a: ChooseDice) -> None:
        self.picks[p] = (a.a, a.b, a.extra, a.shift_die, a.shift, a.cube)
        dice = (f"the {colour_name(c)} {self.dice[c]}" for c in (a.a, a.b))
        text = f"{self.name(p)} takes " + " and ".join(dice)
        if self.secret_dice:
            self._say(text, visible_to=frozenset({p}), others_text=f"{self.name(p)} has chosen")
        else:
            self._say(text)
        self.queue.remove(p)
        if not self.queue:
            self._rotate()

    def _rotate(self) -> None:
        for p in range(self.n):
            pick = self.picks[p]
            assert pick is not None
            a, b, extra_die, shift_die, shift, cube = pick
            if self.secret_dice:
                self._say(f"{self.name(p)} took the {colour_name(a)} and the {colour_name(b)}")
            extra = self.rose_cards(p)[0]
            for i, colour in enumerate((a, b)):
                value = self.dice[colour]
                face = max(1, value - (shift if shift_die == i else 0))
                count = value + (extra if extra_die == i else 0)
                self.pending[p] = list(place(self.pending[p], face, colour, count))
            if cube >= 0:
                self.pending[p] = list(place(self.pending[p], 1, cube, 1))
            self._dice_triggers(p, (self.dice[a], self.dice[b]))
            self.available[p], rest = rotate(self.pending[p])
            self.pending[p] = list(rest)
            if self.available[p] == NO_CUBES:
                self.punish[p] += 1
                self._say(f"{self.name(p)} has no cubes this round: a punish marker")
        self.queue = self.order()
        self.step = "actions"

    def _dice_triggers(self, p: int, values: tuple[int, int]) -> None:
        """ON(die:n → reward) cards: a `round` card pays once whatever the number of such dice, an
        `every` card for each (a die turned to 1 shows 1)."""
        for card, args in self.effects(p, "ON"):
            if not args[0].startswith("die:"):
                continue
            times = values.count(int(args[0][4:]))
            if CARD[card].uses == "round":
                times = min(times, 1)
            if not times:
                continue
            reward = args[1]
            if reward.endswith("pp"):
                self.pp[p] += times * int(reward[:-2])
            else:
                self.gold[p] += times * int(reward[:-1])
            what = reward.replace("pp", " PP").replace("g", " gold")
            self._say(f"{CARD[card].name}: {self.name(p)} takes {times} × {what}")

    def _do_actions(self, p: int, a: Action) -> None:
        credit, free = self.sail_credit, self.free_sail
        # Any action but a delivery ends the ship's movement: spaces bought and not used lapse.
        self.sail_credit, self.free_sail = 0, None
        if isinstance(a, Deliver):
            self.sail_credit, self.free_sail = credit, free
        elif isinstance(a, Sail):
            self.sail_credit = credit  # spent by the sail
        elif isinstance(a, UseCard) and a.to:
            self.free_sail = free
        handler = getattr(self, f"_act_{a.kind}")
        handler(p, a)

    def _pay_exact(self, p: int, cost: Cubes) -> None:
        left = take(self.available[p], cost)
        assert left is not None
        self.available[p] = left

    def _act_activate(self, p: int, a: Activate) -> None:
        self._pay_for(p, card_cost(a.card), a.pay)
        self.tableau[p].remove(a.card)
        self.active[p].append(a.card)
        card = CARD[a.card]
        self._say(f"{self.name(p)} activates {card.name}")
        if card.uses == "activation" and card.effect.code == "GOLD":
            self.gold[p] += int(card.effect.args[0])
            self._say(f"{card.name}: {self.name(p)} takes {card.effect.args[0]} gold")
        for c in a.get:
            self.available[p] = add(self.available[p], one_colour(c, 1))
        if a.get:
            self._say(f"{card.name}: {self.name(p)} takes cubes {' '.join(COLOURS[c] for c in a.get)}")
        if a.quarter:
            self._gain_quarter(p, a.quarter)  # free, and not one of the round's quarters
        self._fire(p, f"activate:{card.kind}", a.card)
        self._fire(p, "activate:any", a.card)

    def _fire(self, p: int, event: str, source: str | None = None) -> None:
        """Every `ON(event → reward)` card of `p` pays its reward; a card never triggers itself."""
        for card, args in self.effects(p, "ON"):
            if args[0] != event or card == source:
                continue
            reward = args[1]
            if reward.endswith("pp"):
                self.pp[p] += int(reward[:-2])
            elif reward.endswith("g"):
                self.gold[p] += int(reward[:-1])
            else:
                self._free_wall(p, int(reward.removeprefix("wall+")))
            self._say(
                f"{CARD[card].name}: {self.name(p)} takes {reward.replace('pp', ' PP').replace('g', ' gold')}"
            )

    def _free_wall(self, p: int, spaces: int) -> None:
        """Free wall steps (not the round's wall move): on top of a stack, under others on the last space."""
        if wall_position(self.wall, p) < LAST:
            self.wall = move_on_wall(self.wall, p, spaces)

    def _act_use(self, p: int, a: UseCard) -> None:
        if a.to:
            spaces = DISTANCES[self.ship[p]][a.to]
            if self.free_sail and self.free_sail[0] == a.card:  # the same free move, on
                left = self.free_sail[1] - spaces
            else:
                left = int(CARD[a.card].effect.args[0]) - spaces
                self.uses[p][a.card] = self.uses[p].get(a.card, 0) + 1
            self.ship[p] = a.to
            self.free_sail = (a.card, left) if left > 0 else None
            self._say(f"{self.name(p)} uses {CARD[a.card].name}: sails to {a.to} for free")
            return
        last = wall_position(self.wall, p) == LAST
        gain = next(
            g
            for g in abilities.uses(a.card, self.available[p], self.gold[p], last)
            if g.pay_cubes == a.pay and g.cubes == a.get
        )
        paid = [0] * NCOLOURS
        for c in gain.pay_cubes:
            paid[c] += 1
        self._pay_exact(p, tuple(paid))
        self.gold[p] += gain.gold - gain.pay_gold
        self.pp[p] += gain.pp
        for c in gain.cubes:
            self.available[p] = add(self.available[p], one_colour(c, 1))
        if gain.wall:
            self._free_wall(p, gain.wall)
        self.uses[p][a.card] = self.uses[p].get(a.card, 0) + 1
        self._say(f"{self.name(p)} uses {abilities.describe(a.card, gain)}")

    def _act_quarter(self, p: int, a: TakeQuarter) -> None:
        self._pay_for(p, quarter_cost(a.quarter), a.pay)
        self.quarters_taken[p] += 1
        self._gain_quarter(p, a.quarter)

    def _gain_quarter(self, p: int, quarter: str) -> None:
        self.owner[quarter] = p
        tile = self.tile[quarter]
        if tile == "joker":
            self.jokers[p] += 1
        else:
            self.cargo[p].append(tile)
        what = "joker" if tile == "joker" else GOOD_NAMES[tile]
        self._say(f"{self.name(p)} takes {QUARTER[quarter].name} and its {what}")
        self._fire(p, "quarter")

    def _act_sail(self, p: int, a: Sail) -> None:
        # What the cubes buy beyond this move is left for the rest of the movement (Sail Maker).
        used = self.sail_weights(p)[a.to]
        left = self.sail_credit + a.cubes * self.sail_rate(p) - used
        self.sail_credit = 0
        self._start_payment(p, {"what": "sail", "to": a.to, "due": a.cubes, "left": max(0, left)})

    def _act_wall(self, p: int, a: Wall) -> None:
        self._start_payment(p, {"what": "wall", "spaces": a.spaces, "due": self.wall_cost(p, a.spaces)})

    def _start_payment(self, p: int, payment: dict[str, Any]) -> None:
        self.payment = payment
        self.step = "pay"
        self._settle(p)

    def _settle(self, p: int) -> None:
        """Pay on by itself while there is no choice (one colour left, or every cube must go)."""
        payment = self.payment
        assert payment is not None
        have = self.available[p]
        colours = [c for c in range(NCOLOURS) if have[c]]
        if payment["due"] and not self.jokers[p] and (len(colours) == 1 or sum(have) == payment["due"]):
            self.available[p] = (
                take(have, have if sum(have) == payment["due"] else one_colour(colours[0], payment["due"]))
                or NO_CUBES
            )
            payment["due"] = 0
        if payment["due"] == 0:
            self._finish_payment(p)

    def _do_pay(self, p: int, a: Action) -> None:
        assert self.payment is not None
        if isinstance(a, UseJoker):
            self._act_joker(p, a)
        else:
            assert isinstance(a, PayCube)
            self.available[p] = take(self.available[p], one_colour(a.colour, 1)) or NO_CUBES
            self.payment["due"] -= 1
        self._settle(p)

    def _finish_payment(self, p: int) -> None:
        payment = self.payment
        assert payment is not None
        self.payment = None
        self.step = "actions"
        if payment["what"] == "sail":
            self.ship[p] = payment["to"]
            self.sail_credit = payment["left"]
            self._say(f"{self.name(p)} sails to {payment['to']}")
        else:
            self.wall = move_on_wall(self.wall, p, payment["spaces"])
            self.walled[p] = True
            self._say(f"{self.name(p)} moves {payment['spaces']} forward on the wall")

    def delivery_value(self, p: int, good: str) -> int:
        """The PP that delivering `good` at p's ship's port pays now: the port's next printed
        space, twice with a warehouse of the good (a Cooperage's bonus is the card's, not this)."""
        points = delivery_points(len(self.delivered[self.ship[p]]), self.port_points)
        assert points is not None
        if any(args[0] == good for _, args in self.effects(p, "WAREHOUSE")):
            points *= 2
        return points

    def _act_deliver(self, p: int, a: Deliver) -> None:
        port = self.ship[p]
        points = self.delivery_value(p, a.good)
        self.cargo[p].remove(a.good)
        self.delivered[port].append(p)
        self.pp[p] += points
        self._say(f"{self.name(p)} delivers {GOOD_NAMES[a.good]} in {port}: {points} PP")
        self._fire(p, "deliver")

    def _act_tribute(self, p: int, a: Tribute) -> None:
        gold, pp = self.tribute_price(p), self.price[1]
        self.gold[p] -= gold
        self.pp[p] += pp
        self.tributes[p] += 1
        self._say(f"{self.name(p)} pays {gold} gold for {pp} PP")
        self._fire(p, "tribute")

    def _act_joker(self, p: int, a: UseJoker) -> None:
        self.jokers[p] -= 1
        for half in (a.colour,) if a.also is None else (a.colour, a.also):
            if half < 0:
                self.gold[p] += JOKER_GOLD
            else:
                self.available[p] = add(self.available[p], one_colour(half, 1))
        self._say(f"{self.name(p)} uses a {a.describe().lower()}")

    def _act_pass(self, p: int, a: Pass) -> None:
        lost = self.available[p]
        self.available[p] = NO_CUBES
        self._say(f"{self.name(p)} passes" + (f", losing {cubes_text(lost)}" if lost != NO_CUBES else ""))
        self.queue.pop(0)
        if self.queue:
            return
        if self.round < ROUNDS:
            self._start_round(self.round + 1)
        else:
            self._final_scoring()

    def _final_scoring(self) -> None:
        rows = []
        for p in range(self.n):
            owned = [q for q, owner in self.owner.items() if owner == p]
            shield = shielded(self.active[p])
            markers = self.punish[p] + (0 if shield else len(self.tableau[p]))
            cards = end_points(self.active[p], markers, len(owned), self.gold[p])
            group = largest_group(owned, NEIGHBOURS)
            rows.append(final_score(self.pp[p], self.punish[p], len(self.tableau[p]), shield, cards, group))
        self.final = {"rows": rows, "order": self.order()}
        self.step = "over"
        for p, parts in enumerate(rows):
            self._say(
                f"{self.name(p)}: {parts['track']} on the track {parts['punish']:+d} punish "
                f"+{parts['cards']} cards +{parts['city']} city = {parts['total']} PP"
            )
        self._say("The game is over")

    # -- what players see --------------------------------------------------------------------
    def view(self, seat: int | None) -> MacaoView:
        viewer = seat if type(seat) is int and 0 <= seat < self.n else None
        hidden = self.secret_dice and self.step == "dice"
        players = tuple(
            MacaoPlayer(
                name=self.name(p),
                gold=self.gold[p],
                pp=self.pp[p],
                punish=self.punish[p],
                pending=tuple(self.pending[p]),
                available=self.available[p],
                tableau=tuple(self.tableau[p]),
                active=tuple(self.active[p]),
                ship=self.ship[p],
                cargo=tuple(self.cargo[p]),
                jokers=self.jokers[p],
                pick=pick if not hidden or p == viewer else None,
                picked=pick is not None,
                wall_prices=self._wall_prices(p),
            )
            for p, pick in enumerate(self.picks)
        )
        return MacaoView(
            game="macao",
            viewer=viewer,
            to_move=self.to_move(),
            round=self.round,
            phase="",
            step=self.step,
            players=players,
            rounds=ROUNDS,
            wall=tuple(map(tuple, self.wall)),
            order=tuple(self.order()),
            tiles=dict(self.tile),
            owner=dict(self.owner),
            delivered={port: tuple(d) for port, d in self.delivered.items()},
            port_points=self.port_points,
            offices=tuple(map(tuple, self.offices)),
            display=tuple(self.display),
            revealed=tuple(self.revealed),
            price=self.price,
            dice=tuple(self.dice),
            payment=self._payment_view(),
            deck=len(self.deck),
            discard=tuple(self.discard),
            final=self._final_view(),
            options=dict(self.options),
        )

    def bot_view(self, seat: int) -> MacaoBotView:
        """What the bot reads of `seat`'s view, and nothing more (see MacaoBotView)."""
        mine = MacaoBotPlayer(
            pending=tuple(self.pending[seat]),
            available=self.available[seat],
            tableau=tuple(self.tableau[seat]),
            cargo=tuple(self.cargo[seat]),
        )
        return MacaoBotView(
            viewer=seat,
            round=self.round,
            players=tuple(mine if p == seat else None for p in range(self.n)),
            owner=dict(self.owner),
            delivered={port: tuple(d) for port, d in self.delivered.items()},
            price=self.price,
            dice=tuple(self.dice),
        )

    def _wall_prices(self, p: int) -> tuple[int, ...]:
        """What `p`'s wall move of 1, 2, … spaces costs (cards bend it), to the last space."""
        cost = self._wall_costs(p)
        return tuple(cost(n) for n in range(1, LAST - wall_position(self.wall, p) + 1))

    def _payment_view(self) -> MacaoPayment | None:
        payment = self.payment
        if not payment:
            return None
        return MacaoPayment(
            what=payment["what"],
            due=payment["due"],
            to=payment.get("to"),
            left=payment.get("left"),
            spaces=payment.get("spaces"),
        )

    def _final_view(self) -> MacaoFinal | None:
        if self.final is None:
            return None
        rows = tuple(MacaoScore(**parts) for parts in self.final["rows"])
        return MacaoFinal(rows=rows, order=tuple(self.final["order"]))

    def plant_secrets(self, owner: int | None, mark: Callable[[], Any]) -> None:
        if owner is None:
            self.deck[:] = [mark() for _ in self.deck]
            return
        if self.secret_dice and self.step == "dice" and self.picks[owner] is not None:
            self.picks[owner] = tuple(mark() for _ in range(6))

    def _redeal(self, seat: int, rng: random.Random) -> None:
        # Gold, cubes, tableaux and everything else are public: only the deck's order and, with
        # the simultaneous dice, others' picks not yet revealed are drawn. The offices are not in
        # the deck (they are laid out face up for all rounds), so the deck holds exactly the
        # person/building cards nobody has seen. The deck is drawn even at the end of the game:
        # its order is never revealed, and plant_secrets keeps declaring it secret.
        seen = set(self.revealed)
        seen.update(self.display, self.discard)
        for cards in self.tableau:
            seen.update(cards)
        for cards in self.active:
            seen.update(cards)
        unseen = [c for c in DECK_IDS if c not in seen]  # in the data's order, so deterministic
        assert len(unseen) == len(self.deck), "a person/building card is neither seen nor in the deck"
        rng.shuffle(unseen)
        self.deck = unseen
        self._events = []  # the last move's events may tell a secret pick; nothing reads them later
        if not (self.secret_dice and self.step == "dice"):
            return
        # A hidden pick is any the player's active cards (public) let it make: the listing does
        # not depend on the dice or on others' picks, and nothing is public about it but that it
        # was made. Uniform over the listing is uniform over the two dice (each pair of dice has
        # the same number of variants), which is all a seat can assume without modelling others.
        for p in range(self.n):
            if p != seat and self.picks[p] is not None:
                a = rng.choice(dice_choices(*self.rose_cards(p)))
                self.picks[p] = (a.a, a.b, a.extra, a.shift_die, a.shift, a.cube)

    def standings(self) -> Standings:
        order = self.order()
        rows = []
        for p in range(self.n):
            parts = self.final["rows"][p] if self.final else {"track": self.pp[p], "total": self.pp[p]}
            rows.append(
                StandingRow(
                    seat=p,
                    name=self.seat_name(p),
                    total=parts["total"],
                    breakdown={k: v for k, v in parts.items() if k != "total"},
                    tiebreak=self.n - order.index(p),
                )
            )
        return Standings(rank_rows(rows), tiebreak_label="further along the city wall")

    def explain_illegal(self, seat: int, action: Action) -> str:
        reason = self.step_refusal(seat, action)
        if reason is not None:
            return reason
        if isinstance(action, (Activate, TakeQuarter)):
            # A card that bends a cost (WILD, DISCOUNT) makes the player say which cubes pay it.
            ways = [
                a.pay
                for a in self.legal_actions(seat)
                if type(a) is type(action) and dataclasses.replace(a, pay=action.pay) == action
            ]
            if ways:
                shown = "; ".join(" ".join(COLOURS[c] for c in pay) for pay in ways[:4])
                more = "; …" if len(ways) > 4 else ""
                return f"Your cards change what this costs: say which cubes you pay ({shown}{more})."
            return (
                "You do not have the exact cubes that costs (or that quarter is taken, "
                "or you took one this round)."
            )
        if isinstance(action, (Sail, Wall)):
            return "You do not have that many cubes, or that move is not open to you now."
        if isinstance(action, Tribute):
            most = self.limit(seat, "TRIBUTE_PLUS")
            times = "once" if most == 1 else f"{most} times"
            return f"You may pay tribute {times} a round, with the gold it costs."
        if isinstance(action, Deliver):
            return "Your ship must be in the port that wants that good, with a space left there."
        if isinstance(action, UseJoker):
            if self.jokers[seat] and self.step == "pay":
                return "While paying, a joker gives a cube, not gold."
            return "You have no joker."
        if isinstance(action, PayCube):
            return "You have no cube of that colour."
        return "That move is not allowed now."
