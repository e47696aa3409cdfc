"""Macao's keys, written once: bindings, footer, help and command palette come from here (see
boardkit.KeyMap). Each `when` gets the MacaoScreen. The arrows move over what the right-hand panel
shows (the dice, the city, the sea route, the cards); letters switch the panel or take the moves
that need no place; colour letters pay a cube or mark a die."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ....rules.core import Action
from ....rules.macao.view import MacaoView
from ...boardkit import ARROWS, KeyMap, digits_row, row, tab_row
from ...screens.game import can, frame_keys
from .picking import DicePicks


class Asked(Protocol):
    """What a `when` asks of the MacaoScreen, named here because screen.py imports this module
    (no import circles, tests/test_layering.py); screen.py checks that its screen answers it."""

    dice: DicePicks | None
    panel: str

    @property
    def my_turn(self) -> bool: ...
    @property
    def view(self) -> MacaoView: ...
    def moves_here(self) -> list[Action]: ...
    def jumps(self) -> bool: ...
    def actions_of(self, *kinds: str) -> list[Action]: ...


# The footer writes the colours in capitals: the app lets a capital do what its small letter does.
COLOUR_KEYS = tuple((letter, f"colour('{letter.upper()}')") for letter in "rbgkyv")


def dicing(screen: Asked) -> bool:
    return screen.dice is not None


def paying(screen: Asked) -> bool:
    return screen.my_turn and screen.view.step == "pay"


def colour_keys(screen: Asked) -> bool:
    return dicing(screen) or paying(screen)


def on_panel(*names: str) -> Callable[[Asked], bool]:
    def applies(screen: Asked) -> bool:
        return screen.dice is None and screen.panel in names

    return applies


def enter_here(screen: Asked) -> bool:
    return screen.dice is None and bool(screen.moves_here())


def passing(screen: Asked) -> bool:
    return screen.dice is None and bool(screen.actions_of("pass"))


def from_the_list(screen: Asked) -> bool:
    return screen.my_turn


def tab_useful(screen: Asked) -> bool:
    return screen.dice is None and screen.jumps()


KEYMAP = (
    KeyMap(
        (
            digits_row(
                "choose",
                from_the_list,
                "pick from the action list, where every legal move is; a group with several "
                "moves asks which (Take a quarter, Sail, Activate and Use a card first show the "
                "places on the panel: the same digit again lists them all)",
                footer=False,
            ),
            row(
                "←→",
                "die",
                *ARROWS[:2],
                when=dicing,
                palette=False,
                help="the dice: move the cursor over the six dice",
            ),
            row(
                "Space",
                "mark",
                ("space", "space"),
                when=dicing,
                essential=True,
                help="the dice: mark the die under the cursor, or take its mark off (two at most); "
                "the rose shows where their cubes land (+R3) before you take them",
            ),
            row(
                "Enter",
                "take",
                ("enter", "enter"),
                when=dicing,
                essential=True,
                help="the dice: mark the die under the cursor; with two marked, take them (a card "
                "that adds or moves cubes then asks how)",
            ),
            row(
                "RBGKYV",
                "colour",
                *COLOUR_KEYS,
                when=colour_keys,
                palette=False,
                help="a colour's letter: while paying, pay a cube of that colour; in the dice phase, "
                "mark (or unmark) that colour's die",
            ),
            row(
                "←→↑↓",
                "move",
                *ARROWS,
                when=on_panel("city", "sea", "cards"),
                palette=False,
                help="move over the panel: the quarters of the city, the spaces of the sea route, the cards",
            ),
            row(
                "Enter",
                "act",
                ("enter", "enter"),
                when=enter_here,
                essential=True,
                help="do what the cursor's place offers (marked +): take the quarter, sail there or "
                "deliver, take, activate or use the card; when the cubes could be paid in several "
                "ways (or a card gives a choice) a list asks which",
            ),
            row(
                "Space",
                "pass",
                ("space", "space"),
                when=passing,
                help="pass: end your action turn (cubes left are lost: you are asked first), or take no "
                "card (Idler)",
            ),
            row("t", "tribute", ("t", "tribute"), when=can("tribute"), help="buy prestige at the tribute"),
            row("w", "wall", ("w", "wall"), when=can("wall"), help="move forward on the city wall"),
            row("d", "deliver", ("d", "deliver"), when=can("deliver"), help="deliver a good in this port"),
            row("j", "joker", ("j", "joker"), when=can("joker"), help="turn a joker into a cube or gold"),
            row(
                "c s a o",
                "panel",
                ("c", "show('city')"),
                ("s", "show('sea')"),
                ("a", "show('cards')"),
                ("o", "show('track')"),
                help="show a panel: c the city (quarters, costs, owners), s the sea route (ships, "
                "ports), a the cards (what each does), o the round track (each round's offices)",
            ),
            row("m", "panel", ("m", "next_panel"), footer=False, help="the next panel"),
            row("p", "pass", ("p", "pass_turn"), when=can("pass"), footer=False, help="pass"),
        )
    )
    + frame_keys(
        "details",
        "every player's cards with their text, gold, goods, jokers, punish markers, quarters, "
        "ship, wall space and wind rose",
    ).without("Space")
    + KeyMap((tab_row(tab_useful, "the next place on the panel where Enter acts (Shift+Tab: back)"),))
)

HELP_NOTES = """
The footer shows only the keys that do something now. **The wind rose** (left) is the player to
act's: six piles in a ring around the arrow, each with its cubes by colour letter (R red, B blue,
G green, K black, Y gray, V violet) and the round it arrives in (r7); in the middle, this round's
cubes (NOW). Under it the wall as the turn order (◆7 = Ann on space 7) and the others' roses: the
cubes they get at the next turn of the rose.

**The dice**: ←→ move over the six dice, Space (or a colour letter) marks one; the rose shows
where its cubes land (+R3 on pile 3). Enter marks the die under the cursor, and with two marked
takes them. Under each die, who took it (in the simultaneous option nobody sees the others' picks
before all have chosen).

**The panels** (right): c the city, s the sea route, a your cards, o the round track; m the next.
On a wide terminal more panels show at once. **The city** is Table D turned a quarter to the left
(north, the border gate, on the left): each quarter shows its owner (· none), its good (La Ri Te Ja
Si Pa Po Sp) or a joker (Jk), + when you can take it now; a line between two quarters is a border,
a gap is none. The line under the map names the quarter under the cursor and its cost. **The sea**:
MAC the ship slips, · a sea space (a ship's symbol when one is on it, a figure when several), the
ports by three letters; under it each port's good and its delivery spaces (5◆ = filled by Ann).

**Paying**: a cost in cubes of any colours (the ship, the wall) is paid cube by cube: the colour's
letter pays one, j turns a joker into a cube. A card's or a quarter's cost that can be paid in
several ways asks which cubes.
"""
