"""A one-line choice: 'Label  ◂ value ▸'. ←/→ (or Space/Enter) change it; the mouse works too."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class Cycler(Widget, can_focus=True):
    DEFAULT_CSS = """
    Cycler { height: auto; width: 1fr; }
    Cycler:focus { text-style: bold reverse; }
    """

    BINDINGS = [
        Binding("left", "step(-1)", "previous", show=False),
        Binding("right", "step(1)", "next", show=False),
        Binding("space", "step(1)", "next", show=False),
    ]

    index = reactive(0)

    class Changed(Message):
        def __init__(self, cycler: Cycler, value: str):
            super().__init__()
            self.cycler = cycler
            self.value = value

        @property
        def control(self) -> Cycler:
            return self.cycler

    def __init__(
        self,
        label: str,
        choices: Sequence[tuple[str, str]],
        value: str | None = None,
        label_width: int = 0,
        *,
        id: str | None = None,
        classes: str | None = None,
    ):
        super().__init__(id=id, classes=classes)
        self.label = label
        self.label_width = label_width
        self.choices = list(choices)
        values = [c[0] for c in self.choices]
        self.set_reactive(Cycler.index, values.index(value) if value in values else 0)

    @property
    def value(self) -> str:
        return self.choices[self.index][0]

    @value.setter
    def value(self, value: str) -> None:
        values = [c[0] for c in self.choices]
        if value in values:
            self.index = values.index(value)

    def _layout(self, width: int) -> tuple[str, bool]:
        """The label as shown and whether the value goes on a second line."""
        value_len = len(self.choices[self.index][1]) + 4
        label = self.label
        if not label:
            return "", False
        if max(len(label), self.label_width) + 1 + value_len <= width:
            return f"{label:<{self.label_width}} ", False
        if len(label) > width:
            label = label[: max(1, width - 1)] + "…"
        return label, True

    def get_content_height(self, container, viewport, width: int) -> int:
        return 2 if self._layout(width)[1] else 1

    def render(self) -> Text:
        label, two = self._layout(self.size.width or 80)
        text = Text(label)
        if two:
            text.append("\n  ")
        text.append("◂ ", style="bold")
        text.append(self.choices[self.index][1])
        text.append(" ▸", style="bold")
        return text

    def watch_index(self, old: int, new: int) -> None:
        if old != new:
            self.refresh(layout=True)
            self.post_message(self.Changed(self, self.value))

    def action_step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.choices)

    def on_click(self, event: events.Click) -> None:
        # The left half steps back, the right half forward.
        self.action_step(-1 if event.x < (self.size.width // 2) else 1)
