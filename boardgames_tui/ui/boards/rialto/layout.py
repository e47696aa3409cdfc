"""Where Venice's parts go on the screen, in cells, for a terminal size. The drawing, the cursor
and the mouse all read it, so a click lands on what was drawn there.

      ╭4═══════════════ b ════════════════5╮
    ┌1 Cannaregio ──── 9┐  4═a═5  ┌2 San Marco ───── 6┐  ··c··  ┌5 Castello ────── 2┐
    │◆2 ●1              │         │▲3                 │         │●2                 │
    └──g═4────────h·────┘         └──i·────────j·─────┘         └──k·────────l·─────┘
    ≈≈≈ north bank 5 VP: open ≈≈≈≈≈≈≈ Grand Canal ≈≈≈≈≈≈≈ south bank 5 VP: open ≈≈≈
    ┌──g═3────────k·────┐         ┌──h·────────i·─────┐  ...
    │■1                 │         │◆1 ●2              │
    └3 Santa Croce ─── 1┘         └4 San Polo ────── 8┘  ...
      ╰──────────────── e· ───────────────╯

The districts sit on a grid, one bank of the Grand Canal per row (GRID, this board's drawing
choice; the banks come from data.DISTRICTS). Which districts a slot joins is the rules' table
(data.SLOTS, provisional): a slot between neighbours on one bank is drawn in the gap between
them, one between the two ends of a bank as an arc over (or under) the row, and one across the
canal as a labelled end on each district's border facing the canal. Each end shows the slot's
letter and the number facing that district.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ....rules.rialto.data import DISTRICTS, NDISTRICTS, SLOTS

COLUMNS = 3
# district index -> (column, row): west on the left, the north-east bank on top, as on a map
GRID: dict[int, tuple[int, int]] = {}
for _bank in (0, 1):
    for _column, _d in enumerate(d for d in range(NDISTRICTS) if DISTRICTS[d].bank == _bank):
        GRID[_d] = (_column, _bank)
assert sorted(GRID) == list(range(NDISTRICTS)) and max(c for c, _ in GRID.values()) < COLUMNS

TALL = 34  # from this many rows each district shows a second line (what scoring gives now)
WIDE = 100  # from this many columns the gaps between districts widen
END = 3  # the cells of a slot's end on a border: letter, mark, number
# A place on the map, as the cursor and the mouse name it: ("slot", i) or ("district", d).
Place = tuple[str, int]


@dataclass(frozen=True)
class Spot:
    """Where slot `slot` is drawn: `kind` "gap" (between neighbours on a bank), "arc" (over or
    under a row) or "cross" (across the canal). `ends` holds, per district of the slot (in the
    slot's order), the (x, y) of the end facing it; a gap's two ends are the two halves of one
    piece. `point` is where the cursor stands on it: a cell where it is drawn."""

    slot: int
    kind: str
    ends: tuple[tuple[int, int], tuple[int, int]]
    point: tuple[int, int]


@dataclass(frozen=True)
class Layout:
    width: int
    height: int

    @property
    def gap(self) -> int:
        return 10 if self.width >= WIDE else 7

    @property
    def box_width(self) -> int:
        return min(30, (self.width - 1 - (COLUMNS - 1) * self.gap) // COLUMNS)

    @property
    def box_lines(self) -> int:
        return 4 if self.height >= TALL else 3

    def box_x(self, column: int) -> int:
        return column * (self.box_width + self.gap)

    @cached_property
    def arcs(self) -> tuple[bool, bool]:
        """Whether each row has a slot drawn as an arc (its line is left out when not)."""
        rows = [False, False]
        for a, b in SLOTS:
            (ca, ra), (cb, rb) = GRID[a], GRID[b]
            if ra == rb and abs(ca - cb) > 1:
                rows[ra] = True
        return rows[0], rows[1]

    @property
    def top_y(self) -> int:
        return 1 if self.arcs[0] else 0

    @property
    def canal_y(self) -> int:
        return self.top_y + self.box_lines

    @property
    def bottom_y(self) -> int:
        return self.canal_y + 1

    @property
    def map_lines(self) -> int:
        return self.bottom_y + self.box_lines + (1 if self.arcs[1] else 0)

    @property
    def map_width(self) -> int:
        return self.box_x(COLUMNS - 1) + self.box_width

    def box_of(self, district: int) -> tuple[int, int]:
        column, row = GRID[district]
        return self.box_x(column), (self.top_y if row == 0 else self.bottom_y)

    def content_y(self, district: int) -> int:
        return self.box_of(district)[1] + 1

    def title_y(self, district: int) -> int:
        """The north bank's names on the top border, the south bank's on the bottom one: the
        borders facing the canal are kept for the slots that cross it."""
        x, y = self.box_of(district)
        return y if GRID[district][1] == 0 else y + self.box_lines - 1

    @cached_property
    def spots(self) -> tuple[Spot, ...]:
        crossing: dict[int, list[tuple[int, int]]] = {d: [] for d in range(NDISTRICTS)}
        for i, (a, b) in enumerate(SLOTS):
            if GRID[a][1] != GRID[b][1]:
                crossing[a].append((GRID[b][0], i))
                crossing[b].append((GRID[a][0], i))
        # the ends on a border, spread evenly, in the order of the districts across the canal
        end_at: dict[tuple[int, int], tuple[int, int]] = {}
        for d, others in crossing.items():
            x, y = self.box_of(d)
            border = y + self.box_lines - 1 if GRID[d][1] == 0 else y
            for k, (_, slot) in enumerate(sorted(others)):
                offset = (k + 1) * self.box_width // (len(others) + 1) - END // 2
                end_at[(slot, d)] = (x + max(2, offset), border)
        out = []
        for i, (a, b) in enumerate(SLOTS):
            (ca, ra), (cb, rb) = GRID[a], GRID[b]
            if ra != rb:
                ea, eb = end_at[(i, a)], end_at[(i, b)]
                # the cursor stands on the end on the north bank (each crossing slot has one):
                # two crossings' ends on one border never meet, their midpoints may (i and k)
                north = ea if GRID[a][1] == 0 else eb
                out.append(Spot(i, "cross", (ea, eb), (north[0] + END // 2, north[1])))
                continue
            y = self.content_y(a)
            if abs(ca - cb) == 1:
                x = self.box_x(min(ca, cb)) + self.box_width
                left, right = (x, y), (x + self.gap // 2 + 1, y)
                ends = (left, right) if ca < cb else (right, left)
                out.append(Spot(i, "gap", ends, (x + self.gap // 2, y)))
                continue
            line = 0 if ra == 0 else self.map_lines - 1
            xa = self.box_x(ca) + self.box_width // 2
            xb = self.box_x(cb) + self.box_width // 2
            out.append(Spot(i, "arc", ((xa, line), (xb, line)), ((xa + xb) // 2, line)))
        return tuple(out)

    def spot(self, slot: int) -> Spot:
        return self.spots[slot]

    def place_at(self, x: int, y: int) -> Place | None:
        """("slot", i) or ("district", d) at the cell (x, y) of the map, or None."""
        for spot in self.spots:
            if spot.kind == "arc":
                (xa, ya), (xb, _) = spot.ends
                if y == ya and min(xa, xb) <= x <= max(xa, xb):
                    return ("slot", spot.slot)
                continue
            if spot.kind == "gap":
                px, py = spot.point
                if y == py and abs(x - px) <= self.gap // 2:
                    return ("slot", spot.slot)
                continue
            for ex, ey in spot.ends:
                if y == ey and ex <= x < ex + END:
                    return ("slot", spot.slot)
        for d in range(NDISTRICTS):
            bx, by = self.box_of(d)
            if bx <= x < bx + self.box_width and by <= y < by + self.box_lines:
                return ("district", d)
        return None
