"""RialtoBoard, the widget: the map (venice.py) and the lines under it (tray.py), drawn line by
line from the scene it was shown (see widgets/lineboard.py)."""

from __future__ import annotations

from rich.text import Text

from ...widgets.lineboard import LineBoard
from .layout import Layout
from .scene import Scene
from .tray import tray_lines
from .venice import draw_map


class RialtoBoard(LineBoard[Scene]):
    LAYOUT = Layout

    def draw(self, scene: Scene, layout: Layout) -> tuple[list[Text], list[Text]]:
        key = (layout, scene.place, scene.marked, scene.preview, scene.places)
        return self.cached_map(key, scene.view, lambda: draw_map(layout, scene)), tray_lines(scene, layout)
