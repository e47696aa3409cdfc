"""Help (`?`): the keys, then the game's rules reference in a Markdown viewer."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import MarkdownViewer, Static

from .base import BaseScreen


class HelpScreen(BaseScreen):
    BINDINGS = [
        Binding("escape", "close", "back"),
        Binding("q", "close", "back", show=False),
        Binding("question_mark", "close", "back", show=False),
    ]

    def __init__(self, title: str, keys: str, rules_markdown: str = ""):
        super().__init__()
        self.title_text = title
        self.keys = keys
        self.rules_markdown = rules_markdown

    def compose(self) -> ComposeResult:
        yield Static(f" Help · {self.title_text}", id="help-title", classes="topline")
        text = "## Keys\n\n" + self.keys.strip() + "\n"
        if self.rules_markdown:
            text += "\n" + self.rules_markdown.strip() + "\n"
        yield MarkdownViewer(text, show_table_of_contents=False, id="help-viewer")
        yield Static(" ↑↓ PgUp PgDn scroll   Esc back", classes="keybar")

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).focus()

    def action_close(self) -> None:
        self.dismiss(None)
