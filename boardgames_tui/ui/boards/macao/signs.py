"""Macao's signs: the players' symbols and styles, the cubes by colour letter, the goods, the ports
and the cards in short. A colour never speaks alone: every cube carries its letter (R B G K Y V)
and every owner its symbol.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.style import Style
from rich.text import Text

from ....rules.macao.data import CARD, COLOURS, GOOD_NAMES
from ....rules.macao.view import MacaoView
from ... import theme

# Black cubes would vanish on a dark terminal: black letters on a light ground instead.
CUBE_STYLES = {
    "R": Style(color="#ff6b6b", bold=True),
    "B": Style(color="#5aa0ff", bold=True),
    "G": Style(color="#4cc46c", bold=True),
    "K": Style(color="#000000", bgcolor="#b8b8b8", bold=True),
    "Y": Style(color="#a8a8a8", bold=True),
    "V": Style(color="#c184f0", bold=True),
}
GOOD_SHORT = {
    "lacquerware": "La",
    "rice": "Ri",
    "tea": "Te",
    "jade": "Ja",
    "silk": "Si",
    "paper": "Pa",
    "porcelain": "Po",
    "spices": "Sp",
    "joker": "Jk",
}
PORT_SHORT = {
    "Macao": "MAC",
    "Lisboa": "LIS",
    "Barcelona": "BAR",
    "London": "LON",
    "Marseille": "MAR",
    "Antwerpen": "ANT",
    "Genova": "GEN",
    "Amsterdam": "AMS",
    "Hamburg": "HAM",
}
KIND_LETTER = {"office": "O", "building": "B", "person": "P"}
CURSOR = Style(reverse=True, bold=True)
DIM = Style(dim=True)


def symbol(p: int) -> str:
    return theme.symbol(p)


def style(p: int, bold: bool = True) -> Style:
    return theme.seat_style(p, bold)


def name(view: MacaoView, p: int) -> str:
    players = view.players
    return players[p].name if 0 <= p < len(players) else f"player {p + 1}"


def label(view: MacaoView, p: int) -> Text:
    """'◆ Ann' in the player's style."""
    return named(p, name(view, p))


def named(p: int, name: str) -> Text:
    """'◆ Ann': the symbol and `name`, in the player's style."""
    return Text(f"{symbol(p)} {name}", style=style(p))


def sign(p: int, text: str = "") -> Text:
    """'◆3': the symbol and a figure, in the player's style."""
    return Text(f"{symbol(p)}{text}", style=style(p))


def players(view: MacaoView) -> int:
    return len(view.players)


def cube(colour: int | str, text: str = "") -> Text:
    """One colour's letter (and a count), in that colour: 'R3'."""
    letter = colour if isinstance(colour, str) else COLOURS[colour]
    return Text(f"{letter}{text}", style=CUBE_STYLES[letter])


def cubes(counts: Sequence[int], tight: bool = False, none: str = "·") -> Text:
    """'R3 B2' by colour, or `none`; `tight` leaves out the spaces ('R3B2')."""
    text = Text()
    for i, n in enumerate(counts):
        if n:
            if text and not tight:
                text.append(" ")
            text.append_text(cube(i, str(n)))
    return text if text else Text(none, style=DIM)


def colours(picks: Iterable[int]) -> Text:
    """'R B B' for single cubes (a payment, a card's gain)."""
    text = Text()
    for c in picks:
        if text:
            text.append(" ")
        text.append_text(cube(c))
    return text


def cost(pairs: Iterable[tuple[str, int]], tight: bool = False) -> Text:
    """A printed cost, 'R2 B1', each letter in its colour."""
    text = Text()
    for letter, n in pairs:
        if text and not tight:
            text.append(" ")
        text.append_text(cube(letter, str(n)))
    return text


def total(counts: Sequence[int]) -> int:
    return sum(counts)


def good(tile: str) -> str:
    return "joker" if tile == "joker" else GOOD_NAMES.get(tile, tile)


def card_name(card: str) -> str:
    return CARD[card].name


def card_line(card: str) -> Text:
    """'P Soldier R2': kind letter, name and cost."""
    c = CARD[card]
    text = Text(f"{KIND_LETTER[c.kind]} ", style=DIM)
    text.append(c.name, style="bold")
    text.append(" ")
    text.append_text(cost(c.cost))
    return text


def fit(parts: Sequence[Text], width: int, sep: str = " · ") -> Text:
    """The parts in order while they fit in `width` (the first always, cut if it must be)."""
    out = Text()
    for i, part in enumerate(parts):
        extra = (len(sep) if i else 0) + part.cell_len
        if i and out.cell_len + extra > width:
            break
        if i:
            out.append(sep, style=DIM)
        out.append_text(part)
    out.truncate(width, overflow="ellipsis")
    return out


def pad(text: Text, width: int) -> Text:
    """`text` cut or padded to exactly `width` cells."""
    out = text.copy()
    out.truncate(width, overflow="ellipsis")
    out.pad_right(width - out.cell_len)
    return out


def centre(text: Text, width: int) -> Text:
    out = text.copy()
    out.truncate(width, overflow="ellipsis")
    left = (width - out.cell_len) // 2
    out.pad_left(left)
    out.pad_right(width - out.cell_len)
    return out


def ordinal(n: int) -> str:
    return f"{n}" + ("st" if n == 1 else "nd" if n == 2 else "rd" if n == 3 else "th")
