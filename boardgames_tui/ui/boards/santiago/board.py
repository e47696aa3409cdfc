"""The island widget: the picture of the fields and ditches (picture.py), the side panel on the
right (panel.py) and a legend line below, drawn from the scene it was shown.

Drawing is line by line (Textual's Line API): the picture without the cursor is made once per view
and size; the cursor is laid over the lines it touches; each finished line is kept as a strip by
what it shows. A cursor move repaints only the lines whose content changed: the cursor's old and
new lines, the fields a ditch would water, and the panel's hint. The places a walkthrough marks
(places.py) are laid over the lines like the cursor, so they are in each line's key too.
"""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.strip import Strip

from ....rules.santiago.actions import PlaceLeftover, PlacePalm
from ...boardkit import PLACE
from ...widgets.sceneboard import BoardClicked
from ...widgets.stripboard import StripBoard
from .layout import Layout
from .panel import assemble, facts, hint_lines
from .picture import Marks, Picture, cursor_marks, draw_grid, legend_line, with_marks
from .places import panel_marks, panel_room, with_places
from .scene import Scene
from .signs import Field, fit


class SantiagoBoard(StripBoard):
    """The island and its side panel, drawn from the scene it was last shown (the cursor, the
    amount and the tile live on the screen, which shows a new scene when they change)."""

    DEFAULT_CSS = """
    SantiagoBoard { height: auto; }
    """

    def __init__(self, *, id: str | None = "board"):
        super().__init__(id=id)
        self.scene: Scene | None = None  # what to show, as the screen last gave it
        self.version = 0  # counts the views shown: the picture without the cursor is made per view
        self.layout_now: Layout | None = None
        self.picture: Picture | None = None
        self._picture_key: tuple[int, Layout] | None = None
        self._legend: Text = Text("")
        self._marks: Marks = {}
        # the side panel's facts (panel.facts), by what they show
        self._facts: tuple[Hashable, tuple[list[Text], list[list[Text]]]] | None = None
        self._side: list[Text] = []
        self._keys: list[Hashable] = []  # per line: what it shows, for the strip cache

    # -- what to show ----------------------------------------------------------------------------
    def show(self, scene: Scene) -> None:
        if self.scene is None or scene.view is not self.scene.view:
            self.version += 1
        self.scene = scene
        self.redraw()

    def current_layout(self, width: int | None = None) -> Layout:
        height = self.app.size.height if self.is_attached else 24
        return Layout(width or self.size.width or 80, height)

    def redraw(self) -> None:
        """Bring the lines up to date with the scene; repaint only those that changed."""
        if self.scene is None:
            return
        before = self._keys
        self.prepare(self.current_layout(), self.scene)
        self.changed_lines(before, self._keys)

    def prepare(self, layout: Layout, scene: Scene) -> None:
        self.layout_now = layout
        if not scene.view:
            self.picture = None
            self._keys = [("empty", layout.width)]
            return
        key = (self.version, layout)
        if self.picture is None or key != self._picture_key:
            self.picture = draw_grid(scene.view, layout, self.marked_fields(scene))
            self._legend = legend_line(scene.view, layout, scene.names)
            self._picture_key = key
        self._marks = with_places(cursor_marks(self.picture, scene), self.picture, scene.marked)
        side_width = layout.side_width
        self._side = []
        if side_width:
            facts_key = (key, scene.tile_slot, scene.marked)
            if self._facts is None or self._facts[0] != facts_key:
                self._facts = (facts_key, facts(scene, side_width))
            body, sections = self._facts[1]
            hint = hint_lines(scene)
            self._side = assemble(body, sections, hint, layout.grid_height)
            if scene.marked:  # a marked line of the panel: reversed (in the strips' key, by its spans)
                for y in panel_marks(scene, scene.marked, panel_room(scene, layout)):
                    self._side[y] = self._side[y].copy()
                    self._side[y].stylize(PLACE, 0, len(self._side[y]))
        keys: list[Hashable] = []
        for y in range(layout.grid_height):
            side = self._side[y] if y < len(self._side) else None
            side_key = (side.plain, tuple(side.spans), str(side.style)) if side is not None else None
            keys.append((key, y, self._marks.get(y), side_key))
        keys.append((key, "legend"))
        self._keys = keys

    @staticmethod
    def marked_fields(scene: Scene) -> set[Field]:
        """Where the leftover tile or a palm may go: marked only because not every empty field is
        allowed (any empty field takes a planted tile)."""
        if not scene.acting or scene.phase not in ("leftover", "palms"):
            return set()
        return {(a.col, a.row) for a in scene.legal if isinstance(a, (PlaceLeftover, PlacePalm))}

    # -- drawing ---------------------------------------------------------------------------------
    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self.scene is None or not self.scene.view:
            return 1
        return self.current_layout(width).height_in_lines

    def line_text(self, y: int) -> Text:
        layout, pic = self.layout_now, self.picture
        if layout is None or pic is None or y > layout.grid_height:
            return Text("")
        if y == layout.grid_height:
            return self._legend
        line = pic.lines[y]
        if y in self._marks:
            line = with_marks(line, self._marks[y])
        if layout.side_width:
            line = line.copy()
            line.pad_right(layout.grid_width - line.cell_len + 1)
            side = self._side[y] if y < len(self._side) else Text("")
            line.append_text(fit(side, layout.side_width))
        return line

    def lines(self, width: int) -> list[Text]:
        """Every line at `width`, as drawn (for the screen's measures and for tests)."""
        if self.scene is None:
            return [Text("")]
        self.prepare(self.current_layout(width), self.scene)
        return [self.line_text(y) for y in range(len(self._keys))]

    def render_lines(self, crop: Region) -> list[Strip]:
        layout = self.current_layout()
        if layout != self.layout_now and self.scene is not None:
            self.prepare(layout, self.scene)
        return super().render_lines(crop)

    def line_count(self) -> int:
        return len(self._keys) if self.scene is not None else 0

    def line_key(self, y: int) -> Hashable:
        return self._keys[y]

    def line_width(self) -> int:
        return self.layout_now.width if self.layout_now else (self.size.width or 80)

    # -- mouse -----------------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        pic = self.picture
        if pic is None or self.scene is None or not 0 <= event.y < len(pic.spots):
            return
        for x0, x1, kind, place in pic.spots[event.y]:
            if x0 <= event.x < x1:
                self.post_message(BoardClicked((kind, place)))
                return
