"""The places a walkthrough step may mark on St. Petersburg's screen (learn/script.py: a step's
`places`), by the names a rules writer types and a player reads on the screen. Each is drawn in
reverse video (boardkit.PLACE), over its own styles.

    "upper 1" … "lower 8"     a display cell by row and slot, left to right as shown (an empty
                              cell too)
    "upper row", "lower row"  a whole row: its name on the rule above it and its cells
    "Market", "Library" …     every card of that name on show
    "stacks", "next deal",    the parts of the line under the display
    "start markers"
    "Sam's row" …             a player's row, and its parts: "Sam's points", "Sam's rubles",
                              "Sam's hand", "Sam's tableau", and "Sam's workers", "Sam's
                              buildings", "Sam's aristocrats" when Sam has some
"""

from __future__ import annotations

from collections.abc import Sequence

from ....rules.st_petersburg.data import CARDS, ROWS
from ....rules.st_petersburg.view import StPetersburgView
from .layout import COLUMNS
from .signs import FACE_TITLE

ROW_PLACES = tuple(f"{row} row" for row in ROWS)
SLOT_PLACES = tuple(f"{row} {column + 1}" for row in ROWS for column in range(COLUMNS))
STACKS, NEXT_DEAL, START_MARKERS = "stacks", "next deal", "start markers"
# The parts of a player's row a step may mark, besides the groups of their tableau (place_of).
ROW_PARTS = ("row", "points", "rubles", "hand", "tableau")


def place_of(name: str, part: str) -> str:
    """A part of a player's row as a walkthrough names it: "Sam's hand", "Sam's workers"."""
    return f"{name}'s {part}"


def cell_marked(marks: frozenset[str], row: str, column: int, key: str | None) -> bool:
    """Whether a walkthrough step marks the display cell at `row`, `column` (holding card `key`,
    None when empty): by its slot ("upper 4"), its row ("upper row") or its card's name."""
    return bool(marks) and (
        f"{row} {column + 1}" in marks
        or f"{row} row" in marks
        or (key is not None and CARDS[key].name in marks)
    )


def faces_marked(marks: frozenset[str], name: str) -> frozenset[str]:
    """The groups of a player's tableau a step marks: faces, or "all" for the whole tableau."""
    if not marks:
        return frozenset()
    out = {face for face, title in FACE_TITLE.items() if place_of(name, title.lower()) in marks}
    if place_of(name, "tableau") in marks:
        out.add("all")
    return frozenset(out)


def available(view: StPetersburgView, names: Sequence[str]) -> frozenset[str]:
    """Every place there is to mark in this view, the players named `names` by seat: the
    display's slots and rows, the cards on show, the line under the display ("next deal" while
    a stack is to be dealt) and each player's row with its parts (a group of their tableau once
    they have a card of it)."""
    places = {*ROW_PLACES, *SLOT_PLACES, STACKS, START_MARKERS}
    if view.next_deal:
        places.add(NEXT_DEAL)
    for row in ROWS:
        places.update(CARDS[key].name for key in view.row(row))
    for seat, player in enumerate(view.players):
        name = names[seat]
        places.update(place_of(name, part) for part in ROW_PARTS)
        faces = {CARDS[item.card].face for item in player.play_area}
        places.update(place_of(name, FACE_TITLE[face].lower()) for face in faces)
    return frozenset(places)
