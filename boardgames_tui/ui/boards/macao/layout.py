"""Where Macao's parts go for a terminal size: the wind rose's column on the left, the panel on the
right (the dice, the city, the sea route, the cards or the round track), and how many lines the
board may take so that the frame keeps five rows for the action list.

    ◆ Ann's wind rose · r5    │ City · north ←  · + you can take it
            2 R3 B2 r6        │ ...
    1 G1 r5       3 K3 r7     │
         ➤ NOW R2 B1 G1       │
    6 ·           4 V4 r8     │
            5 · r9            │
    wall ◆7 › ●3              │ q13 Rua Direita · tea · Y1 V1 · Enter takes it
"""

from __future__ import annotations

from dataclasses import dataclass

from ...boardkit import FRAME_LINES

# Rows kept for the action list beyond its least: nine groups in two columns need five.
ACTION_ROWS = 2
MIN_LINES = 11  # the city needs a title, its nine lines and the line about the cursor
WIDE = 110  # from this width the left column also shows the round track when there is room


@dataclass(frozen=True)
class Layout:
    width: int
    height: int

    @property
    def left(self) -> int:
        """The rose's column: 27 cells at 80 columns, more on a wide terminal."""
        return max(27, min(40, self.width * 3 // 10))

    @property
    def panel_x(self) -> int:
        return self.left + 1

    @property
    def panel(self) -> int:
        return max(20, self.width - self.panel_x)

    def lines(self, players: int) -> int:
        """The board's lines with `players` rows in the strip under it."""
        return max(MIN_LINES, self.height - FRAME_LINES - players - ACTION_ROWS)

    @property
    def wide(self) -> bool:
        return self.width >= WIDE

    def place_at(self, x: int, y: int) -> None:
        """Clicks are found by the board from what it drew (board.py), not from here."""
        return None
