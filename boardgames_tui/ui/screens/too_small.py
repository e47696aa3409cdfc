"""Shown instead of everything else while the terminal is smaller than the game needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from ..theme import MIN_HEIGHT, MIN_WIDTH
from .base import BaseScreen


class TooSmallScreen(BaseScreen):
    """Goes away by itself when the terminal grows (the app pops it)."""

    BINDINGS = [("q", "app.request_quit", "quit")]

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.update_text()

    def on_resize(self, event) -> None:
        self.update_text()
        super().on_resize(event)

    def update_text(self) -> None:
        width, height = self.app.size
        self.query_one("#too-small-text", Static).update(
            f"Terminal too small: {width}×{height}.\n"
            f"Please make it at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
            "The game is waiting and saved.")
