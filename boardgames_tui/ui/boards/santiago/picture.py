"""The island as lines of Text, without Textual: the grid of fields, ditches and intersections
made once per view and size (a Picture, which also knows where each place is drawn, for the cursor
and for clicks), the legend line, and the cursor laid over the lines it touches.

- Canals are drawn double (═ ║, blue), dry ditches single (─ │), ditches where a canal may go now
  dashed (╌ ╎), so the picture reads the same without colour. A proposal shows its number (¹) on
  its ditch. ◉ is the spring; o the other intersections.
- A tile reads crop symbol + crop letters + workers printed on it, then its owner's symbol and the
  markers still on it: ☾Ba² ◆2; a tile nobody owns (the leftover tile, or one whose markers the
  drought took) shows · instead. ░ is desert, Ψ a palm, · an empty field (+ where the tile or palm
  to be placed may go, when that is restricted).
- The cursor shows reversed; a ditch under it is drawn heavy (━ ┃) and the fields it would water
  are underlined.
- The places a walkthrough's step points at (places.py) show reversed; while there are some, the
  cursor is underlined instead, so a mark and the cursor never look alike.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from rich.text import Text

from ....rules.santiago.data import COLS, CROP_WORDS, CROPS, FIELD_CR, IX, IY, SEG_FIELDS, SEG_INDEX
from ....rules.santiago.view import SantiagoView
from ... import theme
from ...boardkit import PLACE
from .layout import Layout
from .scene import Scene
from .signs import (
    CANAL_STYLE,
    DESERT_STYLE,
    DITCH_STYLE,
    OPEN_STYLE,
    PALM,
    PALM_STYLE,
    SPRING_STYLE,
    Field,
    Point,
    Seg,
    centred,
    fit,
    number_sign,
    seat_mark,
    tile_code,
    tile_word,
)

HEAVY = str.maketrans("─╌═│╎║", "━━━┃┃┃")

Span = tuple[int, int, int]  # (line, first cell, cell after the last)
Spots = list[tuple[int, int, str, Hashable]]  # on one line: (first cell, cell after, kind, place)
Marks = dict[int, tuple[tuple[int, int, str], ...]]  # per line: (first cell, cell after, how)


@dataclass
class Picture:
    """The grid's lines without the cursor, and where each field, ditch and intersection is."""

    lines: list[Text]
    fields: dict[Field, list[Span]] = field(default_factory=dict)
    ditches: dict[Seg, list[Span]] = field(default_factory=dict)
    points: dict[Point, Span] = field(default_factory=dict)
    spots: list[Spots] = field(default_factory=list)  # for clicks


def draw_grid(view: SantiagoView, layout: Layout, marks: set[Field]) -> Picture:
    """The column numbers, the lines of intersections with the H ditches between them, and the
    fields' lines with the V ditches; `marks` are the fields to draw '+' on when empty."""
    cw, rl, bw = layout.cell_width, layout.row_lines, layout.block_width
    canals = set(view.canals)
    open_ = set(view.legal_segments)
    proposals = {p.segment: p for p in view.proposals}
    spring = view.spring
    pic = Picture(lines=[])

    def ditch(seg: Seg, length: int, first: bool) -> Text:
        proposal = proposals.get(seg)
        horizontal = seg[0] == "H"
        if seg in canals:
            glyph, style = ("═" if horizontal else "║"), CANAL_STYLE
        elif seg in open_ or proposal:
            glyph, style = ("╌" if horizontal else "╎"), OPEN_STYLE
        else:
            glyph, style = ("─" if horizontal else "│"), DITCH_STYLE
        if not (proposal and first):
            return Text(glyph * length, style=style)
        mid = length // 2  # the proposal's number in the middle of its ditch
        text = Text(glyph * mid, style=style)
        text.append(number_sign(proposal.number), style=theme.seat_style(proposal.proposer))
        text.append(glyph * (length - mid - 1), style=style)
        return text

    def add(line: Text, piece: Text, kind: str, place: Hashable, spots: Spots) -> Span:
        x0 = line.cell_len
        line.append_text(piece)
        spots.append((x0, line.cell_len, kind, place))
        return (len(pic.lines), x0, line.cell_len)

    header = Text("  ")
    for c in range(COLS):
        header.pad_right(layout.field_x(c) - header.cell_len)
        header.append_text(centred(Text(str(c), style="dim"), cw))
    pic.lines.append(header)
    pic.spots.append([])
    for y in range(IY):
        line = Text("  ")
        spots: Spots = []
        for x in range(IX):
            point = Text("◉", style=SPRING_STYLE) if spring == (x, y) else Text("o", style=DITCH_STYLE)
            pic.points[(x, y)] = add(line, point, "point", (x, y), spots)
            if x < IX - 1:
                seg = ("H", x, y)
                pic.ditches[seg] = [add(line, ditch(seg, bw, True), "ditch", seg, spots)]
        pic.lines.append(line)
        pic.spots.append(spots)
        if y == IY - 1:
            break
        for r in (2 * y, 2 * y + 1):
            cells = [field_lines(view, c, r, layout, (c, r) in marks) for c in range(COLS)]
            for k in range(rl):
                line, spots = Text(), []
                line.append(f"{r} " if k == 0 else "  ", style="dim")
                for x in range(IX):
                    seg = ("V", x, y)
                    first = (r - 2 * y) * rl + k == 0
                    pic.ditches.setdefault(seg, []).append(
                        add(line, ditch(seg, 1, first), "ditch", seg, spots)
                    )
                    if x < IX - 1:
                        for c in (2 * x, 2 * x + 1):
                            pic.fields.setdefault((c, r), []).append(
                                add(line, cells[c][k], "field", (c, r), spots)
                            )
                            if c == 2 * x:
                                line.append(" ")
                pic.lines.append(line)
                pic.spots.append(spots)
    return pic


