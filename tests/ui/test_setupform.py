"""The set-up form (one widget, its own field cursor) and its fields: typing and editing in an entry,
limits and pastes, choices, buttons, moving between fields and rows, leaving the form with Tab, the
mouse, and keys it must not let the screen take."""

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.widgets import Static

from boardgames_tui.ui.formfields import Button, Choice, Entry
from boardgames_tui.ui.widgets.setupform import SetupForm

# -- the fields alone -------------------------------------------------------------------------------


def test_an_entry_types_at_its_cursor_and_refuses_what_its_limits_forbid():
    entry = Entry("e", "Ann", max_length=6)
    entry.move_to(0)
    assert entry.insert("Jo") and entry.value == "JoAnn" and entry.cursor == 2
    assert entry.insert("xyz") and entry.value == "JoxAnn"  # cut short at six, not lost
    assert not entry.insert("!")
    entry.delete(-1)
    assert entry.value == "JoAnn" and entry.cursor == 2
    entry.delete(0)
    assert entry.value == "Jonn"
    entry.delete_to(-1)
    assert entry.value == "Jo"
    entry.move(-1)
    entry.delete_to(0)
    assert entry.value == "o" and entry.cursor == 0
    entry.move(-5)  # stays inside the text
    assert entry.cursor == 0


def test_an_entry_with_a_pattern_takes_a_paste_character_by_character():
    entry = Entry("seed", "12", restrict=r"[0-9]*", max_length=5)
    assert entry.insert("4x5\n678")
    assert entry.value == "12456"  # the letter and the line break (a space) refused, then full
    assert not entry.insert("\x1b[2J")  # unprintable and not digits


def test_a_long_entry_scrolls_to_keep_its_cursor_in_view():
    entry = Entry("e", "abcdefghij", width=4)
    assert entry.in_view() == ("hij", 3)  # the cursor after the last letter, in the fourth cell
    entry.move_to(0)
    assert entry.in_view() == ("abcd", 0)
    entry.place_cursor(2)
    assert entry.cursor == 2


def test_a_choice_steps_round_and_ignores_a_value_it_does_not_offer():
    choice = Choice("c", "Kind", [("a", "one"), ("b", "two"), ("c", "three")], "b")
    assert choice.value == "b" and choice.words == "two"
    choice.value = "zzz"
    assert choice.value == "b"
    assert choice.step(1) and choice.value == "c"
    assert choice.step(1) and choice.value == "a"
    assert choice.step(-1) and choice.value == "c"
    assert not Choice("d", "", [("only", "only")]).step(1)


# -- the form in an app -----------------------------------------------------------------------------


class Focusable(Static, can_focus=True):
    pass


class Host(App):
    BINDINGS = [Binding("q", "quit_pressed", "quit")]

    def __init__(self, height: int = 20):
        super().__init__()
        self.quits = 0
        self.presses = 0
        self.players = Choice("players", "Players", [("2", "2"), ("3", "3")], "2", width=8)
        self.name0 = Entry("name-0", "Ann", width=8, max_length=6, prefix="A  ")
        self.kind0 = Choice("kind-0", "", [("human", "human"), ("bot", "bot")])
        self.name1 = Entry("name-1", "Bob", width=8, prefix="B  ")
        self.kind1 = Choice("kind-1", "", [("human", "human"), ("bot", "bot")])
        self.name2 = Entry("name-2", "Cy", width=8, prefix="C  ", when=lambda: self.players.value == "3")
        self.kind2 = Choice("kind-2", "", [("human", "human")], when=lambda: self.players.value == "3")
        self.long = Choice(
            "option-long",
            "A label far too long to share its line",
            [("x", "the value"), ("y", "a value far too long for one line of a narrow form")],
            width=16,
        )
        self.seed = Entry("seed", "7", width=6, restrict=r"[0-9]*", prefix="Seed  ")
        self.play = Button("play", " ▶ Play ", self.pressed)
        self.form_height = height

    def pressed(self):
        self.presses += 1

    def compose(self):
        yield Focusable("before", id="before")
        form = SetupForm(
            [
                [self.players],
                [self.name0, self.kind0],
                [self.name1, self.kind1],
                [self.name2, self.kind2],
                [self.long],
                [self.seed, self.play],
            ],
            id="form",
        )
        form.styles.height = self.form_height
        yield form
        yield Focusable("after", id="after")

    def action_quit_pressed(self):
        self.quits += 1

    @property
    def form(self) -> SetupForm:
        return self.query_one(SetupForm)


