"""RialtoBoard, the widget: the map (venice.py) and the lines under it (the scene's tray), drawn
line by line from the screen's scene (see widgets/lineboard.py)."""

from __future__ import annotations

from rich.text import Text

from ...widgets.lineboard import LineBoard
from .layout import Layout
from .venice import draw_map


class RialtoBoard(LineBoard):
    def __init__(self, *, id: str | None = "board"):
        super().__init__(id=id)
        self._map_key: tuple | None = None
        self._map_view: object = None  # the view the map was drawn from (kept, not its id)
        self._map: list[Text] = []

    def make_layout(self, width: int, height: int) -> Layout:
        return Layout(width, height)

    def draw(self, layout: Layout) -> tuple[list[Text], list[Text]]:
        scene = self.source.scene(layout)
        # The map is drawn again only when what it shows changed: while cards are picked, only
        # the lines under it do.
        key = (layout, scene.place, scene.marked, scene.preview)
        if key != self._map_key or scene.view is not self._map_view:
            self._map_key, self._map_view = key, scene.view
            self._map = draw_map(layout, scene)
        return list(self._map), list(scene.tray)
