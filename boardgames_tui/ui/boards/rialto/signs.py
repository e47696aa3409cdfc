"""Rialto's signs: each participant (the players, and in the 2-player variant the virtual player)
with its symbol, style and name; the cards' and buildings' short labels. A colour never speaks
alone: the symbol goes with it everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.style import Style
from rich.text import Text

from ....rules.rialto.actions import BLUE_TEXT
from ....rules.rialto.data import (
    BLUE_EFFECTS,
    CARD_NAMES,
    CARD_SHORT,
    COLOUR_LETTERS,
    CONVERT_ONE,
    CONVERT_TWO,
    EXTRA_JOKER,
    GREEN,
    GREEN_DRAW,
    GREEN_EFFECTS,
    WAIT,
    YELLOW,
)
from ....rules.rialto.view import Building, RialtoView
from ... import theme

VIRTUAL_SYMBOL = "○"
VIRTUAL_STYLE = Style(color="#a0a0a0", bold=True)


def is_virtual(view: RialtoView, p: int) -> bool:
    return view.is_virtual(p)


def symbol(view: RialtoView, p: int) -> str:
    return VIRTUAL_SYMBOL if is_virtual(view, p) else theme.symbol(p)


def style(view: RialtoView, p: int, bold: bool = True) -> Style:
    return VIRTUAL_STYLE if is_virtual(view, p) else theme.seat_style(p, bold)


def name(view: RialtoView, p: int) -> str:
    everyone = view.participants()
    return everyone[p].name if 0 <= p < len(everyone) else f"player {p + 1}"


def label(view: RialtoView, p: int) -> Text:
    """'◆ Ann', '○ Virtual player' in the participant's style."""
    return Text(f"{symbol(view, p)} {name(view, p)}", style=style(view, p))


def sign(view: RialtoView, p: int, text: str = "") -> Text:
    """'◆3': the symbol and a figure, in the participant's style."""
    return Text(f"{symbol(view, p)}{text}", style=style(view, p))


def participants(view: RialtoView) -> int:
    return len(view.participants())


def count(n: int, word: str) -> str:
    """'1 coin', '3 coins'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def card(kind: int, long: bool = False) -> str:
    return CARD_NAMES[kind] if long else CARD_SHORT[kind]


def cards_text(kinds: Iterable[int], long: bool = False) -> str:
    """'Dog×2 Gld Jok' (by kind, in card order), or '—' for none."""
    kinds = list(kinds)
    parts = []
    for k in sorted(set(kinds)):
        n = kinds.count(k)
        parts.append(card(k, long) + (f"×{n}" if n > 1 else ""))
    return (", " if long else " ").join(parts) or "—"


def building(b: Building) -> str:
    """'Y2' for a yellow 2; '¢' marks the coin put on it this round, '+' a building Blue 1 has just
    made (it cannot be used before the next round)."""
    return f"{COLOUR_LETTERS[b.colour]}{b.value}" + ("¢" if b.coin else "") + ("+" if b.new else "")


def ordinal(n: int) -> str:
    return f"{n}" + ("st" if n == 1 else "nd" if n == 2 else "rd" if n == 3 else "th")


# What each yellow building does, by the effect data.py gives its value, in a few words.
YELLOW_SHORT = {
    WAIT: "wait, play after the others (a coin back)",
    CONVERT_ONE: "a card of another kind counts as one of the stage's",
    EXTRA_JOKER: "counts as a Joker",
    CONVERT_TWO: "a card of another kind counts as two",
}


def building_effect(colour: int, value: int) -> str:
    """What a building does, in a few words: what decides which to build."""
    if colour == GREEN:
        takes, bonus = GREEN_EFFECTS[value]
        parts = [f"a leftover card or draw {GREEN_DRAW}"] if takes else []
        parts += [f"hand limit +{bonus}"] if bonus else []
        return ", ".join(parts)
    if colour == YELLOW:
        return YELLOW_SHORT[value]
    return BLUE_TEXT[BLUE_EFFECTS[value]]