Host.CSS = "Static { height: 1; } #before, #after { width: 10; } Static:focus { text-style: bold; }"


async def focus_at(pilot, key):
    form = pilot.app.form
    form.focus()
    form.move_to(key)
    await pilot.pause()
    return form


async def test_typing_editing_and_a_printable_key_never_reaching_the_screen():
    app = Host()
    async with app.run_test(size=(60, 24)) as pilot:
        await focus_at(pilot, "name-0")
        await pilot.press("q", "x")
        assert app.name0.value == "Annqx" and app.quits == 0
        await pilot.press("home", "delete", "right", "backspace")
        assert app.name0.value == "nqx" and app.name0.cursor == 0
        await pilot.press("end", "a", "b", "c", "d")  # max_length 6: the last one is refused
        assert app.name0.value == "nqxabc"
        await pilot.press("left", "left", "ctrl+k")
        assert app.name0.value == "nqxa"
        await pilot.press("left", "ctrl+u")
        assert app.name0.value == "a" and app.name0.cursor == 0
        await pilot.press("space", "b")
        assert app.name0.value == " ba"
        app.form.post_message(events.Paste("Zed\nZ"))
        await pilot.pause()
        assert app.name0.value == " bZeda"  # as much as fits, at the cursor
        await pilot.press("enter")
        assert app.form.at == "kind-0"


async def test_on_a_choice_the_arrows_change_it_and_q_reaches_the_screen():
    app = Host()
    async with app.run_test(size=(60, 24)) as pilot:
        await focus_at(pilot, "kind-0")
        await pilot.press("right")
        assert app.kind0.value == "bot"
        await pilot.press("space")
        assert app.kind0.value == "human"
        await pilot.press("left")
        assert app.kind0.value == "bot"
        await pilot.press("q")
        assert app.quits == 1 and app.kind0.value == "bot"


async def test_tab_and_enter_go_field_by_field_through_the_fields_shown_and_leave_at_the_ends():
    app = Host()
    async with app.run_test(size=(60, 24)) as pilot:
        form = await focus_at(pilot, "players")
        visited = [form.at]
        while form.at != "play":
            await pilot.press("tab")
            visited.append(form.at)
            assert len(visited) < 20
        assert visited == ["players", "name-0", "kind-0", "name-1", "kind-1", "option-long", "seed", "play"]
        await pilot.press("tab")
        assert app.focused is app.query_one("#after")  # on to the next widget
        await focus_at(pilot, "players")
        await pilot.press("right")  # three players: the third seat is shown, and reached
        await pilot.press("enter", "enter", "enter", "enter", "enter")
        assert form.at == "name-2"
        await pilot.press("shift+tab", "shift+tab", "shift+tab", "shift+tab", "shift+tab")
        assert form.at == "players"
        await pilot.press("shift+tab")
        assert app.focused is app.query_one("#before")


async def test_enter_and_space_press_a_button_and_a_click_does_too():
    app = Host()
    async with app.run_test(size=(60, 24)) as pilot:
        form = await focus_at(pilot, "play")
        await pilot.press("enter")
        await pilot.press("space")
        assert app.presses == 2
        y, _ = form._field_lines["play"]
        start = next(s for s, _, f in form._hits[y] if f.key == "play")
        await pilot.click(SetupForm, offset=(start + 2, y))
        assert app.presses == 3


async def test_up_and_down_move_by_row_and_keep_the_column():
    app = Host()
    async with app.run_test(size=(60, 24)) as pilot:
        form = await focus_at(pilot, "kind-0")
        await pilot.press("down")
        assert form.at == "kind-1"
        await pilot.press("down")  # the third seat is hidden: on to the long option
        assert form.at == "option-long"
        await pilot.press("down")
        assert form.at == "seed"
        await pilot.press("down")  # the last row: stays
        assert form.at == "seed"
        await pilot.press("up", "up")
        assert form.at == "name-1"  # the first column again, where the rows have two
        await pilot.press("up", "up", "up")
        assert form.at == "players"


