"""The log pane: the newest lines that fit, wrapped, newest at the bottom."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget


class LogPane(Widget):
    DEFAULT_CSS = """
    LogPane { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.lines: list[str] = []

    def show(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.refresh()

    def render(self) -> Text:
        width = max(10, self.size.width)
        height = max(1, self.size.height)
        wrapped: list[Text] = []
        # Only the newest lines can show; wrap from the end until the pane is full.
        for line in reversed(self.lines):
            parts = Text(line).wrap(self.app.console, width - 2)
            chunk = []
            for i, part in enumerate(parts):
                part = part.copy()
                part.rstrip()
                chunk.append(Text("  " if i else "· ") + part)
            wrapped[:0] = chunk
            if len(wrapped) >= height:
                break
        wrapped = wrapped[-height:]
        if not wrapped:
            wrapped = [Text("(nothing has happened yet)", style="dim")]
        return Text("\n").join(wrapped)
