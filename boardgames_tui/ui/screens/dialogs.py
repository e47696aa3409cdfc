"""Small modal dialogs: quit confirm, a message, a numbered choice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets.option_list import Option

from ..widgets.plain import Plain, PlainOptionList
from .base import BaseModal


class QuitScreen(BaseModal[bool]):
    """'Quit?' with y / n. Dismisses with True to quit."""

    BINDINGS = [
        Binding("y", "answer(True)", "yes"),
        Binding("enter", "answer(True)", "yes", show=False),
        Binding("n", "answer(False)", "no"),
        Binding("escape", "answer(False)", "no", show=False),
        Binding("q", "answer(False)", "no", show=False),
    ]

    def __init__(self, text: str = "Quit? The game is saved: resume it from the launcher."):
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Plain(self.text, classes="dialog-text")
            yield Plain("y / Enter  quit      n / Esc  keep playing", classes="dialog-keys")

    def action_answer(self, value: bool) -> None:
        if value:
            # Quit now rather than from the dismissal's callback, which runs later: a key typed
            # right after y must find the app already on its way out.
            self.app.exit()
        self.dismiss(value)


class MessageScreen(BaseModal[None]):
    """A message and 'Enter to continue'."""

    BINDINGS = [
        Binding("enter", "close", "OK"),
        Binding("escape", "close", "OK", show=False),
        Binding("space", "close", "OK", show=False),
    ]

    def __init__(self, title: str, text: str):
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Plain(Text(self.title_text, style="bold"), classes="dialog-title")
            yield Plain(Text(self.text), classes="dialog-text")
            yield Plain("Enter  continue", classes="dialog-keys")

    def action_close(self) -> None:
        self.dismiss(None)


class ChoiceScreen(BaseModal[int | None]):
    """Pick one of several lines: digits 1–9 pick directly, ↑↓ and Enter reach every line,
    Esc goes back. Dismisses with the index picked, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "back"),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, title: str, labels: Sequence[str | Text], note: str = ""):
        super().__init__()
        self.title_text = title
        self.labels = list(labels)
        self.note = note

    def compose(self) -> ComposeResult:
        options = []
        for i, label in enumerate(self.labels):
            prefix = f"{i + 1} " if i < 9 else "  "
            text = Text(prefix, style="bold")
            text.append(label if isinstance(label, Text) else Text(str(label)))
            options.append(Option(text, id=f"choice-{i}"))
        with Vertical(classes="dialog choice"):
            yield Plain(Text(self.title_text, style="bold"), classes="dialog-title")
            if self.note:
                yield Plain(self.note, classes="dialog-text")
            yield PlainOptionList(*options, id="choices")
            yield Plain("1–9 pick  ↑↓ Enter choose  Esc back", classes="dialog-keys")

    def on_mount(self) -> None:
        option_list = self.query_one(PlainOptionList)
        option_list.highlighted = 0
        option_list.focus()

    def on_option_list_option_selected(self, event: PlainOptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.labels):
            self.dismiss(index)

    def action_cancel(self) -> None:
        self.dismiss(None)
