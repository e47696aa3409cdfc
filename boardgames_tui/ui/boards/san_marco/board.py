"""VeniceBoard, the widget: the map (venice.py) and the tray under it (tray.py), drawn line by line
from the screen's scene. Finished lines are kept as strips by what they show, so a cursor move
repaints only the lines it changed.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from .layout import Layout
from .tray import TrayLine, tray_lines
from .venice import draw_map


class VeniceBoard(Widget):
    DEFAULT_CSS = """
    VeniceBoard { height: auto; }
    """

    def __init__(self, *, id: str | None = "board"):
        super().__init__(id=id)
        self.source: Any = None  # the screen: scene() says what to show
        self.layout_now = Layout(80, 24)
        self.map_lines = 0
        self.tray: list[TrayLine] = []
        self._lines: list[tuple[Text, Hashable]] = []
        self._strips: dict[Hashable, Strip] = {}
        self._base_style = Style()
        self._map_key: tuple | None = None
        self._map_view: object = None  # the view the map was drawn from (kept, not its id)
        self._map: list[Text] = []

    def update_view(self, view: Mapping, screen: Any) -> None:
        self.source = screen
        self.redraw()

    def current_layout(self) -> Layout:
        width = self.size.width or (self.app.size.width if self.is_attached else 80)
        height = self.app.size.height if self.is_attached else 24
        return Layout(width, height)

    def prepare(self) -> None:
        layout = self.layout_now = self.current_layout()
        scene = self.source.scene()
        # The map is drawn again only when what it shows changed: while a divider picks cards,
        # only the lines under it do.
        notes = tuple((d, note.plain, tuple(note.spans)) for d, note in sorted(scene.notes.items()))
        map_key = (layout, scene.place, scene.marked, notes)
        if map_key != self._map_key or scene.view is not self._map_view:
            self._map_key, self._map_view = map_key, scene.view
            self._map = draw_map(layout, scene)
        lines = list(self._map)
        self.map_lines = len(lines)
        self.tray = tray_lines(scene, layout.width - 1)
        lines += [line.text for line in self.tray]
        self._lines = [
            (text, (text.plain, tuple(text.spans), str(text.style), layout.width)) for text in lines
        ]
        if len(self._strips) > 512:
            self._strips.clear()

    def redraw(self) -> None:
        if self.source is None:
            return
        before = [key for _, key in self._lines]
        self.prepare()
        if not self.is_mounted:
            return
        after = [key for _, key in self._lines]
        if len(before) != len(after):
            self.refresh(layout=True)
            return
        width = self.size.width or 80
        changed = [Region(0, y, width, 1) for y, key in enumerate(after) if before[y] != key]
        if changed:
            self.refresh(*changed)

    def get_content_height(self, container, viewport, width: int) -> int:
        if self.source is not None and not self._lines:
            self.prepare()
        return len(self._lines)

    def on_resize(self, event: events.Resize) -> None:
        if self.source is not None:
            self.prepare()
            self.refresh(layout=True)

    def render_line(self, y: int) -> Strip:
        width = self.size.width or 80
        if y == 0:
            self._base_style = self.rich_style
        if y >= len(self._lines):
            return Strip.blank(width, self._base_style)
        text, key = self._lines[y]
        strip = self._strips.get(key)
        if strip is None:
            strip = Strip(list(text.render(self.app.console))).extend_cell_length(width).crop(0, width)
            self._strips[key] = strip
        return strip.apply_style(self._base_style)

    def on_click(self, event: events.Click) -> None:
        screen = self.source
        if screen is None:
            return
        if event.y < self.map_lines:
            place = self.layout_now.place_at(event.x, event.y)
            if place is not None:
                screen.map_clicked(place)
            return
        index = event.y - self.map_lines
        if 0 <= index < len(self.tray):
            line = self.tray[index]
            for x0, x1, card in line.cards:
                if x0 <= event.x < x1:
                    screen.card_clicked(card)
                    return
            if line.pile is not None:
                screen.pile_clicked(line.pile)
