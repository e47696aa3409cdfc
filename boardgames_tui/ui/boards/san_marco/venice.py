"""Venice as lines of Text: the six districts as boxes where layout.py puts them, each with its die
number, name, values and cubes (and the Doge), and the canals between them with their bridges.

A district where the viewer has a move now is drawn with heavy lines (┏━┓), the one under the
cursor with its title reversed; a canal where a bridge may go shows a + where it would stand.
Shapes and symbols carry every meaning; colours only repeat them.

A place a walkthrough step points at (the scene's `spots`) is drawn in reverse video over its
own styles: a district's whole box, a canal's cells (a far canal's words too), the Doge's ♛.
Meanwhile the cursor is underlined, not reversed (scene.CURSOR_AMONG_SPOTS).
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from ....rules.san_marco.data import BRIDGES_PER_PAIR, DISTRICTS, NDISTRICTS
from ....rules.san_marco.reckoning import district_scores
from ....rules.san_marco.view import SanMarcoView
from ...boardkit import PLACE
from .layout import Canal, Layout, far_label
from .scene import MapPlace, Scene
from .signs import DOGE, colour_style, colour_symbol, cube_text, is_neutral

WATER = Style(color="#4a90d9")
# A box's corners and sides, in the order they are unpacked: top left, across, top right, down,
# bottom left, bottom right.
LIGHT = ("┌", "─", "┐", "│", "└", "┘")
HEAVY = ("┏", "━", "┓", "┃", "┗", "┛")


class Canvas:
    """Lines of Text put together from pieces placed at (x, y); gaps are spaces."""

    def __init__(self, lines: int):
        self.pieces: list[list[tuple[int, Text]]] = [[] for _ in range(lines)]

    def put(self, x: int, y: int, text: Text | str) -> None:
        self.pieces[y].append((x, text if isinstance(text, Text) else Text(text)))

    def lines(self) -> list[Text]:
        out = []
        for pieces in self.pieces:
            line = Text()
            for x, text in sorted(pieces, key=lambda p: p[0]):
                if x > line.cell_len:
                    line.append(" " * (x - line.cell_len))
                line.append_text(text)
            out.append(line)
        return out


def scores_now(view: SanMarcoView, district: int) -> dict[int, int]:
    """What scoring `district` would give each colour now (the neutral's points are dropped)."""
    cubes = view.cubes[district]
    d = DISTRICTS[district]
    scores = district_scores(dict(enumerate(cubes)), d.high, d.low)
    return {c: p for c, p in scores.items() if not is_neutral(view, c)}


def scores_text(view: SanMarcoView, district: int) -> Text:
    """'◆+8 ●+6', or 'nobody' when the district is empty."""
    scores = scores_now(view, district)
    text = Text()
    for colour, points in sorted(scores.items(), key=lambda cp: (-cp[1], cp[0])):
        if text.plain:
            text.append(" ")
        text.append(f"{colour_symbol(view, colour)}+{points}", style=colour_style(view, colour))
    return text if text.plain else Text("nobody", style="dim")


def draw_box(canvas: Canvas, layout: Layout, scene: Scene, district: int) -> None:
    view = scene.view
    x, y = layout.box_of(district)
    w = layout.box_width
    place: MapPlace = ("district", district)
    tl, h, tr, v, bl, br = HEAVY if place in scene.marked else LIGHT
    d = DISTRICTS[district]
    values = f"{d.high}/{d.low}"
    title = Text(f"{d.die} {d.name}", style=scene.cursor if scene.place == place else "bold")
    if scene.place == place:
        title = Text("▸", style=scene.cursor) + title
    room = w - 2 - len(values) - 1
    title.truncate(room)
    top = Text(tl)
    top.append_text(title)
    top.append(h * (w - 2 - title.cell_len - len(values)))
    top.append(values, style="bold")
    top.append(tr)
    rows = [top]

    inner = w - 2
    cubes = cube_text(view, view.cubes[district])
    doge = view.doge == district
    if doge:
        cubes.truncate(inner - 2)
    else:
        cubes.truncate(inner)
    line = Text(v)
    line.append_text(cubes)
    line.append(" " * (inner - cubes.cell_len - (1 if doge else 0)))
    if doge:
        line.append(DOGE, style="bold reverse" if ("doge",) in scene.spots else "bold")
    line.append(v)
    rows.append(line)
    if layout.box_lines == 4:
        now = Text("now ", style="dim")
        now.append_text(scores_text(view, district))
        now.truncate(inner)
        line = Text(v)
        line.append_text(now)
        line.append(" " * (inner - now.cell_len))
        line.append(v)
        rows.append(line)

    note = scene.notes.get(district)
    bottom = Text(bl)
    if note is not None and note.plain:
        piece = Text(" ") + note + Text(" ")
        piece.truncate(w - 3)
        bottom.append(h)
        bottom.append_text(piece)
    bottom.append(h * (w - 1 - bottom.cell_len))
    bottom.append(br)
    rows.append(bottom)
    if place in scene.spots:
        for row in rows:
            row.stylize(PLACE)
    for n, row in enumerate(rows):
        canvas.put(x, y + n, row)


def canal_text(scene: Scene, canal: Canal, owners: list[int]) -> Text:
    """The canal's cells: its bridges by owner, a + where a bridge may go now, water around."""
    view = scene.view
    place: MapPlace = ("canal", *canal.pair)
    marks = Text()
    for owner in owners:
        marks.append(colour_symbol(view, owner), style=colour_style(view, owner))
    if place in scene.marked and len(owners) < BRIDGES_PER_PAIR:
        marks.append("+", style="bold")
    ends = 2 if canal.kind == "d" else 0
    room = canal.width - ends
    left = max(0, (room - marks.cell_len) // 2)
    right = max(0, room - marks.cell_len - left)
    text = Text()
    if canal.kind == "d":
        text.append(canal.lean, style=WATER)
    text.append("≈" * left, style=WATER)
    text.append_text(marks)
    text.append("≈" * right, style=WATER)
    if canal.kind == "d":
        text.append(canal.lean, style=WATER)
    if scene.place == place:
        text.stylize(scene.cursor)
    if place in scene.spots:
        text.stylize(PLACE)
    return text


def draw_map(layout: Layout, scene: Scene) -> list[Text]:
    canvas = Canvas(layout.map_lines)
    for district in range(NDISTRICTS):
        draw_box(canvas, layout, scene, district)
    bridges: dict[tuple[int, int], list[int]] = {}
    for a, b, owner in scene.view.bridges:
        bridges.setdefault((a, b), []).append(owner)
    for canal in layout.canals:
        if canal.kind == "far":
            words = Text(far_label(canal.pair), style=WATER)
            if ("canal", *canal.pair) in scene.spots:
                words.stylize(PLACE)
            canvas.put(0, canal.y, words)
        canvas.put(canal.x, canal.y, canal_text(scene, canal, bridges.get(canal.pair, [])))
    return canvas.lines()
