"""Where Venice's parts go on the screen, in cells, for a terminal size. The drawing, the cursor
and the mouse all read it, so a click lands on what was drawn there.

    ┌3 Santa Croce ── 5/3┐      ┌1 Cannaregio ─── 6/4┐      ┌6 Castello ───── 7/4┐
    │◆3 ●2               │≈≈◆≈≈≈│▲2                 ♛│≈≈≈≈≈≈│●4                  │
    └────────────────────┘      └────────────────────┘      └────────────────────┘
             ≈≈≈          ╲≈≈╲           ≈◆≈         ╲●≈╲          ≈≈≈
    ┌5 Dorsoduro ──── 5/3┐      ┌3 San Polo ───── 6/5┐      ┌4 San Marco ──── 8/6┐
    …
     ≈ Dorsoduro – San Marco ≈◆≈≈

The districts sit on a grid of three columns and two rows (GRID, this board's own drawing
choice). Which districts share a canal is the rules' table (data.PAIRS, provisional): each pair
is drawn where the grid puts it — beside each other, one above the other, or across a corner —
and a pair the grid cannot draw that way gets a line of its own under the map.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ....rules.san_marco.data import DISTRICTS, NDISTRICTS, PAIRS
from .scene import MapPlace

COLUMNS, ROWS = 3, 2
# district index -> (column, row): west on the left, the north bank on top, roughly as on a map
GRID: dict[int, tuple[int, int]] = {
    1: (0, 0),  # Santa Croce
    0: (1, 0),  # Cannaregio
    5: (2, 0),  # Castello
    4: (0, 1),  # Dorsoduro
    2: (1, 1),  # San Polo
    3: (2, 1),  # San Marco
}
assert sorted(GRID) == list(range(NDISTRICTS)), "every district has a place on the grid"

TALL = 34  # from this many rows each district shows a second line (what a scoring gives now)
WIDE = 100  # from this many columns the gaps between districts widen
SLOT = 5  # the cells of a canal drawn between two rows of districts


@dataclass(frozen=True)
class Canal:
    """Where a canal (a pair of districts) is drawn: `kind` "h" (beside), "v" (above), "d" (across
    a corner, `lean` "╲" or "╱") or "far" (its own line); `x`, `y` its first cell and `width`."""

    pair: tuple[int, int]
    kind: str
    x: int
    y: int
    width: int
    lean: str = ""


@dataclass(frozen=True)
class Layout:
    width: int
    height: int  # the terminal's: a tall one gets a second line in each district

    @property
    def gap(self) -> int:
        return 8 if self.width >= WIDE else 6

    @property
    def box_width(self) -> int:
        return min(36, (self.width - 1 - (COLUMNS - 1) * self.gap) // COLUMNS)

    @property
    def box_lines(self) -> int:
        return 4 if self.height >= TALL else 3

    @property
    def gap_lines(self) -> int:
        return 1

    def box_x(self, column: int) -> int:
        return column * (self.box_width + self.gap)

    def box_y(self, row: int) -> int:
        return row * (self.box_lines + self.gap_lines)

    def box_of(self, district: int) -> tuple[int, int]:
        """(x, y) of a district's top-left corner."""
        column, row = GRID[district]
        return self.box_x(column), self.box_y(row)

    @property
    def map_width(self) -> int:
        return self.box_x(COLUMNS - 1) + self.box_width

    @property
    def map_lines(self) -> int:
        """The rows of districts and the gaps between them; then one line per far canal."""
        return ROWS * self.box_lines + (ROWS - 1) * self.gap_lines + len(self.far)

    @cached_property
    def canals(self) -> tuple[Canal, ...]:
        out: list[Canal] = []
        corners: set[tuple[int, int]] = set()
        far = 0
        for a, b in PAIRS:
            (ca, ra), (cb, rb) = GRID[a], GRID[b]
            if ra == rb and abs(ca - cb) == 1:
                left = min(ca, cb)
                x = self.box_x(left) + self.box_width
                out.append(Canal((a, b), "h", x, self.box_y(ra) + 1, self.gap))
                continue
            if ca == cb and abs(ra - rb) == 1:
                top = min(ra, rb)
                x = self.box_x(ca) + (self.box_width - SLOT) // 2
                out.append(Canal((a, b), "v", x, self.box_y(top) + self.box_lines, SLOT))
                continue
            if abs(ca - cb) == 1 and abs(ra - rb) == 1 and (min(ca, cb), min(ra, rb)) not in corners:
                left, top = min(ca, cb), min(ra, rb)
                corners.add((left, top))
                upper_left = (ca, ra) == (left, top) or (cb, rb) == (left, top)
                x = self.box_x(left) + self.box_width
                y = self.box_y(top) + self.box_lines
                out.append(Canal((a, b), "d", x, y, self.gap, "╲" if upper_left else "╱"))
                continue
            y = ROWS * self.box_lines + (ROWS - 1) * self.gap_lines + far
            far += 1
            out.append(Canal((a, b), "far", len(far_label((a, b))), y, SLOT + 1))
        return tuple(out)

    @property
    def far(self) -> tuple[Canal, ...]:
        return tuple(c for c in self.canals if c.kind == "far")

    def canal(self, pair: tuple[int, int]) -> Canal:
        return next(c for c in self.canals if c.pair == pair)

    # -- what is where (the cursor's neighbours, the mouse) -------------------------------------
    # The cursor's targets stand where they are drawn: a district at the middle of its box, a
    # canal at the middle of its cells.
    def district_point(self, district: int) -> tuple[float, float]:
        x, y = self.box_of(district)
        return x + self.box_width // 2, y + self.box_lines // 2

    def canal_point(self, pair: tuple[int, int]) -> tuple[float, float]:
        canal = self.canal(pair)
        return canal.x + canal.width // 2, canal.y

    def place_at(self, x: int, y: int) -> MapPlace | None:
        """("district", d) or ("canal", a, b) at the cell (x, y) of the map, or None."""
        for canal in self.canals:
            start = 0 if canal.kind == "far" else canal.x  # a far canal's words count too
            if canal.y == y and start <= x < canal.x + canal.width:
                return ("canal", *canal.pair)
        for district in range(NDISTRICTS):
            bx, by = self.box_of(district)
            if bx <= x < bx + self.box_width and by <= y < by + self.box_lines:
                return ("district", district)
        return None


def far_label(pair: tuple[int, int]) -> str:
    """The words before a far canal's bridges (" ≈ Dorsoduro – San Marco "), from the board table."""
    a, b = pair
    return f" ≈ {DISTRICTS[a].name} – {DISTRICTS[b].name} "
