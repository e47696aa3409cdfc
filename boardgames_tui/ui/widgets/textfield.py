"""A one-line text field for short entries (a player's name, a seed).

Textual's Input does far more (selection, suggestions, a blinking cursor on a timer, scrolling by
the cell) and costs the launcher's first frame about a tenth of its time for its five fields. This
one types, deletes and moves the cursor, takes a paste, and refuses what its `restrict` pattern or
`max_length` would not allow; the cursor is shown in reverse video, so it needs no colour.
"""

from __future__ import annotations

import re

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.widget import Widget


class TextField(Widget, can_focus=True):
    DEFAULT_CSS = """
    TextField { height: 1; width: 1fr; background: $boost; }
    TextField:focus { background: $primary 30%; }
    """

    BINDINGS = [
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("home,ctrl+a", "cursor_to(0)", show=False),
        Binding("end,ctrl+e", "cursor_to(-1)", show=False),
        Binding("backspace", "delete(-1)", show=False),
        Binding("delete,ctrl+d", "delete(0)", show=False),
        Binding("ctrl+u", "delete_to(0)", show=False),
        Binding("ctrl+k", "delete_to(-1)", show=False),
        Binding("enter", "submit", show=False),
    ]

    def __init__(
        self,
        value: str = "",
        *,
        max_length: int = 0,
        restrict: str | None = None,
        prefix: Text | str = "",
        id: str | None = None,
        classes: str | None = None,
    ):
        super().__init__(id=id, classes=classes)
        # shown before the text and never edited: a label that would otherwise be a widget of its own
        self.prefix = Text(prefix) if isinstance(prefix, str) else prefix
        self.max_length = max_length
        self.restrict = re.compile(restrict) if restrict else None
        self._value = value
        self.cursor = len(value)

    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, value: str) -> None:
        self._value = value
        self.cursor = len(value)
        self.refresh()

    def allows(self, value: str) -> bool:
        if self.max_length and len(value) > self.max_length:
            return False
        return self.restrict is None or self.restrict.fullmatch(value) is not None

    def insert(self, text: str) -> None:
        """Type `text` at the cursor, as much of it as the field allows (a paste may be cut short)."""
        for char in text:
            if not char.isprintable():
                continue
            value = self._value[: self.cursor] + char + self._value[self.cursor :]
            if not self.allows(value):
                continue
            self._value = value
            self.cursor += 1
        self.refresh()

    # -- keys ----------------------------------------------------------------------------------
    def check_consume_key(self, key: str, character: str | None) -> bool:
        # a printable key is typed here, never taken as the screen's binding (q, ?, x...)
        return character is not None and character.isprintable()

    def on_key(self, event: events.Key) -> None:
        if event.is_printable and event.character is not None:
            event.stop()
            event.prevent_default()
            self.insert(event.character)

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        self.insert(" ".join(event.text.splitlines()))

    def action_cursor(self, step: int) -> None:
        self.cursor = max(0, min(len(self._value), self.cursor + step))
        self.refresh()

    def action_cursor_to(self, where: int) -> None:
        self.cursor = len(self._value) if where < 0 else where
        self.refresh()

    def action_delete(self, offset: int) -> None:
        at = self.cursor + offset
        if 0 <= at < len(self._value):
            self._value = self._value[:at] + self._value[at + 1 :]
            self.cursor = at
            self.refresh()

    def action_delete_to(self, where: int) -> None:
        """Delete from the cursor to the start (0) or to the end (-1)."""
        if where < 0:
            self._value = self._value[: self.cursor]
        else:
            self._value = self._value[self.cursor :]
            self.cursor = 0
        self.refresh()

    def action_submit(self) -> None:
        self.screen.focus_next()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        self.focus()
        at = event.x - self.prefix.cell_len + self._scrolled()
        self.cursor = max(0, min(len(self._value), at))
        self.refresh()

    # -- drawing -------------------------------------------------------------------------------
    def _scrolled(self) -> int:
        """How many characters are hidden off the left edge, to keep the cursor in sight."""
        width = max(1, self.content_size.width - self.prefix.cell_len)
        return max(0, self.cursor - width + 1)

    def render(self) -> Text:
        start = self._scrolled()
        shown = self._value[start:]
        text = Text(shown, no_wrap=True, end="")
        if self.has_focus:
            at = self.cursor - start
            if at >= len(shown):
                text.append(" ")
            text.stylize("reverse", at, at + 1)
        if not self.prefix:
            return text
        line = Text(no_wrap=True, end="")
        line.append_text(self.prefix)  # the prefix keeps its own style, the text its own
        line.append_text(text)
        return line
