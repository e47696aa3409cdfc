"""The player strip and the key bar, each prepared by the game's screen."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from ..boardkit import fit_footer
from .plain import Plain


class PlayerStrip(Plain):
    DEFAULT_CSS = """
    PlayerStrip { height: auto; }
    """

    def show(self, rows: list[Text]) -> None:
        self.update(Text("\n").join(rows) if rows else Text(""))


class KeyBar(Widget):
    """The footer: the keys that work here, in one line (see boardkit.fit_footer)."""

    DEFAULT_CSS = """
    KeyBar { height: 1; dock: bottom; }
    """

    def __init__(
        self,
        items: list[tuple[str, bool]] | None = None,
        *,
        id: str | None = None,
        classes: str | None = None,
    ):
        super().__init__(id=id, classes=classes)
        self.items = list(items or [])

    def show(self, items: list[tuple[str, bool]]) -> None:
        if items != self.items:
            self.items = list(items)
            self.refresh()

    @property
    def shown(self) -> str:
        """The line as it fits now."""
        return fit_footer(self.items, self.size.width or 80)

    def render(self) -> Text:
        return Text(self.shown, no_wrap=True, overflow="crop")
