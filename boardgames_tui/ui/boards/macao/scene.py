"""What the board shows at one moment, gathered by the screen for the drawing: the view, whose
rose, which panels, the cursors and marks on each, the dice previewed and the notes under the rose.
The drawing reads nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text

from ....rules.macao.view import MacaoView
from .cards import CardRow


@dataclass(frozen=True, eq=False)
class Scene:
    view: MacaoView
    viewer: int | None
    focus: int | None  # whose wind rose and cards: the player to act, else the viewer
    acting: bool  # the viewer is the one to move
    panels: tuple[str, ...]  # the right-hand panels, top to bottom ("dice", "city", "sea", ...)
    lines: int  # the board's height
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
    notes: tuple[Text, ...] = field(default_factory=tuple)  # lines under the rose (a payment)
    marks: frozenset[str] = frozenset()  # the places a walkthrough's step marks (places.py)
