"""What the board shows at one moment, gathered by the screen for the drawing: the view, who looks,
the cursor and its preview, the cards being picked, the places a walkthrough marks. The board draws
this and nothing else (the tray's lines for its size: tray.py).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from ....rules.rialto.view import RialtoView
from .layout import Place
from .picking import Picks


@dataclass(frozen=True, eq=False)
class Scene:
    view: RialtoView
    viewer: int | None
    acting: bool  # the viewer is the one to move
    place: Place | None = None  # the map cursor: ("slot", i); None when the map takes no move
    marked: frozenset[Hashable] = frozenset()  # map places where the viewer has a move now
    preview: tuple[int, int] | None = None  # the numbers a new tile would show at the cursor
    map_kind: str | None = None  # the tile being placed ("bridge", "gondola"), if any
    picks: Picks | None = None  # the cards being picked for a stage (the screen's, as they are)
    player_lines: int = 0  # the player strip's lines: the tray leaves them room
    places: frozenset[str] = frozenset()  # the places a walkthrough step marks (places.py)
