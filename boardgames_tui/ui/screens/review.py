"""The review bar: a finished game stepped through move by move. A few lines at the bottom, over
the game's own board: which move, which round, what that move did, whose view the board shows;
←→ a move, PgUp/PgDn a round, Home/End the start and the end, Tab another player's view, Esc
back to the results."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from .base import BaseModal


class ReviewScreen(BaseModal[None]):
    BINDINGS = [
        Binding("right", "go('move', 1)", "move"),
        Binding("left", "go('move', -1)", "back", show=False),
        Binding("pagedown", "go('round', 1)", "round"),
        Binding("pageup", "go('round', -1)", "round", show=False),
        Binding("home", "go('move', -100000)", "start", show=False),
        Binding("end", "go('move', 100000)", "end", show=False),
        Binding("tab", "go('viewer', 1)", "whose view"),
        Binding("shift+tab", "go('viewer', -1)", "whose view", show=False),
        Binding("escape", "leave", "results"),
        Binding("r", "leave", "results", show=False),
    ]

    def __init__(self, app_review) -> None:
        super().__init__()
        self.review = app_review

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog review"):
            yield Static(id="review-where")
            yield Static(id="review-line")
            yield Static(
                "←→ a move   PgUp/PgDn a round   Home/End   Tab whose view   Esc the results",
                classes="dialog-keys",
            )

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        review, app = self.review, self.app
        moment = review.moments[review.index]
        where = Text(f"Move {review.index} of {review.count}", style="bold")
        if moment.round is not None:
            where.append(f" · round {moment.round}")
        where.append(" · the board as ")
        where.append(review.record.seats[review.viewer].name, style="bold")
        where.append(" saw it")
        self.query_one("#review-where", Static).update(where)
        self.query_one("#review-line", Static).update(Text(review.line()))
        app.refresh_review()

    def action_go(self, what: str, delta: int) -> None:
        review = self.review
        if what == "move":
            changed = review.move(delta)
        elif what == "round":
            changed = review.round_step(delta)
        else:
            review.viewer = (review.viewer + delta) % len(review.record.seats)
            changed = True
        if changed:
            self.show()

    def action_leave(self) -> None:
        self.dismiss(None)
