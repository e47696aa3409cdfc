"""San Marco's keys, written once: bindings, footer, help and command palette come from here
(see boardkit.KeyMap). Each `when` gets the SanMarcoScreen. The arrow keys do what the decision
needs: pick a card and move it between piles while dividing, pick a pile while choosing, move
over the map when a card (or the set-up) asks for a district or a canal."""

from __future__ import annotations

from typing import Protocol

from ....rules.core import Action
from ....rules.san_marco.view import SanMarcoView
from ...boardkit import ARROWS, KeyMap, TargetCursor, digits_row, row, tab_row
from ...screens.game import can, frame_keys


class Asked(Protocol):
    """What a `when` asks of the SanMarcoScreen, named here because screen.py imports this module
    (no import circles, tests/test_layering.py); screen.py checks that its screen answers it."""

    cursor: TargetCursor
    map_kind: str | None

    @property
    def my_turn(self) -> bool: ...
    @property
    def view(self) -> SanMarcoView: ...
    def moves_here(self) -> list[Action]: ...
    def distinct_cards(self) -> list[int]: ...
    def can_walk_doge(self) -> bool: ...


def splitting(screen: Asked) -> bool:
    return screen.my_turn and screen.view.step == "split"


def choosing(screen: Asked) -> bool:
    return screen.my_turn and screen.view.step == "choose"


def on_map(screen: Asked) -> bool:
    return screen.map_kind is not None


def enter_here(screen: Asked) -> bool:
    return bool(screen.moves_here())


def several_cards(screen: Asked) -> bool:
    return screen.my_turn and screen.view.step == "resolve" and len(screen.distinct_cards()) > 1


def from_the_list(screen: Asked) -> bool:
    """Decisions the board leaves to the action list: a reroll, whose cubes a banishment takes."""
    return screen.my_turn and screen.view.step in ("reroll", "banish_pick")


def walking(screen: Asked) -> bool:
    return screen.can_walk_doge()


def tab_useful(screen: Asked) -> bool:
    return on_map(screen) and screen.cursor.jumps()


KEYMAP = (
    KeyMap(
        (
            digits_row(
                "choose",
                from_the_list,
                "a reroll, or whose cubes a banishment removes: pick from the action list",
            ),
            row("←→", "card", *ARROWS[:2], when=splitting, palette=False, help="dividing: pick a card"),
            row(
                "↑↓",
                "pile",
                *ARROWS[2:],
                when=splitting,
                palette=False,
                help="dividing: move the picked card to the pile above or below (digits: into that pile)",
            ),
            row(
                "Enter",
                "done",
                ("enter", "enter"),
                when=splitting,
                help="dividing: offer the piles as they are",
            ),
            row(
                "←→↑↓",
                "pile",
                *ARROWS,
                when=choosing,
                palette=False,
                help="choosing: the pile under the cursor",
            ),
            row(
                "Enter",
                "take",
                ("enter", "enter"),
                when=choosing,
                help="choosing: take the pile under the cursor",
            ),
            row(
                "←→↑↓",
                "map",
                *ARROWS,
                when=on_map,
                palette=False,
                help="move over the districts (or the canals, for a bridge) where the card can go",
            ),
            row(
                "Enter",
                "play here",
                ("enter", "enter"),
                when=enter_here,
                help="play the card (or the set-up move) where the cursor is; asks when there is a choice",
            ),
            row(
                "c",
                "card",
                ("c", "next_card"),
                when=several_cards,
                help="playing a pile: the next of your cards (the map shows where it can go)",
            ),
            row(
                "w",
                "walk",
                ("w", "walk_doge"),
                when=walking,
                help="a Doge card: walk him a step at a time, by any route (back over a bridge: paid again)",
            ),
            row(
                "d",
                "give up",
                ("d", "decline"),
                when=can("decline"),
                help="give up the picked card (or the free banishment) without playing it",
            ),
        )
    )
    + frame_keys(
        "details",
        "every colour's prestige, limit cards, cubes and bridges, and what scoring each district "
        "would give now",
    )
    + KeyMap((tab_row(tab_useful, "the next place on the map where the card can go (Shift+Tab: back)"),))
)

HELP_NOTES = """
The footer shows only the keys that do something now. **Dividing**, only you see your cards (the
others look away at the hand-off): ←→ pick a card, ↑↓ or a digit move it to another pile, Enter
offers the piles once each holds a card. **Choosing**: the piles are face up; ↑↓ and Enter, or the
digits. **Playing a pile**: c picks the next card, the map marks where it can go, Enter plays it
there; d gives it up. With a Doge card, w walks him a step at a time by any route, even back
over a bridge (paid again each time). The action list always has every move too.

On the map each district shows its die number, name and values (high/low), its cubes by colour
(◆3 = three of ◆'s) and the Doge ♛. Canals run between neighbouring districts (≈); a bridge is
its owner's symbol on the canal. Where you can play now the district is drawn with heavy lines
(┏━┓) and a canal shows + where a bridge would go; ▸ and reversed text mark the cursor. With a
Doge card the lower border of each district he can reach shows the cheapest price and who is paid
(♛ free, ♛ 1: ●1, ♛ 2: bank). On a tall terminal each district also says what scoring it would
give now.
"""
