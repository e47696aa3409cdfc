"""The places a walkthrough's caption may point at (a step's `places`, learn/script.py), in the
words the board itself uses, and where each is drawn, so that the island can mark them:

    "4,2"              a field, column,row (the cursor's line says "▸ 4,2")
    "V 2,0"  "H 1,1"   a ditch: V or H, then the column,row of its north or west end, as the
                       cursor's line and the rules' messages name it
    "point 2,1"        an intersection, where the spring ◉ goes ("▸ point 2,1")
    "offer"            the offer in the side panel (bid, plant, leftover): its title and tiles;
    "offer 1" …        one of its tiles, counted from the top
    "proposals"        the proposals in the side panel (bribe, overseer): title and list;
    "proposal 1" …     one proposal, by its number (the ¹ on its ditch)

Fields, ditches and intersections are always on the island; the side panel's places only while
the panel shows them (and has the lines for them). A marked place is drawn in reverse video; while
places are marked, the cursor is underlined instead of reversed (picture.with_marks), and so is the
tile picked in the offer (panel.offer_lines), so that they never look alike: reverse means marked,
underline the cursor, both when the cursor is on a mark.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable
from typing import cast

from ....rules.santiago.data import FIELD_CR, IX, IY, SEGMENTS
from .layout import Layout
from .panel import hint_lines
from .picture import Marks, Picture, Span
from .scene import Scene
from .signs import Field, Seg, seg_name

# The island's places by name: (kind, place) as the picture and the cursor know them.
GRID_PLACES: dict[str, tuple[str, Hashable]] = {
    **{f"{c},{r}": ("field", (c, r)) for c, r in FIELD_CR},
    **{seg_name(seg): ("ditch", seg) for seg in SEGMENTS},
    **{f"point {x},{y}": ("point", (x, y)) for y in range(IY) for x in range(IX)},
}

# While places are marked, the cursor's reverse turns to underline (the ditch keeps its heavy line).
UNDERLINED = {"cursor": "cursor-underlined", "ditch": "ditch-underlined"}


def panel_places(scene: Scene) -> dict[str, list[int]]:
    """The side panel's places now, each with its lines among the panel's facts (panel.facts: the
    offer's or the proposals' title first, then a line a tile or a proposal)."""
    phase = scene.phase
    out: dict[str, list[int]] = {}
    if phase in ("bid", "plant", "leftover"):
        tiles = scene.view.offer
        out["offer"] = list(range(len(tiles) + 1))
        for i in range(len(tiles)):
            out[f"offer {i + 1}"] = [i + 1]
    elif phase in ("bribe", "overseer"):
        proposals = scene.view.proposals
        if proposals:
            out["proposals"] = list(range(len(proposals) + 1))
        for i, p in enumerate(proposals):
            out[f"proposal {p.number}"] = [i + 1]
    return out


def panel_room(scene: Scene, layout: Layout) -> int:
    """How many of the facts' lines the side panel shows (panel.assemble cuts the rest)."""
    if not layout.side_width:
        return 0
    return max(0, layout.grid_height - len(hint_lines(scene)))


def place_names(scene: Scene, layout: Layout) -> frozenset[str]:
    """Every place the board can mark in this scene at this size."""
    if not scene.view:
        return frozenset()
    room = panel_room(scene, layout)
    shown = {name for name, lines in panel_places(scene).items() if lines and max(lines) < room}
    return frozenset(GRID_PLACES) | shown


def grid_marks(pic: Picture, names: Iterable[str]) -> dict[int, list[tuple[int, int, str]]]:
    """Per line of the picture, the cells of the marked fields, ditches and intersections."""
    out: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
    for name in sorted(set(names)):
        kind, place = GRID_PLACES.get(name, ("", None))
        spans: list[Span] = []
        if kind == "field":
            spans = pic.fields.get(cast(Field, place), [])
        elif kind == "ditch":
            spans = pic.ditches.get(cast(Seg, place), [])
        elif kind == "point" and place in pic.points:
            spans = [pic.points[place]]
        for y, x0, x1 in spans:
            out[y].append((x0, x1, "place"))
    return out


def with_places(cursor: Marks, pic: Picture, names: frozenset[str]) -> Marks:
    """The cursor's marks (picture.cursor_marks) with the marked places added: unchanged when no
    place is marked, else the cursor underlined rather than reversed."""
    if not names:
        return cursor
    out: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
    for y, marks in cursor.items():
        out[y] += [(x0, x1, UNDERLINED.get(how, how)) for x0, x1, how in marks]
    for y, places in grid_marks(pic, names).items():
        out[y] += places
    return {y: tuple(line) for y, line in sorted(out.items())}


def panel_marks(scene: Scene, names: frozenset[str], room: int) -> set[int]:
    """The side panel's lines to draw reversed for the marked places it shows."""
    places = panel_places(scene)
    return {y for name in names for y in places.get(name, ()) if y < room}
