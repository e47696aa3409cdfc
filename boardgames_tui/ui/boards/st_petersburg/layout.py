"""Where the display's cells go, in cells, for a terminal size: eight columns of two rows, a cell's
width and height, the column each card of a row stands in, and the cell under a click. The drawing
and the mouse both read it, so a click lands on what was drawn there."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import cast

from ....rules.st_petersburg.view import StPetersburgView

COLUMNS = 8
TALL = 34  # from this many rows each cell has a third line: what its colour's scoring pays
# A display cell as the cursor's targets name it: (row, column 0..7).
Cell = tuple[str, int]


def cell_of(place: Hashable | None) -> Cell | None:
    """The cursor's place as the display cell it is: every target here is made with a Cell."""
    return cast(Cell | None, place)


def card_at(view: StPetersburgView, row: str, column: int) -> tuple[int, str] | None:
    """(index in its row, card key) at a display column, or None for an empty cell: the upper row
    from the left, the lower row right-aligned."""
    cards = view.row(row)
    if row == "upper":
        return (column, cards[column]) if column < len(cards) else None
    start = COLUMNS - len(cards)
    return (column - start, cards[column - start]) if column >= start else None


@dataclass(frozen=True)
class Layout:
    """The display for a board `width` cells wide on a terminal `height` rows high."""

    width: int
    height: int

    @property
    def cell_width(self) -> int:
        # Each cell has its border on the right, the 8th too: 8 × (9 + 1) = 80 columns.
        return max(9, min(16, (self.width - COLUMNS) // COLUMNS))

    @property
    def cell_lines(self) -> int:
        return 3 if self.height >= TALL else 2

    def cell_middle(self, row: int, column: int) -> tuple[int, int]:
        """(x, y) of the middle of the cell of row 0 (upper) or 1 (lower) and a column."""
        lines = self.cell_lines
        return column * (self.cell_width + 1) + self.cell_width // 2, 1 + row * (lines + 1) + lines // 2

    def cell_at(self, x: int, y: int) -> Cell | None:
        """The display cell at (x, y) of the board, None off the rows' cells (on a rule, under
        the display)."""
        lines = self.cell_lines
        if 1 <= y <= lines:
            row = "upper"
        elif lines + 2 <= y <= 2 * lines + 1:
            row = "lower"
        else:
            return None
        return row, min(COLUMNS - 1, x // (self.cell_width + 1))
