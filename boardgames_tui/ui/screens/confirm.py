"""A yes/no question before something that cannot be taken back (deleting a save)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical

from ..widgets.plain import Plain
from .base import BaseModal


class ConfirmScreen(BaseModal[bool]):
    """`question` and what it is about; y answers yes (True), n or Esc no (False).

    Only y says yes: an Enter typed twice, or typed ahead before the question appeared, must not
    agree to something that cannot be undone. Keys typed before the question showed are dropped
    (the app's hold_keys), for the same reason.
    """

    BINDINGS = [
        Binding("y", "answer(True)", "yes"),
        Binding("n", "answer(False)", "no"),
        Binding("escape", "answer(False)", "no", show=False),
    ]

    def __init__(self, question: str, detail: str | Text = "", yes: str = "yes", no: str = "no"):
        super().__init__()
        self.question = question
        self.detail = detail
        self.keys = f"y  {yes}      n / Esc  {no}"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Plain(Text(self.question, style="bold"), classes="dialog-title")
            if self.detail:
                detail = self.detail if isinstance(self.detail, Text) else Text(self.detail)
                yield Plain(detail, classes="dialog-text")
            yield Plain(self.keys, classes="dialog-keys")

    def on_mount(self) -> None:
        hold = getattr(self.app, "hold_keys", None)
        if hold is not None:
            hold()

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)
