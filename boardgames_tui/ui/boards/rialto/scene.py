"""What the board shows at one moment, gathered by the screen for the drawing: the view, who looks,
the cursor and its preview, the places a walkthrough marks, and the lines of the tray. The drawing
reads nothing else.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from rich.text import Text

from ....rules.rialto.view import RialtoView
from .layout import Place


@dataclass(frozen=True, eq=False)
class Scene:
    view: RialtoView
    viewer: int | None
    acting: bool  # the viewer is the one to move
    place: Place | None = None  # the map cursor: ("slot", i); None when the map takes no move
    marked: frozenset[Hashable] = frozenset()  # map places where the viewer has a move now
    preview: tuple[int, int] | None = None  # the numbers a new tile would show at the cursor
    tray: tuple[Text, ...] = field(default_factory=tuple)  # the lines under the map
    places: frozenset[str] = frozenset()  # the places a walkthrough step marks (places.py)
