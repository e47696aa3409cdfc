"""The game-over body: each district's value and ranking with the points each place scored (the
rules' final scoring, the view's `final`), then every player's total by source."""

from __future__ import annotations

from typing import cast

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from ....play.table import Table
from ....rules.rialto.data import DISTRICTS
from ....rules.rialto.view import RialtoView
from . import signs


def results(table: Table, width: int) -> RenderableType | None:
    # Rialto's table gives Rialto's view; the table itself knows only the common part.
    view = cast(RialtoView, table.view(None))
    final = view.final
    if final is None:
        return None
    humans = range(len(view.players))
    grid = RichTable(box=None, pad_edge=False, padding=(0, 1), show_edge=False)
    grid.add_column("District", no_wrap=True)
    grid.add_column("Value", justify="right", no_wrap=True)
    grid.add_column("Ranking (councilmen → points)", no_wrap=width < 100)
    for d, scored in enumerate(final.districts):
        ranking = Text()
        for i, p in enumerate(scored.ranked):
            men = view.council[d][p] + (view.neutral[d] if signs.is_virtual(view, p) else 0)
            ranking.append(" · " if i else "")
            ranking.append_text(signs.sign(view, p, f"{men}"))
            points = scored.points[p]
            ranking.append(f"→{points}" if not signs.is_virtual(view, p) else f"→({points})")
        if not scored.ranked:
            ranking.append("nobody", style="dim")
        grid.add_row(f"{view.numbers[d]} {DISTRICTS[d].name}", str(scored.value), ranking)
    totals = RichTable(box=None, pad_edge=False, padding=(0, 1), show_edge=False)
    totals.add_column("")
    for part in ("track", "supply", "buildings", "districts", "total"):
        totals.add_column(part, justify="right")
    for p in final.order:
        if p not in humans:
            continue
        row = final.rows[p]
        totals.add_row(
            signs.label(view, p),
            str(row.track),
            str(row.supply),
            str(row.buildings),
            str(row.districts),
            Text(str(view.players[p].vp), style="bold"),
        )
    parts: list[RenderableType] = [
        Text("The districts: most councilmen first, ties by the Doge track", style="bold"),
        grid,
        Text(""),
        Text("Victory points by source (in Doge order)", style="bold"),
        totals,
    ]
    if view.virtual is not None:
        parts.append(
            Text(
                "The virtual player takes its places in each district but scores nothing "
                "(its points in brackets).",
                style="dim",
            )
        )
    return Group(*parts)
