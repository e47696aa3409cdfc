"""LineBoard: a board drawn as lines of text, a map on top and lines under it, for the boards whose
map is a picture of text (San Marco's and Rialto's Venice, Macao's panels). It draws the scene it
was last shown (widgets/sceneboard.py) for the layout of its size now; finished lines are kept as
strips by what they show, so a cursor move or a card picked repaints only the lines it changed; a
click on the map is posted as the place under it (the layout's `place_at`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from rich.text import Span, Text
from textual import events
from textual.geometry import Size

from .sceneboard import BoardClicked
from .stripboard import StripBoard

SceneT = TypeVar("SceneT")

# A finished line by what it shows: its text, its styles and the width it was laid out for.
LineKey = tuple[str, tuple[Span, ...], str, int]


class LineLayout(Protocol):
    """Where things go for one terminal size: what LineBoard itself asks of a board's layout."""

    def __init__(self, width: int, height: int) -> None: ...
    @property
    def width(self) -> int: ...
    def place_at(self, x: int, y: int) -> Hashable | None: ...


class LineBoard(StripBoard, Generic[SceneT]):
    DEFAULT_CSS = """
    LineBoard { height: auto; }
    """
    # Where things go for a terminal size: made as LAYOUT(width, height).
    LAYOUT: ClassVar[type[LineLayout]]

    def __init__(self, *, id: str | None = "board"):
        super().__init__(id=id)
        self.scene: SceneT | None = None  # what to show, as the screen last gave it
        self.layout_now: Any = self.make_layout(80, 24)
        self.map_lines = 0
        self._lines: list[tuple[Text, LineKey]] = []
        self._map_key: Hashable = None
        self._map_view: object = None  # the view the map was drawn from (kept, not its id)
        self._map: list[Text] = []

    # -- what a board says -----------------------------------------------------------------------
    def make_layout(self, width: int, height: int) -> Any:
        return self.LAYOUT(width, height)

    def draw(self, scene: SceneT, layout: Any) -> tuple[list[Text], list[Text]]:
        """The map's lines and the lines under it, for this scene at this size."""
        raise NotImplementedError

    def below_clicked(self, x: int, index: int) -> None:
        """A click on line `index` under the map."""

    def cached_map(self, key: Hashable, view: object, draw: Callable[[], list[Text]]) -> list[Text]:
        """The map's lines, drawn again only when what it shows changed (`key`, or a new `view`):
        while cards are picked, only the lines under it do."""
        if key != self._map_key or view is not self._map_view:
            self._map_key, self._map_view = key, view
            self._map = draw()
        return list(self._map)

    # -- the widget ------------------------------------------------------------------------------
    def show(self, scene: SceneT) -> None:
        self.scene = scene
        self.redraw()

    def current_layout(self, width: int | None = None) -> Any:
        width = width or self.size.width or (self.app.size.width if self.is_attached else 80)
        height = self.app.size.height if self.is_attached else 24
        return self.make_layout(width, height)

    def prepare(self, scene: SceneT, width: int | None = None) -> None:
        layout = self.layout_now = self.current_layout(width)
        top, below = self.draw(scene, layout)
        self.map_lines = len(top)
        # a line a board hands back unchanged (the same object) keeps the key it had
        known = {id(text): (text, key) for text, key in self._lines if key[3] == layout.width}
        lines: list[tuple[Text, LineKey]] = []
        for text in top + below:
            old = known.get(id(text))
            if old is not None and old[0] is text:
                lines.append(old)
            else:
                lines.append((text, (text.plain, tuple(text.spans), str(text.style), layout.width)))
        self._lines = lines

    def redraw(self) -> None:
        if self.scene is None:
            return
        before: list[Hashable] = [key for _, key in self._lines]
        self.prepare(self.scene)
        self.changed_lines(before, [key for _, key in self._lines])

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # Measured for the size the terminal has now, not the one the lines were drawn for: after
        # a shrink, the lines drawn for the bigger terminal would claim their old height until the
        # board's resize drew them again and asked for another layout.
        if self.scene is not None and (not self._lines or self.current_layout(width) != self.layout_now):
            self.prepare(self.scene, width)
        return len(self._lines)

    def on_resize(self, event: events.Resize) -> None:
        if self.scene is not None:
            count = len(self._lines)
            self.prepare(self.scene)
            if len(self._lines) != count:
                self.relayout()
            else:
                self.refresh()

    def line_count(self) -> int:
        return len(self._lines)

    def line_key(self, y: int) -> Hashable:
        return self._lines[y][1]

    def line_text(self, y: int) -> Text:
        return self._lines[y][0]

    def on_click(self, event: events.Click) -> None:
        if self.scene is None:
            return
        if event.y < self.map_lines:
            place = self.layout_now.place_at(event.x, event.y)
            if place is not None:
                self.post_message(BoardClicked(place))
            return
        self.below_clicked(event.x, event.y - self.map_lines)
