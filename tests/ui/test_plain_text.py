"""The one mechanism that keeps players' names from being read as markup (ui/widgets/plain.py):
its widgets draw a str, and the strs inside a Rich table or group, as written; and the UI draws
its words with nothing else, so a name cannot find a way round it.

test_plain_names.py shows the names on every screen; this file holds the rule for code to come.
"""

from __future__ import annotations

import ast
from pathlib import Path

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult

from boardgames_tui.ui.widgets.plain import Plain, PlainOptionList, as_written

UI = Path(__file__).resolve().parents[2] / "boardgames_tui" / "ui"
# Textual's widgets the UI may take straight from Textual: they draw what is typed as written.
TEXTUAL_WIDGETS_ALLOWED = {"Input"}
# Where a str is read as markup whatever the widget (Widget.border_title and the like).
TITLES = {"border_title", "border_subtitle", "title", "sub_title"}


def table(cell: str) -> Table:
    out = Table(cell)
    out.add_row(cell, Text(cell))
    return out


class Shown(App):
    def compose(self) -> ComposeResult:
        yield Plain("a [/] b")
        yield Plain(table("[u]Zq"))
        yield Plain(Group("[reverse]Xy", Text("[/]Qv")))
        yield PlainOptionList("[/]option", Text("[b]text"))

    def text(self) -> str:
        return "\n".join(strip.text for strip in self.screen._compositor.render_strips())


async def test_plain_widgets_draw_strs_as_written_even_inside_rich_renderables():
    app = Shown()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        text = app.text()
        updated = app.query(Plain).first()
        updated.update(table("[/x]"))
        await pilot.pause()
        after = app.text()
    assert app.return_code is None
    for shown in ("a [/] b", "[reverse]Xy", "[/]Qv", "[/]option", "[b]text"):
        assert shown in text
    assert text.count("[u]Zq") == 3  # the header and both cells
    assert after.count("[/x]") == 3


def test_a_rich_renderable_is_measured_as_written():
    from rich.console import Console

    console = Console(width=80)
    as_str, as_text = Table(), Table()
    as_str.add_row("[b]x[/b]")
    as_text.add_row(Text("[b]x[/b]"))
    assert console.measure(as_written(as_str)) == console.measure(as_text)
    assert console.measure(as_str) != console.measure(as_text)  # as Rich reads a str by itself


def test_as_written_leaves_what_holds_no_markup_alone():
    text = Text("[b]")
    assert as_written("[b]") == "[b]" and as_written(text) is text
    wrapped = as_written(table("x"))
    assert as_written(wrapped) is wrapped


def ui_sources() -> list[tuple[str, ast.Module]]:
    files = sorted(UI.rglob("*.py"))
    assert len(files) > 50
    return [(str(f.relative_to(UI)), ast.parse(f.read_text(encoding="utf-8"))) for f in files]


def markup_ways_in(tree: ast.Module) -> list[str]:
    """What in one module could draw text as markup: a widget taken from Textual other than
    Input, markup turned on, markup parsed, a title given as something other than a plain
    constant or a Text, a notification without markup=False."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            ("textual.widgets", "rich.markup")
        ):
            if node.module == "textual.widgets.option_list":
                continue  # Option: drawn as the list it goes into says
            found += [
                f"line {node.lineno}: {node.module}.{alias.name}"
                for alias in node.names
                if node.module != "textual.widgets" or alias.name not in TEXTUAL_WIDGETS_ALLOWED
            ]
        elif isinstance(node, ast.Import):
            found += [
                f"line {node.lineno}: import {a.name}"
                for a in node.names
                if a.name.startswith("textual.widgets")
            ]
        elif isinstance(node, ast.Attribute) and node.attr in ("from_markup", "render_str"):
            found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.Call):
            keywords = {k.arg: k.value for k in node.keywords}
            markup = keywords.get("markup")
            if markup is not None and not (isinstance(markup, ast.Constant) and markup.value is False):
                found.append(f"line {node.lineno}: markup= other than False")
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name == "notify" and markup is None:
                found.append(f"line {node.lineno}: notify() without markup=False")
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if (
                    isinstance(target, ast.Attribute)
                    and target.attr in TITLES
                    and not plain_title(node.value)
                ):
                    found.append(f"line {node.lineno}: .{target.attr} = {ast.unparse(node.value)}")
    return found


def plain_title(value: ast.expr) -> bool:
    """A title Textual cannot read as markup: a constant without brackets, or a Text."""
    if isinstance(value, ast.Constant):
        return isinstance(value.value, str) and "[" not in value.value
    return isinstance(value, ast.Call) and getattr(value.func, "id", "") in ("Text", "Content")


def test_the_ui_draws_its_words_only_with_widgets_that_read_no_markup():
    """A new Static, Label, Button, OptionList, DataTable, Log... straight from Textual would read
    a name as markup again: the UI takes Plain and PlainOptionList from widgets/plain.py."""
    found = {
        path: ways
        for path, tree in ui_sources()
        if path != "widgets/plain.py" and (ways := markup_ways_in(tree))
    }
    assert found == {}
