"""The launcher's light text field: typing, editing keys, limits, paste, and keys it must not let
the screen take."""

from textual import events
from textual.app import App
from textual.binding import Binding

from boardgames_tui.ui.widgets.textfield import TextField


class Host(App):
    BINDINGS = [Binding("q", "quit_pressed", "quit")]

    def __init__(self, **field):
        super().__init__()
        self.field_args = field
        self.quits = 0

    def compose(self):
        yield TextField(**self.field_args, id="f")
        yield TextField("other", id="g")

    def action_quit_pressed(self):
        self.quits += 1


async def test_typing_editing_and_a_printable_key_never_reaching_the_screen():
    app = Host(value="Ann", max_length=6)
    async with app.run_test() as pilot:
        field = app.query_one("#f", TextField)
        field.focus()
        await pilot.press("q", "x")
        assert field.value == "Annqx" and app.quits == 0
        await pilot.press("home", "delete", "right", "backspace")
        assert field.value == "nqx" and field.cursor == 0
        await pilot.press("end", "a", "b", "c", "d")  # max_length 6: the last one is refused
        assert field.value == "nqxabc"
        await pilot.press("left", "left", "ctrl+k")
        assert field.value == "nqxa"
        await pilot.press("left", "ctrl+u")
        assert field.value == "a" and field.cursor == 0
        await pilot.press("enter")
        assert app.focused is app.query_one("#g")


async def test_restrict_and_paste():
    app = Host(value="12", restrict=r"[0-9]*", max_length=5)
    async with app.run_test() as pilot:
        field = app.query_one("#f", TextField)
        field.focus()
        await pilot.press("a", "3")
        assert field.value == "123"
        field.post_message(events.Paste("4x5\n678"))
        await pilot.pause()
        assert field.value == "12345"  # letters and the line break refused, then full


async def test_the_cursor_shows_only_with_the_focus_and_in_reverse():
    app = Host(value="Bo")
    async with app.run_test() as pilot:
        field = app.query_one("#f", TextField)
        app.query_one("#g").focus()
        await pilot.pause()
        assert field.render().spans == []
        field.focus()
        await pilot.pause()
        text = field.render()
        assert text.plain == "Bo " and any(
            span.start == 2 and "reverse" in str(span.style) for span in text.spans
        )
