"""St. Petersburg's keys, written once: bindings, footer, help and command palette come from here
(see boardkit.KeyMap). Each `when` gets the StPetersburgScreen."""

from __future__ import annotations

from typing import Protocol

from ....rules.core import Action
from ....rules.st_petersburg.actions import Buy, TakeToHand
from ....rules.st_petersburg.view import StPetersburgView
from ...boardkit import ARROWS, KeyMap, TargetCursor, digits_row, row, tab_row
from ...screens.game import can, frame_keys


class Asked(Protocol):
    """What a `when` asks of the StPetersburgScreen, named here because screen.py imports this
    module (no import circles, tests/test_layering.py); screen.py checks that its screen answers."""

    cursor: TargetCursor
    show_cursor: bool

    @property
    def my_turn(self) -> bool: ...
    @property
    def view(self) -> StPetersburgView: ...
    def moves_here(self, kind: type[Action]) -> list[Action]: ...


def cursor_shown(screen: Asked) -> bool:
    return screen.show_cursor


def buy_here(screen: Asked) -> bool:
    return bool(screen.moves_here(Buy))


def take_here(screen: Asked) -> bool:
    return bool(screen.moves_here(TakeToHand))


def tab_useful(screen: Asked) -> bool:
    return screen.show_cursor and sum(t.actionable for t in screen.cursor.targets) > 1


def at_the_pub(screen: Asked) -> bool:
    return screen.my_turn and screen.view.step == "pub"


KEYMAP = (
    KeyMap(
        (
            digits_row(
                "points at the Pub (2 ₽ per ★)",
                at_the_pub,
                "after the building phase, with a Pub: how many points to buy",
            ),
            row(
                "←→↑↓",
                "card",
                *ARROWS,
                when=cursor_shown,
                palette=False,
                help="move the cursor over the cards of the display",
            ),
            row(
                "Enter",
                "buy",
                ("enter", "buy"),
                when=buy_here,
                help="buy the card under the cursor (a trading card asks which card it replaces)",
            ),
            row(
                "Enter",
                "buy it",
                ("enter", "buy"),
                when=can("observatory_buy"),
                help="after an Observatory draw: buy the drawn card",
            ),
            row(
                "h",
                "take",
                ("h", "take"),
                when=take_here,
                help="take the card under the cursor into your hand",
            ),
            row(
                "h",
                "hand",
                ("h", "take"),
                when=can("observatory_hand"),
                help="after an Observatory draw: take the drawn card into your hand",
            ),
            row(
                "d",
                "discard",
                ("d", "discard"),
                when=can("observatory_discard"),
                help="after an Observatory draw: discard the drawn card",
            ),
            row(
                "p",
                "play",
                ("p", "play_hand"),
                when=can("play"),
                help="play a card from your hand (asks which)",
            ),
            row(
                "o",
                "obs",
                ("o", "observatory"),
                when=can("observatory"),
                help="use an Observatory (building phase; asks which stack)",
            ),
        )
    )
    + frame_keys(
        "tableaus",
        "every player's tableau: their cards by colour with full names, what each colour pays at its "
        "scoring, the aristocrat bonus, points, hand size and start markers (your own hand and money "
        "too; nobody else's)",
    )
    + KeyMap(
        (
            # last: of the keys that do not fit a narrow footer, it is the first to give way
            tab_row(tab_useful, "the next card you can buy or take (Shift+Tab: the one before)"),
        )
    )
)

HELP_NOTES = """
The footer shows only the keys that do something now: **Enter** and **h** when the card under the
cursor can be bought or taken, **p** when you can play a card from your hand, **o** when you can
use an Observatory, **u** when you can take a move back. **Click** a card: what you can do with it.

The line under the stacks says what the card under the cursor gives: its income and the
scoring that pays it, its power, and for a trading card what it must replace.

On the board: W workers (green), B buildings (blue), A aristocrats (orange), T trading cards
(their face colour). Prices are for the player to act, discounts applied: **5→4₽** means printed 5,
you pay 4; **\\*** marks a trading card at its lowest price, replacing the dearest card it may;
**—** means it has nothing to replace. The underlined stack deals next; "start" shows who holds
each phase's start marker.
"""