async def test_a_click_moves_the_cursor_and_changes_a_choice_by_its_half():
    app = Host()
    async with app.run_test(size=(60, 24)) as pilot:
        form = app.form
        await pilot.pause()
        y, _ = form._field_lines["kind-0"]
        start, end, _ = next(hit for hit in form._hits[y] if hit[2].key == "kind-0")
        await pilot.click(SetupForm, offset=(end - 1, y))
        assert app.focused is form and form.at == "kind-0" and app.kind0.value == "bot"
        await pilot.click(SetupForm, offset=(start, y))
        assert app.kind0.value == "human"
        y, _ = form._field_lines["name-1"]
        await pilot.click(SetupForm, offset=(3 + 1, y))  # after the prefix "B  ", on the "o"
        assert form.at == "name-1" and app.name1.cursor == 1


async def test_the_cursor_is_drawn_only_with_the_focus_and_in_reverse():
    app = Host()
    async with app.run_test(size=(60, 24)) as pilot:
        form = app.form
        app.query_one("#before").focus()
        form.move_to("name-0")
        await pilot.pause()
        line = form.drawn()[form._field_lines["name-0"][0]]
        assert not any("reverse" in str(span.style) for span in line.spans)
        form.focus()
        await pilot.pause()
        line = form.drawn()[form._field_lines["name-0"][0]]
        at = line.plain.index("Ann") + 3  # the cursor after the name
        assert any(span.start <= at < span.end and "reverse" in str(span.style) for span in line.spans)


async def test_a_label_too_long_for_the_width_goes_over_its_value():
    app = Host()
    async with app.run_test(size=(40, 24)) as pilot:
        await pilot.pause()
        lines = app.form.text.splitlines()
        index = next(i for i, line in enumerate(lines) if line.startswith("A label far too long"))
        assert lines[index + 1] == "  ◂ the value ▸"
        form = await focus_at(pilot, "option-long")
        await pilot.press("right")
        await pilot.pause()
        lines = app.form.text.splitlines()
        assert lines[index + 1 : index + 3] == [
            "  ◂ a value far too long for one line of",
            "  a narrow form ▸",
        ]
        assert form._field_lines["option-long"] == (index, 3)
        assert lines[index + 3].startswith("Seed")  # the rows below moved down
    wide = Host()
    async with wide.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        assert "A label far too long to share its line ◂ the value ▸" in wide.form.text


async def test_a_short_form_scrolls_to_the_field_under_the_cursor():
    app = Host(height=3)
    async with app.run_test(size=(60, 24)) as pilot:
        form = await focus_at(pilot, "players")
        assert form.scroll_y == 0
        await pilot.press("down", "down", "down", "down")
        assert form.at == "seed"
        await pilot.pause()
        first, count = form._field_lines["seed"]
        height = form.scrollable_content_region.height
        assert form.scroll_y <= first and first + count <= form.scroll_y + height
        await pilot.press("up", "up", "up", "up")
        await pilot.pause()
        assert form.scroll_y == 0


async def test_keys_sent_together_are_handled_in_the_order_they_were_typed():
    # As over SSH or from a paste: every key is posted before the app handles the first.
    app = Host()
    async with app.run_test(size=(60, 24)) as pilot:
        form = await focus_at(pilot, "players")
        keys = ["right", "enter", "ctrl+u", "Z", "o", "e", "tab", "right", "down", "ctrl+k", "home", "X"]
        for key in keys:
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        for _ in range(3):
            await pilot.pause()
        assert app.players.value == "3" and app.name0.value == "Zoe" and app.kind0.value == "bot"
        assert form.at == "kind-1" and app.name1.value == "Bob"  # X typed on a choice: nothing
        for key in ["shift+tab", "home", "A", "l", "space", "B", "backspace", "end"]:
            app.post_message(events.Key(key, {"space": " "}.get(key, key if len(key) == 1 else None)))
        await pilot.pause()
        assert form.at == "name-1" and app.name1.value == "Al Bob" and app.name1.cursor == 6
