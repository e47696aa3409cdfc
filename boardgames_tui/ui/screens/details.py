"""The details screen (`i`): what a game's `details(view)` hook says about every player, scrollable.

It shows only what the game screen's view held when it opened: public facts, plus the secrets of
the player at the keyboard (the view has those for the viewer alone).
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from ..widgets.plain import Plain
from .base import BaseScreen


class DetailsScreen(BaseScreen[None]):
    BINDINGS = [
        Binding("escape", "close", "back"),
        Binding("i", "close", "back", show=False),
        Binding("p", "close", "back", show=False),
        Binding("q", "close", "back", show=False),
        Binding("enter", "close", "back", show=False),
    ]

    def __init__(self, title: str | Text, body: RenderableType):
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        title = Text(" ")
        title.append_text(self.title_text if isinstance(self.title_text, Text) else Text(self.title_text))
        yield Plain(title, classes="topline")
        with VerticalScroll(id="details-scroll"):
            yield Plain(self.body, id="details-body")
        yield Plain(" ↑↓ PgUp PgDn scroll   Esc back", classes="keybar")

    def on_mount(self) -> None:
        self.query_one("#details-scroll", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
