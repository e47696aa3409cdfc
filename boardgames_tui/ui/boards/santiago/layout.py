"""Where the island's parts go, in cells, for a terminal size. The drawing and the mouse both read
it, so a click lands on what was drawn there.

         0      1      2    …          side panel
      o═════════════o─────  …          (from the grid's right edge + 1)
    0 ║☾Ba²◆2 ∫Pe¹●1│  ·
    1 ║  ·    ░░░░░░│  ·
      o═════════════◉─────  …
    legend, one line

Fields are 6 cells wide (9 from 112 columns, with room for the crop's word), one line high (two
from 34 rows). A block of two fields and the thin space between them is `block_width`; a ditch
line or an intersection takes one cell between blocks.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....rules.santiago.data import COLS, IX, IY, ROWS

WIDE = 112  # from this many columns fields are 9 cells wide
TALL = 34  # from this many rows fields are 2 lines high
SIDE_MIN = 14  # a narrower side panel is left out


@dataclass(frozen=True)
class Layout:
    width: int
    height: int  # the terminal's: the board's own height follows from it

    @property
    def cell_width(self) -> int:
        return 9 if self.width >= WIDE else 6

    @property
    def row_lines(self) -> int:
        return 2 if self.height >= TALL else 1

    @property
    def block_width(self) -> int:
        return 2 * self.cell_width + 1

    @property
    def grid_width(self) -> int:
        return 2 + (IX - 1) * (self.block_width + 1) + 1

    @property
    def grid_height(self) -> int:
        """The column numbers, the lines of intersections and the fields' lines."""
        return 1 + IY + ROWS * self.row_lines

    @property
    def height_in_lines(self) -> int:
        return self.grid_height + 1  # and the legend

    @property
    def side_width(self) -> int:
        room = self.width - self.grid_width - 1
        return room if room >= SIDE_MIN else 0

    @property
    def wide(self) -> bool:
        return self.width >= WIDE

    def line_x(self, x: int) -> int:
        """The column of the ditch line (and the intersections) x."""
        return 2 + x * (self.block_width + 1)

    def field_x(self, c: int) -> int:
        return self.line_x(c // 2) + 1 + (c % 2) * (self.cell_width + 1)

    def point_y(self, y: int) -> int:
        """The line of the intersections y."""
        return 1 + y * (1 + 2 * self.row_lines)

    def field_y(self, r: int) -> int:
        """The first line of the fields of row r."""
        return self.point_y(r // 2) + 1 + (r % 2) * self.row_lines


assert COLS == 2 * (IX - 1) and ROWS == 2 * (IY - 1), "the drawing assumes 2×2 fields per block"
