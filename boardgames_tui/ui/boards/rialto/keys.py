"""Rialto's keys, written once: bindings, footer, help and command palette come from here (see
boardkit.KeyMap). Each `when` gets the RialtoScreen. In a card stage the arrows move over the
hand and Space picks; while a bridge or gondola is placed they move over the free slots."""

from __future__ import annotations

from typing import Protocol

from ...boardkit import ARROWS, KeyMap, TargetCursor, digits_row, row, tab_row
from ...screens.game import can, frame_keys
from .picking import Picks


class Asked(Protocol):
    """What a `when` asks of the RialtoScreen, named here because screen.py imports this module
    (no import circles, tests/test_layering.py); screen.py checks that its screen answers it."""

    cursor: TargetCursor
    map_kind: str | None
    picks: Picks | None

    @property
    def my_turn(self) -> bool: ...


def picking(screen: Asked) -> bool:
    return screen.picks is not None


def placing(screen: Asked) -> bool:
    return screen.map_kind is not None


def bridging(screen: Asked) -> bool:
    return screen.map_kind == "bridge"


def from_the_list(screen: Asked) -> bool:
    """Decisions the board leaves to the action list: rows, buildings, discards, greens, blues."""
    return screen.my_turn and screen.picks is None and screen.map_kind is None


def tab_useful(screen: Asked) -> bool:
    return placing(screen) and screen.cursor.jumps()


KEYMAP = (
    KeyMap(
        (
            digits_row(
                "choose", from_the_list, "pick from the action list (a group with several moves asks which)"
            ),
            row(
                "←→",
                "card",
                *ARROWS[:2],
                when=picking,
                palette=False,
                help="a card stage: the card under the cursor",
            ),
            row(
                "Space",
                "pick",
                ("space", "space"),
                when=picking,
                essential=True,
                help="a card stage: play the card under the cursor or keep it; a card of another kind "
                "goes through Yellow 2 (→1) and Yellow 4 (→2) when you have them; a Yellow 3 adds a "
                "Joker. Otherwise Space passes",
            ),
            row(
                "Enter",
                "play",
                ("enter", "enter"),
                when=picking,
                essential=True,
                help="a card stage: play the picked cards (the line under the hand says what they "
                "count, or why they cannot be played)",
            ),
            row(
                "a",
                "all",
                ("a", "pick_all"),
                when=picking,
                help="a card stage: pick every card of the stage's kind, nothing else",
            ),
            row(
                "w",
                "wait",
                ("w", "wait"),
                when=can("wait"),
                help="Yellow 1: wait, and play after the others this stage",
            ),
            row(
                "←→↑↓",
                "slot",
                *ARROWS,
                when=placing,
                palette=False,
                help="placing a bridge or a gondola: move over the free slots (marked +)",
            ),
            row(
                "f",
                "flip",
                ("f", "flip"),
                when=bridging,
                essential=True,
                help="placing a bridge: turn it, so each number faces the other district",
            ),
            row(
                "Enter",
                "place",
                ("enter", "enter"),
                when=placing,
                essential=True,
                help="placing a bridge or a gondola: put it on the slot under the cursor (a gondola "
                "then asks where its councilman goes)",
            ),
            row(
                "p",
                "pass",
                ("p", "pass_turn"),
                when=can("pass"),
                help="pass (in a stage), take none, or finish",
            ),
        )
    )
    + frame_keys(
        "details",
        "every player's VP, coins, councilmen, buildings and hand size, and what scoring each "
        "district would give now",
    ).without("Space")
    + KeyMap((tab_row(tab_useful, "the next free slot (Shift+Tab: back)"),))
)

HELP_NOTES = """
The footer shows only the keys that do something now. **A card stage**: your hand is laid out under
the map (only you see it: the others look away at the hand-off). ←→ move over it, Space picks a
card ([Bld] is played), a picks every card of the stage's kind; the line below says what the set
counts, or why it cannot be played; Enter plays it, p passes, w waits with a Yellow 1. **A bridge
or a gondola**: the arrows move over the free slots (+), f turns the bridge, Enter places it.
Rows, discards, buildings and the green and blue buildings are in the action list (digits).

**The map**: each district shows its round tile number, name and value (the sum of the numbers
facing it), and its councilmen by player (◆2 = two of ◆'s; ○ the virtual player). The current
district has heavy lines (┏━┓) and ◂. The 12 slots a–l join two districts: between neighbours
`4═a═5` is a bridge whose 4 faces the left district, `1~a~1` a gondola, `·a·` free; across the
Grand Canal each end shows the letter and the number facing that district (`g═4`, `g~1`, `g·`);
the slot joining the two ends of a bank is the arc over (or under) the row. ○ marks the virtual
player's slot. The canal line shows each bank's 5-VP bonus tile: open, or who claimed it.

**Players**: VP, Doge rank, coins (¢), councilmen in the personal / general supply, buildings
(G green, Y yellow, B blue and the value; ¢ a coin is on it this round, + new from Blue 1) and hand
size. The slots joining districts and the bridge numbers are provisional (see the rules).
"""
