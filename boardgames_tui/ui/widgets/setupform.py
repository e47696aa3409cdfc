"""A form drawn as one widget, with its own field cursor: the launcher's set-up.

Every Textual widget costs the launcher's first frame about as much as a dozen lines of drawing
(styles, layout, compositing), and the set-up had sixteen of them: a player count, a name and a
kind per seat, the options, the seed, Play. Here they are plain fields (`formfields`) in rows, drawn
line by line, and the keys move a cursor between them as focus would move between widgets.

Keys: Tab/Shift+Tab and Enter go field by field (Tab leaves the form after its last field,
Shift+Tab before its first; Enter on a button presses it), ↑/↓ go row by row, ←/→ change a choice
or move in a text, Space changes a choice or presses a button. Printable keys are typed into a text
entry and are left to the screen's bindings elsewhere (q, ?). The mouse: a click on a field puts the
cursor there; on a choice, the left half steps back and the right half forward; on a button, it
presses it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..formfields import Button, Choice, Entry, Field

GAP = 2  # cells between two fields of a row

# The form's keys, each to a method and its argument. A key sent to the form is handled in on_key,
# not as a binding: a binding runs only once its key has bubbled up to the app, after the keys
# sent with it have been typed, so Ctrl+U then "Ann" in one write would type the name and then
# erase it. They are bindings as well, for the keys sent in one write with the key that moved the
# focus here (Enter on the games list): those were handed to the widget the focus left, and reach
# the form only through its bindings, looked up when they have bubbled up to the app.
KEYS: dict[str, tuple[str, object]] = {
    "tab": ("action_field", 1),
    "shift+tab": ("action_field", -1),
    "enter": ("action_enter", None),
    "up": ("action_row", -1),
    "down": ("action_row", 1),
    "left": ("action_side", -1),
    "right": ("action_side", 1),
    "space": ("action_space", None),
    "home": ("action_edit", "home"),
    "ctrl+a": ("action_edit", "home"),
    "end": ("action_edit", "end"),
    "ctrl+e": ("action_edit", "end"),
    "backspace": ("action_edit", "backspace"),
    "delete": ("action_edit", "delete"),
    "ctrl+d": ("action_edit", "delete"),
    "ctrl+u": ("action_edit", "start"),
    "ctrl+k": ("action_edit", "rest"),
}

# A row is the fields on one line, or words that wrap (the pitch, the message line).
Row = Sequence[Field] | Text


class Label:
    """The line of a choice's label, when the choice's value goes on the line below."""

    def __init__(self, field: Choice):
        self.field = field


class Value:
    """Line `part` of a choice's value under its label (a long value wraps)."""

    def __init__(self, field: Choice, part: int):
        self.field = field
        self.part = part


