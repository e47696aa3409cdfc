"""The action list: the legal actions grouped by kind, numbered so that digits pick them.

A group with one action runs it; a group with several opens a choice (the screen does that).
Every legal action is reachable from here by keyboard, whatever the board offers besides.

Where the board prints a number for a choice (San Marco's pile 2, Rialto's row 3, a district's
round number), the group carries that `number`, and its digit is that number whatever else is
listed or has gone: after row 1 is taken, 3 is still row 3. The other groups take the digits
left over, in order (`digits`).
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
    # The number the board prints for this choice (1–9): its digit. None: a digit left over.
    number: int | None = None

    def line(self) -> str:
        if len(self.actions) == 1 or not self.counted:
            return self.label
        return f"{self.label} ({len(self.actions)})…"


def group_actions(
    actions: Sequence[Action],
    label_of: Callable[[str, list[Action]], str],
    number_of: Callable[[Action], int | None] = lambda action: None,
) -> list[ActionGroup]:
    """Group by `kind`, keeping the order in which kinds first appear; an action the board prints
    a number for (`number_of`) has a group of its own (of its kind) carrying that number."""
    groups: dict[tuple[str, int | None], ActionGroup] = {}
    for action in actions:
        number = number_of(action)
        key = (action.kind, number)
        if key not in groups:
            groups[key] = ActionGroup(action.kind, "", number=number)
        groups[key].actions.append(action)
    result = list(groups.values())
    for group in result:
        group.label = label_of(group.key, group.actions)
    return result


# The digits in the order the list hands them out: 1–9, then 0 for a tenth.
DIGIT_ORDER = (*range(1, 10), 0)


def digits(groups: Sequence[ActionGroup]) -> list[int | None]:
    """Each group's digit (0 for the tenth): its own `number` where it has one, the first of it
    winning should two claim the same; the others in order take the digits no group claims.
    None: no digit is left (the group is still there for a click)."""
    claimed: list[int | None] = [None] * len(groups)
    taken: set[int] = set()
    for i, group in enumerate(groups):
        n = group.number
        if n is not None and 1 <= n <= 9 and n not in taken:
            claimed[i] = n
            taken.add(n)
    free = iter(d for d in DIGIT_ORDER if d not in taken)
    return [d if d is not None else next(free, None) for d in claimed]


def digit_name(index: int) -> int:
    """The digit a pick(index) binding stands for: 0–8 are 1–9, 9 is 0 (the boardkit's DIGITS)."""
    return index + 1 if index < 9 else 0


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
        for i, (group, digit) in enumerate(zip(self.groups, digits(self.groups))):
            row, col = i % self._rows, i // self._rows
            cell = Text()
            cell.append(f" {' ' if digit is None else digit} ", style="" if digit is None else "bold reverse")
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
