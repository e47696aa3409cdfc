"""Game over: every player's score by category, total, rank, the winner(s) and how ties were broken."""

from __future__ import annotations

from rich import box
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from .. import theme
from ..table import Table
from .base import BaseScreen


def category_label(key: str) -> str:
    return key.replace("_", " ").capitalize()


def standings_table(table: Table) -> tuple[RichTable, Text, Text]:
    """The results table, the verdict line and a line on how ties are broken."""
    standings = table.state.standings()
    categories: list[str] = []
    for row in standings.rows:
        for key in row.breakdown:
            if key not in categories:
                categories.append(key)
    out = RichTable(box=box.SIMPLE_HEAD, pad_edge=False, expand=False, show_edge=False)
    out.add_column("#", justify="right", no_wrap=True)
    out.add_column("Player", no_wrap=True)
    for key in categories:
        out.add_column(category_label(key), justify="right", no_wrap=True)
    if standings.tiebreak_label:
        out.add_column("Tie-break", justify="right", no_wrap=True)
    out.add_column("Total", justify="right", style="bold", no_wrap=True)
    out.add_column("", no_wrap=True)
    for row in standings.rows:
        cells: list = [str(row.rank), theme.seat_label(row.seat, row.name)]
        for i, key in enumerate(categories):
            value = row.breakdown.get(key, 0)
            cells.append(str(value) if i == 0 else f"{value:+d}")
        if standings.tiebreak_label:
            cells.append(str(row.tiebreak))
        cells.append(str(row.total))
        cells.append(Text("WINNER", style="bold reverse") if row.winner else "")
        out.add_row(*cells)
    winners = standings.winners
    verdict = Text()
    if len(winners) == 1:
        verdict.append_text(theme.seat_label(winners[0].seat, winners[0].name))
        verdict.append(" wins.", style="bold")
    elif winners:
        verdict.append("Shared victory: ", style="bold")
        for i, w in enumerate(winners):
            if i:
                verdict.append(", ")
            verdict.append_text(theme.seat_label(w.seat, w.name))
        verdict.append(".")
    notes = Text()
    if standings.tiebreak_label:
        notes.append(f"Tie-break: {standings.tiebreak_label}.", style="dim")
    if standings.note:
        notes.append(f"  {standings.note}")
    return out, verdict, notes


class GameOverScreen(BaseScreen):
    """Dismisses with "launcher" or "board"; q quits."""

    BINDINGS = [
        Binding("enter", "launcher", "new game"),
        Binding("n", "launcher", "new game", show=False),
        Binding("b", "board", "board"),
        Binding("escape", "board", "board", show=False),
        Binding("question_mark", "app.show_help", "help", show=False),
        Binding("q", "app.quit", "quit"),
    ]

    def __init__(self, table: Table):
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        table, verdict, notes = standings_table(self.table)
        yield Static(f" {self.table.game.title} · game over", classes="topline")
        with Vertical(id="results"):
            yield Static(verdict, id="verdict")
            yield Static(table, id="standings")
            yield Static(notes, id="tiebreak-note")
        yield Static(" Enter new game   b look at the board   q quit", classes="keybar")

    def action_launcher(self) -> None:
        self.dismiss("launcher")

    def action_board(self) -> None:
        self.dismiss("board")
