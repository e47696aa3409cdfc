"""The fields of a form drawn as one widget (the launcher's set-up): a choice cycled with ←/→, a
short text entry, a button. Plain objects with no Textual in them, so their editing rules are
tested without an app; `widgets/setupform.py` lays them out, draws them and gives them keys.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rich.text import Text


class Field:
    """One place the form's cursor can stop; `key` names it (`name-0`, `seed`, `option-palms`).

    `when`, if given, says whether the field is shown now. It is asked each time rather than told
    once, so a field never shows a stale answer: keys typed together may move on from a player
    count before anything else has run, and the seats they reach must be those of the new count.
    """

    def __init__(self, key: str, when: Callable[[], bool] | None = None):
        self.key = key
        self.when = when

    @property
    def shown(self) -> bool:
        return self.when is None or self.when()


class Choice(Field):
    """One value out of `choices`, (value, words shown) pairs; ←/→ step through them, round."""

    def __init__(
        self,
        key: str,
        label: str,
        choices: Sequence[tuple[str, str]],
        value: str | None = None,
        width: int = 0,
        when: Callable[[], bool] | None = None,
    ):
        super().__init__(key, when)
        self.label = label
        self.label_width = width
        self.choices = list(choices)
        self.index = 0
        if value is not None:
            self.value = value

    @property
    def value(self) -> str:
        return self.choices[self.index][0]

    @value.setter
    def value(self, value: str) -> None:
        """A value not among the choices leaves the choice as it was (a stale remembered one)."""
        values = [c[0] for c in self.choices]
        if value in values:
            self.index = values.index(value)

    @property
    def words(self) -> str:
        return self.choices[self.index][1]

    def step(self, delta: int) -> bool:
        """Move to the next (1) or previous (-1) choice; whether the value changed."""
        before = self.index
        self.index = (self.index + delta) % len(self.choices)
        return self.index != before


class Entry(Field):
    """A short line of text with a cursor. Typing, pastes and deletions that `restrict` (a pattern
    the whole value must match) or `max_length` would not allow are refused, character by
    character, so a paste that is too long is cut short rather than lost."""

    def __init__(
        self,
        key: str,
        value: str = "",
        *,
        width: int = 16,
        max_length: int = 0,
        restrict: str | None = None,
        prefix: Text | str = "",
        when: Callable[[], bool] | None = None,
    ):
        super().__init__(key, when)
        self.width = width  # cells for the text and the cursor
        # shown before the text and never edited: the seat's tag, the word "Seed"
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

    def allows(self, value: str) -> bool:
        if self.max_length and len(value) > self.max_length:
            return False
        return self.restrict is None or self.restrict.fullmatch(value) is not None

    def insert(self, text: str) -> bool:
        """Type `text` at the cursor, as much of it as the field allows; whether anything changed.
        Line breaks (a pasted block) become spaces; other unprintable characters are dropped."""
        changed = False
        for char in " ".join(text.splitlines()):
            if not char.isprintable():
                continue
            value = self._value[: self.cursor] + char + self._value[self.cursor :]
            if self.allows(value):
                self._value = value
                self.cursor += 1
                changed = True
        return changed

    def move(self, step: int) -> None:
        self.cursor = max(0, min(len(self._value), self.cursor + step))

    def move_to(self, where: int) -> None:
        """To the start (0) or the end (-1)."""
        self.cursor = len(self._value) if where < 0 else 0

    def delete(self, offset: int) -> None:
        """Delete the character before the cursor (-1, Backspace) or under it (0, Delete)."""
        at = self.cursor + offset
        if 0 <= at < len(self._value) and self.allows(self._value[:at] + self._value[at + 1 :]):
            self._value = self._value[:at] + self._value[at + 1 :]
            self.cursor = at

    def delete_to(self, where: int) -> None:
        """Delete from the cursor to the start (0) or to the end (-1)."""
        value = self._value[: self.cursor] if where < 0 else self._value[self.cursor :]
        if self.allows(value):
            self._value = value
            if where >= 0:
                self.cursor = 0

    def scrolled(self) -> int:
        """How many characters are hidden off the left edge, to keep the cursor in sight."""
        return max(0, self.cursor - self.width + 1)

    def in_view(self) -> tuple[str, int]:
        """The text as it fits the field, and the cursor's place in it."""
        start = self.scrolled()
        return self._value[start : start + self.width], self.cursor - start

    def place_cursor(self, x: int) -> None:
        """Put the cursor at cell `x` of the field (a click)."""
        self.cursor = max(0, min(len(self._value), x + self.scrolled()))


class Button(Field):
    """Pressed with Enter, Space or a click: `press` is called there and then."""

    def __init__(self, key: str, label: str, press: Callable[[], None]):
        super().__init__(key)
        self.label = label
        self.press = press
