"""VeniceBoard, the widget: the map (venice.py) and the tray under it (tray.py), drawn line by line
from the screen's scene (see widgets/lineboard.py); a click on the tray picks a card or a pile."""

from __future__ import annotations

from rich.text import Text

from ...widgets.lineboard import LineBoard
from .layout import Layout
from .tray import TrayLine, tray_lines
from .venice import draw_map


class VeniceBoard(LineBoard):
    LAYOUT = Layout

    def __init__(self, *, id: str | None = "board"):
        super().__init__(id=id)
        self.tray: list[TrayLine] = []

    def draw(self, layout: Layout) -> tuple[list[Text], list[Text]]:
        scene = self.source.scene()
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
                    self.source.card_clicked(card)
                    return
            if line.pile is not None:
                self.source.pile_clicked(line.pile)
