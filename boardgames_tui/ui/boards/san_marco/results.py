"""The game-over body: the final scoring district by district (who led, who came second, what
each colour gained), the prestige from before it, and the totals with the tie-break."""

from __future__ import annotations

from typing import cast

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from ....play.table import Table
from ....rules.san_marco.data import DISTRICTS, NDISTRICTS, SAN_MARCO
from ....rules.san_marco.view import SanMarcoView
from .signs import colour_count, colour_label, cube_text
from .venice import scores_now


def results(table: Table, width: int) -> RenderableType:
    view = cast(SanMarcoView, table.view(None))  # a table gives its game's view
    names = [seat.name for seat in table.seats]
    colours = colour_count(view)
    cubes = view.cubes
    prestige = view.prestige
    grid = RichTable(box=None, pad_edge=False, padding=(0, 1), show_edge=False)
    grid.add_column("District", no_wrap=True)
    grid.add_column("Cubes", no_wrap=True)
    for colour in range(colours):
        grid.add_column(colour_label(view, colour, names), justify="right", no_wrap=True)
    final = [0] * colours
    for d in range(NDISTRICTS):
        scores = scores_now(view, d)
        cells: list[Text | str] = [
            Text(f"{DISTRICTS[d].die} {DISTRICTS[d].name} {DISTRICTS[d].high}/{DISTRICTS[d].low}"),
            cube_text(view, cubes[d]) or Text("empty", style="dim"),
        ]
        for colour in range(colours):
            points = scores.get(colour, 0)
            final[colour] += points
            cells.append(f"+{points}" if points else "·")
        grid.add_row(*cells)
    grid.add_row(
        Text("before the final scoring", style="dim"),
        "",
        *[str(prestige[c] - final[c]) for c in range(colours)],
    )
    grid.add_row(
        Text("total prestige", style="bold"),
        "",
        *[Text(str(prestige[c]), style="bold") for c in range(colours)],
    )
    sm = Text(f"Cubes in {DISTRICTS[SAN_MARCO].name}, for the tie-break: ", style="dim")
    sm.append(", ".join(f"{names[s]} {cubes[SAN_MARCO][s]}" for s in range(len(names))), style="dim")
    parts: list[RenderableType] = [
        Text("The final scoring, district by district", style="bold"),
        grid,
        Text(""),
        sm,
    ]
    if colours > len(names):
        parts.append(
            Text(
                "The neutral colour and the dummies take places in a scoring but cannot win; "
                "the neutral's points are dropped.",
                style="dim",
            )
        )
    return Group(*parts)
