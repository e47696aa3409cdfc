"""The game-over body: the final scoring step by step as the rulebook does it (the view's `final`):
1 a punish marker for each card still on the tableau (none with the Abbot), 2 three PP off for
each marker, 3 the game-end cards, 4 two PP for each quarter of the largest connected group; then
the totals, ties broken by the wall."""

from __future__ import annotations

from typing import cast

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from ....play.table import Table
from ....rules.macao.data import CARD, PUNISH_PP, QUARTER, QUARTER_PP
from ....rules.macao.reckoning import largest_group, shielded
from ....rules.macao.view import MacaoView
from . import signs

NEIGHBOURS = {q: QUARTER[q].neighbours for q in QUARTER}


def signed(points: int) -> str:
    """+3, +0, −6: with a true minus sign, as the column's "−3 each" has."""
    return f"+{points}" if points >= 0 else f"−{-points}"


def results(table: Table, width: int) -> RenderableType | None:
    # Macao's table gives Macao's view; the table itself knows only the common part.
    view = cast(MacaoView, table.view(None))
    final = view.final
    if not final:
        return None
    rows = final.rows
    grid = RichTable(box=None, pad_edge=False, padding=(0, 1), show_edge=False)
    grid.add_column("")
    for title in ("track", "1 markers", "2 −3 each", "3 cards", "4 city", "total"):
        grid.add_column(title, justify="right", no_wrap=True)
    steps: list[RenderableType] = []
    for p in final.order or range(len(rows)):
        row, player = rows[p], view.players[p]
        active = player.active
        left = len(player.tableau)
        shield = shielded(active)
        markers = -row.punish // PUNISH_PP
        owned = [q for q, o in view.owner.items() if o == p]
        group = largest_group(owned, NEIGHBOURS)
        grid.add_row(
            signs.named(p, table.name(p)),
            str(row.track),
            str(markers),
            signed(row.punish),
            f"+{row.cards}",
            f"+{row.city}",
            Text(str(row.total), style="bold"),
        )
        words = signs.named(p, table.name(p))
        words.append(f": {row.track} PP on the track. ")
        words.append(f"1) {player.punish} punish marker(s)")
        if left:
            words.append(
                " and none for the cards left (the Abbot)" if shield else f" + {left} for the card(s) left"
            )
        words.append(f" = {markers}. 2) {markers} × −{PUNISH_PP} = {signed(row.punish)}. ")
        ending = [CARD[c].name for c in active if CARD[c].timing == "game_end"]
        words.append(f"3) game-end cards {', '.join(ending) or 'none'}: +{row.cards}. ")
        words.append(f"4) largest group {group} of {len(owned)} quarter(s) × {QUARTER_PP} = +{row.city}. ")
        words.append(f"Total {row.total}.", style="bold")
        steps.append(words)
    return Group(
        Text("Final scoring, step by step (in turn order: the wall breaks ties)", style="bold"),
        grid,
        Text(""),
        *steps,
    )
