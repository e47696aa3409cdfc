"""The places a walkthrough step may mark on Rialto's board, by the names a rules writer types and
a player reads on the screen, and the style that marks them (reverse video: it stands out on any
terminal, without colour, and keeps the place's own styles).

    "Cannaregio" … "Dorsoduro"   a district: its name line, from the round number to the value
    "a" … "l", "link a" …        a link (a slot for a bridge or gondola) by the letter printed on it
    "north bank", "south bank"   the bank's bonus on the Grand Canal line ("↑ north bank 5 VP: open")
    "Doge"                       the Doge order under the map ("Doge ▲ ● ◆")
    "next bridge"                the bridge tile to come ("next bridge 3│5")
    "row 1" …                    a face-up row of cards in Phase I (while the rows are shown)

The map's places and the line under it with the Doge order are always there (a marked "Doge" or
"next bridge" keeps that line on a terminal that would leave it out); the rows only in Phase I.
"""

from __future__ import annotations

from collections.abc import Collection

from ....rules.rialto.data import BANK_NAMES, DISTRICTS, SLOT_LETTERS, SLOTS
from ....rules.rialto.view import RialtoView

DOGE = "Doge"
NEXT_BRIDGE = "next bridge"
INFO = frozenset((DOGE, NEXT_BRIDGE))  # the places on the line with the Doge order
ROW_STEPS = ("rows", "green")  # the steps whose tray shows the face-up rows


def district(d: int) -> str:
    return DISTRICTS[d].name


def slot_names(slot: int) -> tuple[str, str]:
    """A link's two names: its letter as printed ("l") and as a caption says it ("link l")."""
    letter = SLOT_LETTERS[slot]
    return letter, f"link {letter}"


def slot_marked(places: Collection[str], slot: int) -> bool:
    return any(name in places for name in slot_names(slot))


def bank(b: int) -> str:
    return BANK_NAMES[b]


def row(r: int) -> str:
    return f"row {r + 1}"


MAP_PLACES = frozenset(
    [district(d) for d in range(len(DISTRICTS))]
    + [name for slot in range(len(SLOTS)) for name in slot_names(slot)]
    + [bank(b) for b in range(len(BANK_NAMES))]
)


def available(view: RialtoView | None) -> frozenset[str]:
    """Every place the board can mark for this view (None: before the first one)."""
    rows = view.rows if view is not None and view.step in ROW_STEPS else ()
    return MAP_PLACES | INFO | {row(r) for r in range(len(rows))}
