"""What the board shows at one moment, gathered by the screen for the drawing: the view, who looks,
the cursors, what is marked and what a walkthrough points at. The drawing (venice.py, tray.py)
reads nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from rich.style import Style
from rich.text import Text
from typing_extensions import TypeIs

from ....rules.san_marco.view import Offer, SanMarcoView

CURSOR = Style(reverse=True, bold=True)  # the map's cursor, the picked card, the pile to take
# While a walkthrough step marks places (in reverse video), the cursors are underlined instead:
# reverse then means "marked" and nothing else, and a cursor on a marked place still shows.
CURSOR_AMONG_SPOTS = Style(bold=True, underline=True)

# A place on the map where a move goes: a district, or the canal between two (a < b).
MapPlace = tuple[Literal["district"], int] | tuple[Literal["canal"], int, int]
# A place a walkthrough step may point at: the map's, the Doge, or a pile's lines under the map.
Spot = MapPlace | tuple[Literal["doge"]] | tuple[Literal["pile"], int]


def is_map_place(place: object) -> TypeIs[MapPlace]:
    """Whether a place the cursor (boardkit's, which takes any board's places) holds is the map's."""
    return isinstance(place, tuple) and len(place) in (2, 3) and place[0] in ("district", "canal")


@dataclass(frozen=True, eq=False)
class Scene:
    view: SanMarcoView
    names: Sequence[str]
    viewer: int | None
    acting: bool  # the viewer is the one to move
    place: MapPlace | None = None  # the map cursor: ("district", d) or ("canal", a, b); None: hidden
    marked: frozenset[MapPlace] = frozenset()  # map places where the viewer has a move now
    # the places a walkthrough step points at, drawn in reverse: ("district", d), ("canal", a, b),
    # ("doge",) and ("pile", p), for the step's words (places.py)
    spots: frozenset[Spot] = frozenset()
    notes: Mapping[int, Text] = field(default_factory=dict)  # per district, on its lower border
    card: int | None = None  # the card picked: in the split (its index), or in the pile played
    pile: int | None = None  # the pile under the cursor while choosing
    hint: Text = field(default_factory=Text)  # what the cursor is on, and what Enter does there

    @property
    def cursor(self) -> Style:
        """How a cursor is drawn now (see CURSOR_AMONG_SPOTS)."""
        return CURSOR_AMONG_SPOTS if self.spots else CURSOR

    @property
    def step(self) -> str:
        return self.view.step

    def offer(self) -> Offer | None:
        return current_offer(self.view)


def current_offer(view: SanMarcoView) -> Offer | None:
    """The offer being divided or taken now, as the view shows it (None between rounds)."""
    offers = view.offers
    at = view.offer_at
    return offers[at] if 0 <= at < len(offers) else None
