"""What the board shows at one moment, gathered by the screen for the drawing: the view, whose
rose, which panels and which has the keys, the cursors and marks on each, the dice previewed. The
board draws this and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....rules.macao.view import MacaoView
from .cards import CardRow


@dataclass(frozen=True, eq=False)
class Scene:
    view: MacaoView
    viewer: int | None
    focus: int | None  # whose wind rose and cards: the player to act, else the viewer
    acting: bool  # the viewer is the one to move
    panels: tuple[str, ...]  # the right-hand panels, top to bottom ("dice", "city", "sea", ...)
    panel: str  # the panel the keys work on: it is drawn first, whole
    seats: int  # the players at the table: their rows leave the board its height (layout.lines)
    preview: tuple[tuple[int, int, int], ...] = ()  # dice marked: (face, colour, cubes)
    dice_at: int | None = None
    dice_marked: tuple[int, ...] = ()
    quarter: str | None = None  # the city's cursor
    quarters: frozenset[str] = frozenset()  # quarters where Enter takes (or lands the Soldier)
    quarter_action: str = ""
    space: str | None = None  # the sea's cursor
    spaces: frozenset[str] = frozenset()  # spaces where Enter sails or delivers
    space_action: str = ""
    card_owner: int | None = None  # whose cards the card panel shows
    card_rows: tuple[CardRow, ...] = ()
    card_at: int | None = None
    marks: frozenset[str] = frozenset()  # the places a walkthrough's step marks (places.py)
