"""StripBoard: a board drawn line by line (Textual's Line API) whose finished lines are kept as
strips by what they show, so that a cursor move or a pick repaints, and renders again, only the
lines it changed. Every board that draws its own lines derives from it: the LineBoard of the
Venice maps, Santiago's island, St. Petersburg's display."""

from __future__ import annotations

from collections.abc import Hashable

from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

# Strips kept before the cache starts over: a few screens' worth of lines, of any size.
MOST_KEPT = 512


class StripBoard(Widget):
    def __init__(self, *, id: str | None = "board"):
        super().__init__(id=id)
        self._strips: dict[Hashable, Strip] = {}
        self._base_style = Style()

    # -- what a board says -------------------------------------------------------------------------
    def line_count(self) -> int:
        raise NotImplementedError

    def line_key(self, y: int) -> Hashable:
        """What line `y` shows, as a key: two lines with one key are one strip."""
        raise NotImplementedError

    def line_text(self, y: int) -> Text:
        raise NotImplementedError

    def line_width(self) -> int:
        """The width every line is cut or padded to."""
        return self.size.width or 80

    # -- the widget ----------------------------------------------------------------------------------
    def render_lines(self, crop: Region) -> list[Strip]:
        # The style is read once a frame rather than once a line: both walk up the DOM.
        self._base_style = self.rich_style
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width = self.line_width()
        if y >= self.line_count():
            return Strip.blank(width, self._base_style)
        key = (self.line_key(y), self._base_style, width)
        strip = self._strips.get(key)
        if strip is None:
            if len(self._strips) >= MOST_KEPT:
                self._strips.clear()
            segments = self.line_text(y).render(self.app.console)
            strip = Strip(list(segments)).extend_cell_length(width).crop(0, width)
            strip = self._strips[key] = strip.apply_style(self._base_style)
        return strip

    def changed_lines(self, before: list[Hashable], after: list[Hashable]) -> None:
        """Repaint the lines whose key changed from `before` to `after`; all of them, and the
        layout, when their number did."""
        if not self.is_mounted:
            return
        if len(before) != len(after):
            self.relayout()
            return
        width = self.line_width()
        changed = [Region(0, y, width, 1) for y, key in enumerate(after) if before[y] != key]
        if changed:
            self.refresh(*changed)

    def relayout(self) -> None:
        """Have the board measured again: its number of lines changed."""
        self.refresh(layout=True)
        # Textual keeps a widget's measured size until the widget's layout count moves on, and a
        # layout asked for while one is still pending does not move it: the board would keep its
        # old height (after a shrink, pushing the frame off the screen until the next resize).
        # Asked again once the pending one is done, it counts.
        self.call_after_refresh(self.refresh, layout=True)
