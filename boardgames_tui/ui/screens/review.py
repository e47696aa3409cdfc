"""The review bar: a finished game stepped through move by move. A few lines at the bottom, over
the game's own board: which move, which round, what that move did, whose view the board shows;
←→ a move, PgUp/PgDn a round, Home/End the start and the end, Tab another player's view, c the
chart of each player's score by round (shown from the start on a tall terminal), Esc back to the
results."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from .base import BaseModal

TALL = 36  # terminal lines from which the chart shows without asking


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
        Binding("c", "chart", "chart"),
        Binding("escape", "leave", "results"),
        Binding("r", "leave", "results", show=False),
    ]

    def __init__(self, app_review) -> None:
        super().__init__()
        self.review = app_review

    def compose(self) -> ComposeResult:
        from textual_plotext import PlotextPlot

        with Vertical(classes="dialog review"):
            yield PlotextPlot(id="review-chart")
            yield Static(id="review-where")
            yield Static(id="review-line")
            yield Static(
                "←→ a move  PgUp/PgDn a round  Home/End  Tab whose view  c chart  Esc results",
                classes="dialog-keys",
            )

    def on_mount(self) -> None:
        self.draw_chart()
        # on a tall terminal the chart shows from the start; c shows or hides it anywhere
        self.query_one("#review-chart").display = self.app.size.height >= TALL
        self.show()

    def draw_chart(self) -> None:
        """Each player's score by round, a line each, marked with the player's symbol and named
        in the legend (a colour is never the only sign)."""
        from textual_plotext import PlotextPlot

        from .. import theme

        rounds, totals = self.review.scores()
        plt = self.query_one("#review-chart", PlotextPlot).plt
        plt.clear_figure()
        for seat, line in enumerate(totals):
            name = self.review.record.seats[seat].name
            plt.plot(rounds, line, marker=theme.symbol(seat), label=f"{theme.symbol(seat)} {name}")
        plt.title("Score by round")
        plt.xticks(rounds)
        plt.xlabel("round")

    def action_chart(self) -> None:
        chart = self.query_one("#review-chart")
        chart.display = not chart.display

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
