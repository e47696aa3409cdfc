"""How players are told apart on screen: each seat has a colour AND a letter AND a symbol.

This is the one place that says so. Colour never carries meaning alone: every place that shows a
player shows the symbol (and the name or letter) too, so the game reads the same under NO_COLOR.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

# Minimum terminal size the game screens are laid out for.
MIN_WIDTH = 80
MIN_HEIGHT = 24


@dataclass(frozen=True)
class SeatLook:
    letter: str
    symbol: str
    colour: str  # a colour for Rich/Textual styles
    colour_name: str  # said in words where that helps


# Colours from the Okabe–Ito palette (distinguishable with the common colour-vision deficiencies),
# kept away from St. Petersburg's green/blue/orange card faces where possible.
SEATS: tuple[SeatLook, ...] = (
    SeatLook("A", "◆", "#e8686c", "red"),
    SeatLook("B", "●", "#56b4e9", "sky blue"),
    SeatLook("C", "▲", "#f0e442", "yellow"),
    SeatLook("D", "■", "#cc79a7", "purple"),
    SeatLook("E", "★", "#e0e0e0", "white"),
)

DEFAULT_NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve")


def look(seat: int) -> SeatLook:
    return SEATS[seat % len(SEATS)]


def symbol(seat: int) -> str:
    return look(seat).symbol


def letter(seat: int) -> str:
    return look(seat).letter


def colour(seat: int) -> str:
    return look(seat).colour


def seat_style(seat: int, bold: bool = True) -> Style:
    return Style(color=look(seat).colour, bold=bold)


def seat_label(seat: int, name: str, bold: bool = True) -> Text:
    """'◆ Ann' in the seat's colour."""
    return Text(f"{symbol(seat)} {name}", style=seat_style(seat, bold))
