"""San Marco's signs: each colour on the board (the players', and with two players the neutral
colour or the two dummies) with its symbol, style and name, and each card's label. A colour is
never told by its hue alone: its symbol goes with it everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from ....rules.san_marco.data import DISTRICTS, LIMIT_OUT, card_name, district_of_card
from ....rules.san_marco.view import SanMarcoView
from ... import theme

NEUTRAL_SYMBOL = "○"
NEUTRAL_STYLE = Style(color="#a0a0a0", bold=True)
DOGE = "♛"

CARD_WORDS = {"bridge": "Bridge", "transfer": "Transfer", "doge": "Doge", "banish": "Banish"}
CARD_HELP = {
    "bridge": "a bridge (with one of your cubes) between two neighbouring districts",
    "transfer": "replace another colour's cube in any district with one of yours",
    "doge": "move the Doge (the first one places him) and score the district he stops in",
    "banish": "name a district, roll: that many cubes of others leave it (a higher roll takes yours too)",
}


def is_neutral(view: SanMarcoView, colour: int) -> bool:
    return view.variant == "neutral" and colour == len(view.players)


def colour_symbol(view: SanMarcoView, colour: int) -> str:
    return NEUTRAL_SYMBOL if is_neutral(view, colour) else theme.symbol(colour)


def colour_style(view: SanMarcoView, colour: int, bold: bool = True) -> Style:
    return NEUTRAL_STYLE if is_neutral(view, colour) else theme.seat_style(colour, bold)


def seat_names(view: SanMarcoView) -> list[str]:
    """The players' names as the view holds them (the same as the table's seats)."""
    return [player.name for player in view.players]


def colour_name(view: SanMarcoView, colour: int, names: Sequence[str]) -> str:
    if colour < len(names):
        return names[colour]
    colours = view.colours
    return colours[colour] if colour < len(colours) else f"colour {colour + 1}"


def colour_label(view: SanMarcoView, colour: int, names: Sequence[str]) -> Text:
    """'◆ Ann', '○ Neutral', '▲ Dummy 1' in the colour's style."""
    return Text(
        f"{colour_symbol(view, colour)} {colour_name(view, colour, names)}", style=colour_style(view, colour)
    )


def colour_count(view: SanMarcoView) -> int:
    return len(view.supply)


# A district card's name where a line of ten cards must fit 80 columns.
SHORT_DISTRICT = {
    "cannaregio": "Cannar.",
    "santa_croce": "S.Croce",
    "san_polo": "S.Polo",
    "san_marco": "S.Marco",
    "dorsoduro": "Dorsod.",
    "castello": "Castel.",
}


def card_label(card: str | None, long: bool = False, short: bool = False) -> str:
    """'3 San Polo' (a district card: its die number and district), 'Doge', 'Limit 2'; with
    `long`, the rules' name ('District card San Polo', 'Banishment card'); with `short`,
    'S.Polo', 'L2'."""
    if not isinstance(card, str):
        return "?"
    if long:
        return card_name(card)
    d = district_of_card(card)
    if d is not None:
        if short:
            return SHORT_DISTRICT.get(DISTRICTS[d].key, DISTRICTS[d].name[:7])
        return f"{d + 1} {DISTRICTS[d].name}"
    if card.startswith("limit:"):
        return f"L{card[6:]}" if short else f"Limit {card[6:]}"
    return CARD_WORDS.get(card, card)


def card_help(card: str) -> str:
    d = district_of_card(card)
    if d is not None:
        return f"a cube in {DISTRICTS[d].name}, or across one of your bridges into a neighbour"
    if card.startswith("limit:"):
        return f"counts {card[6:]} towards your limit of {LIMIT_OUT} this period"
    return CARD_HELP.get(card, "")


def limit_value(card: str) -> int:
    return int(card[6:]) if card.startswith("limit:") else 0


def cube_text(view: SanMarcoView, counts: Sequence[int]) -> Text:
    """'◆3 ●2 ○1': the cubes of each colour present, in colour order."""
    text = Text()
    for colour, n in enumerate(counts):
        if n:
            if text.plain:
                text.append(" ")
            text.append(f"{colour_symbol(view, colour)}{n}", style=colour_style(view, colour))
    return text
