"""Small modal dialogs: quit confirm, a message, a numbered choice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input
from textual.widgets.option_list import Option

from ..widgets.plain import Plain, PlainOptionList
from .base import BaseModal


class QuitScreen(BaseModal[bool]):
    """'Leave?' with y / n, saying truthfully what is saved. Dismisses with False to keep playing;
    y calls `leave` at once (quit, or back to the launcher).

    When leaving would lose moves (`safe` False: they could not be saved), Enter does not leave:
    the game would be lost to a key typed ahead. `save_elsewhere`, when given, is offered (s): a
    path is typed in a field and handed to it; it returns the line to show and whether the game
    is now saved.
    """

    DEFAULT_CSS = """
    QuitScreen .quit-keys { height: auto; color: $text-muted; }
    QuitScreen #quit-path { margin-bottom: 1; }
    QuitScreen #quit-said { height: auto; margin-bottom: 1; }
    """

    BINDINGS = [
        Binding("y", "answer(True)", "yes"),
        Binding("enter", "enter", "yes", show=False),
        Binding("n", "answer(False)", "no"),
        Binding("escape", "back", "no", show=False),
        Binding("q", "answer(False)", "no", show=False),
        Binding("s", "elsewhere", "save elsewhere", show=False),
    ]

    def __init__(
        self,
        text: str,
        leave: Callable[[], None] | None = None,
        leave_label: str = "quit",
        safe: bool = True,
        save_elsewhere: Callable[[str], tuple[bool, str]] | None = None,
        suggestion: str = "",
    ):
        super().__init__()
        self.text = text
        self.leave = leave
        self.leave_label = leave_label
        self.safe = safe
        self.save_elsewhere = save_elsewhere
        self.suggestion = suggestion
        self.typing = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Plain(self.text, classes="dialog-text", id="quit-text")
            said = Plain("", id="quit-said")
            said.display = False
            yield said
            yield Plain(self.keys_text(), classes="quit-keys", id="quit-keys")

    def keys_text(self) -> str:
        if self.typing:
            return "Enter  save it there      Esc  back"
        if self.safe:
            return f"y / Enter  {self.leave_label}      n / Esc  keep playing"
        keys = f"y  {self.leave_label} without saving\nn / Esc / Enter  keep playing"
        if self.save_elsewhere is not None:
            keys = f"s  save it elsewhere\n{keys}"
        return keys

    def action_answer(self, value: bool) -> None:
        if self.typing:
            return
        if value:
            # Leave now rather than from the dismissal's callback, which runs later: a key typed
            # right after y must find the app already on its way out (or at the launcher).
            if self.leave is not None:
                self.leave()
            else:
                self.app.exit()
        self.dismiss(value)

    def action_enter(self) -> None:
        if not self.typing:  # the field's own Enter saves; this one comes before it is there
            self.action_answer(self.safe)

    async def action_back(self) -> None:
        if self.typing:
            await self.show_field(False)
            return
        self.action_answer(False)

    async def action_elsewhere(self) -> None:
        if self.save_elsewhere is None or self.safe or self.typing:
            return
        await self.show_field(True)

    async def show_field(self, shown: bool) -> None:
        # Mounted only while it is asked for: a field, even hidden, would take the y and the n
        # meant for the question.
        self.typing = shown
        if shown:
            field = Input(self.suggestion, id="quit-path")
            await self.query_one(".dialog").mount(field, before="#quit-said")
            field.focus()
        else:
            await self.query("#quit-path").remove()
        self.query_one("#quit-keys", Plain).update(self.keys_text())

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.save_elsewhere is None or not self.typing:
            return
        ok, line = self.save_elsewhere(event.value)
        said = self.query_one("#quit-said", Plain)
        said.display = not ok
        if ok:  # the question is asked again, this time of a saved game
            self.safe = True
            self.query_one("#quit-text", Plain).update(line)
            await self.show_field(False)
        else:
            said.update(Text(line, style="bold reverse"))


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
