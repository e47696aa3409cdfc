"""Escape and the key typed right after it are two keys, even when they arrive together.

A terminal sends Alt+key as Escape followed by the key, so Textual reads an Escape glued to the
next character as one Alt key. Over SSH and when pasting, keys arrive in one read, and Escape then
Enter comes in as "\\x1b\\r": Textual reports it as a bare Enter, so the Escape is lost and the
Enter lands on the dialog the Escape was meant to close (q, then Escape Enter, quit the game).
Escape then Space is read the same way; Escape then a digit or a letter becomes an Alt key that no
screen binds, so both keys are lost. No screen here binds an Alt key, so the parser below reads
those pairs as the two keys the player pressed. It leaves alone every pair a terminal sends for a
key of its own: the starts of longer sequences (ESC [, ESC O, ESC P, ESC ]), Alt+Backspace, and
Alt+b / Alt+f (word left and right in a text field).

Textual builds its parser inside its drivers' input loops, so `install` swaps the class those
modules name (Textual is pinned in pyproject.toml; tests/ui/test_terminal_keys.py checks the
parser on the pinned version).
"""

from __future__ import annotations

from collections.abc import Iterable

from textual._xterm_parser import XTermParser
from textual.message import Message

ESC = "\x1b"


def splits(follower: str) -> bool:
    """Whether an Escape followed at once by `follower` is read as Escape, then `follower`."""
    if follower in "\r\n ":
        return True
    return follower.isascii() and follower.isalnum() and follower not in "OPbf"


class SplitEscapeParser(XTermParser):
    """Textual's parser, but an Escape glued to Enter, Space, a digit or a letter is two keys."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self._last = ""  # the last character fed

    def feed(self, data: str) -> Iterable[Message]:
        if not data:
            yield from super().feed(data)
            return
        start = 0
        if self._last == ESC and self._escape_waiting() and splits(data[0]):
            # The Escape came at the end of the last read and this read goes on with its key.
            yield from self._end_escape()
        self._last = data[-1]
        for i in range(len(data) - 1):
            if data[i] == ESC and splits(data[i + 1]):
                yield from super().feed(data[start : i + 1])
                if self._escape_waiting():
                    yield from self._end_escape()
                start = i + 1
        yield from super().feed(data[start:])

    def _escape_waiting(self) -> bool:
        # After an Escape the parser reads on with a deadline (Textual's ESCAPE_DELAY); with no
        # deadline set, it is not waiting on an Escape (an earlier one has already timed out).
        return self._timeout_time is not None

    def _end_escape(self) -> Iterable[Message]:
        # What the deadline passing does: the Escape is reported on its own.
        self._timeout_time = float("-inf")
        yield from self.tick()


def install() -> None:
    """Make the terminal and browser drivers read keys with SplitEscapeParser (idempotent)."""
    from textual.drivers import linux_driver, web_driver

    # The drivers' own import of the parser, replaced: Textual does not export that name.
    linux_driver.XTermParser = SplitEscapeParser  # type: ignore[attr-defined]
    web_driver.XTermParser = SplitEscapeParser  # type: ignore[attr-defined]
