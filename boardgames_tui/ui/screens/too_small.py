"""Shown instead of everything else while the terminal is smaller than the game needs."""

from __future__ import annotations

import textwrap

from textual import events
from textual.app import ComposeResult

from ..theme import MIN_HEIGHT, MIN_WIDTH
from ..widgets.plain import Plain
from .base import BaseScreen


def too_small_text(width: int, height: int, game: str | None) -> str:
    """The message wrapped to `width`; `game` is None when no game is open, else "waiting" (not
    saved yet: no move made), "saved" or "over"."""
    lines = [f"Terminal too small: {width}×{height}.", f"Please make it at least {MIN_WIDTH}×{MIN_HEIGHT}."]
    if game == "waiting":
        lines.append("The game is waiting.")
    elif game == "saved":
        lines.append("The game is waiting and saved.")
    elif game == "over":
        lines.append("The game is saved.")
    # Wrapped here rather than by the widget: the text sizes itself to its longest line, so a line
    # wider than the terminal would be cut, not wrapped.
    return "\n".join(part for line in lines for part in textwrap.wrap(line, max(1, width)))


class TooSmallScreen(BaseScreen[None]):
    """Goes away by itself when the terminal grows (the app pops it)."""

    BINDINGS = [("q", "app.request_quit", "quit")]

    def compose(self) -> ComposeResult:
        yield Plain(id="too-small-text")

    def on_mount(self) -> None:
        self.update_text()

    def on_resize(self, event: events.Resize) -> None:
        self.update_text()
        super().on_resize(event)

    def update_text(self) -> None:
        width, height = self.app.size
        table = getattr(self.app, "table", None)
        if table is None:
            game = None
        elif table.is_over():
            game = "over"
        else:
            game = "saved" if table.record.steps else "waiting"
        self.query_one("#too-small-text", Plain).update(too_small_text(width, height, game))
