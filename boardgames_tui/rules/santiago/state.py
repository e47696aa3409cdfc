"""Santiago's game state: the round as a state machine (shared/rules/santiago.md §4–§7).

Steps (``self.step``; the view calls it ``phase``), each waiting for exactly one seat:

    spring    set-up: the start player puts the spring on an intersection (option spring=choose)
    palms     set-up, palm variant: the start player places 3 palms one by one (palm_placement=choose)
    bid       everyone in turn from the overseer's left bids or passes (the overseer bids last)
    plant     in planting order each player plants one offered tile
    leftover  3 players: the first planter places the round's last tile, ownerless
    bribe     every non-overseer player proposes, supports or passes
    overseer  the overseer accepts a proposal, builds elsewhere for highest + 1, or builds none
    extra     from the overseer's left (overseer last) a player may lay the personal canal
    over      the game has ended; ``scores`` holds the result

Overseer change, planting order, drought, income, the next round's reveal, the final drought and
scoring happen automatically inside the ``apply`` that completes the step before them.

A step lists its moves in ``_list_<step>`` and makes one in ``_do_<step>``; a step that takes
several kinds of move hands each to the method of its kind (``_act_<kind>``, ``_pass_<step>``).
``order_index`` is the position in the step's order of seats (``bid_order``, ``plant_order``,
``bribe_order``, ``extra_order``).

``view(seat)`` returns a SantiagoView (view.py says what each field means; ``seat`` None is the
public view). Its board part is cached and shared, object for object, between views until the
board changes.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from copy import deepcopy
from dataclasses import dataclass
from typing import Any, TypeGuard

from ..core import Action, Event, Game, IllegalAction, Seat, StandingRow, Standings, rank_rows
from ..steps import StepState
from . import data as D
from . import hidden
from .actions import (
    ACTION_CLASSES,
    Accept,
    Bid,
    Build,
    NoCanal,
    Pass,
    PersonalCanal,
    PlaceLeftover,
    PlacePalm,
    PlaceSpring,
    Plant,
    Propose,
    Support,
    intern,
    ladder,
    plant_actions,
)
from .view import (
    CanalEntry,
    FieldView,
    OfferEntry,
    Place,
    PlantationView,
    Pledge,
    ProposalView,
    SantiagoBotView,
    SantiagoPlayer,
    SantiagoView,
    ScoreRow,
    Segment,
    TileView,
)

PHASE_LABELS = {
    "spring": "Set-up: place the spring",
    "palms": "Set-up: place the palm trees",
    "bid": "Bidding",
    "plant": "Planting",
    "leftover": "Leftover tile",
    "bribe": "Bribes",
    "overseer": "Overseer's decision",
    "extra": "Extra irrigation",
    "over": "Game over",
}

PHASE_KINDS = {
    "spring": {"spring"},
    "palms": {"palm"},
    "bid": {"bid", "pass"},
    "plant": {"plant"},
    "leftover": {"leftover"},
    "bribe": {"propose", "support", "pass"},
    "overseer": {"accept", "build", "no_canal"},
    "extra": {"personal", "pass"},
    "over": set(),
}

KIND_VERBS = {
    "spring": "place the spring",
    "palm": "place a palm",
    "bid": "bid",
    "pass": "pass",
    "plant": "plant a tile",
    "leftover": "place the leftover tile",
    "propose": "propose a canal",
    "support": "support a proposal",
    "accept": "accept a proposal",
    "build": "build a canal",
    "no_canal": "decline to build",
    "personal": "place your personal canal",
}

CROP_ORDER = {crop: i for i, crop in enumerate(D.CROPS)}
_PLAIN = (int, bool, str, type(None))  # immutable values a copy may share

PROMPTS = {
    "spring": " places the spring: an edge or corner is the rulebook's harder variant.",
    "bid": " bids or passes.",
    "plant": " plants a tile.",
    "leftover": " places the leftover tile (no owner).",
    "bribe": " proposes a canal, supports a proposal or passes.",
    "overseer": ", the overseer, decides where the canal goes.",
    "extra": " may lay the personal canal.",
}


def _is_int(value: Any) -> TypeGuard[int]:
    return type(value) is int


def _plural(n: int, word: str = "escudo") -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _fields_text(fields: list[int]) -> str:
    """ "field 3,1" or "fields 3,1; 4,5" (semicolons, since each field already holds a comma)."""
    names = "; ".join("{},{}".format(*D.field_cr(f)) for f in fields)
    return f"field{'' if len(fields) == 1 else 's'} {names}"


def find_plantations(tile: list[int], desert: list[bool]) -> list[list[int]]:
    """Maximal orthogonally connected groups of same-crop, non-desert tiles (sorted field lists)."""
    seen = [False] * D.NFIELDS
    groups = []
    for f in range(D.NFIELDS):
        if seen[f] or tile[f] < 0 or desert[f]:
            continue
        crop = D.TILES[tile[f]][0]
        seen[f] = True
        stack, group = [f], []
        while stack:
            g = stack.pop()
            group.append(g)
            for h in D.NEIGHBOURS[g]:
                if not seen[h] and tile[h] >= 0 and not desert[h] and D.TILES[tile[h]][0] == crop:
                    seen[h] = True
                    stack.append(h)
        group.sort()
        groups.append(group)
    return groups


# -- view entries ---------------------------------------------------------------------------------
# A view's entries are frozen, and making a frozen object costs several times what a dict did; the
# search bot builds thousands of views a second out of the same few entries (a tile in the offer, a
# seat's facts), so each entry is made once and shared by every view that holds it.


@functools.cache
def _tile_view(t: int) -> TileView:
    crop, workers = D.TILES[t]
    return TileView(crop=crop, crop_name=D.CROP_NAMES[crop], workers=workers)


@functools.cache
def _offer_entry(t: int, taken: int, f: int) -> OfferEntry:
    """Tile t of the offer, `taken` by a seat (-2: the leftover tile, -1: nobody yet), planted on
    field f (-1: not yet)."""
    crop, workers = D.TILES[t]
    return OfferEntry(
        crop=crop,
        crop_name=D.CROP_NAMES[crop],
        workers=workers,
        label=D.TILE_LABELS[t],
        taken_by=taken if taken >= 0 else None,
        field=D.FIELD_CR[f] if f >= 0 else None,
        leftover=taken == -2,
    )


@functools.lru_cache(maxsize=4096)
def _proposal(number: int, seg: int, proposer: int, pledges: tuple[tuple[int, int], ...]) -> ProposalView:
    return ProposalView(
        number=number,
        segment=D.SEGMENTS[seg],
        proposer=proposer,
        total=sum(a for _, a in pledges),
        pledges=tuple(Pledge(seat=s, amount=a) for s, a in pledges),
    )


_Facts = tuple[str, int | None, int, bool, int | None, str | None, int]
_PLAYERS: dict[_Facts, SantiagoPlayer] = {}  # by their facts, as _player takes them


def _player(facts: _Facts) -> SantiagoPlayer:
    """A seat's entry from (name, cash shown, markers left, personal canal unused, the state's
    bid: None not yet, 0 passed, else the amount, bribe choice, plantation payout)."""
    known = _PLAYERS.get(facts)
    if known is None:
        if len(_PLAYERS) >= 65536:  # the entries of games long over
            _PLAYERS.clear()
        name, cash, markers_left, personal, bid, choice, payout = facts
        known = _PLAYERS[facts] = SantiagoPlayer(
            name=name,
            cash=cash,
            markers_left=markers_left,
            personal_canal=personal,
            bid=bid or None,
            passed=bid == 0,
            bid_done=bid is not None,
            bribe_choice=choice,
            plantation_score=payout,
        )
    return known


@dataclass(frozen=True, slots=True)
class _BoardPart:
    """The board part of every view (SantiagoView's fields of the same names, and every seat's
    plantation payout), made once per board and shared by the views."""

    fields: tuple[tuple[FieldView, ...], ...]
    plantations: tuple[PlantationView, ...]
    plantation_scores: tuple[int, ...]
    palms: tuple[Place, ...]
    spring: Place | None
    canals: tuple[Segment, ...]
    canal_log: tuple[CanalEntry, ...]
    legal_segments: tuple[Segment, ...]


# What one field's FieldView shows: (tile, owner, markers, desert, palm, leftover, irrigated)
_Sig = tuple[int, int, int, bool, bool, bool, bool]
# A plantation's identity, as PlantationViews are kept: (crop, fields, counted markers per seat)
_PlantKey = tuple[str, tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class _BoardCache:
    """The last board part with what it was made from, for `_board_view` to redo only what has
    changed. Never changed once made: a state's copies share it."""

    lists: tuple[list[int], ...]  # tile, owner, markers, desert, palm, leftover, canal (bools are ints)
    net_key: tuple[int, int]  # (canals built, spring)
    sigs: list[_Sig]  # per field, what its FieldView shows
    cells: list[FieldView]
    groups: list[list[int]] | None  # find_plantations' result for these tiles and deserts
    plants: dict[_PlantKey, PlantationView]
    part: _BoardPart


