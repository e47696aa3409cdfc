"""The dice being chosen on the screen (no Textual): a cursor over the six dice, up to two marked,
and where their cubes would land on the rose. The rules' ChooseDice is sent only on Enter."""

from __future__ import annotations

from dataclasses import dataclass, field

from ....rules.macao.data import COLOURS
from ....rules.macao.view import MacaoView

NDICE = len(COLOURS)


@dataclass
class DicePicks:
    at: int = 0
    marked: list[int] = field(default_factory=list)  # colours, in the order they were marked

    def move(self, dx: int) -> None:
        self.at = (self.at + dx) % NDICE

    def toggle(self, colour: int | None = None) -> bool:
        """Mark the die (the cursor's by default) or take the mark off; False when two are
        marked already and this is not one of them."""
        colour = self.at if colour is None else colour
        if colour in self.marked:
            self.marked.remove(colour)
            return True
        if len(self.marked) >= 2:
            return False
        self.marked.append(colour)
        return True

    def pair(self) -> tuple[int, int] | None:
        if len(self.marked) != 2:
            return None
        a, b = sorted(self.marked)
        return a, b

    def preview(self, view: MacaoView) -> list[tuple[int, int, int]]:
        """(face, colour, cubes) for each marked die: a die showing v puts v cubes beside face v."""
        dice = view.dice
        return [(dice[c], c, dice[c]) for c in self.marked if dice[c] > 0]