class SetupForm(ScrollView, can_focus=True):
    COMPONENT_CLASSES = {
        "setup-form--entry",
        "setup-form--entry-focus",
        "setup-form--button",
        "setup-form--button-focus",
    }

    DEFAULT_CSS = """
    SetupForm { overflow-x: hidden; overflow-y: auto; }
    SetupForm > .setup-form--entry { background: $boost; }
    SetupForm > .setup-form--entry-focus { background: $primary 30%; }
    SetupForm > .setup-form--button {
        color: $button-color-foreground; background: $primary; text-style: bold;
    }
    SetupForm > .setup-form--button-focus {
        color: $button-color-foreground; background: $primary; text-style: bold reverse;
    }
    """

    BINDINGS = [Binding(key, f"key({key!r})", show=False) for key in KEYS]

    class Moved(Message):
        """The cursor moved to another field (the screen's key bar follows it)."""

    class Edited(Message):
        """A field's value changed (a message about the set-up may no longer hold)."""

    def __init__(self, rows: Sequence[Row] = (), *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.rows: list[Row] = list(rows)
        # the key of the field under the cursor
        self.at = next((f.key for f in self.fields()), "")
        # Laid out for one width: lines, and per line what a click at each place reaches.
        self._width = 0
        self._lines: list[Text | Label | Value | list[Field]] = []
        self._hits: list[list[tuple[int, int, Field]]] = []
        self._field_lines: dict[str, tuple[int, int]] = {}
        self._strips: list[Strip] | None = None
        self._text_console: Console | None = None

    # -- the fields ----------------------------------------------------------------------------
    def set_rows(self, rows: Sequence[Row]) -> None:
        keep = self.at
        self.rows = list(rows)
        self.changed(layout=True)
        if keep not in {f.key for f in self.fields()}:
            self.first_field()

    def fields(self) -> list[Field]:
        """The fields shown, in order."""
        return [f for row in self.rows if not isinstance(row, Text) for f in row if f.shown]

    def field(self, key: str) -> Field:
        for row in self.rows:
            if not isinstance(row, Text):
                for f in row:
                    if f.key == key:
                        return f
        raise KeyError(key)

    @property
    def current(self) -> Field | None:
        for f in self.fields():
            if f.key == self.at:
                return f
        return None

    def move_to(self, key: str) -> None:
        if key != self.at:
            self.at = key
            if self.is_attached:
                self.post_message(self.Moved())
        self.changed()
        self.show_cursor()

    def first_field(self) -> None:
        shown = self.fields()
        self.move_to(shown[0].key if shown else "")

    def last_field(self) -> None:
        shown = self.fields()
        self.move_to(shown[-1].key if shown else "")

    def changed(self, layout: bool = False) -> None:
        """After a field or the rows changed: draw afresh (and lay out, when lines may come or go)."""
        self._strips = None
        if layout:
            self._width = 0
            self.relayout()
        self.refresh()

    def relayout(self) -> None:
        width = self.scrollable_content_region.width or 40
        self.lay_out(width)
        self.virtual_size = Size(width, len(self._lines))

    # -- keys ----------------------------------------------------------------------------------
    def check_consume_key(self, key: str, character: str | None) -> bool:
        # In a text entry a printable key is typed, never taken as the screen's binding (q, ?, x).
        return isinstance(self.current, Entry) and character is not None and character.isprintable()

    def on_key(self, event: events.Key) -> None:
        # A key sent in one write with one that took the focus away (Tab past Play) still comes
        # here: left to bubble up, it is taken by the bindings of wherever the focus went.
        # (has_focus is told by the Blur event, queued behind those keys: ask the screen.)
        if self.screen.focused is not self:
            return
        if event.key in KEYS or (isinstance(self.current, Entry) and event.is_printable and event.character):
            event.stop()
            event.prevent_default()
            self.action_key(event.key, event.character)

    def action_key(self, key: str, character: str | None = None) -> None:
        field = self.current
        if isinstance(field, Entry) and (key == "space" or (key not in KEYS and character)):
            if field.insert(" " if key == "space" else character or ""):
                self.edited()
            return
        if key in KEYS:
            method, argument = KEYS[key]
            if argument is None:
                getattr(self, method)()
            else:
                getattr(self, method)(argument)

    def on_paste(self, event: events.Paste) -> None:
        field = self.current
        if isinstance(field, Entry):
            event.stop()
            if field.insert(event.text):
                self.edited()

    def step_field(self, delta: int) -> bool:
        """Move the cursor to the next or previous field; False at either end."""
        keys = [f.key for f in self.fields()]
        if not keys:
            return False
        index = keys.index(self.at) if self.at in keys else -1
        index += delta
        if not 0 <= index < len(keys):
            return False
        self.move_to(keys[index])
        return True

    def action_field(self, delta: int) -> None:
        # past the last field or before the first, on to the screen's next or previous widget
        if not self.step_field(delta):
            if delta > 0:
                self.screen.focus_next()
            else:
                self.screen.focus_previous()

    def action_enter(self) -> None:
        field = self.current
        if isinstance(field, Button):
            field.press()
        else:
            self.action_field(1)

    def action_row(self, delta: int) -> None:
        """To the field in the same column of the next row with fields shown (or its last)."""
        rows = [[f for f in row if f.shown] for row in self.rows if not isinstance(row, Text)]
        rows = [row for row in rows if row]
        for index, row in enumerate(rows):
            keys = [f.key for f in row]
            if self.at in keys:
                column = keys.index(self.at)
                if 0 <= index + delta < len(rows):
                    target = rows[index + delta]
                    self.move_to(target[min(column, len(target) - 1)].key)
                return

    def action_side(self, delta: int) -> None:
        field = self.current
        if isinstance(field, Choice):
            self.change(field, delta)
        elif isinstance(field, Entry):
            field.move(delta)
            self.changed()

    def action_space(self) -> None:
        field = self.current
        if isinstance(field, Choice):
            self.change(field, 1)
        elif isinstance(field, Button):
            field.press()

    def action_edit(self, how: str) -> None:
        field = self.current
        if not isinstance(field, Entry):
            return
        if how == "home":
            field.move_to(0)
        elif how == "end":
            field.move_to(-1)
        elif how == "backspace":
            field.delete(-1)
        elif how == "delete":
            field.delete(0)
        elif how == "start":
            field.delete_to(0)
        elif how == "rest":
            field.delete_to(-1)
        self.edited()

    def change(self, field: Choice, delta: int) -> None:
        if field.step(delta):
            # Lines may come or go: the words may need two lines now, a player count shows seats.
            self.edited(layout=True)

    def edited(self, layout: bool = False) -> None:
        self.changed(layout)
        if self.is_attached:
            self.post_message(self.Edited())

    def on_click(self, event: events.Click) -> None:
        y = event.y + round(self.scroll_y)
        if not 0 <= y < len(self._hits):
            return
        for start, end, field in self._hits[y]:
            if start <= event.x < end:
                self.focus()
                self.move_to(field.key)
                if isinstance(field, Choice):
                    self.change(field, -1 if event.x < (start + end) // 2 else 1)
                elif isinstance(field, Entry):
                    field.place_cursor(event.x - start - entry_prefix_width(field))
                    self.changed()
                elif isinstance(field, Button):
                    field.press()
                return

    def on_focus(self) -> None:
        self.changed()
        self.show_cursor()

    def on_blur(self) -> None:
        self.changed()

    def show_cursor(self) -> None:
        """Scroll so that the field under the cursor is in sight."""
        place = self._field_lines.get(self.at)
        if place is not None and self.is_mounted:
            first, count = place
            self.scroll_to_region(Region(0, first, 1, count), animate=False, immediate=True)

    # -- layout --------------------------------------------------------------------------------
    def on_resize(self) -> None:
        self.changed(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self.lay_out(width)
        return len(self._lines)

    def lay_out(self, width: int) -> None:
        """Decide what goes on each line at this width: words, a row of fields, or a choice whose
        label is too long to share a line with its value (the label, then the value below)."""
        if width == self._width and self._lines:
            return
        self._width = width
        self._lines, self._hits, self._field_lines = [], [], {}
        for row in self.rows:
            if isinstance(row, Text):
                if row.plain:
                    for words in row.wrap(self.console_for_text(), max(1, width)):
                        self._lines.append(words)
                        self._hits.append([])
                continue
            shown = [f for f in row if f.shown]
            if not shown:
                continue
            first = len(self._lines)
            lone = shown[0]
            if len(shown) == 1 and isinstance(lone, Choice) and lone.label and field_width(lone) > width:
                parts = len(self.value_lines(lone, False, width))
                self._lines += [Label(lone), *[Value(lone, part) for part in range(parts)]]
                self._hits += [[(0, width, lone)]] * (1 + parts)
                self._field_lines[lone.key] = (first, 1 + parts)
                continue
            hits, x = [], 0
            for field in shown:
                hits.append((x, x + field_width(field), field))
                x += field_width(field) + GAP
                self._field_lines[field.key] = (first, 1)
            self._lines.append(shown)
            self._hits.append(hits)
        self._strips = None

    def console_for_text(self) -> Console:
        if self._text_console is None:
            self._text_console = self.app.console if self.is_attached else Console(width=80)
        return self._text_console

    # -- drawing -------------------------------------------------------------------------------
    def drawn(self) -> list[Text]:
        """Every line as the player sees it now."""
        self.lay_out(self._width or self.scrollable_content_region.width or 40)
        width = self._width
        cursor = self.at if self.has_focus else None
        out: list[Text] = []
        for line in self._lines:
            if isinstance(line, Text):
                out.append(line)
            elif isinstance(line, Label):
                label = line.field.label
                out.append(Text(label if len(label) <= width else label[: max(1, width - 1)] + "…"))
            elif isinstance(line, Value):
                text = Text("  ")
                text.append_text(self.value_lines(line.field, line.field.key == cursor, width)[line.part])
                out.append(text)
            else:
                text = Text()
                for i, field in enumerate(line):
                    if i:
                        text.append(" " * GAP)
                    text.append_text(self.field_text(field, field.key == cursor))
                out.append(text)
        return out

    def value_lines(self, field: Choice, cursor: bool, width: int) -> list[Text]:
        """A choice's value as drawn under its label: indented, wrapped if it is long."""
        return list(self.choice_text(field, cursor).wrap(self.console_for_text(), max(1, width - 2)))

    def field_text(self, field: Field, cursor: bool) -> Text:
        if isinstance(field, Choice):
            text = Text()
            if field.label:
                text.append(f"{field.label:<{field.label_width}} ")
            text.append_text(self.choice_text(field, cursor))
            return text
        if isinstance(field, Entry):
            text = field.prefix.copy()
            shown, at = field.in_view()
            style = self.component("setup-form--entry-focus" if cursor else "setup-form--entry")
            body = Text(shown.ljust(field.width), style=style)
            if cursor:
                body.stylize("reverse", at, at + 1)
            text.append_text(body)
            return text
        if isinstance(field, Button):
            name = "setup-form--button-focus" if cursor else "setup-form--button"
            return Text(field.label, style=self.component(name))
        return Text()

    @staticmethod
    def choice_text(field: Choice, cursor: bool) -> Text:
        text = Text()
        text.append("◂ ", style="bold")
        text.append(field.words)
        text.append(" ▸", style="bold")
        if cursor:
            text.stylize("bold reverse")
        return text

    def component(self, name: str) -> Style:
        return self.get_component_rich_style(name) if self.is_attached else Style()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width or self._width or 40
        if self._strips is None or self._width != width:
            self.lay_out(width)
            console = self.console_for_text()
            base = self.rich_style
            self._strips = [
                Strip(list(text.render(console))).extend_cell_length(width).crop(0, width).apply_style(base)
                for text in self.drawn()
            ]
        line = y + round(self.scroll_y)
        if 0 <= line < len(self._strips):
            return self._strips[line]
        return Strip.blank(width, self.rich_style)

    @property
    def text(self) -> str:
        """The form as plain text, a line per line drawn."""
        return "\n".join(line.plain.rstrip() for line in self.drawn())


def field_width(field: Field) -> int:
    if isinstance(field, Choice):
        label = max(len(field.label), field.label_width) + 1 if field.label else 0
        return label + len(field.words) + 4
    if isinstance(field, Entry):
        return entry_prefix_width(field) + field.width
    if isinstance(field, Button):
        return len(field.label)
    return 0


def entry_prefix_width(field: Entry) -> int:
    return field.prefix.cell_len