class SantiagoState(StepState):
    # The view's board part, and the open canal positions (canal and wet say where they are).
    TRANSIENT = ("_board_cache", "open_segs")

    def __init__(self, game: Game, seats: tuple[Seat, ...], seed: int, options: dict[str, str]):
        n = self.n = self.begin(game, seats, seed, options)
        self.rounds = D.rounds_for(n)
        self.offer_size = D.offer_size_for(n)
        self.round = 0
        self.step = "spring"
        self.current = -1  # the seat whose decision is pending, -1 when none
        # chance, in a fixed order: start player, deck, removed tile, spring, palms
        self.start_player = self.rng.randrange(n)
        self.overseer = self.start_player
        deck = list(range(len(D.TILES)))
        self.rng.shuffle(deck)
        self.removed = deck.pop() if D.removes_tile(n) else -1
        self.deck = deck
        self.offer: list[int] = []
        self.offer_taken: list[int] = []  # per offer slot: seat, -2 for the leftover, -1 untaken
        self.offer_field: list[int] = []  # per offer slot: field index or -1
        # board
        self.tile = [-1] * D.NFIELDS
        self.owner = [-1] * D.NFIELDS
        self.markers = [0] * D.NFIELDS
        self.desert = [False] * D.NFIELDS
        self.palm = [False] * D.NFIELDS
        self.leftover = [False] * D.NFIELDS
        self.spring = -1
        self.canal = [False] * len(D.SEGMENTS)
        self.wet = [False] * D.NINTER  # intersections on the network: the spring and canal ends
        self.open_segs: list[int] = []  # legal canal positions, derived from canal and wet
        self.canal_log: list[tuple[int, int, str, int]] = []  # (segment, round, how, seat)
        self.supply = D.canal_supply_for(n)
        # players
        self.cash = [D.START_CASH] * n
        self.markers_left = [D.MARKERS_PER_PLAYER] * n
        self.personal = [True] * n
        # round bookkeeping
        self.bid_order: list[int] = []
        self.bids: list[int | None] = [None] * n  # None: not yet; 0: passed; n: bid
        self.pass_order: list[int] = []
        self.plant_order: list[int] = []
        self.leftover_placer = -1
        self.proposals: list[hidden.Proposal] = []
        self.bribe_order: list[int] = []
        self.bribe_choice: list[str | None] = [None] * n
        self.extra_order: list[int] = []
        self.order_index = 0  # the position in the current step's order: bid_order, plant_order, ...
        self.final: list[list[int]] | None = None  # per seat [cash, plantations] once over
        self._board_cache: _BoardCache | None = None  # the board part of the last view; not state

        if self.options.get("spring", "choose") != "choose":
            pool = D.INNER_INTERSECTIONS if self.options["spring"] == "random_inner" else range(D.NINTER)
            self.spring = self.rng.choice(list(pool))
            self._set_wet(self.spring)
            x, y = D.inter_xy(self.spring)
            # the set-up is said as a move is, and told with the game's first log entries
            self._events = []
            self._say(f"The spring is placed at intersection {x},{y}, drawn at random.")
            self._after_spring()
            self.setup_said = tuple(self._events)
        else:
            self.current = self.start_player

    # -- set-up ------------------------------------------------------------------------------
    def _after_spring(self) -> None:
        if self.options.get("palms") == "on":
            if self.options.get("palm_placement") == "random":
                for _ in range(D.PALM_COUNT):
                    self.palm[self.rng.choice(self._palm_fields())] = True
                palms = [f for f in range(D.NFIELDS) if self.palm[f]]
                self._say(f"Palm trees stand on {_fields_text(palms)}.", reveal=True)
            else:
                self.step = "palms"
                self.current = self.start_player
                return
        self._start_round()

    def _palm_fields(self) -> list[int]:
        banned = set(D.INTER_FIELDS[self.spring])
        for f in range(D.NFIELDS):
            if self.palm[f]:
                banned.add(f)
                banned.update(D.KING_NEIGHBOURS[f])
        return [f for f in range(D.NFIELDS) if f not in banned]

    def _palm_list(self) -> list[tuple[int, int]]:
        return [D.field_cr(f) for f in range(D.NFIELDS) if self.palm[f]]

    # -- helpers -------------------------------------------------------------------------------
    def _irrigated(self, f: int) -> bool:
        h, v = D.FIELD_SEGS[f]
        return self.canal[h] or self.canal[v]

    def _legal_segments(self) -> list[int]:
        """Empty segments with an end on the spring or on a blue canal's end (kept up to date)."""
        return self.open_segs

    def _set_wet(self, *points: int) -> None:
        for p in points:
            self.wet[p] = True
        wet, canal = self.wet, self.canal
        self.open_segs = [s for s, (a, b) in enumerate(D.SEG_ENDS) if not canal[s] and (wet[a] or wet[b])]

    def _proposed(self) -> dict[int, int]:
        """segment -> proposal number (1-based)."""
        return {p[0]: i + 1 for i, p in enumerate(self.proposals)}

    def _highest_bribe(self) -> int:
        return max((sum(a for _, a in p[2]) for p in self.proposals), default=0)

    def _build(self, seg: int, how: str, seat: int) -> None:
        self.canal[seg] = True
        self._set_wet(*D.SEG_ENDS[seg])
        self.canal_log.append((seg, self.round, how, seat))

    def _leftover_fields(self) -> list[int]:
        empty = [f for f in range(D.NFIELDS) if self.tile[f] < 0]
        near_crop = [
            f for f in empty if any(self.tile[g] >= 0 and not self.desert[g] for g in D.NEIGHBOURS[f])
        ]
        if near_crop:
            return near_crop
        near_desert = [f for f in empty if any(self.desert[g] for g in D.NEIGHBOURS[f])]
        return near_desert or empty

    def _offer_slot(self, crop: str, workers: int) -> int:
        for i, t in enumerate(self.offer):
            if self.offer_taken[i] == -1 and D.TILES[t] == (crop, workers):
                return i
        return -1

    def _offer_text(self) -> str:
        return ", ".join(D.tile_label(*D.TILES[t]) for t in self.offer)

    # -- round flow ----------------------------------------------------------------------------
    def _start_round(self) -> None:
        self.round += 1
        self.offer = [self.deck.pop() for _ in range(self.offer_size)]
        self.offer_taken = [-1] * self.offer_size
        self.offer_field = [-1] * self.offer_size
        self.bids = [None] * self.n
        self.pass_order = []
        self.plant_order = []
        self.leftover_placer = -1
        self.proposals = []
        self.bribe_order = []
        self.bribe_choice = [None] * self.n
        self.extra_order = []
        self.bid_order = [(self.overseer + 1 + i) % self.n for i in range(self.n)]
        self.step = "bid"
        self.order_index = 0
        self.current = self.bid_order[0]
        final = " (the last round)" if self.round == self.rounds else ""
        boxed = ""
        if self.round == 1 and self.removed >= 0:
            boxed = f" Put back in the box at set-up: {D.tile_label(*D.TILES[self.removed])}."
        self._say(
            f"Round {self.round} of {self.rounds}{final}: the offer is {self._offer_text()}.{boxed}",
            reveal=True,
        )

    def _resolve_bids(self) -> None:
        bids = [b or 0 for b in self.bids]  # everyone has bid or passed (0) by now
        if self.pass_order:
            new = self.pass_order[0]
            why = "passed first"
        else:
            new = min(range(self.n), key=lambda s: bids[s])
            why = "bid lowest"
        self.overseer = new
        self._say(f"{self.seat_name(new)} {why} and becomes the canal overseer.")
        bidders = sorted((s for s in range(self.n) if bids[s]), key=lambda s: -bids[s])
        self.plant_order = bidders + self.pass_order[::-1]
        self._say("Planting order: " + ", ".join(self.seat_name(s) for s in self.plant_order) + ".")
        self.step = "plant"
        self.order_index = 0
        self.current = self.plant_order[0]

    def _start_bribes(self) -> None:
        self.bribe_order = [(self.overseer + i) % self.n for i in range(1, self.n)]
        self.step = "bribe"
        self.order_index = 0
        self.current = self.bribe_order[0]

    def _start_overseer(self) -> None:
        self.step = "overseer"
        self.current = self.overseer

    def _start_extra(self) -> None:
        # the overseer has decided: proposal sticks go back to their owners
        self.proposals = []
        self.bribe_choice = [None] * self.n
        order = [(self.overseer + i) % self.n for i in range(1, self.n + 1)]
        self.extra_order = [s for s in order if self.personal[s]]
        if not self.extra_order:
            self._end_round()
            return
        self.step = "extra"
        self.order_index = 0
        self.current = self.extra_order[0]

    def _end_round(self) -> None:
        if self.round < self.rounds:
            self._drought()
            for s in range(self.n):
                self.cash[s] += D.INCOME
            self._say(f"Income: everyone takes {D.INCOME} escudos.")
            self._start_round()
        else:
            self._final_drought()
            self._finish()

    def _dry_out(self, f: int) -> None:
        # The markers on it go back in the box, not to the owner (spec §4 D1, [R]).
        self.markers[f] = 0
        self.desert[f] = True
        self.palm[f] = False

    def _drought(self) -> None:
        lost: dict[int, list[int]] = {}
        deserts = []
        for f in range(D.NFIELDS):
            if self.tile[f] < 0 or self.desert[f] or self._irrigated(f):
                continue
            if self.markers[f] > 0:
                self.markers[f] -= 1  # out of the game: the supply does not grow
                lost.setdefault(self.owner[f], []).append(f)
            else:
                self._dry_out(f)
                deserts.append(f)
        if not lost and not deserts:
            self._say("Drought: every plantation is watered.")
            return
        for s in sorted(lost):
            self._say(f"Drought: {self.seat_name(s)} loses a marker on {_fields_text(lost[s])}.")
        if deserts:
            self._say(f"Drought: {_fields_text(deserts)} turn{'s' if len(deserts) == 1 else ''} to desert.")

    def _final_drought(self) -> None:
        deserts = []
        for f in range(D.NFIELDS):
            if self.tile[f] >= 0 and not self.desert[f] and not self._irrigated(f):
                self._dry_out(f)
                deserts.append(f)
        if not deserts:
            self._say("Final drought: every plantation is watered.")
        else:
            self._say(
                f"Final drought: {_fields_text(deserts)} turn{'s' if len(deserts) == 1 else ''} to desert."
            )

    def _finish(self) -> None:
        self.step = "over"
        self.current = -1
        payout = self._payouts()
        self.final = [[self.cash[s], payout[s]] for s in range(self.n)]
        rows = rank_rows(
            [StandingRow(s, self.seat_name(s), c + p, {}) for s, (c, p) in enumerate(self.final)]
        )
        parts = [
            f"{r.name} {r.total} ({self.final[r.seat][0]} cash + {self.final[r.seat][1]} plantations)"
            for r in rows
        ]
        winners = " and ".join(r.name for r in rows if r.winner)
        verb = "share the win" if sum(r.winner for r in rows) > 1 else "wins"
        self._say(f"Final scores: {'; '.join(parts)}. {winners} {verb}.", reveal=True)

    # -- scoring -------------------------------------------------------------------------------
    def _group_values(self, groups: list[list[int]] | None = None) -> list[tuple[list[int], list[int]]]:
        """Per plantation: (fields, per-seat counted markers incl. palms). `groups` may pass in
        find_plantations' result when the caller knows it is current."""
        result = []
        if groups is None:
            groups = find_plantations(self.tile, self.desert)
        for group in groups:
            counts = [0] * self.n
            for f in group:
                o, m = self.owner[f], self.markers[f]
                if o >= 0 and m > 0:
                    counts[o] += m + (1 if self.palm[f] else 0)
            result.append((group, counts))
        return result

    def _payouts(self) -> list[int]:
        total = [0] * self.n
        for group, counts in self._group_values():
            for s in range(self.n):
                total[s] += len(group) * counts[s]
        return total

    # -- the contract --------------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        return () if self.current < 0 else (self.current,)

    # What each step lists, in the order the bots and the search rely on.
    def _list_spring(self, seat: int) -> list[Action]:
        return [intern(PlaceSpring, x, y) for y in range(D.IY) for x in range(D.IX)]

    def _list_palms(self, seat: int) -> list[Action]:
        return [intern(PlacePalm, *D.field_cr(f)) for f in self._palm_fields()]

    def _list_bid(self, seat: int) -> list[Action]:
        taken = {b for b in self.bids if b}
        return [intern(Pass)] + [a for a in ladder(Bid, (), self.cash[seat]) if a.amount not in taken]

    def _list_plant(self, seat: int) -> list[Action]:
        kinds = sorted(
            {D.TILES[t] for i, t in enumerate(self.offer) if self.offer_taken[i] == -1},
            key=lambda cw: (CROP_ORDER[cw[0]], -cw[1]),
        )
        tile = self.tile
        empty = [f for f in range(D.NFIELDS) if tile[f] < 0]
        plants: list[Action] = []
        for crop, w in kinds:
            table = plant_actions(crop, w)
            plants += [table[f] for f in empty]
        return plants

    def _list_leftover(self, seat: int) -> list[Action]:
        return [intern(PlaceLeftover, *D.field_cr(f)) for f in self._leftover_fields()]

    def _list_bribe(self, seat: int) -> list[Action]:
        cash = self.cash[seat]
        proposed = self._proposed()
        out: list[Action] = [intern(Pass)]
        for s in self._legal_segments():
            if s not in proposed:
                out += ladder(Propose, D.SEGMENTS[s], cash)
        for p in range(1, len(self.proposals) + 1):
            out += ladder(Support, (p,), cash)
        return out

    def _list_overseer(self, seat: int) -> list[Action]:
        out: list[Action] = []
        if self.supply > 0:
            out.extend(intern(Accept, p) for p in range(1, len(self.proposals) + 1))
            cost = self._highest_bribe() + 1
            if self.cash[seat] >= cost:
                proposed = self._proposed()
                out.extend(
                    intern(Build, *D.SEGMENTS[s], cost) for s in self._legal_segments() if s not in proposed
                )
        if not self.proposals or self.supply == 0:
            out.append(intern(NoCanal))
        return out

    def _list_extra(self, seat: int) -> list[Action]:
        return [intern(Pass)] + [intern(PersonalCanal, *D.SEGMENTS[s]) for s in self._legal_segments()]

    def explain_illegal(self, seat: int, action: Action) -> str:
        return self._why_not(seat, action) or "That move is not allowed now."

    def is_formality(self, action: Action) -> bool:
        return action.kind in ("pass", "no_canal")

    def forced_in_public(self, seat: int) -> bool:
        # Ditches, canals left and personal canals are public; only cash is secret (by default),
        # and cash is what leaves a bidder or briber nothing but a pass.
        if self.step == "extra" or (self.step == "overseer" and self.supply == 0):
            return True
        return self.options.get("open_money") == "on"

    # -- validation ----------------------------------------------------------------------------
    def _why_not(self, seat: Any, action: Any) -> str | None:
        """The reason `seat` may not play `action` now, or None when it is legal."""
        if self.step == "over":
            return "The game is over."
        if not _is_int(seat) or not 0 <= seat < self.n:
            return f"There is no seat {seat!r} in this game."
        if seat != self.current:
            return f"It is not {self.seat_name(seat)}'s turn; waiting for {self.seat_name(self.current)}."
        if type(action) not in ACTION_CLASSES:
            return "That is not a Santiago move."
        kind = action.kind
        if kind not in PHASE_KINDS[self.step]:
            label = PHASE_LABELS[self.step]
            if self.step == "plant":
                return f"You cannot {KIND_VERBS[kind]} now: every player must plant a tile ({label})."
            return f"You cannot {KIND_VERBS[kind]} now: this is the {label} step."
        check: Callable[[int, Any], str | None] = getattr(self, "_check_" + kind)
        return check(seat, action)

    @staticmethod
    def _bad_field(col: Any, row: Any) -> str | None:
        if not (_is_int(col) and _is_int(row)) or not (0 <= col < D.COLS and 0 <= row < D.ROWS):
            return f"Field {col!r},{row!r} is not on the board (columns 0–7, rows 0–5)."
        return None

    def _bad_segment(self, orient: Any, x: Any, y: Any) -> tuple[str | None, int]:
        seg = D.SEG_INDEX.get((orient, x, y)) if _is_int(x) and _is_int(y) and type(orient) is str else None
        if seg is None:
            return (f"{orient!r} {x!r},{y!r} is not a canal position (H x 0–3, y 0–3 or V x 0–4, y 0–2)."), -1
        if self.canal[seg]:
            return f"There is already a canal on {D.seg_label(seg)}.", seg
        if seg not in self._legal_segments():
            return f"{D.seg_label(seg)} does not join the spring or the end of a canal.", seg
        return None, seg

    def _bad_amount(self, seat: int, amount: Any, what: str) -> str | None:
        if not _is_int(amount):
            return f"{amount!r} is not a whole number of escudos."
        if amount < 1:
            return f"A {what} must be at least 1 escudo."
        if amount > self.cash[seat]:
            return f"You have only {_plural(self.cash[seat])}."
        return None

    def _check_spring(self, seat: int, a: PlaceSpring) -> str | None:
        if not (_is_int(a.x) and _is_int(a.y)) or not (0 <= a.x < D.IX and 0 <= a.y < D.IY):
            return f"Intersection {a.x!r},{a.y!r} is not on the board (x 0–4, y 0–3)."
        return None

    def _check_palm(self, seat: int, a: PlacePalm) -> str | None:
        bad = self._bad_field(a.col, a.row)
        if bad:
            return bad
        f = D.field_index(a.col, a.row)
        if self.palm[f]:
            return f"There is already a palm at field {a.col},{a.row}."
        if f in D.INTER_FIELDS[self.spring]:
            return "A palm may not touch the spring's intersection."
        if any(self.palm[g] for g in D.KING_NEIGHBOURS[f]):
            return "Palms may not touch each other, not even at a corner."
        return None

    def _check_bid(self, seat: int, a: Bid) -> str | None:
        if not _is_int(a.amount):
            return f"{a.amount!r} is not a whole number of escudos."
        if a.amount < 1:
            return "A bid must be at least 1 escudo; to bid nothing, pass."
        if a.amount > self.cash[seat]:
            return f"You have only {_plural(self.cash[seat])}."
        for s, b in enumerate(self.bids):
            if b == a.amount:
                return f"{self.seat_name(s)} already bid {a.amount}; every bid must be different."
        return None

    def _check_pass(self, seat: int, a: Pass) -> str | None:
        return None

    def _check_plant(self, seat: int, a: Plant) -> str | None:
        if type(a.crop) is not str or a.crop not in CROP_ORDER or not _is_int(a.workers):
            return f"{a.crop!r} with {a.workers!r} workers is not a Santiago tile."
        if self._offer_slot(a.crop, a.workers) < 0:
            return f"There is no {D.tile_label(a.crop, a.workers)} left in the offer."
        return self._bad_field(a.col, a.row) or self._occupied(a.col, a.row)

    def _occupied(self, col: int, row: int) -> str | None:
        f = D.field_index(col, row)
        if self.desert[f]:
            return f"Field {col},{row} is desert."
        if self.tile[f] >= 0:
            return f"Field {col},{row} already holds a tile."
        return None

    def _check_leftover(self, seat: int, a: PlaceLeftover) -> str | None:
        bad = self._bad_field(a.col, a.row) or self._occupied(a.col, a.row)
        if bad:
            return bad
        allowed = self._leftover_fields()
        if D.field_index(a.col, a.row) not in allowed:
            f = allowed[0]
            if any(self.tile[g] >= 0 and not self.desert[g] for g in D.NEIGHBOURS[f]):
                return "The leftover tile must go next to a plantation tile that is not desert."
            return "The leftover tile must go next to a desert (no field next to a plantation is free)."
        return None

    def _check_propose(self, seat: int, a: Propose) -> str | None:
        bad, seg = self._bad_segment(a.orient, a.x, a.y)
        if bad:
            return bad
        number = self._proposed().get(seg)
        if number:
            return f"{D.seg_label(seg)} is already proposal {number}: support it instead."
        return self._bad_amount(seat, a.amount, "bribe")

    def _check_support(self, seat: int, a: Support) -> str | None:
        if not self.proposals:
            return "There is no proposal to support yet."
        if not _is_int(a.proposal) or not 1 <= a.proposal <= len(self.proposals):
            return f"There is no proposal {a.proposal!r} (proposals 1–{len(self.proposals)})."
        return self._bad_amount(seat, a.amount, "bribe")

    def _check_accept(self, seat: int, a: Accept) -> str | None:
        if not self.proposals:
            return "Nobody proposed a canal, so there is nothing to accept."
        if not _is_int(a.proposal) or not 1 <= a.proposal <= len(self.proposals):
            return f"There is no proposal {a.proposal!r} (proposals 1–{len(self.proposals)})."
        if self.supply <= 0:
            return "The canal supply is empty."
        return None

    def _check_build(self, seat: int, a: Build) -> str | None:
        bad, seg = self._bad_segment(a.orient, a.x, a.y)
        if bad:
            return bad
        number = self._proposed().get(seg)
        if number:
            return f"{D.seg_label(seg)} is proposal {number}: accept it rather than refuse and build it."
        cost = self._highest_bribe() + 1
        if a.cost != cost or not _is_int(a.cost):
            return f"Building a canal yourself costs {_plural(cost)} now (highest bribe + 1), not {a.cost!r}."
        if self.cash[seat] < cost:
            return f"Refusing costs {_plural(cost)} and you have only {_plural(self.cash[seat])}."
        if self.supply <= 0:
            return "The canal supply is empty."
        return None

    def _check_no_canal(self, seat: int, a: NoCanal) -> str | None:
        if self.proposals and self.supply > 0:
            return (
                "There are proposals: accept one or build elsewhere; no canal is only for when nobody bribes."
            )
        return None

    def _check_personal(self, seat: int, a: PersonalCanal) -> str | None:
        if not self.personal[seat]:
            return "You have already used your personal canal."
        return self._bad_segment(a.orient, a.x, a.y)[0]

    # -- applying --------------------------------------------------------------------------------
    def as_played(self, action: Action) -> Action:
        """The move `action` stands for: in the bidding a bid of nothing is a pass (the spec's
        ruling); in any other step a bid is no move at all."""
        nothing = isinstance(action, Bid) and type(action.amount) is int and action.amount == 0
        if nothing and self.step == "bid":
            return Pass()
        return action

    def allows(self, seat: int, action: Action) -> bool:
        return self.as_played(action) in self.legal_actions(seat)

    def apply(self, seat: int, action: Action) -> list[Event]:
        # A bid of nothing is made as the pass it stands for.
        return super().apply(seat, self.as_played(action))

    def check_turn(self, seat: int, action: Action) -> None:
        # Santiago refuses in its own words (`_why_not`), the same whether asked or applying, and
        # its checks answer without listing every move.
        reason = self._why_not(seat, self.as_played(action))
        if reason:
            raise IllegalAction(reason)

    def _do_spring(self, seat: int, a: PlaceSpring) -> None:
        self.spring = D.inter_index(a.x, a.y)
        self._set_wet(self.spring)
        self._say(f"{self.seat_name(seat)} places the spring at intersection {a.x},{a.y}.")
        self._after_spring()

    def _do_palms(self, seat: int, a: PlacePalm) -> None:
        self.palm[D.field_index(a.col, a.row)] = True
        self._say(f"{self.seat_name(seat)} places a palm tree at field {a.col},{a.row}.")
        if len(self._palm_list()) == D.PALM_COUNT:
            self._start_round()

    def _do_bid(self, seat: int, a: Bid | Pass) -> None:
        if isinstance(a, Pass):
            self._pass_bid(seat)
        else:
            self._act_bid(seat, a)

    def _next_bidder(self) -> None:
        self.order_index += 1
        if self.order_index == self.n:
            self._resolve_bids()
        else:
            self.current = self.bid_order[self.order_index]

    def _act_bid(self, seat: int, a: Bid) -> None:
        self.bids[seat] = a.amount
        self.cash[seat] -= a.amount
        self._say(f"{self.seat_name(seat)} bids {_plural(a.amount)}.")
        self._next_bidder()

    def _pass_bid(self, seat: int) -> None:
        self.bids[seat] = 0
        self.pass_order.append(seat)
        self._say(f"{self.seat_name(seat)} passes in the bidding.")
        self._next_bidder()

    def _do_plant(self, seat: int, a: Plant) -> None:
        slot = self._offer_slot(a.crop, a.workers)
        f = D.field_index(a.col, a.row)
        bid = self.bids[seat] or 0  # 0: passed
        count = D.yield_markers(a.workers, passed=not bid)
        self.offer_taken[slot] = seat
        self.offer_field[slot] = f
        self.tile[f] = self.offer[slot]
        self.owner[f] = seat
        self.markers[f] = count
        self.markers_left[seat] -= count
        paid = f", paying {_plural(bid)}" if bid else ""
        palm = " (with its palm tree)" if self.palm[f] else ""
        self._say(
            f"{self.seat_name(seat)} plants {D.tile_label(a.crop, a.workers)} at field "
            f"{a.col},{a.row}{palm} with {_plural(count, 'marker')}{paid}."
        )
        self.order_index += 1
        if self.order_index < len(self.plant_order):
            self.current = self.plant_order[self.order_index]
        elif self.n == 3:
            # the highest bidder plants first; if all passed, the first planter (ruling A12)
            self.step = "leftover"
            self.leftover_placer = self.current = self.plant_order[0]
        else:
            self._start_bribes()

    def _do_leftover(self, seat: int, a: PlaceLeftover) -> None:
        slot = self.offer_taken.index(-1)
        f = D.field_index(a.col, a.row)
        self.offer_taken[slot] = -2
        self.offer_field[slot] = f
        self.tile[f] = self.offer[slot]
        self.leftover[f] = True
        label = D.tile_label(*D.TILES[self.offer[slot]])
        self._say(
            f"{self.seat_name(seat)} places the leftover {label} at field {a.col},{a.row}, with no owner."
        )
        self._start_bribes()

    def _do_bribe(self, seat: int, a: Propose | Support | Pass) -> None:
        if isinstance(a, Propose):
            self._act_propose(seat, a)
        elif isinstance(a, Support):
            self._act_support(seat, a)
        else:
            self._pass_bribe(seat)

    def _next_briber(self) -> None:
        self.order_index += 1
        if self.order_index < len(self.bribe_order):
            self.current = self.bribe_order[self.order_index]
        else:
            self._start_overseer()

    def _act_propose(self, seat: int, a: Propose) -> None:
        seg = D.SEG_INDEX[(a.orient, a.x, a.y)]
        self.proposals.append([seg, seat, [[seat, a.amount]]])
        number = len(self.proposals)
        self.bribe_choice[seat] = f"proposed {number}"
        self._say(
            f"{self.seat_name(seat)} proposes canal {D.seg_label(seg)} with "
            f"{_plural(a.amount)} (proposal {number})."
        )
        self._next_briber()

    def _act_support(self, seat: int, a: Support) -> None:
        proposal = self.proposals[a.proposal - 1]
        proposal[2].append([seat, a.amount])
        total = sum(x for _, x in proposal[2])
        self.bribe_choice[seat] = f"supported {a.proposal}"
        self._say(
            f"{self.seat_name(seat)} supports proposal {a.proposal} "
            f"({D.seg_label(proposal[0])}) with {_plural(a.amount)}; it now offers {total}."
        )
        self._next_briber()

    def _pass_bribe(self, seat: int) -> None:
        self.bribe_choice[seat] = "passed"
        self._say(f"{self.seat_name(seat)} offers no bribe.")
        self._next_briber()

    def _do_overseer(self, seat: int, a: Accept | Build | NoCanal) -> None:
        if isinstance(a, Accept):
            self._act_accept(seat, a)
        elif isinstance(a, Build):
            self._act_build(seat, a)
        else:
            self._act_no_canal(seat)

    def _act_accept(self, seat: int, a: Accept) -> None:
        seg, _, pledges = self.proposals[a.proposal - 1]
        self._build(seg, "accepted", seat)
        self.supply -= 1
        for s, amount in pledges:
            self.cash[s] -= amount
            self.cash[seat] += amount
        payers = ", ".join(f"{self.seat_name(s)} {amount}" for s, amount in pledges)
        self._say(
            f"{self.seat_name(seat)} accepts proposal {a.proposal}: a canal goes on "
            f"{D.seg_label(seg)}; paid to the overseer: {payers}."
        )
        self._start_extra()

    def _act_build(self, seat: int, a: Build) -> None:
        seg = D.SEG_INDEX[(a.orient, a.x, a.y)]
        self._build(seg, "overseer", seat)
        self.supply -= 1
        self.cash[seat] -= a.cost
        refused = " refuses the bribes and" if self.proposals else ""
        self._say(
            f"{self.seat_name(seat)}{refused} builds a canal on {D.seg_label(seg)}, "
            f"paying {_plural(a.cost)} to the bank."
        )
        self._start_extra()

    def _act_no_canal(self, seat: int) -> None:
        self._say(f"{self.seat_name(seat)} builds no canal this round.")
        self._start_extra()

    def _do_extra(self, seat: int, a: PersonalCanal | Pass) -> None:
        if isinstance(a, PersonalCanal):
            self._act_personal(seat, a)
        else:
            self._pass_extra(seat)

    def _act_personal(self, seat: int, a: PersonalCanal) -> None:
        seg = D.SEG_INDEX[(a.orient, a.x, a.y)]
        self._build(seg, "personal", seat)
        self.personal[seat] = False
        self._say(f"{self.seat_name(seat)} lays the personal canal on {D.seg_label(seg)}.")
        self._end_round()

    def _pass_extra(self, seat: int) -> None:
        self.order_index += 1
        self._say(f"{self.seat_name(seat)} keeps the personal canal.")
        if self.order_index == len(self.extra_order):
            self._end_round()
        else:
            self.current = self.extra_order[self.order_index]

    # -- views -----------------------------------------------------------------------------------
    def _prompt(self) -> str:
        if self.step == "over":
            return "The game is over."
        who = self.seat_name(self.current)
        if self.step == "palms":
            return f"{who} places palm tree {sum(self.palm) + 1} of {D.PALM_COUNT}."
        return who + PROMPTS[self.step]

    def _cell(self, f: int, sig: _Sig) -> FieldView:
        t, owner, markers, desert, palm, leftover, irrigated = sig
        c, r = D.FIELD_CR[f]
        crop: str | None
        workers: int | None
        name: str | None
        if t >= 0 and not desert:
            crop, workers = D.TILES[t]
            name = D.CROP_NAMES[crop]
        else:
            crop = workers = name = None
        by_seat = [0] * self.n
        if owner >= 0:
            by_seat[owner] = markers
        # A tile with no markers left (or planted with none, by a passer) is neutral: it pays
        # nobody, so it shows nobody as its owner (spec §4, Ex6).
        shown = owner if owner >= 0 and markers > 0 else None
        return FieldView(
            col=c,
            row=r,
            crop=crop,
            crop_name=name,
            workers=workers,
            owner=shown,
            markers=markers,
            markers_by_seat=tuple(by_seat),
            desert=desert,
            palm=palm,
            irrigated=irrigated,
            leftover=leftover,
        )

    def _board_view(self) -> _BoardPart:
        """The board part of every view, rebuilt only where the board has changed.

        Its fields, plantations and canals are frozen and shared by successive views, so the bot
        knows an unchanged board by their identity.
        """
        cache = self._board_cache
        lists = (self.tile, self.owner, self.markers, self.desert, self.palm, self.leftover, self.canal)
        net_key = (len(self.canal_log), self.spring)
        if cache is not None and cache.net_key == net_key and all(a == b for a, b in zip(cache.lists, lists)):
            return cache.part
        canal = self.canal
        irrigated = [canal[h] or canal[v] for h, v in D.FIELD_SEGS]
        sigs = list(
            zip(self.tile, self.owner, self.markers, self.desert, self.palm, self.leftover, irrigated)
        )
        groups = None
        if cache is None:
            cells = [self._cell(f, sig) for f, sig in enumerate(sigs)]
            crops_changed = True
            old_plants: dict[_PlantKey, PlantationView] = {}
        else:
            cells = list(cache.cells)
            old_sigs = cache.sigs
            changed = [f for f, new, old in zip(range(D.NFIELDS), sigs, old_sigs) if new != old]
            crops_changed = False
            for f in changed:
                cells[f] = self._cell(f, sigs[f])
                crops_changed = crops_changed or sigs[f][:6] != old_sigs[f][:6]
            old_plants = cache.plants
            old_lists = cache.lists
            if old_lists[0] == self.tile and old_lists[3] == self.desert:
                groups = cache.groups  # the same plantations; only markers or palms moved
        fields = tuple(tuple(cells[r * D.COLS : (r + 1) * D.COLS]) for r in range(D.ROWS))
        plants = old_plants
        if crops_changed or cache is None:
            if groups is None:
                groups = find_plantations(self.tile, self.desert)
            plants = {}
            scores = [0] * self.n
            for group, counts in self._group_values(groups):
                crop = D.TILES[self.tile[group[0]]][0]
                key = (crop, tuple(group), tuple(counts))
                entry = old_plants.get(key)
                if entry is None:
                    entry = PlantationView(
                        crop=crop,
                        crop_name=D.CROP_NAMES[crop],
                        fields=tuple(D.FIELD_CR[f] for f in group),
                        size=len(group),
                        markers=tuple(counts),
                        value=tuple(len(group) * k for k in counts),
                    )
                plants[key] = entry
                for s, v in enumerate(entry.value):
                    scores[s] += v
            plantations = tuple(plants.values())
            plantation_scores = tuple(scores)
            palms = tuple(D.FIELD_CR[f] for f in range(D.NFIELDS) if self.palm[f])
        else:
            plantations, plantation_scores, palms = (
                cache.part.plantations,
                cache.part.plantation_scores,
                cache.part.palms,
            )
        if cache is None or cache.net_key != net_key or cache.lists[6] != canal:
            spring = D.inter_xy(self.spring) if self.spring >= 0 else None
            canals = tuple(D.SEGMENTS[e[0]] for e in self.canal_log)
            canal_log = tuple(
                CanalEntry(segment=D.SEGMENTS[s], round=r, how=how, seat=who)
                for s, r, how, who in self.canal_log
            )
            legal = tuple(D.SEGMENTS[s] for s in self._legal_segments()) if self.spring >= 0 else ()
        else:
            old = cache.part
            spring, canals, canal_log, legal = old.spring, old.canals, old.canal_log, old.legal_segments
        part = _BoardPart(
            fields=fields,
            plantations=plantations,
            plantation_scores=plantation_scores,
            palms=palms,
            spring=spring,
            canals=canals,
            canal_log=canal_log,
            legal_segments=legal,
        )
        self._board_cache = _BoardCache(
            lists=tuple(list(x) for x in lists),
            net_key=net_key,
            sigs=sigs,
            cells=cells,
            groups=groups,
            plants=plants,
            part=part,
        )
        return part

    def plant_secrets(self, owner: int | None, mark: Callable[[], Any]) -> None:
        # Secret (spec §4): each player's cash, until the end or while money is open, and the
        # order of the face-down tiles. Bids, bribes, the board, the removed tile and who still
        # has a personal canal are public.
        if owner is None:
            self.deck[:] = [mark() for _ in self.deck]
        elif self.step != "over" and self.options.get("open_money") != "on":
            self.cash[owner] = mark()

    def copy(self) -> SantiagoState:
        # As State.copy, but cheaper, since a search bot copies hundreds of times a second
        # (redeal_hidden). The board cache is shared: _board_view never changes a cache in place
        # (it makes a new one) and checks the one it has against the board it is used with, so a
        # shared cache is always right; deep-copying it tripled the cost of a copy. The RNG is
        # copied through its state and a list of plain values by slicing, both many times faster
        # than deepcopy.
        clone = self.__class__.__new__(self.__class__)
        memo: dict[int, Any] = {
            id(self.game): self.game,
            id(self._board_cache): self._board_cache,
            id(self.rng): self.rng,
        }
        fields = clone.__dict__
        for key, value in self.__dict__.items():
            if key == "_events":  # the news of the move made last, none of the copy's business
                continue
            if type(value) is list and all(type(x) in _PLAIN for x in value):
                fields[key] = value[:]
            else:
                fields[key] = deepcopy(value, memo)
        clone.rng = random.Random()
        clone.rng.setstate(self.rng.getstate())
        return clone

    def _redeal(self, seat: int, rng: random.Random) -> None:
        # The deck's order and others' cash are the only secrets; the board, and with it the
        # board cache, stays as it is, so the cached board part of the view stays right. At the
        # end the deck is empty and all cash is shown: nothing is left to draw.
        if self.step == "over":
            return
        pool = hidden.unseen_tiles(self)
        assert len(pool) == len(self.deck), "a tile is neither seen nor face down"
        rng.shuffle(pool)
        self.deck = pool
        if self.options.get("open_money") != "on":
            for s, cash in hidden.guess_cash(self, seat, rng).items():
                self.cash[s] = cash

    def view(self, seat: int | None) -> SantiagoView:
        you = seat if _is_int(seat) and 0 <= seat < self.n else None
        board = self._board_view()
        top = self._highest_bribe()
        open_money = self.options.get("open_money") == "on"
        return SantiagoView(
            **self._bot_fields(you, board),
            last_round=self.round == self.rounds,
            phase_label=PHASE_LABELS[self.step],
            prompt=self._prompt(),
            overseer=self.overseer,
            start_player=self.start_player,
            options=dict(self.options),
            spring=board.spring,
            canal_log=board.canal_log,
            canals_left=self.supply,
            open_money=open_money,
            palms=board.palms,
            tiles_left=len(self.deck),
            removed_tile=_tile_view(self.removed) if self.removed >= 0 else None,
            bid_order=tuple(self.bid_order),
            pass_order=tuple(self.pass_order),
            planting_order=tuple(self.plant_order),
            leftover_placer=self.leftover_placer if self.leftover_placer >= 0 else None,
            leftover_fields=(
                tuple(D.FIELD_CR[f] for f in self._leftover_fields()) if self.step == "leftover" else ()
            ),
            bribe_order=tuple(self.bribe_order),
            highest_bribe=top,
            reject_cost=top + 1,
            extra_order=tuple(self.extra_order),
            scores=self._scores(),
        )

    def bot_view(self, seat: int) -> SantiagoBotView:
        you = seat if _is_int(seat) and 0 <= seat < self.n else None
        return SantiagoBotView(**self._bot_fields(you, self._board_view()))

    def _bot_fields(self, you: int | None, board: _BoardPart) -> dict[str, Any]:
        """The fields of the bot view, which the whole view has too (it derives from it)."""
        return {
            "game": "santiago",
            "viewer": you,
            "to_move": self.to_move(),
            "round": self.round,
            "phase": self.step,
            "step": "",
            "players": self._players(you, board.plantation_scores),
            "rounds": self.rounds,
            "fields": board.fields,
            "plantations": board.plantations,
            "canals": board.canals,
            "legal_segments": board.legal_segments,
            "offer": self._offer(),
            "proposals": self._proposals(),
        }

    def _players(self, you: int | None, payouts: tuple[int, ...]) -> tuple[SantiagoPlayer, ...]:
        """Every seat's entry; cash is the seat's own secret until the end, unless money is open."""
        show_cash = self.step == "over" or self.options.get("open_money") == "on"
        return tuple(
            _player(
                (
                    self.seats[s].name,
                    self.cash[s] if show_cash or s == you else None,
                    self.markers_left[s],
                    self.personal[s],
                    bid,
                    self.bribe_choice[s],
                    payouts[s],
                )
            )
            for s, bid in enumerate(self.bids)
        )

    def _offer(self) -> tuple[OfferEntry, ...]:
        return tuple(map(_offer_entry, self.offer, self.offer_taken, self.offer_field))

    def _proposals(self) -> tuple[ProposalView, ...]:
        return tuple(
            _proposal(i + 1, seg, proposer, tuple(map(tuple, pledges)))
            for i, (seg, proposer, pledges) in enumerate(self.proposals)
        )

    def _scores(self) -> tuple[ScoreRow, ...] | None:
        if self.step != "over" or self.final is None:
            return None
        final = self.final
        return tuple(
            ScoreRow(
                seat=row.seat,
                name=row.name,
                total=row.total,
                cash=final[row.seat][0],
                plantations=final[row.seat][1],
                rank=row.rank,
                winner=row.winner,
            )
            for row in self.standings().rows
        )

    def standings(self) -> Standings:
        """Cash plus one breakdown entry per plantation that pays the seat.

        Before the end, cash is left out unless money is open (it is secret), and plantations are
        valued as they stand, without the final drought.
        """
        show_cash = self.step == "over" or self.options.get("open_money") == "on"
        rows = []
        breakdowns: list[dict[str, int]] = [{} for _ in range(self.n)]
        if show_cash:
            for s in range(self.n):
                breakdowns[s]["cash"] = self.cash[s]
        for group, counts in self._group_values():
            crop = D.CROP_NAMES[D.TILES[self.tile[group[0]]][0]]
            c, r = D.field_cr(group[0])
            for s in range(self.n):
                if counts[s]:
                    breakdowns[s][f"{crop} at {c},{r}: {len(group)}×{counts[s]}"] = len(group) * counts[s]
        for s in range(self.n):
            rows.append(StandingRow(s, self.seat_name(s), sum(breakdowns[s].values()), breakdowns[s]))
        rows = rank_rows(rows)
        if self.step == "over":
            note = "Tied players share the win." if sum(row.winner for row in rows) > 1 else ""
        else:
            note = "" if show_cash else "Cash is secret until the end; these are plantation payouts only."
        return Standings(rows, note=note)
