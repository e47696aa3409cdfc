"""SmartBot for Santiago: a one-step heuristic player working from the view and the legal actions.

- Bidding: bid the cheapest free amount while it is cheap (it often makes the bot overseer, who
  collects the bribes); bid more only when one tile is clearly better than the rest; otherwise pass.
  In the last round, where cash is points, only the least bid, and only when choosing first pays.
- Planting: the tile and field that add most to its own plantation payouts, weighted by how likely
  the field is to be watered, minus a share of what the placement hands to opponents.
- Bribes: back the canal that saves most of its own markers, with a pledge well below that value.
- Overseer: take the option worth most: bribe money plus the canal's value to itself, or the cost
  of building its own canal, or nothing.
- Personal canal: when it saves enough (anything at all in the last round).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar, cast

from ..core import Action
from . import data as D
from .actions import (
    Accept,
    Bid,
    Build,
    Pass,
    PersonalCanal,
    PlaceLeftover,
    PlaceSpring,
    Plant,
    Propose,
    Support,
)
from .view import SantiagoBotView

A = TypeVar("A", bound=Action)

OTHERS_WEIGHT = 0.35  # how much the bot minds a gain for an opponent
LOOKAHEAD = 0.3  # value of the positions a canal opens up, relative to building them

_Arrays = tuple[
    list[str | None],  # crop
    list[int],  # owner, -1 for none
    list[int],  # markers
    list[bool],  # palm
    list[bool],  # taken
    list[bool],  # wet
    list[bool],  # canal, per segment
    list[int],  # open segments
    set[int],  # open segments again, for membership tests
    list[int],  # group, -1 for none
    list[int],  # sizes, per group
    list[list[int]],  # counted markers, per group and seat
    dict[str, set[int]],  # joining
    dict[int, list[float | None]],  # water odds per field, by stage
    dict[bool, dict[tuple[int, bool], list[float]]],  # canal values, by whether it is the last round
]

# The last board read, with the view parts it was read from. A search bot asks the bot to decide
# thousands of times a second, mostly on a board it has just read: the state hands out the same
# (frozen) board tuples until the board changes, so their identity says the board is the same.
# Holding the parts keeps their ids from being reused.
_last_read: tuple[tuple[object, ...], _Arrays] | None = None


def _board_arrays(view: SantiagoBotView) -> _Arrays:
    """The board of `view` as flat arrays (shared between reads: never changed)."""
    global _last_read
    parts = (view.fields, view.canals, view.legal_segments, view.plantations)
    last = _last_read
    if last is not None and all(a is b for a, b in zip(last[0], parts)):
        return last[1]
    fields, canals, legal_segments, plantations = parts
    crop: list[str | None] = [None] * D.NFIELDS
    owner = [-1] * D.NFIELDS
    markers = [0] * D.NFIELDS
    palm = [False] * D.NFIELDS
    taken = [False] * D.NFIELDS  # a tile or a desert is there
    wet = [False] * D.NFIELDS
    for row in fields:
        for cell in row:
            f = D.field_index(cell.col, cell.row)
            crop[f] = cell.crop
            owner[f] = cell.owner if cell.owner is not None else -1
            markers[f] = cell.markers
            palm[f] = cell.palm
            taken[f] = cell.desert or cell.crop is not None
            wet[f] = cell.irrigated
    canal = [False] * len(D.SEGMENTS)
    for seg in canals:
        canal[D.SEG_INDEX[seg]] = True
    open_ = [D.SEG_INDEX[seg] for seg in legal_segments]
    # plantation of every field: group id, and per group its size and counted markers per seat
    group = [-1] * D.NFIELDS
    sizes: list[int] = []
    counts: list[list[int]] = []
    for gid, plantation in enumerate(plantations):
        for c, r in plantation.fields:
            group[D.field_index(c, r)] = gid
        sizes.append(plantation.size)
        counts.append(list(plantation.markers))
    # per crop, the fields next to a plantation of it, where a tile of that crop would join one
    joining: dict[str, set[int]] = {}
    for f in range(D.NFIELDS):
        kind = crop[f]
        if group[f] >= 0 and kind is not None:  # a plantation's field always has a crop
            joining.setdefault(kind, set()).update(D.NEIGHBOURS[f])
    # what decisions on this board work out and keep (water odds, canal values), by game stage
    odds_memo: dict[int, list[float | None]] = {}
    segs_memo: dict[bool, dict[tuple[int, bool], list[float]]] = {}
    arrays: _Arrays = (
        crop,
        owner,
        markers,
        palm,
        taken,
        wet,
        canal,
        open_,
        set(open_),
        group,
        sizes,
        counts,
        joining,
        odds_memo,
        segs_memo,
    )
    _last_read = (parts, arrays)
    return arrays


class _Board:
    """Flat arrays read out of a view."""

    def __init__(self, view: SantiagoBotView):
        assert view.viewer is not None, "a bot decides for a seat"
        self.me: int = view.viewer
        self.n = len(view.players)
        (
            self.crop,
            self.owner,
            self.markers,
            self.palm,
            self.taken,
            self.wet,
            self.canal,
            self.open,
            self.open_set,
            self.group,
            self.sizes,
            self.counts,
            self.joining,
            odds_memo,
            segs_memo,
        ) = _board_arrays(view)
        self.rounds_left = left = view.rounds - view.round  # rounds after this one
        # Water odds and canal values depend on the board and on how near the end it is, nothing
        # else: every decision on the same board (bids, bribes, the overseer's) shares them.
        stage = 0 if left == 0 else 1 if left > 4 else 2
        self._odds = odds_memo.setdefault(stage, [None] * D.NFIELDS)
        self._segs = segs_memo.setdefault(left == 0, {})

    def counted(self, f: int) -> int:
        m = self.markers[f]
        return m + (1 if m and self.palm[f] else 0)

    # -- planting ------------------------------------------------------------------------------
    def plant_gain(self, crop: str, f: int, markers: int, owner: int) -> list[float]:
        """Per seat: change in plantation payout if a tile of `crop` with `markers` of `owner`
        (owner -1: nobody) goes on field f."""
        group, crops = self.group, self.crop
        groups = {group[g] for g in D.NEIGHBOURS[f] if group[g] >= 0 and crops[g] == crop}
        if not groups:
            # a plantation of its own (most fields, most of the game): its one tile pays its owner
            return [markers if s == owner else 0 for s in range(self.n)]
        sizes, counts = self.sizes, self.counts
        size = 1 + sum(sizes[g] for g in groups)
        gain: list[float] = []
        for s in range(self.n):
            mine = sum(counts[g][s] for g in groups)
            before = sum(sizes[g] * counts[g][s] for g in groups)
            add = markers if s == owner else 0
            gain.append(size * (mine + add) - before)
        return gain

    def joins(self, crop: str, f: int) -> bool:
        """Whether a tile of `crop` on field f joins a plantation already there."""
        joining = self.joining.get(crop)
        return joining is not None and f in joining

    def planting_value(self, crop: str, f: int, markers: int) -> float:
        """What the bot's own tile of `crop` with `markers` adds on field f, net of others' gains
        and times the odds the field is watered."""
        if not self.joins(crop, f):
            return markers * self.water_odds(f)  # a plantation of its own: its markers, the bot's
        return self.net(self.plant_gain(crop, f, markers, self.me)) * self.water_odds(f)

    def best_planting(self, crop: str, markers: int) -> float:
        """The most a tile of `crop` with `markers` of the bot's own adds on any free field, net of
        others' gains and times the odds the field is watered (never below nothing)."""
        best = lone = 0.0  # lone: the best odds of a free field next to no plantation of `crop`
        for f in range(D.NFIELDS):
            if self.taken[f]:
                continue
            if self.joins(crop, f):
                best = max(best, self.planting_value(crop, f, markers))
            else:
                lone = max(lone, self.water_odds(f))
        # a field of its own pays just its markers to the bot: worth most where best watered
        return max(best, markers * lone)

    def water_odds(self, f: int) -> float:
        # asked for every tile and field weighed, and the same for a field all decision long
        odds = self._odds[f]
        if odds is None:
            odds = self._odds[f] = self._water_odds(f)
        return odds

    def _water_odds(self, f: int) -> float:
        if any(self.canal[s] for s in D.FIELD_SEGS[f]):
            return 1.0
        near = any(s in self.open_set for s in D.FIELD_SEGS[f])
        if self.rounds_left == 0:
            return 0.45 if near else 0.05
        return 0.8 if near else 0.5 if self.rounds_left > 4 else 0.3

    # -- canals --------------------------------------------------------------------------------
    def risk(self, f: int) -> list[float]:
        """Per seat: what watering field f is worth (markers it keeps, plantations it keeps whole)."""
        value = [0.0] * self.n
        if self.crop[f] is None or self.wet[f]:
            return value
        g = self.group[f]
        size = self.sizes[g] if g >= 0 else 1
        weight = 1.0 if self.rounds_left == 0 else 0.8
        owner = self.owner[f]
        if owner >= 0 and self.markers[f]:
            value[owner] += weight * size * self.counted(f)
        if g >= 0:
            # the group would shrink by one tile when this one turns to desert
            for s in range(self.n):
                value[s] += weight * 0.5 * (self.counts[g][s] - (self.counted(f) if s == owner else 0))
        return value

    def seg_value(self, seg: int, deep: bool = True) -> list[float]:
        """Per seat: the value of a canal on `seg` now, plus a share of what it opens up (read-only:
        a segment's value is asked for again and again in one decision, so it is kept)."""
        known = self._segs.get((seg, deep))
        if known is None:
            known = self._segs[seg, deep] = self._seg_value(seg, deep)
        return known

    def _seg_value(self, seg: int, deep: bool) -> list[float]:
        value = [0.0] * self.n
        for f in D.SEG_FIELDS[seg]:
            if not self.wet[f]:
                for s, v in enumerate(self.risk(f)):
                    value[s] += v
        if deep and self.rounds_left > 0:
            a, b = D.SEG_ENDS[seg]
            best = [0.0] * self.n
            for p in (a, b):
                for nxt in D.INTER_SEGS[p]:
                    if nxt != seg and not self.canal[nxt] and nxt not in self.open_set:
                        for s, v in enumerate(self.seg_value(nxt, deep=False)):
                            best[s] = max(best[s], v)
            for s in range(self.n):
                value[s] += LOOKAHEAD * best[s]
        return value

    def net(self, values: list[float]) -> float:
        me = self.me
        return values[me] - OTHERS_WEIGHT * sum(v for s, v in enumerate(values) if s != me)


