"""VeniceBoard, the widget: the map (venice.py) and the tray under it (tray.py), drawn line by line
from the scene it was shown (see widgets/lineboard.py); a click on the map names its place, one on
the tray ("card", i) or ("pile", p)."""

from __future__ import annotations

from rich.text import Text

from ...widgets.lineboard import LineBoard
from ...widgets.sceneboard import BoardClicked
from .layout import Layout
from .scene import Scene
from .tray import TrayLine, tray_lines
from .venice import draw_map


class VeniceBoard(LineBoard[Scene]):
    LAYOUT = Layout

    def __init__(self, *, id: str | None = "board"):
        super().__init__(id=id)
        self.tray: list[TrayLine] = []

    def draw(self, scene: Scene, layout: Layout) -> tuple[list[Text], list[Text]]:
        notes = tuple((d, note.plain, tuple(note.spans)) for d, note in sorted(scene.notes.items()))
        key = (layout, scene.place, scene.marked, scene.spots, notes)
        self.tray = tray_lines(scene, layout.width - 1)
        return self.cached_map(key, scene.view, lambda: draw_map(layout, scene)), [
            line.text for line in self.tray
        ]

    def below_clicked(self, x: int, index: int) -> None:
        if 0 <= index < len(self.tray):
            line = self.tray[index]
            for x0, x1, card in line.cards:
                if x0 <= x < x1:
                    self.post_message(BoardClicked(("card", card)))
                    return
            if line.pile is not None:
                self.post_message(BoardClicked(("pile", line.pile)))
