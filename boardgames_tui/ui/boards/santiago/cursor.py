"""The cursor over the island, on the board kit: one TargetCursor per kind of place.

- fields (c, r): planting, the leftover tile, palms; and while someone else acts, to look around;
- ditches ("H" | "V", x, y): bribes, the overseer, personal canals;
- intersections (x, y): the spring.

Every place of the active kind is a target, with the viewer's legal actions there, so the arrows
reach every field or ditch and Tab the places where a move is possible. Places are named in one
grid of field units (spec §2.1): field (c, r) at its centre (c + ½, r + ½), intersection (x, y) at
the corner (2x, 2y), a ditch at its midpoint; a target stands where the island is drawn, that grid
laid on the screen's cells by the layout (`on_screen`), and the board kit's arrows walk them.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

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
from ....rules.santiago.data import FIELD_CR, IX, IY, SEGMENTS
from ....rules.santiago.view import ProposalView, SantiagoView
from ...boardkit import Target, TargetCursor
from .layout import Layout
from .signs import Field, Seg

# The layout before the screen is shown (80×24, as GameScreen.terminal_size says then).
SMALLEST = Layout(80, 24)
FIELD_PHASES = ("plant", "leftover", "palms")
DITCH_PHASES = ("bribe", "overseer", "extra")


def seg_position(seg: Seg) -> tuple[float, float]:
    o, x, y = seg
    return (2 * x + 1, 2 * y) if o == "H" else (2 * x, 2 * y + 1)


def field_position(field: Field) -> tuple[float, float]:
    return (field[0] + 0.5, field[1] + 0.5)


def on_screen(layout: Layout, u: float, v: float) -> tuple[float, float]:
    """The cell (column, line) of the island drawn by `layout` at (u, v) in field units: ditch
    line x at column line_x(x), intersection line y at line point_y(y), two fields a block."""
    return 2 + u * (layout.block_width + 1) / 2, 1 + v * (1 + 2 * layout.row_lines) / 2


# -- targets from the view and the legal actions -------------------------------------------------


def field_targets(legal: Sequence[Action], layout: Layout = SMALLEST) -> list[Target]:
    """Every field, with the viewer's moves there (every kind of tile when planting)."""
    moves: dict[Field, list[Action]] = {}
    for action in legal:
        if isinstance(action, (Plant, PlaceLeftover, PlacePalm)):
            moves.setdefault((action.col, action.row), []).append(action)
    return [Target(f, *on_screen(layout, *field_position(f)), tuple(moves.get(f, ()))) for f in FIELD_CR]


def ditch_targets(
    proposals: Sequence[ProposalView], legal: Sequence[Action], layout: Layout = SMALLEST
) -> list[Target]:
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
    return [Target(s, *on_screen(layout, *seg_position(s)), tuple(moves.get(s, ()))) for s in SEGMENTS]


def point_targets(legal: Sequence[Action], layout: Layout = SMALLEST) -> list[Target]:
    spring = {(a.x, a.y): (a,) for a in legal if isinstance(a, PlaceSpring)}
    return [
        Target((x, y), *on_screen(layout, 2 * x, 2 * y), spring.get((x, y), ()))
        for y in range(IY)
        for x in range(IX)
    ]


class IslandCursor:
    """The three cursors and which one shows. `mode` is "field", "ditch", "point" or None (no
    cursor: bidding, or waiting without having looked around)."""

    def __init__(self) -> None:
        self.fields = TargetCursor(field_targets(()))
        self.ditches = TargetCursor(ditch_targets((), ()))
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

    def update(
        self,
        view: SantiagoView,
        legal: Sequence[Action],
        acting: bool,
        new_decision: bool,
        layout: Layout = SMALLEST,
    ) -> None:
        """New targets after a change of the game, where `layout` draws them. On a new decision
        the cursor goes where a move is possible: the nearest such field or ditch, the best bribe
        for the overseer."""
        phase = view.phase
        if new_decision:
            self.looking = False
        fresh = acting and new_decision
        mine = legal if acting else ()
        self.fields.set_targets(field_targets(mine, layout), prefer_actionable=fresh)
        self.ditches.set_targets(ditch_targets(view.proposals, mine, layout), prefer_actionable=fresh)
        self.points.set_targets(point_targets(mine, layout))
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
