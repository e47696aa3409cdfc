"""DisplayBoard, the widget: the display's lines (display.py) drawn from the scene it was shown, line
by line, for its size (layout.py); a click on a cell is posted as that cell (row, column)."""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Span, Text
from textual import events
from textual.geometry import Size

from ...widgets.sceneboard import BoardClicked
from ...widgets.stripboard import StripBoard
from . import display
from .layout import Cell, Layout
from .scene import Scene

# A board line's content (plain text, spans, style, width): a finished strip is kept by it.
LineKey = tuple[str, tuple[Span, ...], str, int]
# What the board's lines are made from: of the scene, the view, the cursor, whose prices and the
# marks; the width and the terminal's height.
LinesKey = tuple[tuple[int, Cell | None, bool, int | None, frozenset[str]] | None, int, int]


class DisplayBoard(StripBoard):
    """The two rows of eight, the stacks and the special decisions. Cursor keys live on the screen."""

    DEFAULT_CSS = """
    DisplayBoard { height: auto; }
    """

    def __init__(self, *, id: str | None = "board"):
        super().__init__(id=id)
        self.scene: Scene | None = None  # what to show, as the screen last gave it
        # A cursor move changes two or three lines: the strips are kept by content (StripBoard).
        self._lines: list[tuple[Text, LineKey]] = []  # (text, what it shows) per line
        self._lines_key: LinesKey | None = None

    def show(self, scene: Scene) -> None:
        self.scene = scene
        self.redraw()

    # -- drawing -------------------------------------------------------------------------------
    def height_now(self) -> int:
        """The terminal's rows: from 34 each cell has a third line (layout.TALL)."""
        return self.app.size.height if self.is_attached else 24

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def prepared(self, width: int) -> list[tuple[Text, LineKey]]:
        """The lines for the current scene and size, each with the key it is cached by."""
        scene = self.scene
        shown = (
            (id(scene.view), scene.place, scene.show_cursor, scene.prices_for, scene.marked)
            if scene is not None
            else None
        )
        key: LinesKey = (shown, width, self.height_now())
        if key != self._lines_key:
            self._lines = [
                (text, (text.plain, tuple(text.spans), str(text.style), width)) for text in self.lines(width)
            ]
            self._lines_key = key
        return self._lines

    def redraw(self) -> None:
        """After a change: repaint only the lines whose content changed (after a cursor move the
        cursor's old and new cells and the card line), not the whole board."""
        before: list[Hashable] = [key for _, key in self._lines] if self._lines_key is not None else []
        self.changed_lines(before, [key for _, key in self.prepared(self.line_width())])

    def line_count(self) -> int:
        return len(self.prepared(self.line_width()))

    def line_key(self, y: int) -> Hashable:
        return self._lines[y][1]

    def line_text(self, y: int) -> Text:
        return self._lines[y][0]

    def lines(self, width: int) -> list[Text]:
        if self.scene is None:
            return [Text("")]
        return display.display_lines(self.scene, Layout(width, self.height_now()))

    def describe(
        self, key: str, price: int | None, width: int, lead: str = "▸ ", priced: bool = False
    ) -> list[Text]:
        """A card in words, as the card line says it (display.describe), by this game's option
        for the Tax Man."""
        taxman = "aristocrat" if self.scene is None else self.scene.view.options.taxman_phase
        return display.describe(key, price, width, taxman, lead, priced)

    # -- mouse ---------------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        if self.scene is None:
            return
        cell = Layout(self.line_width(), self.height_now()).cell_at(event.x, event.y)
        if cell is not None:
            self.post_message(BoardClicked(cell))
