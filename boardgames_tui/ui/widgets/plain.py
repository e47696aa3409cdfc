"""Text drawn as it is written: the widgets every screen of ours draws its words with.

Players' names reach the screen from the command line, the launcher, saves and, over SSH, from
strangers at a shared table; log lines and table codes carry them on. Textual reads a str given to
a widget as markup, and Rich reads the strs inside a table or a group the same way: a name such
as "[reverse]Ann" would change how the screen looks, and "[/]" would stop the game with a
MarkupError. This project never uses markup on purpose (a style is a Rich `Text`'s span), so it
turns markup off once, here, rather than escaping each name where it is drawn:

- `Plain`: a Static that draws a str, and the strs inside any Rich renderable, as written;
- `PlainOptionList`: an OptionList whose options' strs are drawn as written;
- `as_written(renderable)`: a Rich renderable drawn (or measured) without markup, for the few places
  that hand one to Rich themselves.

tests/ui/test_plain_text.py keeps ui/ to these: no other markup-reading widget of Textual's.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, ConsoleRenderable, RenderableType, RenderResult, RichCast
from rich.measure import Measurement
from rich.text import Text
from textual.content import Content
from textual.visual import Visual, VisualType
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class AsWritten:
    """A Rich renderable whose strs (a table's cells, a group's parts) are drawn as written."""

    def __init__(self, renderable: RenderableType):
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from console.render(self.renderable, options.update(markup=False))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options.update(markup=False), self.renderable)


def as_written(content: VisualType) -> VisualType:
    """`content` with no markup left to read in it. A str, a Text, Textual's Content or a Visual
    is left as it is (a str is for the widget to draw plain); any other Rich renderable is
    wrapped, as Rich would read the strs inside it as markup."""
    if isinstance(content, (Text, Content, Visual, AsWritten)):
        return content
    if isinstance(content, (ConsoleRenderable, RichCast)):
        return AsWritten(content)
    return content


class Plain(Static):
    """A Static with markup off, whatever it is given: see the module's docstring."""

    def __init__(
        self,
        content: VisualType = "",
        *,
        expand: bool = False,
        shrink: bool = False,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            as_written(content),
            expand=expand,
            shrink=shrink,
            markup=False,
            name=name,
            id=id,
            classes=classes,
            disabled=disabled,
        )

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        super().update(as_written(content), layout=layout)


class PlainOptionList(OptionList):
    """An OptionList with markup off: an option given as a str shows as written."""

    def __init__(
        self,
        *content: Option | VisualType | None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
        compact: bool = False,
    ):
        super().__init__(
            *content, name=name, id=id, classes=classes, disabled=disabled, markup=False, compact=compact
        )
