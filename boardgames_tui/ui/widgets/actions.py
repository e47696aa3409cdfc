"""The action list: the legal actions grouped by kind, numbered so that digits pick them.

A group with one action runs it; a group with several opens a choice (the screen does that).
Every legal action is reachable from here by keyboard, whatever the board offers besides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import ceil

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ...rules.core import Action


@dataclass
class ActionGroup:
    key: str
    label: str
    actions: list[Action] = field(default_factory=list)
    counted: bool = True  # False: no "(240)…" count (e.g. a group that asks for an amount)

    def line(self) -> str:
        if len(self.actions) == 1 or not self.counted:
            return self.label
        return f"{self.label} ({len(self.actions)})…"


def group_actions(
    actions: Sequence[Action], label_of: Callable[[str, list[Action]], str]
) -> list[ActionGroup]:
    """Group by `kind`, keeping the order in which kinds first appear."""
    groups: dict[str, ActionGroup] = {}
    for action in actions:
        key = action.kind
        if key not in groups:
            groups[key] = ActionGroup(key, "")
        groups[key].actions.append(action)
    result = list(groups.values())
    for group in result:
        group.label = label_of(group.key, group.actions)
    return result


class ActionList(Widget):
    """Shows numbered groups; posts Picked(index) on a click (digits are the screen's bindings)."""

    DEFAULT_CSS = """
    ActionList { height: 1fr; }
    """

    class Picked(Message):
        def __init__(self, index: int):
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.groups: list[ActionGroup] = []
        self.idle: Text = Text("")
        self._columns = 1
        self._rows = 1
        self._col_width = 1

    def show(self, groups: list[ActionGroup], idle: Text | str = "") -> None:
        self.groups = list(groups)
        self.idle = idle if isinstance(idle, Text) else Text(idle)
        self.refresh()

    def render(self) -> Text:
        if not self.groups:
            return self.idle
        height = max(1, self.size.height)
        width = max(10, self.size.width)
        n = len(self.groups)
        self._rows = min(height, n)
        self._columns = ceil(n / self._rows)
        self._col_width = width // self._columns
        lines = [Text() for _ in range(self._rows)]
        for i, group in enumerate(self.groups):
            row, col = i % self._rows, i // self._rows
            number = str(i + 1) if i < 9 else ("0" if i == 9 else " ")
            cell = Text()
            cell.append(f" {number} ", style="bold reverse" if i < 10 else "")
            cell.append(" ")
            cell.append(group.line())
            cell.truncate(self._col_width - 1, overflow="ellipsis")
            if col < self._columns - 1:
                cell.pad_right(self._col_width - cell.cell_len)
            lines[row].append_text(cell)
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        if not self.groups:
            return
        col = min(event.x // max(1, self._col_width), self._columns - 1)
        index = col * self._rows + event.y
        if 0 <= event.y < self._rows and 0 <= index < len(self.groups):
            self.post_message(self.Picked(index))
