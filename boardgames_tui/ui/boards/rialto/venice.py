"""Venice as lines of Text: the six districts where layout.py puts them, each with its round tile
number, name, value and councilmen by participant, the Grand Canal between the banks with the
banks' bonus tiles, and the 12 connection slots with their bridges and gondolas.

The current district is drawn with heavy lines (┏━┓); a free slot where a tile may go now shows
a + (the virtual player's marked slot a ○), the slot under the cursor is reversed and shows the
new tile's numbers as they would face. Shapes and symbols carry every meaning; colours repeat them.
The places a walkthrough step marks (places.py) are drawn in reverse video: a district's name line,
a link's cells (those the cursor would reverse), a bank's bonus on the canal line.
"""

from __future__ import annotations

from collections.abc import Collection

from rich.style import Style
from rich.text import Text

from ....rules.rialto.data import BANK_BONUS, BANK_NAMES, DISTRICTS, NDISTRICTS, SLOT_LETTERS
from ....rules.rialto.reckoning import district_value, rank_points, ranking
from ....rules.rialto.view import RialtoView
from ...boardkit import PLACE
from . import places, signs
from .layout import GRID, Layout, Spot
from .scene import Scene

WATER = Style(color="#4a90d9")
LIGHT = "┌─┐│└┘"
HEAVY = "┏━┓┃┗┛"
CURSOR = Style(reverse=True, bold=True)
BRIDGE, GONDOLA = "═", "~"


class Canvas:
    """Lines of Text put together from pieces placed at (x, y); a later piece covers an earlier one."""

    def __init__(self, lines: int):
        self.pieces: list[list[tuple[int, Text]]] = [[] for _ in range(lines)]

    def put(self, x: int, y: int, text: Text | str) -> None:
        if 0 <= y < len(self.pieces):
            self.pieces[y].append((x, text if isinstance(text, Text) else Text(text)))

    def lines(self) -> list[Text]:
        out = []
        for pieces in self.pieces:
            line = Text()
            for x, text in pieces:
                end = x + text.cell_len
                if x >= line.cell_len:
                    line.append(" " * (x - line.cell_len))
                    line.append_text(text)
                    continue
                tail = line[end:] if end < line.cell_len else Text()
                line = line[:x]
                line.append_text(text)
                line.append_text(tail)
            out.append(line)
        return out


def council_text(view: RialtoView, district: int) -> Text:
    """'◆2 ●1 ○3': each participant's councilmen there (the virtual player's with the neutral)."""
    council = view.council[district]
    neutral = view.neutral[district]
    text = Text()
    for p, n in enumerate(council):
        n += neutral if signs.is_virtual(view, p) else 0
        if n:
            text.append(" " if text.plain else "")
            text.append_text(signs.sign(view, p, str(n)))
    return text


def scores_now(view: RialtoView, district: int) -> dict[int, int]:
    """What scoring the district would give each participant now (the virtual player's too)."""
    neutral = view.neutral[district]
    counts = [n + (neutral if signs.is_virtual(view, p) else 0) for p, n in enumerate(view.council[district])]
    return rank_points(value_of(view, district), ranking(counts, view.doge.order))


def value_of(view: RialtoView, district: int) -> int:
    return district_value(view.slots, district)


def end_piece(scene: Scene, spot: Spot, side: int) -> Text:
    """One end of a slot: its letter, ═ for a bridge or ~ for a gondola, the number facing that
    district; '·' when free (+ where a tile may go now, ○ the virtual player's marker)."""
    view = scene.view
    letter = SLOT_LETTERS[spot.slot]
    tile = view.slots[spot.slot]
    here = scene.place == ("slot", spot.slot)
    text = Text(letter, style="bold")
    if here and scene.preview is not None:
        text.append(BRIDGE + str(scene.preview[side]))
    elif tile is not None:
        text.append(GONDOLA if tile[0] else BRIDGE, style=WATER)
        text.append(str(tile[1 + side]), style="bold")
    elif ("slot", spot.slot) in scene.marked:
        text.append("+", style="bold")
    elif view.marker == spot.slot:
        text.append(signs.VIRTUAL_SYMBOL, style=signs.VIRTUAL_STYLE)
    else:
        text.append("·", style="dim")
    if here:
        text.stylize(CURSOR)
    return text


def box_frame(view: RialtoView, district: int) -> str:
    """Heavy lines for the current district (from round 1 on), light ones for the others."""
    return HEAVY if view.district == district and view.round else LIGHT


def draw_box(canvas: Canvas, layout: Layout, scene: Scene, district: int) -> None:
    view = scene.view
    x, y = layout.box_of(district)
    w = layout.box_width
    tl, h, tr, v, bl, br = tuple(box_frame(view, district))
    d = DISTRICTS[district]
    value = str(value_of(view, district))
    title = Text(f"{view.numbers[district]} {d.name}", style="bold")
    if box_frame(view, district) is HEAVY:
        title.append(" ◂", style="bold")
    title.truncate(w - 3 - len(value))
    north = GRID[district][1] == 0
    titled = Text(tl if north else bl)
    titled.append_text(title)
    titled.append(" " + h * max(0, w - 4 - title.cell_len - len(value)) + " ")
    titled.append(value, style="bold")
    if places.district(district) in scene.places:
        titled.stylize(PLACE, 1, len(titled))  # from the round number to the value
    titled.append(tr if north else br)
    plain = Text((bl if north else tl) + h * (w - 2) + (br if north else tr))
    canvas.put(x, layout.title_y(district), titled)
    canvas.put(x, y + (layout.box_lines - 1 if north else 0), plain)
    inner = w - 2
    rows = [council_text(view, district)]
    if layout.box_lines == 4:
        now = Text("now ", style="dim")
        scores = scores_now(view, district)
        for p, points in sorted(scores.items(), key=lambda kv: -kv[1]):
            now.append_text(signs.sign(view, p, f"+{points}"))
            now.append(" ")
        rows.append(now if scores else Text("now: nobody", style="dim"))
    for i, content in enumerate(rows):
        content.truncate(inner)
        line = Text(v)
        line.append_text(content)
        line.append(" " * (inner - content.cell_len))
        line.append(v)
        canvas.put(x, y + 1 + i, line)


