"""The review bar: a finished game stepped through move by move. A few lines at the bottom, over
the game's own board: which move, which round, what that move did, whose view the board shows;
←→ a move, PgUp/PgDn a round, Home/End the start and the end, Tab another player's view, c the
chart of each player's score by round, f the table of the game's own figures up to this move
(↑↓ scroll it), Esc back to the results. A tall terminal shows the chart and the table from the
start; a wide one shows them side by side, a narrow one one at a time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll

from ...rules.figures import Figure
from .. import theme
from ..requests import ReviewMoved, host
from ..widgets.plain import AsWritten, Plain
from .base import BaseModal

if TYPE_CHECKING:
    from ...play.review import Review

CHART_LINES = 14  # the chart's least height, in lines
TALL = 36  # terminal lines from which the chart and the figures show without asking
WIDE = 110  # columns from which the chart and the figures fit side by side
ROOM = 5  # the frame, the move line, the keys and the header: kept clear of the figures


def whole_step(span: int) -> int:
    """A whole-number step for the score axis that gives it at most six labels: 1, 2, 5, 10, 20…"""
    step = 1
    while span / step > 6:
        for factor in (2, 2.5, 2):
            step = int(step * factor)
            if span / step <= 6:
                break
    return step


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
        Binding("c", "panel('chart')", "chart"),
        Binding("f", "panel('figures')", "figures"),
        Binding("down", "scroll(1)", "scroll", show=False),
        Binding("up", "scroll(-1)", "scroll", show=False),
        Binding("escape", "leave", "results"),
        Binding("r", "leave", "results", show=False),
    ]

    def __init__(self, app_review: Review) -> None:
        super().__init__()
        self.review = app_review

    def compose(self) -> ComposeResult:
        from textual_plotext import PlotextPlot

        with Vertical(classes="dialog review"):
            with Horizontal(id="review-panels"):
                yield PlotextPlot(id="review-chart")
                with VerticalScroll(id="review-figures"):
                    yield Plain(id="review-table")
            yield Plain(id="review-where")
            yield Plain(id="review-line")
            yield Plain(
                "←→ move  PgUp/PgDn round  Home/End  Tab view  c chart  f figures ↑↓  Esc",
                classes="dialog-keys",
            )

    def on_mount(self) -> None:
        self.draw_chart()
        self.query_one("#review-chart").styles.height = self.chart_height()
        tall = self.app.size.height >= TALL
        self.query_one("#review-chart").display = tall
        self.query_one("#review-figures").display = tall and self.app.size.width >= WIDE
        self.show()

    def on_resize(self, event: events.Resize) -> None:
        self.fit()

    def fit(self) -> None:
        """The chart grows with a tall terminal. The figures scroll within what the terminal
        leaves over the review's own lines, the move's log line taking as many lines as it wraps
        to (a game's last move: the scoring)."""
        width, height = self.app.size
        self.query_one("#review-chart").styles.height = self.chart_height()
        said = len(Text(self.review.line()).wrap(self.app.console, max(20, width - 4)))
        # tall: half the screen, so the board stays in sight; short: as much as the review leaves
        room = height // 2 if height >= TALL else height - ROOM - said
        self.query_one("#review-figures").styles.max_height = max(4, room)

    def draw_chart(self) -> None:
        """Each player's score by round, a line each in the player's colour, each round's score
        marked with the player's symbol, the final score written at the line's end; the title
        names each symbol's player (a colour is never the only sign, and a legend in the plot
        would sit on the lines)."""
        from textual_plotext import PlotextPlot

        rounds, totals = self.review.scores()
        plt = self.query_one("#review-chart", PlotextPlot).plt
        plt.clear_figure()
        names = []
        span = max(1, rounds[-1] - rounds[0]) if rounds else 1
        for seat, line in enumerate(totals):
            name = self.review.record.seats[seat].name
            # a thin line between rounds, the player's symbol on each round's score
            plt.plot(rounds, line, marker="hd", color=self.chart_colour(seat))
            plt.scatter(rounds, line, marker=theme.symbol(seat), color=self.chart_colour(seat))
            names.append(f"{theme.symbol(seat)} {name}")
        plt.title("Score by round · " + "  ".join(names))
        ticks: list[float] = list(rounds)  # plotext's signature takes a list of floats only
        plt.xticks(ticks)
        top = max((max(line) for line in totals if line), default=0)
        low = min(0, min((min(line) for line in totals if line), default=0))
        step = whole_step(top - low)
        first = (low // step) * step
        plt.yticks([float(y) for y in range(first, top + step, step)])
        plt.xlabel("round")
        if not rounds:
            return
        # The final scores at the lines' ends; those that would share a line of the chart are
        # written together, each after its player's symbol.
        per_line = (top - first) / max(1, self.chart_height() - 5)
        finals = sorted(((line[-1], seat) for seat, line in enumerate(totals) if line), reverse=True)
        groups: list[list[tuple[int, int]]] = []
        for value, seat in finals:
            if groups and groups[-1][-1][0] - value < per_line:
                groups[-1].append((value, seat))
            else:
                groups.append([(value, seat)])
        longest = 0
        for group in groups:
            if len(group) == 1:
                value, seat = group[0]
                label, colour = str(value), self.chart_colour(seat)
            else:
                label = " ".join(f"{theme.symbol(seat)}{value}" for value, seat in group)
                colour = None
            longest = max(longest, len(label))
            x = rounds[-1] + span * 0.03
            if colour is None:
                plt.text(label, x=x, y=group[0][0], alignment="left")
            else:
                plt.text(label, x=x, y=group[0][0], alignment="left", color=colour)
        plt.xlim(rounds[0], rounds[-1] + span * (longest + 2) / 40)  # room for them

    @staticmethod
    def chart_colour(seat: int) -> tuple[int, int, int]:
        rgb = theme.colour(seat).lstrip("#")
        red, green, blue = (int(rgb[i : i + 2], 16) for i in (0, 2, 4))
        return (red, green, blue)

    def chart_height(self) -> int:
        """The chart's lines: more of them on a tall terminal."""
        return max(CHART_LINES, self.app.size.height // 3)

    def action_panel(self, which: str) -> None:
        """Show or hide the chart or the figures; where both do not fit, showing one hides the
        other."""
        panel = self.query_one(f"#review-{which}")
        panel.display = not panel.display
        if panel.display and self.app.size.width < WIDE:
            other = "figures" if which == "chart" else "chart"
            self.query_one(f"#review-{other}").display = False
        self.show_bar()  # the board stays as it is

    def action_scroll(self, lines: int) -> None:
        self.query_one("#review-figures", VerticalScroll).scroll_relative(y=lines, animate=False)

    def figures_table(self) -> Table:
        """The game's figures up to this move: a column per player, headed by symbol and name."""
        seats = self.review.record.seats
        table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
        table.add_column(f"Figures after move {self.review.index}", no_wrap=True)
        for seat, player in enumerate(seats):
            table.add_column(theme.seat_label(seat, player.name[:7]), justify="right")
        figures: list[Figure] = self.review.figures()
        group = None
        for figure in figures:
            if figure.group != group:
                group = figure.group
                table.add_row(Text(group, style="bold underline"))
            table.add_row(f" {figure.label}", *(str(v) for v in figure.values))
        if not figures:
            table.add_row("Nothing played yet.")
        return table

    def show(self) -> None:
        """The review's lines, and the board at the move reviewed, as the chosen player saw it."""
        self.show_bar()
        host(self).ask(ReviewMoved())

    def show_bar(self) -> None:
        """Which move, what it did, and the figures up to it when they show."""
        review = self.review
        moment = review.moments[review.index]
        where = Text(f"Move {review.index} of {review.count}", style="bold")
        if moment.round is not None:
            where.append(f" · round {moment.round}")
        where.append(" · the board as ")
        where.append(review.record.seats[review.viewer].name, style="bold")
        where.append(" saw it")
        self.query_one("#review-where", Plain).update(where)
        self.query_one("#review-line", Plain).update(Text(review.line()))
        self.fit()
        figures = self.query_one("#review-figures")
        if figures.display:
            table = self.figures_table()
            # a scrolling box does not size itself to its content: it is given the table's width
            # and the scroll bar's
            figures.styles.width = self.app.console.measure(AsWritten(table)).maximum + 2
            self.query_one("#review-table", Plain).update(table)

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
