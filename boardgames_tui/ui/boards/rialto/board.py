"""RialtoBoard, the widget: the map (venice.py) and the lines under it (the scene's tray), drawn
line by line from the screen's scene (see widgets/lineboard.py)."""

from __future__ import annotations

from rich.text import Text

from ...widgets.lineboard import LineBoard
from .layout import Layout
from .venice import draw_map


class RialtoBoard(LineBoard):
    LAYOUT = Layout

    def draw(self, layout: Layout) -> tuple[list[Text], list[Text]]:
        scene = self.source.scene(layout)
        key = (layout, scene.place, scene.marked, scene.preview, scene.places)
        return self.cached_map(key, scene.view, lambda: draw_map(layout, scene)), list(scene.tray)