def field_lines(view: SantiagoView, c: int, r: int, layout: Layout, marked: bool) -> list[Text]:
    """The field's lines, each exactly cell_width wide."""
    cw, rl = layout.cell_width, layout.row_lines
    cell = view.fields[r][c]
    crop = cell.crop
    palm = cell.palm
    if cell.desert:
        return [Text("░" * cw, style=DESERT_STYLE) for _ in range(rl)]
    if crop is None:
        mark = (
            Text(PALM, style=PALM_STYLE)
            if palm
            else (Text("+", style="bold") if marked else Text("·", style="dim"))
        )
        return [centred(mark, cw)] + [Text(" " * cw) for _ in range(rl - 1)]
    code = tile_code(crop, cell.workers)
    owner = cell.owner
    if owner is not None and cell.markers > 0:
        who = seat_mark(owner, str(cell.markers))
    else:
        who = Text(" ·", style="dim")  # nobody's: the leftover tile, or all markers lost
    water = Text("≈", style=CANAL_STYLE) if cell.irrigated else Text(" ")
    palm_text = Text(PALM, style=PALM_STYLE) if palm else Text(" ")
    if rl == 1 and cw < 9:
        if palm:
            code = Text(PALM, style=PALM_STYLE) + code[1:]
        return [fit(code + who, cw)]
    if rl == 1:
        return [centred(code + Text(" ") + who + palm_text + water, cw)]
    if cw >= 9:  # room for the crop's word: '☾Banana²'
        return [
            centred(tile_word(crop, cell.workers), cw),
            centred(who + Text(" ") + palm_text + water, cw),
        ]
    return [fit(Text(" ") + code, cw), fit(Text(" ") + who + palm_text + water, cw)]


def legend_line(view: SantiagoView, layout: Layout, names: Sequence[str]) -> Text:
    """What the glyphs mean, as much as fits on one line (most important first)."""
    width, wide = layout.width, layout.wide
    palms = bool(view.palms) or view.options.get("palms") == "on"
    items: list[Text] = []

    def item(glyph: str, style: str, words: str) -> None:
        text = Text(glyph, style=style)
        text.append(f" {words}")
        items.append(text)

    item("═║", CANAL_STYLE, "canal")
    item("╌╎", OPEN_STYLE, "open ditch" if wide else "open")
    item("─│", DITCH_STYLE, "ditch")
    item("◉", SPRING_STYLE, "spring")
    item("░", DESERT_STYLE, "desert")
    if palms:
        item(PALM, PALM_STYLE, "palm")
    tile = (
        tile_word("banana", 2) if layout.row_lines > 1 and layout.cell_width >= 9 else tile_code("banana", 2)
    )
    tile.append(" a tile with 2 workers" if wide else " crop, workers")
    items.append(tile)
    owner = seat_mark(0, "2")
    owner.append(f" {names[0]}'s 2 markers" if wide and names else " markers")
    items.append(owner)
    if layout.cell_width >= 9 or layout.row_lines > 1:
        item("≈", CANAL_STYLE, "watered")
    if wide:
        crops = Text()
        for i, crop in enumerate(CROPS):
            crops.append(" " if i else "")
            crops.append_text(tile_code(crop, None))
            crops.append(f" {CROP_WORDS[crop].lower()}")
        items.append(crops)
    text = Text(" ")
    gap = "  " if wide else " "
    for piece in items:
        extra = gap if text.cell_len > 1 else ""
        if text.cell_len + len(extra) + piece.cell_len <= width - 1:
            text.append(extra)
            text.append_text(piece)
    return fit(text, width)


def cursor_marks(pic: Picture, scene: Scene) -> Marks:
    """Per line, what the cursor lays over it: (first cell, cell after, how)."""
    out: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
    place = scene.place
    if scene.mode == "field" and place in pic.fields:
        for y, x0, x1 in pic.fields[place]:
            out[y].append((x0, x1, "cursor"))
    elif scene.mode == "point" and place in pic.points:
        y, x0, x1 = pic.points[place]
        out[y].append((x0, x1, "cursor"))
    elif scene.mode == "ditch" and place in pic.ditches:
        for y, x0, x1 in pic.ditches[place]:
            out[y].append((x0, x1, "ditch"))
        for f in SEG_FIELDS[SEG_INDEX[place]]:
            for y, x0, x1 in pic.fields[FIELD_CR[f]]:
                out[y].append((x0, x1, "watered"))
    return {y: tuple(marks) for y, marks in out.items()}


def with_marks(line: Text, marks: tuple[tuple[int, int, str], ...]) -> Text:
    """The line with what lies over it: the cursor ("cursor", a "ditch" drawn heavy, the fields
    it would water "watered"), a place a walkthrough marks ("place"), and while places are marked
    the cursor underlined rather than reversed ("cursor-underlined", "ditch-underlined")."""
    line = line.copy()
    for x0, x1, how in marks:
        if how in ("ditch", "ditch-underlined"):
            plain = line.plain
            line.plain = plain[:x0] + plain[x0:x1].translate(HEAVY) + plain[x1:]  # same length: spans hold
            line.stylize("reverse" if how == "ditch" else "underline", x0, x1)
        elif how == "cursor":
            line.stylize("reverse", x0, x1)
        elif how == "place":
            line.stylize(PLACE, x0, x1)
        else:  # "watered", "cursor-underlined"
            line.stylize("underline", x0, x1)
    return line