def gap_piece(scene: Scene, spot: Spot, width: int) -> Text:
    """A slot between neighbours: '4═a═5' (each number beside its district), '1~a~1', '·a·'."""
    tile = scene.view.slots[spot.slot]
    here = scene.place == ("slot", spot.slot)
    left_is_first = spot.ends[0][0] < spot.ends[1][0]
    text = Text()
    numbers: tuple[int, int] | None = None
    mark = BRIDGE
    if here and scene.preview is not None:
        numbers = scene.preview
    elif tile is not None:
        numbers = (tile[1], tile[2])
        mark = BRIDGE if not tile[0] else GONDOLA
    if numbers is not None:
        first, second = (numbers[0], numbers[1]) if left_is_first else (numbers[1], numbers[0])
        text.append(str(first), style="bold")
        text.append(mark, style=WATER)
        text.append(SLOT_LETTERS[spot.slot], style="bold")
        text.append(mark, style=WATER)
        text.append(str(second), style="bold")
    else:
        end = end_piece(scene, spot, 0)
        sign = end[1:]
        text.append_text(sign)
        text.append(end.plain[0], style="bold")
        text.append_text(sign)
    if places.slot_marked(scene.places, spot.slot):
        text.stylize(PLACE)
    if here:
        text.stylize(CURSOR)
    pad = max(0, width - text.cell_len)
    out = Text(" " * (pad // 2))
    out.append_text(text)
    out.append(" " * (pad - pad // 2))
    return out


def arc_piece(scene: Scene, spot: Spot) -> Text:
    """A slot between the two ends of a bank, over (or under) the row: '╭4═══ b ═══5╮'."""
    (xa, _), (xb, _) = spot.ends
    north = spot.ends[0][1] == 0
    tile = scene.view.slots[spot.slot]
    here = scene.place == ("slot", spot.slot)
    numbers: tuple[str, str] | None = None
    line = "─"
    if here and scene.preview is not None:
        numbers, line = (str(scene.preview[0]), str(scene.preview[1])), BRIDGE
    elif tile is not None:
        numbers, line = (str(tile[1]), str(tile[2])), (GONDOLA if tile[0] else BRIDGE)
    if xa > xb and numbers is not None:
        numbers = (numbers[1], numbers[0])
    left, right = ("╭", "╮") if north else ("╰", "╯")
    middle = end_piece(scene, spot, 0) if numbers is None else Text(SLOT_LETTERS[spot.slot], style="bold")
    span = abs(xb - xa) + 1
    inner = span - 2 - (2 if numbers else 0) - middle.cell_len - 2
    text = Text(left, style=WATER)
    if numbers:
        text.append(numbers[0], style="bold")
    text.append(line * (inner // 2) + " ", style=WATER)
    text.append_text(middle)
    text.append(" " + line * (inner - inner // 2), style=WATER)
    if numbers:
        text.append(numbers[1], style="bold")
    text.append(right, style=WATER)
    if places.slot_marked(scene.places, spot.slot):
        text.stylize(PLACE)
    if here:
        text.stylize(CURSOR)
    return text


def canal_line(view: RialtoView, width: int, marked: Collection[str] = ()) -> Text:
    """The Grand Canal between the banks, with each bank's bonus tile: open, or who claimed it;
    a bank in `marked` has its bonus reversed."""
    text = Text()
    for b, claimed in enumerate(view.banks):
        if b:
            text.append(" ≈≈ Grand Canal ≈≈ ", style=WATER)
        start = len(text)
        arrow = "↑" if b == 0 else "↓"
        text.append(f"{arrow} {BANK_NAMES[b]} {BANK_BONUS} VP: ")
        if claimed is None:
            text.append("open", style="bold")
        else:
            for i, p in enumerate(claimed):
                text.append(" " if i else "")
                text.append_text(signs.sign(view, p))
        if places.bank(b) in marked:
            text.stylize(PLACE, start, len(text))
    pad = max(0, width - text.cell_len)
    out = Text("≈" * min(3, pad // 2) + " ", style=WATER)
    out.append_text(text)
    out.append(" " + "≈" * max(0, width - out.cell_len - 1), style=WATER)
    out.truncate(width)
    return out


def draw_map(layout: Layout, scene: Scene) -> list[Text]:
    canvas = Canvas(layout.map_lines)
    for district in range(NDISTRICTS):
        draw_box(canvas, layout, scene, district)
    canvas.put(0, layout.canal_y, canal_line(scene.view, layout.map_width, scene.places))
    for spot in layout.spots:
        if spot.kind == "gap":
            x = min(spot.ends[0][0], spot.ends[1][0])
            canvas.put(x, spot.point[1], gap_piece(scene, spot, layout.gap))
        elif spot.kind == "arc":
            canvas.put(min(spot.ends[0][0], spot.ends[1][0]), spot.point[1], arc_piece(scene, spot))
        else:
            for side, (x, y) in enumerate(spot.ends):
                end = end_piece(scene, spot, side)
                if places.slot_marked(scene.places, spot.slot):
                    end.stylize(PLACE)
                canvas.put(x, y, end)
    return canvas.lines()
