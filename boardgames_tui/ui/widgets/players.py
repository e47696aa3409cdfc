"""The player strip and the key bar, each prepared by the game's screen."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

KEY_SEPARATOR = "  "


class PlayerStrip(Static):
    DEFAULT_CSS = """
    PlayerStrip { height: auto; }
    """

    def show(self, rows: list[Text]) -> None:
        self.update(Text("\n").join(rows) if rows else Text(""))


def fit_keys(hint: str, width: int) -> str:
    """The items of `hint` (separated by two spaces, most important first) that fit in `width`
    cells after a leading space: whole items are dropped from the end, never a word cut."""
    items = [item.strip() for item in hint.split(KEY_SEPARATOR) if item.strip()]
    line = ""
    for item in items:
        candidate = f"{line}{KEY_SEPARATOR}{item}" if line else item
        if 1 + cell_len(candidate) > width:
            break
        line = candidate
    return " " + line if line else ""


class KeyBar(Widget):
    """The footer: the keys that work here, in one line.

    `show(hint)` takes the items separated by two spaces, listed most important first; when the bar
    is too narrow for all of them, the trailing items are left out whole."""

    DEFAULT_CSS = """
    KeyBar { height: 1; dock: bottom; }
    """

    def __init__(self, hint: str = "", *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.hint = hint

    def show(self, hint: str) -> None:
        if hint != self.hint:
            self.hint = hint
            self.refresh()

    @property
    def shown(self) -> str:
        """The line as it fits now."""
        return fit_keys(self.hint, self.size.width or 80)

    def render(self) -> Text:
        return Text(self.shown, no_wrap=True, overflow="crop")
