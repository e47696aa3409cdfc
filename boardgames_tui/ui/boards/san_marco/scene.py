"""What the board shows at one moment, gathered by the screen for the drawing: the view, who looks,
the cursors and what is marked. The drawing (venice.py, tray.py) reads nothing else.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from rich.text import Text


@dataclass(frozen=True, eq=False)
class Scene:
    view: Mapping
    names: Sequence[str]
    viewer: int | None
    acting: bool  # the viewer is the one to move
    place: Hashable | None = None  # the map cursor: ("district", d) or ("canal", a, b); None: hidden
    marked: frozenset = frozenset()  # map places where the viewer has a move now
    notes: Mapping[int, Text] = field(default_factory=dict)  # per district, on its lower border
    card: int | None = None  # the card picked: in the split (its index), or in the pile played
    pile: int | None = None  # the pile under the cursor while choosing
    hint: Text = field(default_factory=Text)  # what the cursor is on, and what Enter does there

    @property
    def step(self) -> str:
        return str(self.view.get("step", ""))

    def offer(self) -> Mapping | None:
        return current_offer(self.view)


def current_offer(view: Mapping) -> Mapping | None:
    """The offer being divided or taken now, as the view shows it (None between rounds)."""
    offers = view.get("offers") or []
    at = view.get("offer_at", 0)
    return offers[at] if 0 <= at < len(offers) else None
