"""MacaoBoard, the widget: the rose's column and the panels beside it (panels.py), joined line by
line (see widgets/lineboard.py). Each part is drawn again only when what it shows changed, so a
cursor step on the city redraws the city and nothing else; a click is posted as the place drawn
under it."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.text import Text
from textual import events

from ...widgets.lineboard import LineBoard
from ...widgets.sceneboard import BoardClicked
from . import panels, signs
from .layout import Layout
from .panels import Hit
from .scene import Scene

RULE = Text("│", style=signs.DIM)
Part = tuple[list[Text], list[Hit]]


class MacaoBoard(LineBoard[Scene]):
    LAYOUT = Layout

    def __init__(self, *, id: str | None = "board"):
        super().__init__(id=id)
        self._parts: dict[str, tuple[Hashable, object, Part]] = {}
        self._joined: dict[tuple[int, int], tuple[Text, Text | None, Text]] = {}
        self.hit_parts: list[tuple[int, list[Hit]]] = []
        self.panel_x = 0
        self._blank = Text("")

    def part(self, name: str, key: Hashable, view: object, draw: Callable[[], Part]) -> Part:
        """A part as last drawn while its key and view are the same (the view kept, not its id)."""
        old = self._parts.get(name)
        if old is None or old[0] != key or old[1] is not view:
            old = (key, view, draw())
            self._parts[name] = old
        return old[2]

    def draw(self, scene: Scene, layout: Layout) -> tuple[list[Text], list[Text]]:
        view = scene.view
        left_key = (layout, scene.focus, scene.preview, scene.seats, scene.marks)
        left, _ = self.part("left", left_key, view, lambda: (panels.left_column(scene, layout), []))
        right: list[Text] = []
        self.hit_parts = []
        for name, height in panels.plan(scene, layout):
            key = (layout, height, name, scene.acting, scene.marks) + panels.panel_key(name, scene)

            def drawn(name: str = name, height: int = height) -> Part:
                return panels.draw_panel(name, scene, layout, height)

            lines, where = self.part(f"panel:{name}", key, view, drawn)
            self.hit_parts.append((len(right), where))
            right += lines[:height]
        self.panel_x = layout.panel_x
        count = min(layout.lines(scene.seats), max(len(left), len(right)))
        blank = self._blank if self._blank.cell_len == layout.left else Text(" " * layout.left)
        self._blank = blank
        joined: dict[tuple[int, int], tuple[Text, Text | None, Text]] = {}
        out = []
        for i in range(count):
            a = left[i] if i < len(left) else blank
            b = right[i] if i < len(right) else None
            # a line whose two halves were joined last time is reused: a cursor step changes few
            old = self._joined.get((id(a), id(b)))
            if old is not None and old[0] is a and old[1] is b:
                line = old[2]
            else:
                line = Text()  # not a copy of the left half: its own style would colour the right
                line.append_text(a)
                line.append_text(RULE)
                if b is not None:
                    line.append_text(b)
            joined[(id(a), id(b))] = (a, b, line)
            out.append(line)
        self._joined = joined
        return out, []

    @property
    def hits(self) -> list[Hit]:
        """The places drawn on the board: (line, first cell, last cell + 1, place)."""
        x = self.panel_x
        return [(top + y, x + x0, x + x1, pl) for top, where in self.hit_parts for y, x0, x1, pl in where]

    def on_click(self, event: events.Click) -> None:
        if self.scene is None:
            return
        for y, x0, x1, place in self.hits:
            if y == event.y and x0 <= event.x < x1:
                self.post_message(BoardClicked(place))
                return
