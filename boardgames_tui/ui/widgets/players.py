"""The player strip: one line per player, prepared by the game's screen."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class PlayerStrip(Static):
    DEFAULT_CSS = """
    PlayerStrip { height: auto; }
    """

    def show(self, rows: list[Text]) -> None:
        self.update(Text("\n").join(rows) if rows else Text(""))


class KeyBar(Static):
    """The footer: the keys that work here, in one line."""

    DEFAULT_CSS = """
    KeyBar { height: 1; dock: bottom; }
    """
