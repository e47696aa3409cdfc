"""The end of a game: every player's total as cash plus each plantation's size × their markers,
for the game-over screen and the player rows at the end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from rich.console import RenderableType
from rich.text import Text

from ....play.table import Table
from ....rules.santiago.data import CROP_NAMES, CROPS
from ....rules.santiago.view import SantiagoView
from .signs import CROP_STYLE, fit, seat_mark, tile_code, wrap


def plantation_parts(view: SantiagoView, seat: int) -> list[Text]:
    """'☾Ba 4×2' (crop, plantation size × the seat's markers) for every plantation paying `seat`,
    the biggest payout first."""
    parts = []
    for plant in view.plantations:
        markers = plant.markers[seat]
        if not markers:
            continue
        text = tile_code(plant.crop, None)
        text.append(f" {plant.size}×{markers}")
        parts.append((plant.size * markers, text))
    parts.sort(key=lambda p: -p[0])
    return [t for _, t in parts]


def result_lines(view: SantiagoView, names: Sequence[str], width: int) -> list[Text]:
    """The final scores, one block per player, best first, no line wider than `width`:

    1  ◆ Ann   WINNER  54 = 20 cash + ☾Ba 4×3 + ∫Pe 3×2 + ◌Po 2×2
                          + ‡Su 2×1
    2  ● Bob           41 = 15 cash + …
    """
    scores = view.scores or ()
    name_width = max((len(n) for n in names), default=0)
    any_winner = any(row.winner for row in scores)
    lines: list[Text] = []
    for row in scores:
        seat = row.seat
        line = Text(f"{row.rank:>2}  ", style="bold")
        line.append_text(seat_mark(seat, f" {names[seat]:<{name_width}}"))
        if any_winner:
            line.append("  ")
            line.append("WINNER" if row.winner else "      ", style="bold reverse" if row.winner else "")
        line.append(f"  {row.total:>3}", style="bold")
        indent = line.cell_len + 1  # continuation lines start under the '='
        if indent > width // 2:
            indent = 6
        cash = Text("= ")
        cash.append(f"{row.cash} cash", style="bold")
        pieces = [cash]
        for part in plantation_parts(view, seat):
            piece = Text("+ ")
            piece.append_text(part)
            pieces.append(piece)
        if len(pieces) == 1:
            pieces.append(Text("(no plantation pays)", style="dim"))
        block = [line]
        for piece in pieces:
            if block[-1].cell_len + 1 + piece.cell_len <= width:
                block[-1].append(" ")
            else:
                block.append(Text(" " * indent))
            block[-1].append_text(piece)
        lines += [fit(line, width) if line.cell_len > width else line for line in block]
    lines.append(Text(""))
    lines += wrap(
        "total = cash + for each plantation: its size × the player's yield markers on it, crops:",
        width,
        "dim",
    )
    crops = Text()
    for crop in CROPS:
        piece = tile_code(crop, None)
        piece.append(f" {CROP_NAMES[crop].lower()}", style=CROP_STYLE[crop])
        if crops.cell_len and crops.cell_len + 2 + piece.cell_len > width:
            lines.append(crops)
            crops = Text()
        crops.append("  " if crops.cell_len else "")
        crops.append_text(piece)
    lines.append(crops)
    return lines


def results(table: Table, width: int) -> RenderableType:
    """The game-over body (boardkit.Board.results): per player, best first, rank, WINNER, total =
    cash + each plantation as crop size×markers, wrapped to `width`."""
    view = cast(SantiagoView, table.view(None))  # a Santiago table gives Santiago's view
    names = [seat.name for seat in table.seats]
    return Text("\n").join(result_lines(view, names, width))
