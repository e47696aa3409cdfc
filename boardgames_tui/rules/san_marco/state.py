"""San Marco's rules as a state machine (shared/rules/san_marco.md §3–§7), for 3 and 4 players.

Steps: "reroll" (set-up: four equal starting rolls, reroll the fourth or not), "bridges" (set-up:
starting bridges in turn), "split" (a divider puts the drawn cards into piles, in secret, then
confirms), "choose" (a chooser takes a pile), "resolve" (the taker plays or gives up each action
card of the pile, in any order), "banish_pick" (after a banishment's roll, which foreign cubes
go), "free_banish" (period end: the sole lowest limit total may banish once), "neutral_place"
(2-player variant A, a period's start: the neutral cubes set aside go back, one by one), "over".

A round: the roles (the start player divides first; the other roles drawn at random), every
divider draws and splits (in a 4-player round both split before any pile is shown), then each
offer is revealed and taken: chooser(s) first, the divider last, each pile resolved as soon as it
is taken. Limit cards count as soon as their pile is taken; who is out (10 or more) is decided at
the round's end only, with one extra round for those left when some are out.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from ..core import Action, Event, Game, Seat, StandingRow, Standings, State, make, rank_rows
from ..steps import StepState
from .actions import (
    Choose,
    Confirm,
    Decline,
    PickBanished,
    PlaceBridge,
    PlaceNeutral,
    PlayBanish,
    PlayBridge,
    PlayDistrict,
    PlayDoge,
    PlayTransfer,
    PutCard,
    Reroll,
)
from .data import (
    ACTION_DECK,
    BRIDGES,
    BRIDGES_PER_PAIR,
    CUBES_PER_COLOUR,
    CUBES_PER_STARTING_ROLL,
    DISTRICTS,
    LIMIT_DECK,
    LIMIT_OUT,
    NDISTRICTS,
    NEUTRAL_ROLLS,
    OFFER_CARDS,
    PAIRS,
    PERIODS,
    SAN_MARCO,
    STARTING_BRIDGES,
    STARTING_ROLLS,
    card_name,
    district_of_card,
    pair,
)
from .hidden import redeal
from .reckoning import (
    banishment_losses,
    district_card_targets,
    district_scores,
    doge_paths,
    doge_step_refusal,
    follow,
    free_banisher,
    neutral_start,
    period_bonus,
    winners,
)
from .view import Banishment, Decks, Offer, SanMarcoBotView, SanMarcoPlayer, SanMarcoView


@functools.lru_cache(maxsize=64)
def put_rows(cards: int, piles: int) -> tuple[tuple[PutCard, ...], ...]:
    """Every PutCard of a split of `cards` cards into `piles` piles, a row per card: the legal
    ones are a row without the pile its card is in (a random divider makes most of a game's moves)."""
    return tuple(tuple(make(PutCard, i, p) for p in range(piles)) for i in range(cards))


# The steps each kind of action belongs to, and what a player is asked in each step.
STEP_OF: dict[type, tuple[str, ...]] = {
    Reroll: ("reroll",),
    PlaceBridge: ("bridges",),
    PutCard: ("split",),
    Confirm: ("split",),
    Choose: ("choose",),
    PlayDistrict: ("resolve",),
    PlayBridge: ("resolve",),
    PlayTransfer: ("resolve",),
    PlayBanish: ("resolve", "free_banish"),
    PickBanished: ("banish_pick",),
    PlayDoge: ("resolve",),
    Decline: ("resolve", "free_banish"),
    PlaceNeutral: ("neutral_place",),
}
NOW = {
    "reroll": "First say whether to reroll the fourth starting die.",
    "bridges": "First place your starting bridge.",
    "split": "First split your cards into piles and confirm.",
    "choose": "First take one of the piles on offer.",
    "resolve": "First play or give up the cards of the pile you took.",
    "banish_pick": "First choose which cubes the banishment removes.",
    "free_banish": "First banish for free, or give it up.",
    "neutral_place": "First put the neutral cubes set aside back on the board.",
    "over": "The game is over.",
}


class SanMarcoState(StepState):
    STEP_OF = STEP_OF
    NOW = NOW
    # The card moves listed last, with what they were made from (see _card_actions).
    TRANSIENT = ("_listed",)

    def __init__(self, game: Game, seats: tuple[Seat, ...], seed: int, options: dict[str, str]):
        n = self.n = self.begin(game, seats, seed, options)
        # The colours on the board: the players', then (2 players) the neutral colour of variant
        # A or the two dummies of variant B. Their cubes count in every scoring and can be
        # banished and transferred; the neutral scores for nobody, a dummy for itself.
        self.variant = self.options.get("two_player", "neutral") if n == 2 else ""
        extra = {"": 0, "neutral": 1, "dummies": 2}[self.variant]
        colours = self.colours = n + extra
        self.cubes = [[0] * colours for _ in range(NDISTRICTS)]
        self.supply = [CUBES_PER_COLOUR] * colours
        self.bridges: list[list[int]] = []  # [a, b, owner], a < b
        self.prestige = [0] * colours
        self.neutral_aside = 0  # variant A: neutral cubes taken off, back at the next period
        self.first_divider: int | None = None  # variant B: who divided first this period
        self.neutral_queue: list[int] = []  # variant A: who places the next neutral cube
        self.limits: list[list[int]] = [[] for _ in range(n)]
        self.period = 1
        self.round = 0
        self.start = self.rng.randrange(n)
        self.doge: int | None = None
        self.action_deck = [card for card, copies in ACTION_DECK for _ in range(copies)]
        self.rng.shuffle(self.action_deck)
        self.action_discard: list[str] = []
        self.limit_deck = self._fresh_limits()
        # set-up
        self.step = "reroll"
        self.rolls: list[list[int]] = [[] for _ in range(n)]
        self.setup_next = 0  # how many players, in turn from the start player, have placed cubes
        self.bridge_queue: list[int] = []
        # the round
        self.mode = ""
        self.extra = False
        self.offers: list[dict[str, Any]] = []
        self.offer_at = 0  # the offer being split, then the one being taken
        self.taker: int | None = None
        self.pending: list[str] = []
        self.banish: dict[str, Any] | None = None
        self.free_banish_seat: int | None = None
        self._events: list[Event] = []
        self._setup_rolls()
        self.setup_said = tuple(self._events)

    # -- helpers ----------------------------------------------------------------------------
    def _fresh_limits(self) -> list[int]:
        deck = [value for value, copies in LIMIT_DECK for _ in range(copies)]
        self.rng.shuffle(deck)
        return deck

    def _order(self, first: int) -> list[int]:
        return [(first + i) % self.n for i in range(self.n)]

    def limit_total(self, seat: int) -> int:
        return sum(self.limits[seat])

    def bridge_count(self, a: int, b: int) -> int:
        a, b = pair(a, b)
        return sum(1 for x, y, _ in self.bridges if (x, y) == (a, b))

    def bridge_fits(self, a: int, b: int, seat: int, lifted: int | None = None) -> bool:
        """Whether `seat` may put a bridge on a+b: fewer than three there (not counting bridge
        number `lifted`, being moved), and, under the stricter reading, none of its own."""
        key = pair(a, b)
        there = [owner for i, (x, y, owner) in enumerate(self.bridges) if (x, y) == key and i != lifted]
        return self.room_for(seat, there)

    def room_for(self, seat: int, there: list[int]) -> bool:
        """Whether a canal whose bridges belong to `there` takes one more of `seat`'s."""
        if len(there) >= BRIDGES_PER_PAIR:
            return False
        return self.options.get("bridges_per_owner", "any") != "one" or seat not in there

    def _bridge_tuples(self) -> list[tuple[tuple[int, int], int]]:
        return [((a, b), owner) for a, b, owner in self.bridges]

    # -- set-up -----------------------------------------------------------------------------
    def _setup_rolls(self) -> None:
        """Roll the starting cubes of each player in turn from the start player; stop at a player
        whose four rolls are equal (they may reroll the fourth)."""
        order = self._order(self.start)
        while self.setup_next < self.n:
            seat = order[self.setup_next]
            if not self.rolls[seat]:
                self.rolls[seat] = [self.rng.randint(1, 6) for _ in range(STARTING_ROLLS)]
                if len(set(self.rolls[seat])) == 1:
                    self._say(f"{self.seat_name(seat)} rolls {self.rolls[seat]}: four the same", reveal=True)
                    self.step = "reroll"
                    return
            self._place_starting(seat)
            self.setup_next += 1
        self.step = "bridges"
        self._setup_others()
        self.bridge_queue = [s for _ in range(STARTING_BRIDGES[self.n]) for s in order]

    def _setup_others(self) -> None:
        """The colours that are not players' (spec §8.2, §8.3)."""
        if self.variant == "neutral":
            neutral = self.n
            rolls = [self.rng.randint(1, 6) for _ in range(NEUTRAL_ROLLS)]
            for d, count in enumerate(neutral_start(rolls)):
                self.cubes[d][neutral] = count
            self.supply[neutral] = 0
            self._say(f"The neutral colour: one cube in every district, then {rolls}", reveal=True)
        elif self.variant == "dummies":
            for dummy in range(self.n, self.colours):
                self.rolls.append([self.rng.randint(1, 6) for _ in range(STARTING_ROLLS)])
                self._place_starting(dummy)

    def _place_dummy_bridges(self) -> None:
        """Variant B: each dummy's bridge on the legal pair holding most of its cubes; ties to the
        pair whose both districts hold some, then the lower die numbers."""
        if self.variant != "dummies":
            return
        for dummy in range(self.n, self.colours):
            cubes = [row[dummy] for row in self.cubes]
            best = max(
                (p for p in PAIRS if self.bridge_fits(*p, dummy)),
                key=lambda p: (cubes[p[0]] + cubes[p[1]], cubes[p[0]] > 0 and cubes[p[1]] > 0, -p[0], -p[1]),
            )
            self.bridges.append([*best, dummy])
            self.supply[dummy] -= 1
            where = f"{DISTRICTS[best[0]].name} – {DISTRICTS[best[1]].name}"
            self._say(f"{self.colour_name(dummy)} builds a bridge {where}")

    def _is_neutral(self, colour: int) -> bool:
        return self.variant == "neutral" and colour == self.n

    def colour_name(self, colour: int) -> str:
        if colour < self.n:
            return self.seat_name(colour)
        if self.variant == "neutral":
            return "Neutral"
        return f"Dummy {colour - self.n + 1}"

    def _place_starting(self, seat: int) -> None:
        for roll in self.rolls[seat]:
            self.cubes[roll - 1][seat] += CUBES_PER_STARTING_ROLL
            self.supply[seat] -= CUBES_PER_STARTING_ROLL
        self._say(f"{self.colour_name(seat)} rolls {', '.join(map(str, self.rolls[seat]))}", reveal=True)

    # -- the contract -----------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        step = self.step
        if step == "over":
            return ()
        if step == "reroll":
            return (self._order(self.start)[self.setup_next],)
        if step == "bridges":
            return (self.bridge_queue[0],)
        if step == "split":
            # PAIRS2's two dividers split at the same time, each in secret (spec §4.5)
            return tuple(o["divider"] for o in self.offers if not o["confirmed"])
        if step == "choose":
            return (self._chooser(),)
        if step in ("resolve",):
            assert self.taker is not None
            return (self.taker,)
        if step in ("banish_pick",):
            assert self.banish is not None
            return (self.banish["player"],)
        if step == "free_banish":
            assert self.free_banish_seat is not None
            return (self.free_banish_seat,)
        if step == "neutral_place":
            return (self.neutral_queue[0],)
        return ()

    def _chooser(self) -> int:
        offer = self.offers[self.offer_at]
        taken = len(offer["taken"])
        chooser: int = offer["choosers"][taken]
        return chooser

    def _list_reroll(self, seat: int) -> list[Action]:
        return [Reroll(True), Reroll(False)]

    def _list_bridges(self, seat: int) -> list[Action]:
        return [PlaceBridge(a, b) for a, b in PAIRS if self.bridge_fits(a, b, seat)]

    def _list_split(self, seat: int) -> list[Action]:
        offer = self.split_offer(seat)
        draft = offer["draft"]
        rows = put_rows(len(draft), offer["piles"])
        acts: list[Action] = []
        for row, where in zip(rows, draft):
            acts += row[:where]
            acts += row[where + 1 :]
        if all(p in draft for p in range(offer["piles"])):
            acts.append(Confirm())
        return acts

    def _list_choose(self, seat: int) -> list[Action]:
        offer = self.offers[self.offer_at]
        return [Choose(p) for p in range(offer["piles"]) if p not in offer["taken"]]

    def _list_resolve(self, seat: int) -> list[Action]:
        return self._card_actions(seat)

    def _list_banish_pick(self, seat: int) -> list[Action]:
        return [PickBanished(c) for c in self._banish_splits()]

    def _list_free_banish(self, seat: int) -> list[Action]:
        return [PlayBanish(-1, d) for d in range(NDISTRICTS)] + [Decline(-1)]

    def _list_neutral_place(self, seat: int) -> list[Action]:
        return [PlaceNeutral(d) for d in range(NDISTRICTS)]

    def allows(self, seat: int, action: Action) -> bool:
        """Whether `action` is among `seat`'s legal actions, listing only the part of them it could
        be: a random player's divider moves and card plays are most of a game's moves."""
        step = self.step
        if step == "split" and isinstance(action, PutCard):
            offer = self.split_offer(seat)
            card, pile = action.card, action.pile
            return (
                type(card) is int
                and type(pile) is int
                and 0 <= card < len(offer["cards"])
                and 0 <= pile < offer["piles"]
                and offer["draft"][card] != pile
            )
        played = getattr(action, "card", None)
        if step == "resolve" and type(played) is int and played >= 0:
            listed = self._card_actions(seat, only=played)
            if isinstance(action, PlayDoge):
                return self._doge_refusal(seat, action, listed) is None
            return action in listed
        return action in self.legal_actions(seat)

    def _doge_refusal(self, seat: int, action: PlayDoge, listed: list[Action]) -> str | None:
        """Why a Doge move is not allowed, or None. The listing holds each route that never
        enters a district twice; a route that does (out over a bridge and back, paying its owner
        twice) is allowed too, checked step by step: there are endlessly many of them."""
        if action in listed:
            return None
        if not any(isinstance(a, PlayDoge) for a in listed):
            return "That card is not a Doge card of yours to play now."
        if self.doge is None:
            return "The first Doge card places him in any district, with no route."
        if type(action.district) is not int or not 0 <= action.district < NDISTRICTS:
            return "There is no such district."
        bridges = self._bridge_tuples()
        reason = doge_step_refusal(self.doge, action.steps, bridges, seat, self.prestige[seat])
        if reason is not None:
            return reason
        end = follow(self.doge, action.steps, bridges, seat).destination
        if end != action.district:
            return f"That route ends in {DISTRICTS[end].name}, not {DISTRICTS[action.district].name}."
        return None

    def _transfer_refusal(self, seat: int, action: PlayTransfer) -> str:
        d, colour, source = action.district, action.colour, action.source
        card = action.card
        if not (type(card) is int and 0 <= card < len(self.pending) and self.pending[card] == "transfer"):
            return "That card is not a Transfer card of yours to play now."
        if not (
            type(d) is int and 0 <= d < NDISTRICTS and type(colour) is int and 0 <= colour < self.colours
        ):
            return "There is no such district or colour."
        if colour == seat or self.cubes[d][colour] == 0:
            return f"A transfer replaces a cube of another colour that is in {DISTRICTS[d].name}."
        if self.supply[seat] > 0:
            return "Your cube comes from your supply while it holds any."
        if source == d:
            return (
                f"Your cube must arrive in {DISTRICTS[d].name}: with an empty supply it comes from "
                "another district."
            )
        return "With an empty supply your cube comes from another district holding one of yours."

    def _sources(self, seat: int) -> list[int | None]:
        """Where a card's cube comes from: the supply, or (empty supply) an own cube on the board."""
        if self.supply[seat] > 0:
            return [None]
        return [d for d in range(NDISTRICTS) if self.cubes[d][seat] > 0]

    def _card_actions(self, seat: int, only: int | None = None) -> list[Action]:
        """The taker's moves with the cards of its pile (with `only`, that card's alone).

        The full list is kept with what it was made from (the board's content, not a count of
        moves: tests set a state's lists directly), so that apply's check after a listing, the
        usual order, finds it again."""
        key = (
            seat,
            tuple(self.pending),
            self.doge,
            self.prestige[seat],
            self.supply[seat],
            tuple(map(tuple, self.cubes)),
            tuple(map(tuple, self.bridges)),
        )
        kept = self.__dict__.get("_listed")
        if kept is not None and kept[0] == key:
            return kept[1] if only is None else [a for a in kept[1] if getattr(a, "card", None) == only]
        acts = self._list_card_actions(seat, only)
        if only is None:
            self.__dict__["_listed"] = (key, acts)
        return acts

    def copy(self) -> State:
        """A copy without the kept listing of card moves: listing them afresh costs about a tenth
        of deep-copying the list, and a copy redealt for a search (`redeal_hidden`) can never be
        answered from a listing made before its redeal."""
        listed = self.__dict__.pop("_listed", None)
        try:
            return super().copy()
        finally:
            if listed is not None:
                self.__dict__["_listed"] = listed

    def _list_card_actions(self, seat: int, only: int | None) -> list[Action]:
        acts: list[Action] = []
        seen: set[str] = set()
        bridges = self._bridge_tuples()
        sources = self._sources(seat)
        for i, card in enumerate(self.pending):
            if card in seen:
                continue  # two equal cards offer the same moves: the first stands for both
            seen.add(card)
            if only is not None and i != only:
                continue
            acts.append(make(Decline, i))
            home = district_of_card(card)
            if home is not None:
                for target in sorted(district_card_targets(home, bridges, seat)):
                    for source in sources:
                        if source != target:
                            acts.append(make(PlayDistrict, i, target, source))
            elif card == "bridge":
                acts += self._bridge_actions(i, seat)
            elif card == "transfer":
                for d in range(NDISTRICTS):
                    for colour in range(self.colours):
                        if colour != seat and self.cubes[d][colour] > 0:
                            # the own cube must arrive in the district: one already there
                            # cannot take the replaced cube's place (spec §5.3)
                            for source in sources:
                                if source != d:
                                    acts.append(make(PlayTransfer, i, d, colour, source))
            elif card == "banish":
                acts += [make(PlayBanish, i, d) for d in range(NDISTRICTS)]
            elif card == "doge":
                if self.doge is None:
                    acts += [make(PlayDoge, i, d) for d in range(NDISTRICTS)]
                else:
                    for there, steps in doge_paths(self.doge, bridges, seat, self.prestige[seat]):
                        acts.append(make(PlayDoge, i, there, steps))
        return acts

    def _bridge_actions(self, card: int, seat: int) -> list[Action]:
        """A bridge card's moves: a bridge from the supply on any canal with room; once all twelve
        are out, another player's bridge taken over, left or moved to a canal with room (the
        rule of bridge_fits, with each canal's owners counted once for the whole listing)."""
        acts: list[Action] = []
        on = {key: [owner for x, y, owner in self.bridges if (x, y) == key] for key in PAIRS}
        sources = self._sources(seat)
        if len(self.bridges) < BRIDGES:
            for a, b in PAIRS:
                if self.room_for(seat, on[(a, b)]):
                    acts += [make(PlayBridge, card, a, b, None, source) for source in sources]
            return acts
        for index, (x, y, owner) in enumerate(self.bridges):
            if owner == seat:
                continue
            for a, b in PAIRS:
                there = on[(a, b)]
                if (a, b) == (x, y):
                    there = list(there)
                    there.remove(owner)  # the bridge being moved is not in its own way
                if self.room_for(seat, there):
                    acts += [make(PlayBridge, card, a, b, index, source) for source in sources]
        return acts

    def _banish_splits(self) -> list[tuple[int, ...]]:
        """Every way to remove the roll's number of foreign cubes (by colour)."""
        assert self.banish is not None
        d, player, count = self.banish["district"], self.banish["player"], self.banish["foreign"]
        caps = [0 if c == player else self.cubes[d][c] for c in range(self.colours)]
        out: list[tuple[int, ...]] = []

        def fill(c: int, left: int, chosen: list[int]) -> None:
            if c == self.colours:
                if left == 0:
                    out.append(tuple(chosen))
                return
            for k in range(min(caps[c], left) + 1):
                fill(c + 1, left - k, chosen + [k])

        fill(0, count, [])
        return out

    # -- moves ------------------------------------------------------------------------------
    # A step of one kind of move is made by _do_<step> (the reroll and choose steps share their
    # move's name); a step of several hands each kind to its own _do_<kind>.
    def _by_kind(self, seat: int, action: Action) -> None:
        handler: Callable[[int, Any], None] = getattr(self, f"_do_{action.kind}")
        handler(seat, action)

    _do_resolve = _by_kind
    _do_free_banish = _by_kind

    def _do_split(self, seat: int, action: Action) -> None:
        # a random divider's card moves are most of a game's moves: no look-up by name for them
        if isinstance(action, PutCard):
            self._do_put(seat, action)
        else:
            assert isinstance(action, Confirm)
            self._do_confirm(seat, action)

    # -- set-up moves -----------------------------------------------------------------------
    def _do_reroll(self, seat: int, action: Reroll) -> None:
        rolls = self.rolls[seat]
        if action.again:
            while rolls[3] == rolls[0]:
                rolls[3] = self.rng.randint(1, 6)
            self._say(f"{self.seat_name(seat)} rerolls the fourth die: {rolls[3]}", reveal=True)
        self._place_starting(seat)
        self.setup_next += 1
        self._setup_rolls()

    def _do_bridges(self, seat: int, action: PlaceBridge) -> None:
        a, b = pair(action.a, action.b)
        self.bridges.append([a, b, seat])
        self.supply[seat] -= 1
        self._say(f"{self.seat_name(seat)} builds a bridge {DISTRICTS[a].name} – {DISTRICTS[b].name}")
        self.bridge_queue.pop(0)
        if not self.bridge_queue:
            self._place_dummy_bridges()
            self._start_period()

    # -- rounds -----------------------------------------------------------------------------
    def _eligible(self) -> list[int]:
        return [s for s in self._order(self.start) if self.limit_total(s) < LIMIT_OUT]

    def _start_round(self, extra: bool) -> None:
        self.round += 1
        self.extra = extra
        eligible = self._eligible()
        assert eligible and eligible[0] == self.start, "the start player is always in the round"
        others = eligible[1:]
        self.rng.shuffle(others)
        if len(eligible) == 4:
            self.mode = "pairs"
            c1, d2, c2 = others
            self.offers = [self._offer(self.start, [c1], 2), self._offer(d2, [c2], 2)]
        elif len(eligible) == 3:
            self.mode = "trio"
            self.offers = [self._offer(self.start, others, 3)]
        else:
            self.mode = "pair"
            self.offers = [self._offer(self.start, others, 2)]
        roles = "; ".join(
            f"{self.seat_name(o['divider'])} divides for {self._names(o['choosers'])}" for o in self.offers
        )
        self._say(f"Period {self.period}, round {self.round}{' (extra round)' if extra else ''}: {roles}")
        self.offer_at = 0
        self.step = "split"

    def _names(self, seats: list[int]) -> str:
        return ", ".join(self.seat_name(s) for s in seats)

    def _offer(self, divider: int, choosers: list[int], piles: int) -> dict[str, Any]:
        actions, limits = OFFER_CARDS[piles]
        cards = [self._draw_action() for _ in range(actions)] + [
            f"limit:{self.limit_deck.pop()}" for _ in range(limits)
        ]
        return {
            "divider": divider,
            "choosers": choosers,
            "cards": cards,
            "draft": [0] * len(cards),
            "piles": piles,
            "revealed": False,
            "confirmed": False,  # its divider has finished splitting
            "taken": {},  # pile -> seat
        }

    def _draw_action(self) -> str:
        if not self.action_deck:  # cannot happen within a period (spec §6.4); a safety net
            self.action_deck, self.action_discard = self.action_discard, []
            self.rng.shuffle(self.action_deck)
        return self.action_deck.pop()

    def split_offer(self, seat: int) -> dict[str, Any]:
        """The offer `seat` is splitting now (split step; `seat` among to_move())."""
        return next(o for o in self.offers if o["divider"] == seat and not o["confirmed"])

    def split_index(self, seat: int | None) -> int:
        """Which offer a view of `seat` shows during the split: the seat's own while it splits,
        else the first still being split."""
        offers = self.offers
        for i, offer in enumerate(offers):
            if offer["divider"] == seat and not offer["confirmed"]:
                return i
        return next((i for i, o in enumerate(offers) if not o["confirmed"]), 0)

    def _do_put(self, seat: int, action: PutCard) -> None:
        self.split_offer(seat)["draft"][action.card] = action.pile

    def _do_confirm(self, seat: int, action: Confirm) -> None:
        offer = self.split_offer(seat)
        offer["confirmed"] = True
        self._say(f"{self.seat_name(seat)} has made {offer['piles']} piles")
        if all(o["confirmed"] for o in self.offers):  # nothing is shown before both are done
            self.offer_at = 0
            self._reveal()

    def _reveal(self) -> None:
        offer = self.offers[self.offer_at]
        offer["revealed"] = True
        piles = "; ".join(
            f"pile {p + 1}: "
            + ", ".join(card_name(c) for c, q in zip(offer["cards"], offer["draft"]) if q == p)
            for p in range(offer["piles"])
        )
        self._say(f"{self.seat_name(offer['divider'])}'s piles: {piles}", reveal=True)
        self.step = "choose"

    def pile_cards(self, offer: dict[str, Any], pile: int) -> list[str]:
        return [c for c, q in zip(offer["cards"], offer["draft"]) if q == pile]

    def _do_choose(self, seat: int, action: Choose) -> None:
        self._take(seat, action.pile)

    def _take(self, seat: int, pile: int) -> None:
        offer = self.offers[self.offer_at]
        offer["taken"][pile] = seat
        cards = self.pile_cards(offer, pile)
        for card in cards:
            if card.startswith("limit:"):
                self.limits[seat].append(int(card[6:]))
        self._say(f"{self.seat_name(seat)} takes pile {pile + 1} (limit now {self.limit_total(seat)})")
        self.taker = seat
        self.pending = [c for c in cards if not c.startswith("limit:")]
        self.step = "resolve"
        self._next_card()

    def _next_card(self) -> None:
        """After a card: the taker goes on, or the next pile is taken, or the round ends."""
        if self.pending:
            self.step = "resolve"
            return
        offer = self.offers[self.offer_at]
        left = [p for p in range(offer["piles"]) if p not in offer["taken"]]
        if len(left) > 1:
            self.taker = None
            self.step = "choose"
            return
        if left:
            self._take(offer["divider"], left[0])  # the divider gets what is left
            return
        if self.offer_at + 1 < len(self.offers):
            self.offer_at += 1
            self._reveal()
            return
        self._end_round()

    # -- cards ------------------------------------------------------------------------------
    def _use(self, card: int) -> str:
        used = self.pending.pop(card)
        self.action_discard.append(used)
        return used

    def _cube_from(self, seat: int, source: int | None) -> None:
        if source is None:
            self.supply[seat] -= 1
        else:
            self.cubes[source][seat] -= 1

    @staticmethod
    def _moved(source: int | None, what: str) -> str:
        """Where a card's cube came from, for the log: nothing for the supply; with an empty
        supply, the district it left, which loses a cube the player may not have noticed."""
        if source is None:
            return ""
        return f" {what} moved from {DISTRICTS[source].name}"

    def _gone_to(self, colour: int) -> str:
        """Where a removed cube goes, when it is not its owner's supply (spec §8.2)."""
        return " (set aside until the next period)" if self._is_neutral(colour) else ""

    def _do_decline(self, seat: int, action: Decline) -> None:
        if action.card < 0:
            self._say(f"{self.seat_name(seat)} gives up the free banishment")
            self._after_free_banish()
            return
        used = self._use(action.card)
        self._say(f"{self.seat_name(seat)} gives up a {card_name(used)}")
        self._next_card()

    def _do_play_district(self, seat: int, action: PlayDistrict) -> None:
        self._use(action.card)
        self._cube_from(seat, action.source)
        self.cubes[action.target][seat] += 1
        target, source = DISTRICTS[action.target].name, action.source
        if source is None:
            self._say(f"{self.seat_name(seat)} places a cube in {target}")
        else:
            self._say(f"{self.seat_name(seat)} moves a cube from {DISTRICTS[source].name} to {target}")
        self._next_card()

    def _do_play_bridge(self, seat: int, action: PlayBridge) -> None:
        self._use(action.card)
        a, b = pair(action.a, action.b)
        if action.take is None:
            self.bridges.append([a, b, seat])
            self._say(
                f"{self.seat_name(seat)} builds a bridge {DISTRICTS[a].name} – {DISTRICTS[b].name}"
                f"{self._moved(action.source, 'with a cube')}"
            )
        else:
            bridge = self.bridges[action.take]
            old = bridge[2]
            self.supply[old] += 1
            bridge[:] = [a, b, seat]
            self._say(
                f"{self.seat_name(seat)} takes over {self.colour_name(old)}'s bridge, now "
                f"{DISTRICTS[a].name} – {DISTRICTS[b].name}{self._moved(action.source, 'with a cube')}; "
                f"{self.colour_name(old)}'s cube goes back to {self.colour_name(old)}'s supply"
            )
        self._cube_from(seat, action.source)
        self._next_card()

    def _do_play_transfer(self, seat: int, action: PlayTransfer) -> None:
        self._use(action.card)
        d = action.district
        self.cubes[d][action.colour] -= 1
        self._return_cubes(action.colour, 1)
        self._cube_from(seat, action.source)
        self.cubes[d][seat] += 1
        victim = self.colour_name(action.colour)
        self._say(
            f"{self.seat_name(seat)} replaces a cube of {victim} in {DISTRICTS[d].name}"
            f"{self._moved(action.source, 'with one')}{self._gone_to(action.colour)}"
        )
        self._next_card()

    def _do_play_banish(self, seat: int, action: PlayBanish) -> None:
        if action.card >= 0:
            self._use(action.card)
        d = action.district
        roll = self.rng.randint(1, 6)
        foreign = sum(self.cubes[d][c] for c in range(self.colours) if c != seat)
        lost_foreign, lost_own = banishment_losses(roll, foreign, self.cubes[d][seat])
        self._say(f"{self.seat_name(seat)} banishes in {DISTRICTS[d].name} and rolls {roll}", reveal=True)
        self.cubes[d][seat] -= lost_own
        self.supply[seat] += lost_own
        colours = [c for c in range(self.colours) if c != seat and self.cubes[d][c] > 0]
        self.banish = {
            "district": d,
            "player": seat,
            "roll": roll,
            "foreign": lost_foreign,
            "own": lost_own,
            "free": action.card < 0,
        }
        if lost_foreign == foreign or len(colours) <= 1:
            split = tuple(self.cubes[d][c] if c != seat else 0 for c in range(self.colours))
            if lost_foreign < foreign:
                split = tuple(lost_foreign if c in colours else 0 for c in range(self.colours))
            self._remove_banished(split)
            return
        self.step = "banish_pick"

    def _do_banish_pick(self, seat: int, action: PickBanished) -> None:
        self._remove_banished(action.counts)

    def _remove_banished(self, counts: tuple[int, ...]) -> None:
        assert self.banish is not None
        d = self.banish["district"]
        for colour, k in enumerate(counts):
            self.cubes[d][colour] -= k
            self._return_cubes(colour, k)
        # every colour that lost cubes, the banisher's own (taken off at the roll) last
        player = self.banish["player"]
        gone = [f"{k} of {self.colour_name(c)}{self._gone_to(c)}" for c, k in enumerate(counts) if k]
        if self.banish["own"]:
            gone.append(f"{self.banish['own']} of {self.seat_name(player)}'s own")
        said = ", ".join(gone) or "nothing"
        self._say(f"{self.seat_name(player)} removes {said} from {DISTRICTS[d].name}")
        free = self.banish["free"]
        self.banish = None
        if free:
            self._after_free_banish()
        else:
            self._next_card()

    def _do_play_doge(self, seat: int, action: PlayDoge) -> None:
        self._use(action.card)
        d = action.district
        if self.doge is None:
            self._say(f"{self.seat_name(seat)} places the Doge in {DISTRICTS[d].name}")
        elif not action.steps:
            self._say(f"{self.seat_name(seat)} leaves the Doge in {DISTRICTS[d].name}")
        else:
            route = follow(self.doge, action.steps, self._bridge_tuples(), seat)
            self.prestige[seat] -= route.cost
            for owner, amount in route.paid:
                assert isinstance(owner, int)
                self.prestige[owner] += amount
            path = " → ".join(DISTRICTS[x].name for x in route.path)
            paid = [
                f"{amount} to {self.colour_name(owner)}"
                for owner, amount in route.paid
                if isinstance(owner, int)
            ]
            if route.bank:
                paid.append(f"{route.bank} to the bank")
            self._say(f"{self.seat_name(seat)} moves the Doge {path} (pays {', '.join(paid) or 'nothing'})")
        self.doge = d
        self._score(d)
        self._next_card()

    def _score(self, d: int) -> None:
        district = DISTRICTS[d]
        counts = {c: self.cubes[d][c] for c in range(self.colours)}
        scores = district_scores(counts, district.high, district.low)
        for colour, points in scores.items():
            if not self._is_neutral(colour):  # the neutral colour's points are dropped
                self.prestige[colour] += points
        said = ", ".join(f"{self.colour_name(c)} +{p}" for c, p in scores.items()) or "nobody scores"
        self._say(f"{district.name} is scored: {said}")

    # -- round and period end ---------------------------------------------------------------
    def _start_period(self) -> None:
        """A period's first round; before it, in variant B the first divider is settled, and in
        variant A the neutral cubes set aside go back, one by one, in turn from the start player."""
        if self.variant == "dummies":
            if self.period == 2 and self.first_divider is not None:
                self.start = 1 - self.first_divider  # who divided first is chooser first
            else:
                self.start = self.rng.randint(1, 6) % 2  # a die roll decides
                self._say(f"A die roll makes {self.seat_name(self.start)} the first divider", reveal=True)
            self.first_divider = self.start
        if self.variant == "neutral" and self.neutral_aside:
            self.neutral_queue = self._order(self.start)
            self.step = "neutral_place"
            return
        self._start_round(extra=False)

    def _do_neutral_place(self, seat: int, action: PlaceNeutral) -> None:
        self.cubes[action.district][self.n] += 1
        self.neutral_aside -= 1
        self._say(f"{self.seat_name(seat)} puts a neutral cube back in {DISTRICTS[action.district].name}")
        self.neutral_queue = self.neutral_queue[1:] + self.neutral_queue[:1]
        if not self.neutral_aside:
            self._start_round(extra=False)

    def _return_cubes(self, colour: int, count: int) -> None:
        """Cubes taken off the board go back to their owner's supply; the neutral's are set
        aside until the next period (spec §8.2)."""
        if self._is_neutral(colour):
            self.neutral_aside += count
        else:
            self.supply[colour] += count

    def _end_round(self) -> None:
        self.taker = None
        self.offers = []
        if self.variant == "dummies":
            for dummy in range(self.n, self.colours):
                if self.supply[dummy] > 0:
                    d = self.rng.randint(1, 6) - 1
                    self.cubes[d][dummy] += 1
                    self.supply[dummy] -= 1
                    self._say(
                        f"{self.colour_name(dummy)} rolls {d + 1}: a cube in {DISTRICTS[d].name}", reveal=True
                    )
        if self.n == 2:
            # the 2-player variants: no extra round; the period ends once a player reaches 10
            if any(self.limit_total(s) >= LIMIT_OUT for s in range(self.n)):
                self._end_period()
            else:
                self.start = (self.start + 1) % self.n
                self._start_round(extra=False)
            return
        if self.extra:
            self._end_period()
            return
        left = [s for s in range(self.n) if self.limit_total(s) < LIMIT_OUT]
        if len(left) == self.n:
            self.start = (self.start + 1) % self.n
            self._start_round(extra=False)
        elif len(left) >= 2:
            self.start = next(s for s in self._order(self.start + 1) if self.limit_total(s) < LIMIT_OUT)
            self._start_round(extra=True)
        else:
            self._end_period()

    def _end_period(self) -> None:
        totals = [self.limit_total(s) for s in range(self.n)]
        for seat, bonus in enumerate(period_bonus(totals)):
            if bonus:
                self.prestige[seat] += bonus
                self._say(f"{self.seat_name(seat)} gains a bonus of {bonus}")
        free = self.variant != "neutral" and (
            self.variant != "dummies" or self.options.get("dummy_free_banish", "on") == "on"
        )
        self.free_banish_seat = free_banisher(totals) if free else None
        if not free:
            self._after_free_banish()
            return
        if self.free_banish_seat is not None:
            self.step = "free_banish"
            return
        self._say("Nobody banishes for free: the lowest limit total is shared")
        self._after_free_banish()

    def _after_free_banish(self) -> None:
        self.free_banish_seat = None
        self.limits = [[] for _ in range(self.n)]
        self.limit_deck = self._fresh_limits()
        self.action_deck += self.action_discard
        self.action_discard = []
        self.rng.shuffle(self.action_deck)
        if self.period < PERIODS:
            self.period += 1
            self.start = (self.start + 1) % self.n
            self._start_period()
            return
        for d in range(NDISTRICTS):
            self._score(d)
        self.step = "over"
        self._say("The game is over")

    # -- what players see -------------------------------------------------------------------
    def view(self, seat: int | None) -> SanMarcoView:
        viewer = seat if type(seat) is int and 0 <= seat < self.n else None
        banish = self.banish
        return SanMarcoView(
            game="san_marco",
            viewer=viewer,
            to_move=self.to_move(),
            round=self.round,
            phase="",
            step=self.step,
            players=tuple(SanMarcoPlayer(name=s.name) for s in self.seats),
            period=self.period,
            extra=self.extra,
            start=self.start,
            doge=self.doge,
            rolls=tuple(map(tuple, self.rolls)),  # the starting rolls (public)
            cubes=tuple(map(tuple, self.cubes)),
            supply=tuple(self.supply),
            bridges=tuple((a, b, owner) for a, b, owner in self.bridges),
            prestige=tuple(self.prestige),
            variant=self.variant,
            colours=tuple(self.colour_name(c) for c in range(self.colours)),
            neutral_aside=self.neutral_aside,
            limits=tuple(map(tuple, self.limits)),
            offers=tuple(self._offer_view(offer, viewer) for offer in self.offers),
            offer_at=self.split_index(viewer) if self.step == "split" else self.offer_at,
            taker=self.taker,
            pending=tuple(self.pending),
            # a banishment waiting for its pick of foreign cubes (the roll is public)
            banish=Banishment(**banish) if banish is not None else None,
            decks=Decks(action=len(self.action_deck), limit=len(self.limit_deck)),
            options=dict(self.options),
        )

    def bot_view(self, seat: int) -> SanMarcoBotView:
        """The part of `view(seat)` the bots read (see SanMarcoBotView)."""
        viewer = seat if type(seat) is int and 0 <= seat < self.n else None
        step = self.step
        at = self.split_index(viewer) if step == "split" else self.offer_at
        banish = self.banish
        return SanMarcoBotView(
            viewer=viewer,
            step=step,
            doge=self.doge,
            cubes=tuple(map(tuple, self.cubes)),
            bridges=tuple((a, b, owner) for a, b, owner in self.bridges),
            limits=tuple(map(tuple, self.limits)),
            offers=(
                tuple(self._offer_view(offer, viewer) for offer in self.offers)
                if step in ("split", "choose")
                else (None,) * len(self.offers)
            ),
            offer_at=at,
            banish=Banishment(**banish) if banish is not None else None,
        )

    @staticmethod
    def _offer_view(offer: dict[str, Any], viewer: int | None) -> Offer:
        shown = offer["revealed"] or viewer == offer["divider"]
        return Offer(
            divider=offer["divider"],
            choosers=tuple(offer["choosers"]),
            piles=offer["piles"],
            revealed=offer["revealed"],
            confirmed=offer["confirmed"],
            cards=tuple(offer["cards"]) if shown else None,
            draft=tuple(offer["draft"]) if shown else None,
            card_count=len(offer["cards"]),
            taken=dict(offer["taken"]),
        )

    def plant_secrets(self, owner: int | None, mark: Callable[[], Any]) -> None:
        if owner is None:
            self.action_deck[:] = [mark() for _ in self.action_deck]
            self.limit_deck[:] = [mark() for _ in self.limit_deck]
            return
        for offer in self.offers:
            if offer["divider"] == owner and not offer["revealed"]:
                offer["cards"][:] = [mark() for _ in offer["cards"]]
                offer["draft"][:] = [mark() for _ in offer["draft"]]

    def _redeal(self, seat: int, rng: random.Random) -> None:
        """Everything `seat` cannot see drawn afresh: see hidden.py. (The copy being redealt has
        no kept listing of card moves: `copy` leaves it behind.)"""
        if self.is_over():
            return
        redeal(self, seat, rng)

    def standings(self) -> Standings:
        players = list(range(self.n))
        sm_cubes = [self.cubes[SAN_MARCO][s] for s in players]
        won = set(winners(self.prestige, sm_cubes, players)) if self.step == "over" else set()
        rows = [
            StandingRow(
                seat=s,
                name=self.seat_name(s),
                total=self.prestige[s],
                breakdown={"prestige": self.prestige[s]},
                tiebreak=sm_cubes[s],
                winner=s in won,
            )
            for s in players
        ]
        return Standings(rank_rows(rows), tiebreak_label="cubes in San Marco")

    def explain_illegal(self, seat: int, action: Action) -> str:
        """Why `apply` refuses `action`, in one line: the reasons all games share, then this
        game's."""
        reason = self.step_refusal(seat, action)
        if reason is not None:
            return reason
        if isinstance(action, Confirm):
            return "Every pile must hold at least one card."
        if isinstance(action, PlayDoge):
            played = action.card
            listed = self._card_actions(seat, only=played) if type(played) is int and played >= 0 else []
            reason = self._doge_refusal(seat, action, listed)
            return reason or "That Doge move is not open now."
        if isinstance(action, Choose):
            return "That pile is not on offer."
        if isinstance(action, (PlaceBridge, PlayBridge)):
            return "A bridge joins two neighbouring districts, at most three on one canal."
        if isinstance(action, PlayDistrict):
            return "A district card places in its district, or across one bridge of your own."
        if isinstance(action, PlayTransfer):
            return self._transfer_refusal(seat, action)
        return "That move is not allowed now."
