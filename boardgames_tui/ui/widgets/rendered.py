"""A long Rich renderable (a rules reference) that scrolls: rendered once per width into lines,
of which only the visible ones are drawn each frame.

A Static in a scrolling container renders its whole content to measure it and again to draw it;
for a rules reference of a few hundred lines that made the help screen slow to open. The lines are
kept by (key, width), and `prerender` fills that cache from a worker thread before the screen is
ever opened.
"""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from collections.abc import Callable

from rich.console import Console, RenderableType
from rich.segment import Segment
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

# (key, width) -> the rendered lines; a few texts at a few widths are all a session needs.
_CACHE: OrderedDict[tuple[str, int], tuple[Strip, ...]] = OrderedDict()
_CACHE_SIZE = 16
_LOCK = threading.Lock()


def _render(key: str, make: Callable[[], RenderableType], console: Console, width: int) -> tuple[Strip, ...]:
    with _LOCK:
        found = _CACHE.get((key, width))
        if found is not None:
            _CACHE.move_to_end((key, width))
            return found
    lines = console.render_lines(make(), console.options.update_width(width), pad=True)
    found = tuple(Strip(Segment.simplify(line), width) for line in lines)
    with _LOCK:
        _CACHE[(key, width)] = found
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return found


def prerender(key: str, make: Callable[[], RenderableType], width: int) -> None:
    """Render into the cache ahead of time; safe from a worker thread (it has its own console).
    Styles are kept as styles, so the lines are the same as the app's console would make."""
    console = Console(file=io.StringIO(), width=width, force_terminal=True, color_system="truecolor")
    _render(key, make, console, width)


class RenderedText(ScrollView, can_focus=True):
    DEFAULT_CSS = """
    RenderedText { height: 1fr; scrollbar-gutter: stable; }
    """

    def __init__(
        self,
        make: Callable[[], RenderableType],
        key: str,
        *,
        id: str | None = None,
        classes: str | None = None,
    ):
        super().__init__(id=id, classes=classes)
        self.make = make  # called only when the lines for `key` at a width are not cached yet
        self.key = key
        self._lines: tuple[Strip, ...] = ()
        self._width = 0

    def lines_for(self, width: int) -> tuple[Strip, ...]:
        if width != self._width:
            self._width = width
            self._lines = _render(self.key, self.make, self.app.console, max(1, width))
            self.virtual_size = Size(width, len(self._lines))
        return self._lines

    def on_resize(self) -> None:
        self.lines_for(self.scrollable_content_region.width)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        lines = self.lines_for(width)
        index = self.scroll_offset.y + y
        if 0 <= index < len(lines):
            return lines[index].crop(0, width).apply_style(self.rich_style)
        return Strip.blank(width, self.rich_style)
