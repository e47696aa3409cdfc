"""Help (`?`): the keys, then the game's rules reference, scrollable.

The text is drawn by Rich's Markdown renderer, rendered once per width (RenderedText), rather than
by Textual's MarkdownViewer, which builds a widget per block: with it the help took about 1.9 s to
open at 80×24. The app also renders it ahead of time (`prepare`), so the first `?` is as quick as
the next.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding

from ..widgets.plain import Plain
from ..widgets.rendered import RenderedText, prerender
from .base import BaseScreen

# The text's width is the screen's less #help-viewer's padding (1 each side) and the gutter its
# scrollbar always keeps (2; scrollbar-gutter: stable, so the text is never rendered twice).
MARGIN = 4


def help_markdown(keys: str, rules: str) -> str:
    text = "## Keys\n\n" + keys.strip() + "\n"
    if rules:
        text += "\n" + rules.strip() + "\n"
    return text


def text_width(screen_width: int) -> int:
    return max(1, screen_width - MARGIN)


def make_markdown(text: str) -> Callable[[], Markdown]:
    return lambda: Markdown(text, hyperlinks=False)


def prepare(keys: str, rules: str, screen_width: int) -> None:
    """Render the help for a screen this wide into the cache (from a worker thread)."""
    text = help_markdown(keys, rules)
    prerender(text, make_markdown(text), text_width(screen_width))


class HelpScreen(BaseScreen[None]):
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
        yield Plain(f" Help · {self.title_text}", id="help-title", classes="topline")
        text = help_markdown(self.keys, self.rules_markdown)
        yield RenderedText(make_markdown(text), text, id="help-viewer")
        yield Plain(" ↑↓ PgUp PgDn scroll   Esc back", classes="keybar")

    def on_mount(self) -> None:
        self.query_one("#help-viewer", RenderedText).focus()

    def action_close(self) -> None:
        self.dismiss(None)
