"""Game over: every player's score by category, total, rank, the winner(s) and how ties were broken.

The verdict and the notes are shared. The body is the game's own `results(table, width)` (its
board package's Board.results: Santiago, cash plus each plantation) when it has one, else the
shared table of standings by category (St. Petersburg)."""

from __future__ import annotations

from collections.abc import Callable

from rich import box
from rich.console import RenderableType
from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from ...play.table import Table
from ...rules.core import Standings
from .. import theme
from ..widgets.plain import Plain
from .base import BaseScreen


def category_label(key: str) -> str:
    return key.replace("_", " ").capitalize()


def tied(standings: Standings) -> bool:
    """Whether two players end on the same total: only then does the tie-break say anything."""
    totals = [row.total for row in standings.rows]
    return len(set(totals)) < len(totals)


def shared_table(standings: Standings) -> RichTable:
    """Rank, player, one column per scoring category, tie-break, total and WINNER."""
    categories: list[str] = []
    for row in standings.rows:
        for key in row.breakdown:
            if key not in categories:
                categories.append(key)
    # Two cells between columns (a right pad and the box's blank divider): with 4 players named
    # up to 12 letters the table is 76 wide, what an 80-column screen has inside its margins.
    # Only the Player column gives way (wraps) when a screen is narrower or a name longer.
    out = RichTable(box=box.SIMPLE_HEAD, pad_edge=False, expand=False, show_edge=False, padding=(0, 1, 0, 0))
    out.add_column("#", justify="right", no_wrap=True)
    out.add_column("Player", overflow="fold")
    for key in categories:
        out.add_column(category_label(key), justify="right", no_wrap=True)
    tiebreak = bool(standings.tiebreak_label) and tied(standings)
    if tiebreak:
        out.add_column("Tie-break", justify="right", no_wrap=True)
    out.add_column("Total", justify="right", style="bold", no_wrap=True)
    out.add_column("", no_wrap=True)
    for row in standings.rows:
        cells: list[RenderableType] = [str(row.rank), theme.seat_label(row.seat, row.name)]
        for i, key in enumerate(categories):
            value = row.breakdown.get(key, 0)
            cells.append(str(value) if i == 0 else f"{value:+d}")
        if tiebreak:
            cells.append(str(row.tiebreak))
        cells.append(str(row.total))
        cells.append(Text("WINNER", style="bold reverse") if row.winner else "")
        out.add_row(*cells)
    return out


def verdict_line(standings: Standings) -> Text:
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
    return verdict


def notes_line(standings: Standings) -> Text:
    notes = Text()
    if standings.tiebreak_label and tied(standings):
        notes.append(f"Tie-break: {standings.tiebreak_label}.", style="dim")
    if standings.note:
        notes.append(("  " if notes.plain else "") + standings.note)
    return notes


class GameOverScreen(BaseScreen[str]):
    """Dismisses with "launcher" or "board"; q quits."""

    BINDINGS = [
        Binding("enter", "launcher", "new game"),
        Binding("n", "launcher", "new game", show=False),
        Binding("b", "board", "board"),
        Binding("r", "review", "review the game"),
        Binding("escape", "board", "board", show=False),
        Binding("question_mark", "app.show_help", "help", show=False),
        Binding("q", "app.quit", "quit"),
    ]

    def __init__(self, table: Table, results: Callable[[Table, int], RenderableType | None] | None = None):
        super().__init__()
        self.table = table
        self.results = results
        self.standings = table.standings()
        self._body_width = 0

    def compose(self) -> ComposeResult:
        yield Plain(f" {self.table.game.title} · game over", classes="topline")
        with VerticalScroll(id="results"):
            yield Plain(verdict_line(self.standings), id="verdict")
            yield Plain(self.body(self.body_width()), id="standings")
            yield Plain(notes_line(self.standings), id="tiebreak-note")
        yield Plain(" Enter new game   b look at the board   r review the game   q quit", classes="keybar")

    def body(self, width: int) -> RenderableType:
        """The game's own results for `width` cells, or the shared table."""
        self._body_width = width
        own = self.results(self.table, width) if self.results is not None else None
        return own if own is not None else shared_table(self.standings)

    def body_width(self) -> int:
        """#results has padding 1 2, and a scrollbar (2) shows when the body is long."""
        return max(20, self.app.size.width - 6)

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        width = self.body_width()
        if width != self._body_width and self.is_mounted:
            self.query_one("#standings", Plain).update(self.body(width))

    def action_launcher(self) -> None:
        self.dismiss("launcher")

    def action_board(self) -> None:
        self.dismiss("board")

    def action_review(self) -> None:
        self.dismiss("review")