class SmartBot:
    """Heuristic Santiago player; sees only the view, the legal actions and its own RNG."""

    def choose(self, view: SantiagoBotView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        handler = getattr(self, "_" + view.phase, None)
        if handler is None:
            return legal[rng.randrange(len(legal))]
        chosen: Action = handler(view, legal, rng)
        return chosen

    def ranked(self, view: SantiagoBotView, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        """The legal actions, the likeliest good ones first by this bot's own values: the moves a
        search should weigh against this bot's choice before any others. Set-up decisions come in
        a random order (nothing to tell them apart)."""
        rank = getattr(self, "_rank_" + view.phase, None)
        if rank is None or len(legal) < 2:
            order = list(legal)
            rng.shuffle(order)
            return order
        board = _Board(view)
        values: list[float] = rank(view, board, legal)
        keyed = sorted(range(len(legal)), key=lambda i: (-values[i], rng.random()))
        return [legal[i] for i in keyed]

    # Each step's actions are of the kinds its state lists (state.PHASE_KINDS); the isinstance
    # tests below tell them apart, as `kind` did, and let the types follow.
    def _rank_bid(self, view: SantiagoBotView, board: _Board, legal: Sequence[Action]) -> list[float]:
        # the cheapest bid and passing first, dearer bids after in order of price
        return [-float(a.amount) if isinstance(a, Bid) else 1.0 for a in legal]

    def _rank_plant(self, view: SantiagoBotView, board: _Board, legal: Sequence[Action]) -> list[float]:
        passed = view.players[board.me].passed
        return [
            board.planting_value(
                a.crop, D.field_index(a.col, a.row), max(0, a.workers - (1 if passed else 0))
            )
            for a in _every(Plant, legal)
        ]

    def _rank_leftover(self, view: SantiagoBotView, board: _Board, legal: Sequence[Action]) -> list[float]:
        offer = next(e for e in view.offer if e.taken_by is None and not e.leftover)
        return [
            board.net(board.plant_gain(offer.crop, D.field_index(a.col, a.row), 0, -1))
            for a in _every(PlaceLeftover, legal)
        ]

    def _rank_bribe(self, view: SantiagoBotView, board: _Board, legal: Sequence[Action]) -> list[float]:
        # a pledge is paid only when its canal is chosen: what the canal is worth less half of it
        proposed = {p.number: D.SEG_INDEX[p.segment] for p in view.proposals}
        values = []
        for a in legal:
            if isinstance(a, Support):
                seg = proposed[a.proposal]
            elif isinstance(a, Propose):
                seg = D.SEG_INDEX[(a.orient, a.x, a.y)]
            else:
                values.append(0.0)
                continue
            values.append(board.net(board.seg_value(seg)) - 0.5 * a.amount)
        return values

    def _rank_overseer(self, view: SantiagoBotView, board: _Board, legal: Sequence[Action]) -> list[float]:
        totals = {p.number: p for p in view.proposals}
        values = []
        for a in legal:
            if isinstance(a, Accept):
                p = totals[a.proposal]
                values.append(p.total + board.net(board.seg_value(D.SEG_INDEX[p.segment])))
            elif isinstance(a, Build):
                values.append(board.net(board.seg_value(D.SEG_INDEX[(a.orient, a.x, a.y)])) - a.cost)
            else:
                values.append(0.0)
        return values

    def _rank_extra(self, view: SantiagoBotView, board: _Board, legal: Sequence[Action]) -> list[float]:
        return [
            board.net(board.seg_value(D.SEG_INDEX[(a.orient, a.x, a.y)]))
            if isinstance(a, PersonalCanal)
            else 0.0
            for a in legal
        ]

    # -- set-up --------------------------------------------------------------------------------
    def _spring(self, view: SantiagoBotView, legal: Sequence[Action], rng: random.Random) -> Action:
        inner: list[Action] = [a for a in _every(PlaceSpring, legal) if 1 <= a.x <= 3 and 1 <= a.y <= 2]
        return rng.choice(inner or list(legal))

    def _palms(self, view: SantiagoBotView, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]

    # -- bidding -------------------------------------------------------------------------------
    def _tile_values(self, view: SantiagoBotView, board: _Board, passed: bool) -> list[float]:
        values = []
        for entry in view.offer:
            if entry.taken_by is not None or entry.leftover:
                continue
            markers = max(0, entry.workers - (1 if passed else 0))
            values.append(board.best_planting(entry.crop, markers))
        return sorted(values, reverse=True)

    def _bid(self, view: SantiagoBotView, legal: Sequence[Action], rng: random.Random) -> Action:
        board = _Board(view)
        bids = [a for a in legal if isinstance(a, Bid)]
        pass_ = _pass(legal)
        if not bids:
            return pass_
        values = self._tile_values(view, board, passed=False)
        cheapest = bids[0].amount
        if view.round == view.rounds:
            # The last round: an escudo kept is a point, so pay only the least bid, and only when
            # the first choice is worth more than that over the next best tile (benchmarked
            # against the old full-spread bid: +1 point a game at 3 players, +4 at 4).
            first = values[0] - values[1] if len(values) > 1 else 0.0
            return bids[0] if cheapest < first else pass_
        spread = values[0] - values[-1] if values else 0.0
        budget = max(2.0, min(spread * 0.6, (view.players[board.me].cash or 0) / 2))
        if cheapest <= budget:
            affordable = [a for a in bids if a.amount <= budget]
            # bid low to become overseer, or high enough to choose first when it matters
            if spread >= 4 and len(affordable) > 1:
                return affordable[-1]
            return bids[0]
        return pass_

    # -- planting ------------------------------------------------------------------------------
    def _plant(self, view: SantiagoBotView, legal: Sequence[Action], rng: random.Random) -> Action:
        board = _Board(view)
        passed = view.players[board.me].passed
        best: Action = legal[0]
        best_value: float | None = None
        for a in _every(Plant, legal):
            f = D.field_index(a.col, a.row)
            markers = max(0, a.workers - (1 if passed else 0))
            value = board.planting_value(a.crop, f, markers) + rng.random() * 1e-3
            if best_value is None or value > best_value:
                best, best_value = a, value
        return best

    def _leftover(self, view: SantiagoBotView, legal: Sequence[Action], rng: random.Random) -> Action:
        board = _Board(view)
        offer = next(e for e in view.offer if e.taken_by is None and not e.leftover)
        best: Action = legal[0]
        best_value: float | None = None
        for a in _every(PlaceLeftover, legal):
            f = D.field_index(a.col, a.row)
            value = board.net(board.plant_gain(offer.crop, f, 0, -1)) + rng.random() * 1e-3
            if best_value is None or value > best_value:
                best, best_value = a, value
        return best

    # -- canals --------------------------------------------------------------------------------
    def _bribe(self, view: SantiagoBotView, legal: Sequence[Action], rng: random.Random) -> Action:
        board = _Board(view)
        cash = view.players[board.me].cash or 0
        proposed = {D.SEG_INDEX[p.segment]: p for p in view.proposals}
        pass_ = _pass(legal)
        best_seg: int | None = None
        best_value = 0.0
        for seg in board.open:
            value = board.net(board.seg_value(seg))
            if value > best_value:
                best_seg, best_value = seg, value
        if best_seg is None or best_value < 1.5 or cash < 1:
            return pass_
        amount = max(1, min(cash, int(best_value * 0.4)))
        if best_seg in proposed:
            number = proposed[best_seg].number
            leader = max(p.total for p in view.proposals)
            amount = max(1, min(cash, amount, leader - proposed[best_seg].total + 1))
            wanted: tuple[str | int, ...] = ("support", number, amount)
        else:
            wanted = ("propose", *D.SEGMENTS[best_seg], amount)
        for a in legal:
            if a.kind == wanted[0] and (
                (isinstance(a, Support) and (a.proposal, a.amount) == wanted[1:])
                or (isinstance(a, Propose) and (a.orient, a.x, a.y, a.amount) == wanted[1:])
            ):
                return a
        return pass_

    def _overseer(self, view: SantiagoBotView, legal: Sequence[Action], rng: random.Random) -> Action:
        board = _Board(view)
        totals = {p.number: p for p in view.proposals}
        best: Action = legal[0]  # the first action always beats no value at all
        best_value: float | None = None
        for a in legal:
            if isinstance(a, Accept):
                p = totals[a.proposal]
                value = p.total + board.net(board.seg_value(D.SEG_INDEX[p.segment]))
            elif isinstance(a, Build):
                value = board.net(board.seg_value(D.SEG_INDEX[(a.orient, a.x, a.y)])) - a.cost
            else:
                value = 0.0
            if best_value is None or value > best_value:
                best, best_value = a, value
        return best

    def _extra(self, view: SantiagoBotView, legal: Sequence[Action], rng: random.Random) -> Action:
        board = _Board(view)
        pass_ = _pass(legal)
        threshold = 0.5 if board.rounds_left == 0 else 6.0 if board.rounds_left > 3 else 3.0
        best, best_value = pass_, threshold
        for a in legal:
            if isinstance(a, PersonalCanal):
                value = board.net(board.seg_value(D.SEG_INDEX[(a.orient, a.x, a.y)]))
                if value > best_value:
                    best, best_value = a, value
        return best


def _pass(legal: Sequence[Action]) -> Action:
    return next(a for a in legal if isinstance(a, Pass))


def _every(cls: type[A], legal: Sequence[Action]) -> Sequence[A]:
    """`legal` as actions of `cls`, which a step with one kind of move lists only."""
    assert all(type(a) is cls for a in legal), f"not all {cls.kind}"
    return cast(Sequence[A], legal)
