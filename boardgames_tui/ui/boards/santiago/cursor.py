"""The cursor over the island, on the board kit: one TargetCursor per kind of place.

- fields (c, r): planting, the leftover tile, palms; and while someone else acts, to look around;
- ditches ("H" | "V", x, y): bribes, the overseer, personal canals;
- intersections (x, y): the spring.

Every place of the active kind is a target, with the viewer's legal actions there, so the arrows
reach every field or ditch and Tab the places where a move is possible. Targets sit in one grid of
field units (spec §2.1): field (c, r) at its centre (c + ½, r + ½), intersection (x, y) at the
corner (2x, 2y), a ditch at its midpoint.

The ditch cursor walks the canal network rather than jumping to the nearest midpoint: ditch
midpoints sit on a checkerboard, so from a horizontal ditch the parallel one two units ahead would
always beat a crossing one (one ahead, one sideways), and arrows would never turn a corner.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import cast

from ....rules.core import Action
from ....rules.santiago.actions import (
    Accept,
    Build,
    PersonalCanal,
    PlaceLeftover,
    PlacePalm,
    PlaceSpring,
    Plant,
    Propose,
    Support,
)
from ....rules.santiago.data import FIELD_CR, IX, IY, SEG_ENDS, SEG_INDEX, SEGMENTS, inter_index, inter_xy
from ....rules.santiago.view import ProposalView, SantiagoView
from ...boardkit import Target, TargetCursor
from .signs import Field, Point, Seg

FIELD_PHASES = ("plant", "leftover", "palms")
DITCH_PHASES = ("bribe", "overseer", "extra")

# The ditch joining two neighbouring intersections, by the pair of intersection indices.
SEG_BY_ENDS: dict[frozenset[int], Seg] = {frozenset(ends): seg for seg, ends in zip(SEGMENTS, SEG_ENDS)}


def seg_ends(seg: Seg) -> tuple[Point, Point]:
    """The two intersections a ditch joins, west/north one first."""
    a, b = SEG_ENDS[SEG_INDEX[seg]]
    return inter_xy(a), inter_xy(b)


def seg_between(a: Point, b: Point) -> Seg | None:
    if not all(0 <= x < IX and 0 <= y < IY for x, y in (a, b)):
        return None
    return SEG_BY_ENDS.get(frozenset((inter_index(*a), inter_index(*b))))


def seg_position(seg: Seg) -> tuple[float, float]:
    o, x, y = seg
    return (2 * x + 1, 2 * y) if o == "H" else (2 * x, 2 * y + 1)


def field_position(field: Field) -> tuple[float, float]:
    return (field[0] + 0.5, field[1] + 0.5)


# -- targets from the view and the legal actions -------------------------------------------------


def field_targets(legal: Sequence[Action]) -> list[Target]:
    """Every field, with the viewer's moves there (every kind of tile when planting)."""
    moves: dict[Field, list[Action]] = {}
    for action in legal:
        if isinstance(action, (Plant, PlaceLeftover, PlacePalm)):
            moves.setdefault((action.col, action.row), []).append(action)
    return [Target(f, *field_position(f), tuple(moves.get(f, ()))) for f in FIELD_CR]


def ditch_targets(proposals: Sequence[ProposalView], legal: Sequence[Action]) -> list[Target]:
    """Every ditch, with the viewer's moves there: propose, support or accept the proposal on it,
    build on it, lay a personal canal."""
    on_seg = {p.number: p.segment for p in proposals}
    moves: dict[Seg, list[Action]] = {}
    for action in legal:
        if isinstance(action, (Propose, Build, PersonalCanal)):
            seg: Seg | None = (action.orient, action.x, action.y)
        elif isinstance(action, (Support, Accept)):
            seg = on_seg.get(action.proposal)
        else:
            continue
        if seg is not None:
            moves.setdefault(seg, []).append(action)
    return [Target(s, *seg_position(s), tuple(moves.get(s, ()))) for s in SEGMENTS]


def point_targets(legal: Sequence[Action]) -> list[Target]:
    spring = {(a.x, a.y): (a,) for a in legal if isinstance(a, PlaceSpring)}
    return [Target((x, y), 2 * x, 2 * y, spring.get((x, y), ())) for y in range(IY) for x in range(IX)]


class DitchCursor(TargetCursor):
    """Walks from ditch to ditch: along its line to the next ditch; across, it turns into the ditch
    leaving the end it walked to last (else the other end)."""

    def __init__(self, targets: Iterable[Target] = ()):
        self.walked: tuple[Hashable, Point] | None = None  # (ditch, the end it was walked to)
        super().__init__(targets)

    @property
    def end(self) -> Point | None:
        if self.place is None:
            return None
        if self.walked is not None and self.walked[0] == self.place:
            return self.walked[1]
        return seg_ends(cast(Seg, self.place))[1]

    def move(self, dx: int, dy: int) -> bool:
        if self.place is None:
            return super().move(dx, dy)
        here = cast(Seg, self.place)
        a, b = seg_ends(here)
        along = (here[0] == "H" and dx) or (here[0] == "V" and dy)
        if along:
            starts = [b if dx > 0 or dy > 0 else a]
        else:
            end = self.end or b
            starts = [end, a if end == b else b]
        for start in starts:
            to = (start[0] + dx, start[1] + dy)
            seg = seg_between(start, to)
            if seg is not None and self.target_at(seg) is not None:
                self.place = seg
                self.walked = (seg, to)
                return True
        return False


class IslandCursor:
    """The three cursors and which one shows. `mode` is "field", "ditch", "point" or None (no
    cursor: bidding, or waiting without having looked around)."""

    def __init__(self) -> None:
        self.fields = TargetCursor(field_targets(()))
        self.ditches = DitchCursor(ditch_targets((), ()))
        self.points = TargetCursor(point_targets(()))
        self.mode: str | None = None
        self.looking = False  # someone who waits has moved the field cursor to look around
        # Near the middle, where a first move usually goes.
        self.fields.put((3, 2))
        self.ditches.put(("H", 1, 1))
        self.points.put((2, 1))

    @property
    def active(self) -> TargetCursor | None:
        return {"field": self.fields, "ditch": self.ditches, "point": self.points}.get(self.mode or "")

    @property
    def place(self) -> Hashable | None:
        active = self.active
        return active.place if active is not None else None

    @property
    def here(self) -> Target | None:
        active = self.active
        return active.current if active is not None else None

    def update(self, view: SantiagoView, legal: Sequence[Action], acting: bool, new_decision: bool) -> None:
        """New targets after a change of the game. On a new decision the cursor goes where a move
        is possible: the nearest such field or ditch, the best bribe for the overseer."""
        phase = view.phase
        if new_decision:
            self.looking = False
        fresh = acting and new_decision
        mine = legal if acting else ()
        self.fields.set_targets(field_targets(mine), prefer_actionable=fresh)
        self.ditches.set_targets(ditch_targets(view.proposals, mine), prefer_actionable=fresh)
        self.points.set_targets(point_targets(mine))
        if fresh and phase == "overseer" and view.proposals:
            best = max(view.proposals, key=lambda p: (p.total, -p.number))
            self.ditches.put(best.segment)
        if acting:
            self.mode = (
                "point"
                if phase == "spring"
                else "field"
                if phase in FIELD_PHASES
                else "ditch"
                if phase in DITCH_PHASES
                else None
            )
        else:
            self.mode = "field" if self.looking else None

    def look(self) -> None:
        """Someone who waits starts looking around: the field cursor shows."""
        self.looking = True
        self.mode = "field"
