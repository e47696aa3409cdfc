"""The city of Macao as Text: the 30 quarters on the house map (Table D of the house data), each
with its owner, its good or joker and, where there is room, its cost; a line between two quarters
is a border, a gap is none.

Table D draws the city nine quarters tall and five wide. Beside the rose there is room for nine
columns but not for nine rows and their borders, so the map is turned a quarter to the left:
north (the border gate, q01) is on the left, the Barra point on the right, east at the top.

    ╭───────────·Jk──·Ri──·Te──·Sp        one line per quarter: owner (· none), good (Jk a joker)
    │           │    │    │    │ ╲      and + when you can take it now; with room a second line
    ·Ri──·Te──·Pa──·Si──◆Jk──·Ri──·La──·Po    shows the cost (R2K1Y1)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, TypedDict

from rich.style import Style
from rich.text import Text

from ....rules.macao.data import QUARTER, QUARTER_LIST
from ....rules.macao.view import MacaoView
from . import signs

if TYPE_CHECKING:
    from rich.console import Console

# Table D's grid: (row from the north, column from the west) of every quarter.
TABLE_D: dict[str, tuple[int, int]] = {
    "q01": (0, 2),
    "q02": (1, 2),
    "q03": (1, 3),
    "q04": (2, 1),
    "q05": (2, 2),
    "q06": (2, 3),
    "q07": (3, 0),
    "q08": (3, 1),
    "q09": (3, 2),
    "q10": (3, 3),
    "q11": (3, 4),
    "q12": (4, 0),
    "q13": (4, 1),
    "q14": (4, 2),
    "q15": (4, 3),
    "q16": (4, 4),
    "q17": (5, 0),
    "q18": (5, 1),
    "q19": (5, 2),
    "q20": (5, 3),
    "q21": (5, 4),
    "q22": (6, 1),
    "q23": (6, 2),
    "q24": (6, 3),
    "q25": (6, 4),
    "q26": (7, 1),
    "q27": (7, 2),
    "q28": (7, 3),
    "q29": (8, 2),
    "q30": (8, 3),
}
ROWS, COLUMNS = 9, 5
# Turned a quarter to the left: Table D's rows run left to right, its columns bottom to top.
GRID: dict[str, tuple[int, int]] = {q: (r, COLUMNS - 1 - c) for q, (r, c) in TABLE_D.items()}
AT: dict[tuple[int, int], str] = {xy: q for q, xy in GRID.items()}
# The coast road q03–q11 bends round the empty corner above q03 and q06 (turned map).
COAST_ROAD = ("q03", "q11")

BORDER = Style(color="#8a8a8a")
DARK = Style(color="#d0b040", bold=True)
MARK = Style(bold=True)


def borders() -> list[tuple[str, str]]:
    """Every border once, as (quarter, quarter) in id order."""
    return sorted({tuple(sorted((q.id, n))) for q in QUARTER_LIST for n in q.neighbours})  # type: ignore[misc]


def kind_of(a: str, b: str) -> str:
    """How a border is drawn on the turned map: "across" (same line), "down" (same column),
    "diagonal" or "road" (the coast road)."""
    (xa, ya), (xb, yb) = GRID[a], GRID[b]
    if ya == yb and abs(xa - xb) == 1:
        return "across"
    if xa == xb and abs(ya - yb) == 1:
        return "down"
    if {a, b} == set(COAST_ROAD):
        return "road"
    if abs(xa - xb) == 1 and abs(ya - yb) == 1:
        return "diagonal"
    raise ValueError(f"the border {a}–{b} cannot be drawn on the city grid")


@dataclass(frozen=True)
class CityGeometry:
    """Cells for a panel `width` cells wide; `tall` gives each quarter a second line (its cost)."""

    width: int
    tall: bool = False

    @cached_property
    def gap(self) -> int:
        return 2 if (self.width - 2 * (ROWS - 1)) // ROWS >= 4 else 1

    @cached_property
    def cell(self) -> int:
        return max(3, min(9, (self.width - self.gap * (ROWS - 1)) // ROWS))

    @property
    def cell_lines(self) -> int:
        return 2 if self.tall else 1

    @property
    def lines(self) -> int:
        return COLUMNS * self.cell_lines + COLUMNS - 1

    @property
    def map_width(self) -> int:
        return ROWS * self.cell + (ROWS - 1) * self.gap

    @property
    def x0(self) -> int:
        return max(0, (self.width - self.map_width) // 2)

    def cell_x(self, gx: int) -> int:
        return self.x0 + gx * (self.cell + self.gap)

    def cell_y(self, gy: int) -> int:
        return gy * (self.cell_lines + 1)

    def centre_x(self, gx: int) -> int:
        return self.cell_x(gx) + (self.cell - 1) // 2

    def hits(self) -> list[tuple[int, int, int, str]]:
        """(line, first cell, last cell + 1, quarter) for the mouse."""
        return _hits(self)


@lru_cache(maxsize=16)
def _hits(geo: CityGeometry) -> list[tuple[int, int, int, str]]:
    out = []
    for q, (gx, gy) in GRID.items():
        for k in range(geo.cell_lines):
            out.append((geo.cell_y(gy) + k, geo.cell_x(gx), geo.cell_x(gx) + geo.cell, q))
    return out


class Canvas:
    """A grid of characters with a style each, turned into Text lines at the end."""

    def __init__(self, width: int, lines: int):
        self.width = width
        self.chars = [[" "] * width for _ in range(lines)]
        self.styles: list[list[Style | None]] = [[None] * width for _ in range(lines)]

    def put(self, x: int, y: int, text: str | Text, style: Style | None = None) -> None:
        if isinstance(text, Text):
            for i, ch in enumerate(text.plain):
                self.put(x + i, y, ch, style or text.get_style_at_offset(_CONSOLE, i))
            return
        for i, ch in enumerate(text):
            if 0 <= y < len(self.chars) and 0 <= x + i < self.width:
                self.chars[y][x + i] = ch
                self.styles[y][x + i] = style

    def texts(self) -> list[Text]:
        out = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            text = Text()
            run, run_style = "", styles[0] if styles else None
            for ch, st in zip(chars, styles, strict=True):
                if st != run_style and run:
                    text.append(run, style=run_style or "")
                    run = ""
                run_style = st
                run += ch
            if run:
                text.append(run, style=run_style or "")
            out.append(text)
        return out


def _console() -> Console:
    from rich.console import Console

    return Console(width=200, color_system=None)


_CONSOLE = _console()


def cell_text(view: MacaoView, q: str, width: int, mark: bool) -> Text:
    """Owner (or ·), good and + when the player can take it: '◆Te', '·Jk+'."""
    owner = view.owner.get(q)
    tile = view.tiles.get(q, "joker" if QUARTER[q].dark else "")
    text = signs.sign(owner) if owner is not None else Text("·", style=signs.DIM)
    text.append(signs.GOOD_SHORT.get(tile, "??"), style=DARK if QUARTER[q].dark else Style(bold=True))
    if mark:
        text.append("+", style=MARK)
    if width >= 7:
        text.pad_right(width - 2 - text.cell_len)
        text.append(q[1:], style=signs.DIM)
    text.truncate(width)
    return text


def cost_text(q: str, width: int) -> Text:
    text = signs.cost(QUARTER[q].cost, tight=True)
    text.truncate(width)
    return text


def draw_city(geo: CityGeometry, view: MacaoView, cursor: str | None, marked: frozenset[str]) -> list[Text]:
    """The turned map, `geo.lines` lines of `geo.width` cells, the cursor's quarter highlighted.
    The map without the cursor is kept while the view and the marks stay the same, so a cursor
    step only restyles the cells it leaves and reaches."""
    key = (geo, marked)
    if _drawn.get("key") != key or _drawn.get("view") is not view:
        _drawn.update({"key": key, "view": view, "lines": _draw_map(geo, view, marked)})
    lines = list(_drawn["lines"])  # the same lines but the cursor's, which are restyled copies
    if cursor in GRID:
        gx, gy = GRID[cursor]
        x, y = geo.cell_x(gx), geo.cell_y(gy)
        cells = [cell_text(view, cursor, geo.cell, cursor in marked)]
        if geo.tall:
            cells.append(cost_text(cursor, geo.cell))
        for k, cell in enumerate(cells):
            lines[y + k] = lines[y + k].copy()
            lines[y + k].stylize(signs.CURSOR, x, x + cell.cell_len)
    return lines


class _Drawn(TypedDict, total=False):
    key: tuple[CityGeometry, frozenset[str]]
    view: MacaoView
    lines: list[Text]


_drawn: _Drawn = {}  # the last map drawn without a cursor: key, view, lines


def _draw_map(geo: CityGeometry, view: MacaoView, marked: frozenset[str]) -> list[Text]:
    canvas = Canvas(geo.width, geo.lines)
    for a, b in borders():
        kind = kind_of(a, b)
        (xa, ya), (xb, yb) = GRID[a], GRID[b]
        if kind == "across":  # drawn under the cells: it shows in the blanks after a short cell
            x = geo.cell_x(min(xa, xb)) + 1
            canvas.put(x, geo.cell_y(ya), "─" * (geo.cell_x(max(xa, xb)) - x), BORDER)
        elif kind == "down":
            top = min(ya, yb)
            for y in range(geo.cell_y(top) + geo.cell_lines, geo.cell_y(top + 1)):
                canvas.put(geo.centre_x(xa), y, "│", BORDER)
        elif kind == "diagonal":
            left, right = (a, b) if xa < xb else (b, a)
            x = geo.cell_x(GRID[left][0]) + geo.cell + (geo.gap - 1) // 2
            y = geo.cell_y(min(ya, yb)) + geo.cell_lines
            rising = GRID[left][1] > GRID[right][1]
            canvas.put(x, y, "╱" if rising else "╲", BORDER)
        else:  # the coast road: up from the lower quarter, then along the empty line to the other
            low, high = (a, b) if ya > yb else (b, a)
            (lx, ly), (hx, hy) = GRID[low], GRID[high]
            x = geo.centre_x(lx)
            for y in range(geo.cell_y(hy) + 1, geo.cell_y(ly)):
                canvas.put(x, y, "│", BORDER)
            y = geo.cell_y(hy)
            canvas.put(x, y, "╭", BORDER)
            canvas.put(x + 1, y, "─" * (geo.cell_x(hx) - x - 1), BORDER)
    for q, (gx, gy) in GRID.items():
        x, y = geo.cell_x(gx), geo.cell_y(gy)
        text = cell_text(view, q, geo.cell, q in marked)
        second = cost_text(q, geo.cell) if geo.tall else None
        canvas.put(x, y, text)
        if second is not None:
            canvas.put(x, y + 1, second)
    return canvas.texts()


def quarter_facts(view: MacaoView, q: str) -> list[Text]:
    """What decides whether to take a quarter: its cost and its good (or joker)."""
    quarter = QUARTER[q]
    tile = view.tiles.get(q, "joker" if quarter.dark else "")
    return [signs.cost(quarter.cost), Text(signs.good(tile))]


def quarter_hint(view: MacaoView, q: str, width: int, action: str) -> Text:
    """The quarter under the cursor in words: its name, good, cost and owner, and what Enter does."""
    quarter = QUARTER[q]
    owner = view.owner.get(q)
    text = Text(f"{q} {quarter.name}", style="bold")
    parts = [text, *quarter_facts(view, q)]
    if action:
        parts.append(Text(action, style="italic"))
    parts.append(signs.label(view, owner) if owner is not None else Text("free", style=signs.DIM))
    return signs.fit(parts, width)
