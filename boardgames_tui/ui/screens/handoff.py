"""Hot-seat screens: the neutral hand-off, the recap after it, and the full log (`l`)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll

from ...play.table import Table
from .. import theme
from ..widgets.plain import Plain
from .base import BaseScreen


class HandoffScreen(BaseScreen[str]):
    """'Pass the keyboard to ◆ Ann'. Shows names only: no hand, no money, no board. The flow
    comes here only when a screen holds a secret, and says which (Flow, HandOff): `shows`, what
    the next screen shows of the incoming player, and `hides`, what the last one showed of the
    outgoing one, in the game's words.

    Dismisses with "ready", or "undo" when the previous player takes back their move.
    """

    BINDINGS = [
        Binding("enter", "ready", "ready"),
        Binding("u", "undo", "undo", show=False),
        Binding("question_mark", "app.show_help", "help", show=False),
        Binding("q", "app.request_quit", "quit", show=False),
    ]

    def __init__(
        self,
        seat: int,
        name: str,
        undo_seat: int | None = None,
        undo_name: str = "",
        shows: str = "",
        hides: str = "",
        outgoing_name: str = "",
    ):
        super().__init__()
        self.seat = seat
        self.name_text = name
        self.undo_seat = undo_seat
        self.undo_name = undo_name
        self.shows = shows
        self.hides = hides
        self.outgoing_name = outgoing_name

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-box"):
            yield Plain("Pass the keyboard to", classes="handoff-line")
            yield Plain(
                Text("  ").join(
                    [
                        Text(theme.symbol(self.seat), style=theme.seat_style(self.seat)),
                        Text(self.name_text, style=theme.seat_style(self.seat)),
                    ]
                ),
                classes="handoff-name",
            )
            if self.hides and self.outgoing_name:
                yield Plain(f"{self.outgoing_name}'s {self.hides}: hidden.", classes="handoff-line")
            if self.shows:  # nothing of the incoming player's hidden: nobody needs to look away
                yield Plain(
                    f"Others, look away: the next screen shows {self.name_text}'s {self.shows}.",
                    classes="handoff-line",
                )
            yield Plain(Text("Press Enter when ready", style="bold"), classes="handoff-line")
            if self.undo_seat is not None:
                undo = Text("")
                undo.append_text(theme.seat_label(self.undo_seat, self.undo_name))
                undo.append(": press u to take back your last move")
                yield Plain(undo, classes="handoff-line handoff-undo")
        yield Plain(
            " Enter ready" + ("  u undo" if self.undo_seat is not None else "") + "  ? help  q quit",
            classes="keybar",
        )

    def action_ready(self) -> None:
        self.dismiss("ready")

    def action_undo(self) -> None:
        if self.undo_seat is not None:
            self.dismiss("undo")


class RecapScreen(BaseScreen[None]):
    """What happened since this player last acted (public, plus what they alone may see).

    An opaque screen rather than a dialog over the board: it reads the same and draws faster."""

    BINDINGS = [
        Binding("enter", "close", "continue"),
        Binding("escape", "close", "continue", show=False),
        Binding("space", "close", "continue", show=False),
        # as on the hand-off before it: a player can always leave or look things up
        Binding("question_mark", "app.show_help", "help", show=False),
        Binding("q", "app.request_quit", "quit", show=False),
    ]
    MAX_LINES = 40

    def __init__(self, seat: int, name: str, lines: list[str], first: bool = False):
        super().__init__()
        self.seat = seat
        self.name_text = name
        self.lines = lines[-self.MAX_LINES :]
        self.skipped = max(0, len(lines) - self.MAX_LINES)
        self.first = first  # the player has not moved yet in this game

    def compose(self) -> ComposeResult:
        title = Text("Before your first turn, " if self.first else "Since your last turn, ")
        title.append_text(theme.seat_label(self.seat, self.name_text))
        with Vertical(classes="dialog recap"):
            yield Plain(title, classes="dialog-title")
            body = Text()
            if self.skipped:
                body.append(f"({self.skipped} earlier lines are in the log: l)\n", style="dim")
            body.append("\n".join(f"· {line}" for line in self.lines))
            with VerticalScroll(id="recap-lines"):
                yield Plain(body)
            yield Plain("Enter  continue   ? help   q quit", classes="dialog-keys")

    def on_mount(self) -> None:
        scroll = self.query_one("#recap-lines", VerticalScroll)
        scroll.scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class LogScreen(BaseScreen[None]):
    """The whole log as the viewer may read it, scrollable."""

    BINDINGS = [
        Binding("escape", "close", "back"),
        Binding("l", "close", "back", show=False),
        Binding("q", "close", "back", show=False),
    ]

    def __init__(self, table: Table, viewer: int | None):
        super().__init__()
        self.table = table
        self.viewer = viewer

    def compose(self) -> ComposeResult:
        lines = self.table.log_for(self.viewer)
        yield Plain(f" Log · {self.table.game.title} · {len(lines)} lines", classes="topline")
        with VerticalScroll(id="log-scroll"):
            yield Plain("\n".join(f"· {line}" for line in lines) or "(nothing has happened yet)")
        yield Plain(" ↑↓ PgUp PgDn scroll   Esc back", classes="keybar")

    def on_mount(self) -> None:
        scroll = self.query_one("#log-scroll", VerticalScroll)
        scroll.focus()
        scroll.scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
