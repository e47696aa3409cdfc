"""How Santiago's things read on screen: crop symbols and colours, the board's line styles, small
numbers, seats, segment names, and the few helpers that cut, pad and wrap a line of Text.

Every crop has a colour, a symbol AND two letters, and every player a colour AND a symbol, so the
board reads the same without colour (NO_COLOR).
"""

from __future__ import annotations

from rich.text import Text

from ....rules.santiago.data import CROP_SHORT, CROP_WORDS, SEG_INDEX, seg_label
from ... import theme

Seg = tuple[str, int, int]  # ("H" | "V", x, y), as the view and the actions name a ditch
Field = tuple[int, int]  # (column, row)
Point = tuple[int, int]  # an intersection (x, y)

CROP_SYMBOL = {"banana": "☾", "beans": "∴", "chili": "∫", "potato": "◌", "sugar": "‡"}
CROP_STYLE = {
    "banana": "#f2d04b",
    "beans": "#7cc26b",
    "chili": "#ef6a4f",
    "potato": "#c9a06e",
    "sugar": "#a7d8e8",
}
CANAL_STYLE = "bold #3d9bff"
SPRING_STYLE = "bold #3d9bff"
OPEN_STYLE = "#d0d0d0"
DITCH_STYLE = "#707070"
DESERT_STYLE = "#b08d57"
PALM = "Ψ"
PALM_STYLE = "bold #5cb85c"

# Workers on a tile (☾Ba²) and a proposal's number on its ditch (──³──) are superscript digits:
# one cell each, and not mistaken for the plain digits of an owner's markers (◆2). ¹²³ are
# Latin-1 (in every font); ⁰ and ⁴–⁹ are in DejaVu Sans Mono and the other common monospace
# fonts. Circled digits (U+2460–U+24FF) are not, so they are never used (tests/ui/test_glyphs.py).
# Prose (log, prompts, rules) names a tile in words instead: "Banana (2 workers)", data.tile_label.
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def superscript(n: int) -> str:
    return str(n).translate(SUPERSCRIPT)


def number_sign(n: int) -> str:
    """A proposal's number as drawn on its ditch and in the proposals list: '³'."""
    return superscript(n)


def seg_name(seg: Seg) -> str:
    """'H 1,2', as the rules' messages name a ditch."""
    return seg_label(SEG_INDEX[seg])


def tile_code(crop: str, workers: int | None) -> Text:
    """'☾Ba²' in the crop's colour (without the workers when None)."""
    text = Text(CROP_SYMBOL[crop] + CROP_SHORT[crop], style=f"bold {CROP_STYLE[crop]}")
    if workers is not None:
        text.append(superscript(workers), style=CROP_STYLE[crop])
    return text


def tile_word(crop: str, workers: int | None) -> Text:
    """'☾Banana²': the crop's one word, where a field has the room."""
    text = Text(CROP_SYMBOL[crop] + CROP_WORDS[crop], style=f"bold {CROP_STYLE[crop]}")
    if workers is not None:
        text.append(superscript(workers), style=CROP_STYLE[crop])
    return text


def seat_mark(seat: int, text: str = "") -> Text:
    return Text(theme.symbol(seat) + text, style=theme.seat_style(seat))


# -- fitting Text into cells ----------------------------------------------------------------------


def fit(text: Text, width: int) -> Text:
    """Cut (with an ellipsis) or pad a line to exactly `width` cells."""
    text = text.copy()
    if text.cell_len > width:
        text.truncate(max(0, width), overflow="ellipsis")
    if text.cell_len < width:
        text.pad_right(width - text.cell_len)
    return text


def centred(text: Text, width: int) -> Text:
    if text.cell_len >= width:
        return fit(text, width)
    left = (width - text.cell_len) // 2
    out = Text(" " * left)
    out.append_text(text)
    out.pad_right(width - out.cell_len)
    return out


def wrap(words: str, width: int, style: str = "") -> list[Text]:
    """Plain words wrapped into lines of at most `width` cells."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return [Text(line, style=style) for line in lines]
