"""What the board shows at one moment, gathered by the screen for the drawing: the view, who looks,
the cursor over the display and whether it shows, whose prices these are, the players' names, the
moves open for a card drawn with the Observatory, the places a walkthrough marks. The board draws
this and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....rules.st_petersburg.view import StPetersburgView
from .layout import Cell


@dataclass(frozen=True, eq=False)
class Scene:
    view: StPetersburgView
    viewer: int | None
    place: Cell | None = None  # the cursor's cell; None on an empty display
    show_cursor: bool = False  # the viewer is to act in the phase's actions: the cursor shows
    prices_for: int | None = None  # whose prices the display shows: the player to act
    names: tuple[str, ...] = ()  # the players' names by seat
    drawn_moves: frozenset[str] = frozenset()  # the kinds of move open for the drawn card
    marked: frozenset[str] = frozenset()  # the places a walkthrough step marks (places.py)
