"""Escape typed together with the next key reaches the app as two keys (ui/terminal_keys.py)."""

from __future__ import annotations

import time

import pytest
from textual import constants, events
from textual._xterm_parser import XTermParser

from boardgames_tui.ui import terminal_keys
from boardgames_tui.ui.terminal_keys import SplitEscapeParser


def read(*reads: str, parser: type[XTermParser] = SplitEscapeParser) -> list[str]:
    """The keys (and other events, by class name) the parser reports for these reads."""
    p = parser()
    out: list[str] = []
    for data in reads:
        out += [e.key if isinstance(e, events.Key) else type(e).__name__ for e in p.feed(data)]
    time.sleep(constants.ESCAPE_DELAY * 1.5)  # let a trailing Escape's deadline pass
    out += [e.key if isinstance(e, events.Key) else type(e).__name__ for e in p.tick()]
    return out


@pytest.mark.parametrize(
    ("reads", "keys"),
    [
        (("\x1b\r",), ["escape", "enter"]),
        (("\x1b", "\r"), ["escape", "enter"]),  # the Escape ends one read, Enter starts the next
        (("\x1b ",), ["escape", "space"]),
        (("\x1b1",), ["escape", "1"]),
        (("\x1bq",), ["escape", "q"]),
        (("q\x1b\r1",), ["q", "escape", "enter", "1"]),
        (("\x1b\r\x1b\r\x1b",), ["escape", "enter", "escape", "enter", "escape"]),
        (("\x1b\x1b",), ["escape", "escape"]),
        (("\x1b",), ["escape"]),
    ],
)
def test_an_escape_glued_to_a_key_is_two_keys(reads, keys):
    assert read(*reads) == keys


def test_textual_alone_loses_the_escape():
    # Why the parser is swapped: on the pinned Textual the Escape vanishes and Enter survives.
    assert read("\x1b\r", parser=XTermParser) == ["enter"]
    assert read("\x1b\r\x1b\r", parser=XTermParser) == ["circumflex_accent", "enter", "enter"]


@pytest.mark.parametrize(
    ("reads", "key"),
    [
        (("\x1b[A",), "up"),
        (("\x1b[", "A"), "up"),
        (("\x1b[1;5", "A"), "ctrl+up"),  # a sequence split between reads is not cut at the seam
        (("\x1b", "[1;5A"), "ctrl+up"),
        (("\x1bOP",), "f1"),
        (("\x1b[Z",), "shift+tab"),
        (("\x1bb",), "ctrl+left"),  # Alt+b and Alt+f: word left and right in a text field
        (("\x1bf",), "ctrl+right"),
        (("\x1b\x7f",), "ctrl+w"),
    ],
)
def test_the_keys_a_terminal_sends_as_escape_sequences_are_kept(reads, key):
    assert read(*reads) == [key]
    assert read(*reads, parser=XTermParser) == [key]


def test_a_paste_still_arrives_whole():
    p = SplitEscapeParser()
    got = list(p.feed("\x1b[200~hello there\x1b[201~"))
    assert [type(e) for e in got] == [events.Paste] and got[0].text == "hello there"


def test_the_drivers_read_with_it():
    from textual.drivers import linux_driver, web_driver

    terminal_keys.install()
    assert linux_driver.XTermParser is SplitEscapeParser
    assert web_driver.XTermParser is SplitEscapeParser
